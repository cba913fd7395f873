"""What the browser tests need, and what happens when it is missing.

A test marked ``@pytest.mark.browser`` drives headless Chromium through ChromeDriver, both
looked up on ``PATH``. Nothing is installed from here: without them the test is skipped and
the reason gives the command that installs them, unless ``BEZIQUE_REQUIRE_BROWSER`` is set
(to anything but ``0``), as CI sets it, and then the test fails. ``tests/conftest.py`` applies
this to every marked test before its fixtures are set up.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

REQUIRE_BROWSER = "BEZIQUE_REQUIRE_BROWSER"
INSTALL_BROWSER = "sudo apt-get install chromium chromium-driver"
INSTALL_BROWSER_UBUNTU = "sudo snap install chromium"
CHROMIUM_NAMES = ("chromium", "chromium-browser")
CHROMEDRIVER_NAMES = ("chromedriver", "chromium.chromedriver")


@dataclass(frozen=True)
class Browser:
    chromium: Path
    chromedriver: Path


def find_browser(path: str | None = None) -> Browser | None:
    """Chromium and ChromeDriver on ``path`` (default: ``PATH``), or None if one is missing."""
    chromium = _which(CHROMIUM_NAMES, path)
    chromedriver = _which(CHROMEDRIVER_NAMES, path)
    if chromium is None or chromedriver is None:
        return None
    return Browser(chromium, chromedriver)


def require_browser(path: str | None = None, environ: Mapping[str, str] = os.environ) -> Browser:
    """The browser, or skip the test saying how to install it (fail when it is required)."""
    found = find_browser(path)
    if found is not None:
        return found
    reason = (
        f"needs Chromium and ChromeDriver on PATH; install them with `{INSTALL_BROWSER}` "
        f"(Debian; on Ubuntu `{INSTALL_BROWSER_UBUNTU}`)"
    )
    if environ.get(REQUIRE_BROWSER, "") not in ("", "0"):
        pytest.fail(f"{reason}; {REQUIRE_BROWSER} is set, so they must be there", pytrace=False)
    pytest.skip(reason)


def _which(names: tuple[str, ...], path: str | None) -> Path | None:
    for name in names:
        found = shutil.which(name, path=path)
        if found is not None:
            return Path(found)
    return None
