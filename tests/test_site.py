"""The built documentation site, checked as files and in a real browser (headless Chromium).

The site is built with ``properdocs build --strict`` and served on 127.0.0.1. Without a browser:
it has its pages and publishes no file of the build itself, and no link, image, stylesheet or
script points at a missing file or a missing anchor. In the browser (tests marked
``browser``): every page answers 200, has a title and logs no error in the console, and a
variant page renders to a screenshot. Without Chromium and ChromeDriver the browser tests are
skipped with the command that installs them, or fail when ``BEZIQUE_REQUIRE_BROWSER`` is set,
as CI sets it (``tests/browser.py``); without ProperDocs every test here fails and says what
to install.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit
from urllib.request import urlopen

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser import INSTALL_BROWSER, REQUIRE_BROWSER
from tests.site_check import (
    ROOT,
    build_site,
    chromium,
    console,
    decode_png,
    pages,
    parse_page,
    serve,
)

VARIANT_PAGE = "variants/bezique/"


@dataclass(frozen=True)
class Built:
    root: Path  # the built site
    url: str  # where it is served: http://127.0.0.1:PORT/

    def file(self, page: str) -> Path:
        return self.root / page / "index.html"


@dataclass(frozen=True)
class Site(Built):
    browser: webdriver.Chrome

    def load(self, page: str) -> tuple[int, list[str]]:
        """Open ``page`` in the browser: its HTTP status and its console's SEVERE messages."""
        console(self.browser)  # whatever an earlier page logged late
        self.browser.get(self.url + page)
        # Let scripts that run after the load event (search, instant loading) log their errors.
        self.browser.execute_async_script("setTimeout(arguments[arguments.length - 1], 150)")
        # The Play page starts the engine in a Web Worker: let it finish (its lobby shows, or
        # it says the engine was not bundled) before leaving, as a reader would; Chromium may
        # crash the tab when a page is left while its worker is still compiling Pyodide.
        if self.browser.find_elements(By.ID, "bezique-app"):
            WebDriverWait(self.browser, 120).until(
                lambda driver: (
                    driver.find_elements(By.CSS_SELECTOR, ".bz-lobby, .bz-game")
                    or "not bundled" in driver.find_element(By.CSS_SELECTOR, ".bz-notice").text
                )
            )
        status = self.browser.execute_script(
            "const [entry] = performance.getEntriesByType('navigation');"
            "return entry ? entry.responseStatus : 0;"
        )
        severe = [
            str(entry.get("message", entry))
            for entry in console(self.browser)
            if entry.get("level") == "SEVERE"
        ]
        return int(status), severe


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    root = build_site(tmp_path_factory.mktemp("site"))
    with serve(root) as url:
        yield Built(root, url)


@pytest.fixture(scope="module")
def site(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as browser:
        browser.set_page_load_timeout(30)
        browser.set_script_timeout(10)
        yield Site(built.root, built.url, browser)


def test_the_site_has_its_pages(built: Built) -> None:
    found = pages(built.root)
    for page in ("", "authoring/", "engine/", "cli/", "figures/"):
        assert page in found, f"no page {page or 'home'} in the built site: {found}"


@pytest.mark.browser
def test_every_page_loads_with_a_title_and_no_console_error(site: Site) -> None:
    problems = []
    for page in pages(site.root):
        where = f"/{page}"
        status, severe = site.load(page)
        if status != 200:
            problems.append(f"{where}: HTTP status {status}")
        titles = [
            h1.text.replace("¶", "").strip() for h1 in site.browser.find_elements(By.TAG_NAME, "h1")
        ]
        if not any(titles):
            problems.append(f"{where}: no <h1> with text")
        problems += [
            f"{where}: console: {message}" for message in severe if "favicon" not in message
        ]
    assert not problems, "\n".join(problems)


def test_no_link_image_stylesheet_or_script_is_broken(built: Built) -> None:
    origin = urlsplit(built.url).netloc
    local: dict[str, list[str]] = {}  # URL without fragment -> where it is referred to
    anchors: list[tuple[str, str, str]] = []  # (where, URL without fragment, fragment)
    problems, external = [], 0
    for page in pages(built.root):
        for kind, reference in parse_page(built.file(page)).references:
            where = f"/{page}: {kind}={reference!r}"
            parts = urlsplit(urljoin(built.url + page, reference))
            if parts.scheme in ("http", "https") and parts.netloc == origin:
                target = urlunsplit(parts._replace(fragment=""))
                local.setdefault(target, []).append(where)
                if parts.fragment:
                    anchors.append((where, target, unquote(parts.fragment)))
            elif parts.scheme in ("http", "https") and parts.hostname and "." in parts.hostname:
                external += 1  # not fetched: there is no network here
            elif parts.scheme == "mailto" and "@" in parts.path:
                external += 1
            else:
                problems.append(f"{where}: not a well-formed link")
    assert local, "the site has no internal links at all"
    for target, referrers in sorted(local.items()):
        status = _status(target)
        if status != 200:
            problems += [f"{where}: {target} answers {status}" for where in referrers]
    for where, target, fragment in anchors:
        path = unquote(urlsplit(target).path).lstrip("/")
        file = built.root / (path + "index.html" if path.endswith("/") or not path else path)
        if file.suffix == ".html" and file.is_file() and fragment not in parse_page(file).ids:
            problems.append(f"{where}: no element with id {fragment!r} in {target}")
    assert not problems, f"{len(problems)} broken (and {external} external links):\n" + "\n".join(
        problems
    )


@pytest.mark.browser
def test_a_variant_page_renders_to_a_screenshot(site: Site, tmp_path: Path) -> None:
    assert site.file(VARIANT_PAGE).is_file(), (
        f"the site has no page for the shipped variant 'bezique' at /{VARIANT_PAGE}; "
        f"pages: {pages(site.root)}"
    )
    status, _ = site.load(VARIANT_PAGE)
    assert status == 200
    shot = tmp_path / "bezique-variant.png"
    assert site.browser.save_screenshot(str(shot)), "Chromium took no screenshot"
    image = decode_png(shot.read_bytes())
    assert image.width >= 800, image
    assert image.colours > 16, f"{shot} looks blank: {image}"


def test_the_site_has_every_generated_page_and_no_file_of_its_build(built: Built) -> None:
    from interpreter.rulebook.site import generated_site

    found = pages(built.root)
    for path in generated_site().pages:
        page = path.removesuffix(".md").removesuffix("index") + (
            "" if path.endswith("index.md") else "/"
        )
        assert page in found, f"the generated page {path} is not in the built site: {found}"
    published = sorted(p.relative_to(built.root).as_posix() for p in built.root.rglob("*.py"))
    assert not published, f"Python files published as part of the site: {published}"
    assert not any("hooks" in page for page in found), found


def test_browser_tests_are_skipped_without_a_browser_and_fail_when_it_is_required(
    tmp_path: Path,
) -> None:
    """Run this file's browser tests with nothing on PATH: skipped, with the command that
    installs Chromium; with BEZIQUE_REQUIRE_BROWSER=1, failed. Nothing is installed."""
    environ = {k: v for k, v in os.environ.items() if k != REQUIRE_BROWSER}
    environ |= {"PATH": str(tmp_path), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rsE"]
    command += ["-m", "browser", "tests/test_site.py"]
    for required, status, outcome in ((None, 0, "skipped"), ("1", 1, "error")):
        env = environ if required is None else {**environ, REQUIRE_BROWSER: required}
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, check=False
        )
        report = done.stdout + done.stderr
        assert done.returncode == status, report
        assert INSTALL_BROWSER in report, report
        assert f" {outcome}" in report.splitlines()[-1], report


def _status(url: str) -> int | str:
    try:
        with urlopen(url, timeout=10) as response:
            return int(response.status)
    except HTTPError as error:
        error.close()
        return error.code
    except URLError as error:
        return f"an error: {error.reason}"


# -- the analytics: plots made by benchmarks/site_analytics.py, read by the build -------------
WIDTHS = {"desktop": (1280, 900, False), "phone": (390, 844, True)}


def test_every_shipped_variant_has_its_analytics_on_its_page(built: Built) -> None:
    from interpreter.loader import shipped_variant_names

    missing = []
    for name in shipped_variant_names():
        page = parse_page(built.file(f"variants/{name}/"))
        plots = [ref for kind, ref in page.references if kind == "img[src]" and "analytics" in ref]
        if "analytics" not in page.ids or len(plots) < 3:
            missing.append(f"{name}: section {'analytics' in page.ids}, plots {plots}")
    assert not missing, "run python benchmarks/site_analytics.py --variants NAME:\n" + "\n".join(
        missing
    )
    comparison = parse_page(built.file("comparison/"))
    compared = [ref for kind, ref in comparison.references if "compare-" in ref]
    assert len(compared) >= 4, comparison.references


@pytest.mark.browser
@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_the_analytics_plots_are_seen_at_desktop_and_phone_widths(site: Site, width: str) -> None:
    wide, high, mobile = WIDTHS[width]
    site.browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": wide, "height": high, "deviceScaleFactor": 1, "mobile": mobile},
    )
    try:
        problems = []
        for page in (VARIANT_PAGE, "variants/rubicon/", "comparison/"):
            status, severe = site.load(page)
            assert status == 200 and not severe, (page, severe)
            plots = site.browser.execute_script(
                "return Array.from(document.querySelectorAll('img.analytics-plot')).map(img => {"
                "  img.scrollIntoView(); const box = img.getBoundingClientRect();"
                "  return {src: img.getAttribute('src'), complete: img.complete,"
                "          natural: img.naturalWidth, width: box.width, height: box.height,"
                "          right: box.right, viewport: document.documentElement.clientWidth};"
                "});"
            )
            if len(plots) < 3:
                problems.append(f"/{page}: {len(plots)} plots")
            for plot in plots:
                seen = plot["complete"] and plot["natural"] > 0 and plot["height"] > 0
                if not seen or not 0 < plot["width"] <= plot["viewport"]:
                    problems.append(f"/{page} at {width} width: {plot}")
                if plot["right"] > plot["viewport"] + 1:
                    problems.append(f"/{page} at {width} width: wider than the screen: {plot}")
        assert not problems, "\n".join(problems)
    finally:
        site.browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
