"""Project-wide test set-up: a test marked ``browser`` is skipped, with the command that
installs Chromium and ChromeDriver, when they are missing (see ``tests/browser.py``)."""

from __future__ import annotations

import pytest

from tests.browser import require_browser


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") is not None:
        require_browser()
