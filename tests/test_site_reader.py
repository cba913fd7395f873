"""The site as a reader sees it, in a real browser at a phone's width (390 px) and a desktop's
(1280 px) — issue 13, points 18 to 21: the comparison keeps the navigation and one row per
combination; nothing runs off a phone's screen without a cue; the engine's vocabulary waits in
closed blocks; the variants on the home page are links; red suits are red and the cards of a
combination are card faces.  The browser and the site come from tests/site_check.py."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from interpreter.loader import load_variant, shipped_variant_names
from tests.site_check import build_site, chromium, serve

PHONE, DESKTOP = 390, 1280
WIDTHS = [PHONE, DESKTOP]


@dataclass(frozen=True)
class Browser:
    url: str
    driver: webdriver.Chrome

    def open(self, page: str, width: int) -> None:
        self.driver.set_window_size(width, 900)
        self.driver.get(self.url + page)
        # The theme's script wraps the tables after the load event.
        self.driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 150)")

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    root = build_site(tmp_path_factory.mktemp("site"))
    with serve(root) as url, chromium(tmp_path_factory.mktemp("profile")) as driver:
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(10)
        yield Browser(url, driver)


def _rgb(colour: str) -> tuple[int, ...]:
    found = re.findall(r"\d+", colour)
    assert len(found) >= 3, colour
    return tuple(int(value) for value in found[:3])


def _is_red(colour: str) -> bool:
    red, green, blue = _rgb(colour)
    return red >= 150 and green <= 90 and blue <= 90


# -- point 19: readable on a phone ----------------------------------------------------------


@pytest.mark.parametrize(
    "page", ["", "variants/", "variants/bezique/", "variants/rubicon/", "comparison/"]
)
def test_no_page_is_wider_than_a_phone(browser: Browser, page: str) -> None:
    browser.open(page, PHONE)
    wide, seen = browser.js(
        "const e = document.documentElement; return [e.scrollWidth, e.clientWidth];"
    )
    assert wide <= seen, f"/{page} is {wide} px wide on a {seen} px screen"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page", ["variants/bezique/", "variants/rubicon/", "variants/chinese/"])
def test_the_points_of_every_combination_are_on_screen(
    browser: Browser, page: str, width: int
) -> None:
    browser.open(page, width)
    found = browser.js(
        "const t = [...document.querySelectorAll('[role=main] table')]"
        "  .find(t => t.querySelector('.card-faces'));"
        "if (!t) return null;"
        "const th = [...t.querySelectorAll('th')].find(h => h.textContent.trim() === 'Points');"
        "return [th.getBoundingClientRect().right, document.documentElement.clientWidth,"
        "        t.scrollWidth, t.clientWidth];"
    )
    assert found is not None, f"/{page} has no table of combinations with card faces"
    right, screen, wide, shown = found
    assert right <= screen, f"the Points column ends at {right} px on a {screen} px screen"
    assert wide <= shown + 1, f"the combination table scrolls: {wide} px in {shown} px"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_comparison_table_wider_than_the_screen_says_so_and_keeps_its_first_column(
    browser: Browser, width: int
) -> None:
    browser.open("comparison/", width)
    tables = browser.js(
        "return [...document.querySelectorAll('[role=main] table')].map(t => {"
        "  const box = t.closest('.wy-table-responsive') || t;"  # the theme's box round it
        "  const cue = box.previousElementSibling;"
        "  const first = t.querySelector('tbody td');"
        "  return {scrolls: t.scrollWidth > t.clientWidth + 1,"
        "          cue: !!cue && cue.classList.contains('scroll-cue') && cue.offsetHeight > 0,"
        "          sticky: getComputedStyle(first).position};"
        "});"
    )
    assert len(tables) == 2, tables
    if width == PHONE:
        assert all(t["scrolls"] for t in tables), "a phone should need to scroll these tables"
    for table in tables:
        if table["scrolls"]:
            assert table["cue"], "a table runs off the screen with no visible cue"
            assert table["sticky"] == "sticky", "the names scroll away with the numbers"


# -- point 18: the comparison ----------------------------------------------------------------


def test_the_comparison_page_keeps_the_navigation(browser: Browser) -> None:
    browser.open("comparison/", DESKTOP)
    nav = browser.driver.find_element(By.CSS_SELECTOR, "nav.wy-nav-side")
    assert nav.is_displayed() and nav.get_attribute("hidden") is None
    assert nav.size["width"] > 100
    links = [a.text.strip() for a in nav.find_elements(By.CSS_SELECTOR, "a") if a.is_displayed()]
    assert "Home" in links and "All variants compared" in links, links


def test_the_comparison_has_one_row_per_combination(browser: Browser) -> None:
    browser.open("comparison/", DESKTOP)
    labels = browser.js(
        "const h = document.getElementById('points-for-each-combination');"
        "let n = h.nextElementSibling;"
        "while (n && n.tagName !== 'TABLE' && !n.querySelector('table')) n = n.nextElementSibling;"
        "const t = n.tagName === 'TABLE' ? n : n.querySelector('table');"
        "return [...t.querySelectorAll('tbody tr')].map(r => r.cells[0].textContent.trim());"
    )
    assert "royal marriage (also: marriage in trumps)" in labels, labels
    assert not [label for label in labels if label.startswith("marriage in trumps")]
    assert len(labels) == len(set(labels)), labels


# -- point 20: the engine's vocabulary in closed blocks --------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_the_blocks_for_variant_authors_are_closed_until_opened(
    browser: Browser, width: int
) -> None:
    browser.open("variants/rubicon/", width)
    blocks = browser.driver.find_elements(By.CSS_SELECTOR, "details.for-authors")
    assert len(blocks) >= 2
    for block in blocks:
        assert block.get_attribute("open") is None
        assert not block.find_element(By.CSS_SELECTOR, "p").is_displayed()
    headings = [
        th.text.strip()
        for th in browser.driver.find_elements(By.TAG_NAME, "th")
        if th.is_displayed()
    ]
    assert "Kind" not in headings and "Class (rank)" not in headings and "id" not in headings
    visible = browser.driver.find_element(By.CSS_SELECTOR, "[role=main]").text
    assert "marriage_royal" not in visible and "This governs" not in visible
    summary = blocks[0].find_element(By.TAG_NAME, "summary")
    browser.js("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    time.sleep(0.2)
    assert "marriage_royal" in blocks[0].text  # opened, the data is there


# -- point 21: the home page, red suits and card faces ---------------------------------------


def test_the_variants_on_the_home_page_are_links_that_resolve(browser: Browser) -> None:
    browser.open("", DESKTOP)
    links = browser.js(
        "const h = document.getElementById('variants');"
        "let n = h.nextElementSibling;"
        "while (n && !n.querySelector('table')) n = n.nextElementSibling;"
        "return [...n.querySelectorAll('tbody tr')].map(r => {"
        "  const a = r.cells[0].querySelector('a');"
        "  return [a ? a.href : null, r.textContent];"
        "});"
    )
    names = shipped_variant_names()
    assert len(links) == len(names)
    assert not [text for _, text in links if "shipped" in text]
    titles = {}
    for href, _ in links:
        assert href, "a variant without a link"
        browser.driver.get(href)
        titles[href] = browser.driver.find_element(By.TAG_NAME, "h1").text.replace("¶", "").strip()
    assert sorted(titles.values()) == sorted(load_variant(name).title for name in names)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page", ["", "variants/bezique/"])
def test_red_suits_are_red(browser: Browser, page: str, width: int) -> None:
    browser.open(page, width)
    colours = browser.js(
        "return [...document.querySelectorAll('.suit-red, .card-face.red')]"
        "  .map(e => [e.textContent, getComputedStyle(e).color]);"
    )
    assert colours, f"no red suit marked on /{page}"
    assert all(_is_red(colour) for _, colour in colours), colours
    black = browser.js(
        "return [...document.querySelectorAll('.card-face:not(.red)')]"
        "  .map(e => getComputedStyle(e).color);"
    )
    assert black and not any(_is_red(colour) for colour in black)


@pytest.mark.parametrize("width", WIDTHS)
def test_each_card_of_a_combination_is_a_card_face(browser: Browser, width: int) -> None:
    browser.open("variants/bezique/", width)
    rows = browser.js(
        "const t = [...document.querySelectorAll('[role=main] table')]"
        "  .find(t => t.querySelector('.card-faces'));"
        "return [...t.querySelectorAll('tbody tr')].map(r => {"
        "  const faces = [...r.querySelectorAll('.card-face')];"
        "  const style = faces.length ? getComputedStyle(faces[0]) : null;"
        "  return [r.cells[0].textContent.trim(), faces.map(f => f.textContent),"
        "          style && style.borderTopWidth, style && style.backgroundColor];"
        "});"
    )
    cards = {name: faces for name, faces, _, _ in rows}
    assert cards["sequence"] == ["A♥", "10♥", "K♥", "Q♥", "J♥"]
    assert cards["double bézique"] == ["Q♠", "Q♠", "J♦", "J♦"]
    for name, faces, border, background in rows:
        assert len(faces) >= 2, name
        assert border != "0px" and _rgb(background) == (255, 255, 255), (name, border, background)


def test_the_site_loads_its_own_stylesheet_and_nothing_from_outside(browser: Browser) -> None:
    browser.open("variants/bezique/", DESKTOP)
    sheets = browser.js("return [...document.styleSheets].map(s => s.href).filter(Boolean);")
    assert any(sheet.endswith("/assets/site.css") for sheet in sheets), sheets
    assert all(sheet.startswith(browser.url) for sheet in sheets), sheets
    resources = browser.js("return performance.getEntriesByType('resource').map(r => r.name);")
    assert all(name.startswith(browser.url) for name in resources), resources
