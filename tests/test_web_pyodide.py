"""The site's Play page runs the engine in the reader's browser: the site is built as
published (``properdocs build --strict``, the engine bundled by the hook), served on 127.0.0.1,
and headless Chromium goes from a rulebook page's *Play this variant* link to a game that it
plays a trick of, with Python running in the page's Web Worker (Pyodide).  The first build on
a machine downloads Pyodide and the wheels into the cache (docs/web.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from tests.site_check import ROOT, build_site, chromium, console, serve
from tests.web_check import click_move, game_state, wait_for

ENGINE_SECONDS = 180  # Pyodide's start in a busy machine's headless Chromium


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = build_site(tmp_path_factory.mktemp("site"))
    manifest = json.loads((root / "play" / "engine" / "manifest.json").read_text())
    assert manifest["bundled"], f"the engine was not bundled: {manifest.get('reason')}"
    with serve(root) as url:
        yield url


@pytest.mark.browser
def test_a_rulebook_page_opens_its_game_which_the_browser_plays(site: str, tmp_path: Path) -> None:
    with chromium(tmp_path / "profile") as browser:
        browser.set_page_load_timeout(60)
        browser.get(site + "variants/polish/")
        link = browser.find_element(By.LINK_TEXT, "Play this variant")
        assert link.get_attribute("href") == site + "play/?variant=polish"
        link.click()
        wait_for(
            browser,
            lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-game"),
            ENGINE_SECONDS,
            "the engine",
        )
        assert "Polish Bézique" in browser.find_element(By.CSS_SELECTOR, ".bz-status").text
        _play_a_trick(browser)
        severe = [e["message"] for e in console(browser) if e.get("level") == "SEVERE"]
        assert not [m for m in severe if "favicon" not in m], severe
        _fields_have_boxes(browser, tmp_path)


def _fields_have_boxes(browser: webdriver.Chrome, tmp_path: Path) -> None:
    """The lobby's fields in the site's theme: the seed's box drawn as the variant's is."""
    browser.find_element(By.CSS_SELECTOR, ".bz-nav [data-action='lobby']").click()
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-lobby"), 30, "lobby")
    border = (
        "const style = getComputedStyle(document.querySelector(arguments[0]));"
        "return [style.borderTopStyle, style.borderTopWidth, style.borderTopColor];"
    )
    seed = browser.execute_script(border, "input[name='seed']")
    assert seed[0] == "solid" and float(seed[1].removesuffix("px")) >= 1, seed
    assert seed == browser.execute_script(border, "select[name='variant']")
    assert seed == browser.execute_script(border, "input[name='variant-file']")
    browser.save_screenshot(str(tmp_path / "play-lobby.png"))


def _play_a_trick(browser: webdriver.Chrome) -> None:
    start = game_state(browser)
    for _ in range(20):
        click_move(browser, ENGINE_SECONDS)
        now = game_state(browser)
        if (now["deal"], int(now["trick"])) > (start["deal"], int(start["trick"])):
            return
    raise AssertionError(f"no trick was completed: {start} → {game_state(browser)}")


# Built where the engine cannot be had (no npm, an empty download cache): the build still
# succeeds, says why, and the Play page says that the engine was not bundled.


@pytest.fixture(scope="module")
def unbundled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    empty = tmp_path_factory.mktemp("no-npm")
    root = tmp_path_factory.mktemp("site-unbundled")
    environ = {
        **os.environ,
        "PATH": str(empty),
        "BEZIQUE_CACHE": str(empty / "cache"),
    }
    environ.pop("BEZIQUE_SITE_ENGINE", None)
    build = ["build", "-f", "mkdocs.yml", "--strict", "-q", "-d", str(root)]
    done = subprocess.run(
        [sys.executable, "-m", "properdocs", *build],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    yield root, done.stderr


def test_a_site_built_without_the_engine_says_why(unbundled: tuple[Path, str]) -> None:
    root, said = unbundled
    assert "The engine was not bundled into the site's Play page: npm is not installed" in said
    manifest = json.loads((root / "play" / "engine" / "manifest.json").read_text())
    assert manifest["bundled"] is False and "npm is not installed" in manifest["reason"]
    assert not list((root / "play" / "engine").glob("*.whl"))


@pytest.mark.browser
def test_the_play_page_says_the_engine_was_not_bundled(
    unbundled: tuple[Path, str], tmp_path: Path
) -> None:
    root, _ = unbundled
    with serve(root) as url, chromium(tmp_path / "profile") as browser:
        browser.get(url + "play/")
        notice = wait_for(
            browser,
            lambda: "not bundled" in browser.find_element(By.CSS_SELECTOR, ".bz-notice").text,
            60,
            "the notice",
        )
        assert notice
        text = browser.find_element(By.CSS_SELECTOR, ".bz-notice").text
        assert "npm is not installed" in text, text
