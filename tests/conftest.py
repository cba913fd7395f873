"""Project-wide test set-up: a test marked ``browser`` is skipped, with the command that
installs Chromium and ChromeDriver, when they are missing (see ``tests/browser.py``); the
``here`` fixture works in a temporary folder, so diagnostics show short relative paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import require_browser


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") is not None:
        require_browser()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in a temporary folder, so diagnostics show short relative paths."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test, and every command a test runs, keeps its tables and ratings in a folder of
    its own, never in the user's data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
