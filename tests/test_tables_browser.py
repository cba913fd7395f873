"""Tables with friends in headless Chromium (``tables.html``): a table made in the lobby, two
people at their own browsers playing a whole deal of two-pack Bézique by clicking the moves'
buttons while a third watches (whose page never shows a hand), one tab closed mid-deal and its
link opened again, the server killed with SIGKILL mid-deal and started again on the same store
while both pages go on by themselves; a four-handed partnership table of two people and two
bots playing a whole deal; the rulebook and a house variant's texts shown as text; each at 1280
and 390 px wide.

Screenshots go to ``$BEZIQUE_SCREENSHOTS`` when it is set (else the test's temporary folder),
to be looked at."""

from __future__ import annotations

import base64
import os
import random
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.site_check import chromium, console
from tests.tables_server import Server, call
from tests.web_check import idle, overflow, serving, wait_for

pytestmark = pytest.mark.browser

DESKTOP, PHONE = (1280, 900), (390, 844)
NO_HAND = ".bz-hand, .bz-me, [data-move], [data-try], .bz-typed"


@contextmanager
def served(folder: Path) -> Iterator[Server]:
    """``bezique serve`` as a process on a port of 127.0.0.1 that it keeps when started again,
    so that it can be killed (SIGKILL, as a crash stops it) and started again at the same
    address on the same store."""
    server = Server(folder, "--db", str(folder / "tables.sqlite"))
    server.start()
    try:
        yield server
    finally:
        server.kill()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    named = os.environ.get("BEZIQUE_SCREENSHOTS")
    folder = Path(named) if named else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def people(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[webdriver.Chrome]]:
    """Two browsers, one for each person."""
    with ExitStack() as stack:
        found = []
        for name in ("ann", "bob"):
            driver = stack.enter_context(chromium(tmp_path_factory.mktemp(f"chromium-{name}")))
            driver.set_page_load_timeout(30)
            found.append(driver)
        yield found


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The application in a thread (tables in memory), for the tests that do not restart it."""
    with serving() as address:
        yield address.removesuffix("/play")


def app_data(browser: webdriver.Chrome, key: str) -> str:
    value: str = browser.execute_script(
        "return document.querySelector('#bezique-app').dataset[arguments[0]] || ''", key
    )
    return value


def live(browsers: list[webdriver.Chrome], seconds: float = 30) -> None:
    """Wait until every page has its live connection open."""
    deadline = time.monotonic() + seconds
    while not all(is_live(browser) for browser in browsers):
        states = [app_data(browser, "live") for browser in browsers]
        assert time.monotonic() < deadline, f"not live after {seconds} s: {states}"
        time.sleep(0.1)


def is_live(browser: webdriver.Chrome) -> bool:
    return app_data(browser, "live") == "live"


def is_down(browser: webdriver.Chrome) -> bool:
    return app_data(browser, "live") in ("polling", "offline")


def ended(browser: webdriver.Chrome) -> bool:
    return bool(state(browser).get("ended"))


def log_is(browser: webdriver.Chrome, size: int) -> bool:
    return bool(state(browser).get("log") == size)


def seen(browser: webdriver.Chrome, selector: str) -> list[Any]:
    return browser.find_elements(By.CSS_SELECTOR, selector)


def choose(browser: webdriver.Chrome, name: str, value: str) -> None:
    Select(browser.find_element(By.CSS_SELECTOR, f"select[name='{name}']")).select_by_value(value)


def state(browser: webdriver.Chrome) -> dict[str, Any]:
    """What the page shows of the game: deal, trick, the log's length, whether a deal ended."""
    found: dict[str, Any] = browser.execute_script(
        "const game = document.querySelector('.bz-game');"
        "if (!game) return {};"
        "return {deal: game.dataset.deal, trick: game.dataset.trick,"
        " log: document.querySelectorAll('.bz-log-lines li').length,"
        " ended: Boolean(document.querySelector('.bz-deal-end'))};"
    )
    return found


def open_page(browser: webdriver.Chrome, link: str, size: tuple[int, int]) -> None:
    browser.set_window_size(*size)
    browser.get(link)
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-game"), 30, link)


def move_once(people: list[webdriver.Chrome], rng: random.Random, seconds: float = 30) -> int:
    """The person whose page offers moves clicks one of them, at random; which person."""
    pick = (
        "const app = document.querySelector('#bezique-app');"
        "if (app.dataset.busy === 'yes') return null;"
        "return document.querySelectorAll('.bz-game [data-move]').length;"
    )
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for index, browser in enumerate(people):
            count = browser.execute_script(pick)
            if count:
                choices = browser.find_elements(By.CSS_SELECTOR, ".bz-game [data-move]")
                try:
                    choices[rng.randrange(len(choices))].click()
                except (StaleElementReferenceException, ValueError):
                    continue  # the page was drawn again meanwhile (a live update): look again
                wait_for(browser, partial(idle, browser), seconds, "the move's answer")
                refused = browser.find_elements(By.CSS_SELECTOR, ".bz-refused")
                assert not refused, refused[0].text
                return index
        time.sleep(0.05)
    said = [app_data(browser, "live") for browser in people]
    raise AssertionError(f"no page offered a move for {seconds} s (live: {said})")


def shot(browser: webdriver.Chrome, path: Path) -> None:
    """A screenshot of the whole page, from its top, at the window's width."""
    width, height = browser.execute_script(
        "return [window.innerWidth, document.documentElement.scrollHeight]"
    )
    clip = {"x": 0, "y": 0, "width": width, "height": min(height, 4000), "scale": 1}
    taken = browser.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
    )
    path.write_bytes(base64.b64decode(taken["data"]))


def no_hand(watcher: webdriver.Chrome) -> None:
    assert watcher.find_elements(By.CSS_SELECTOR, ".bz-game"), "the watcher sees no table"
    assert not watcher.find_elements(By.CSS_SELECTOR, NO_HAND), "the watcher sees a hand"


def severe(browser: webdriver.Chrome) -> list[str]:
    """The console's errors, but those of a server that was down on purpose."""
    found = [e["message"] for e in console(browser) if e.get("level") == "SEVERE"]
    down = ("ERR_CONNECTION_REFUSED", "WebSocket connection to", "Failed to load resource")
    return [m for m in found if not any(part in m for part in down)]


def test_two_people_play_a_deal_while_one_watches_through_a_reload_and_a_crash(
    people: list[webdriver.Chrome], tmp_path: Path, shots: Path
) -> None:
    ann, bob = people
    rng = random.Random(7)
    with served(tmp_path) as server, chromium(tmp_path / "chromium-eve") as eve:
        # The lobby: a shipped variant, two people; the links, copied.
        ann.set_window_size(*DESKTOP)
        ann.get(server.base + "/tables")
        wait_for(ann, partial(seen, ann, "select[name='seat-1']"), 30, "the seats")
        choose(ann, "variant", "bezique")
        choose(ann, "seat-1", "person")
        ann.find_element(By.CSS_SELECTOR, "[data-action='create-table']").click()
        rows = wait_for(ann, partial(seen, ann, ".bz-link[data-link]"), 30, "the links")
        links = {
            str(row.get_attribute("data-link")): str(
                row.find_element(By.CSS_SELECTOR, "input").get_attribute("value")
            )
            for row in rows
        }
        assert set(links) == {"seat-0", "seat-1", "watch"}
        assert "#" in links["seat-1"] and "#" not in links["watch"]
        ann.find_element(By.CSS_SELECTOR, "[data-action='copy-seat-1']").click()
        copied = "[data-link='seat-1'] .bz-copied"
        wait_for(ann, lambda: ann.find_element(By.CSS_SELECTOR, copied).text, 10, "copied")
        mine = ann.find_element(By.CSS_SELECTOR, "[data-action='open-mine']").get_attribute("href")
        assert mine == links["seat-0"]
        assert overflow(ann) <= 0
        shot(ann, shots / "lobby-links-1280.png")

        # Each opens his own link: Ann on a desktop, Bob on a phone; Eve watches.
        open_page(ann, links["seat-0"], DESKTOP)
        open_page(bob, links["seat-1"], PHONE)
        open_page(eve, links["watch"], DESKTOP)
        live([ann, bob, eve])
        here = "[data-seat='1'][data-state='connected']"
        wait_for(ann, lambda: ann.find_elements(By.CSS_SELECTOR, here), 20, "Bob connected")
        no_hand(eve)

        # Bob names himself; the others see the name, as text.
        bob.find_element(By.CSS_SELECTOR, "input[name='name']").send_keys("Bob <b>x</b>")
        bob.find_element(By.CSS_SELECTOR, "[data-action='rename']").click()
        named = "[data-seat='1'] .bz-seat-name strong"
        wait_for(
            eve,
            lambda: "Bob <b>x</b>" in eve.find_element(By.CSS_SELECTOR, named).text,
            20,
            "Bob's name on the watcher's page",
        )
        assert not eve.find_elements(By.CSS_SELECTOR, ".bz-seat-name b")

        def play(count: int) -> None:
            for step in range(count):
                if state(ann).get("ended"):
                    return
                move_once([ann, bob], rng)
                if step % 10 == 0:
                    no_hand(eve)
                    for browser in (ann, bob, eve):
                        assert overflow(browser) <= 0

        play(25)
        shot(ann, shots / "seat-mid-deal-1280.png")
        shot(bob, shots / "seat-mid-deal-390.png")
        shot(eve, shots / "watch-mid-deal-1280.png")

        # Bob closes his tab and opens his link again in a new one: the seat where it was.
        old = bob.current_window_handle
        bob.switch_to.new_window("tab")
        new = bob.current_window_handle
        bob.switch_to.window(old)
        bob.close()
        bob.switch_to.window(new)
        away = "[data-seat='1'][data-state='away']"
        wait_for(ann, lambda: ann.find_elements(By.CSS_SELECTOR, away), 20, "Bob gone")
        open_page(bob, links["seat-1"], PHONE)
        live([bob])
        wait_for(ann, lambda: ann.find_elements(By.CSS_SELECTOR, here), 20, "Bob back")
        wait_for(bob, lambda: state(bob)["log"] == state(ann)["log"], 20, "Bob's page caught up")
        play(25)

        # The server is killed mid-deal and started again on the same store: both go on.
        before = state(ann)
        assert not before["ended"], "the deal ended before the crash"
        server.kill()
        for browser in (ann, bob, eve):
            wait_for(browser, partial(is_down, browser), 30, "the live connection's fall")
        eve.set_window_size(*PHONE)
        time.sleep(1)
        shot(eve, shots / "watch-server-down-390.png")
        server.start()
        live([ann, bob, eve], seconds=40)
        assert state(ann)["log"] == before["log"]
        no_hand(eve)
        play(600)
        for browser in (ann, bob, eve):
            wait_for(browser, partial(ended, browser), 30, "the deal's end")
        shot(ann, shots / "seat-deal-end-1280.png")
        shot(bob, shots / "seat-deal-end-390.png")
        shot(eve, shots / "watch-deal-end-390.png")
        end = ann.find_element(By.CSS_SELECTOR, ".bz-deal-end").text.splitlines()
        assert end[0] == "End of deal 1. Points scored in it:", end
        assert eve.find_element(By.CSS_SELECTOR, ".bz-deal-end").text.splitlines()[0] == end[0]
        no_hand(eve)
        # No undo at a table; each person may have his own play reviewed, the watcher not.
        for browser in (ann, bob, eve):
            assert not browser.find_elements(By.CSS_SELECTOR, "[data-action='undo']")
        assert not eve.find_elements(By.CSS_SELECTOR, "[data-action='review']")
        ann.find_element(By.CSS_SELECTOR, ".bz-deal-end [data-action='review']").click()
        mine = ".bz-deal-end div.bz-review"
        reviewed = wait_for(ann, lambda: ann.find_elements(By.CSS_SELECTOR, mine), 60, "a review")
        assert "Deal 1: " in reviewed[0].text and "par: " in reviewed[0].text, reviewed[0].text
        assert bob.find_elements(By.CSS_SELECTOR, ".bz-deal-end [data-action='review']")
        assert not bob.find_elements(By.CSS_SELECTOR, mine)
        shot(ann, shots / "seat-review-1280.png")
        # Each page's log, put together from the live messages, is the server's whole log.
        pages = {"seat-0": ann, "seat-1": bob, "watch": eve}
        for name, browser in pages.items():
            link = links[name]
            path, _, token = link.removeprefix(server.base).partition("#")
            view = call(server.base, "/api" + path, token=token or None)
            whole = partial(log_is, browser, view["log_size"])
            wait_for(browser, whole, 20, f"{name}'s whole log")
        for browser in (ann, bob, eve):
            assert severe(browser) == []


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_a_partnership_table_of_two_people_and_two_bots_plays_a_whole_deal(
    people: list[webdriver.Chrome], base: str, shots: Path, size: tuple[int, int]
) -> None:
    """Ann and Bob, partners, each at his own page, against two bots: they click their moves
    until the deal is over (the bots answering on the server), and both pages end the deal
    with the server's whole log."""
    seats = ["person", "expert", "person", "greedy"]  # p1 and p3 partners against the bots
    table = call(base, "/api/tables", {"variant": "four-handed-partners", "seats": seats})
    ann, bob = people
    open_page(ann, base + table["seats"][0]["link"], size)
    open_page(bob, base + table["seats"][2]["link"], size)
    live([ann, bob])
    bots = ann.find_elements(By.CSS_SELECTOR, ".bz-seat-tag[data-state='bot']")
    assert [b.get_attribute("data-seat") for b in bots] == ["1", "3"]
    partner = bob.find_element(By.CSS_SELECTOR, ".bz-others").text
    assert "p1 (partner, person)" in partner, partner
    rng = random.Random(3)
    clicked = 0
    while not ended(ann):
        move_once([ann, bob], rng)
        clicked += 1
        assert clicked < 400, "the deal did not end after 400 of the people's moves"
        if clicked == 30:
            shot(ann, shots / f"partners-mid-deal-{size[0]}.png")
    for browser in (ann, bob):
        wait_for(browser, partial(ended, browser), 30, "the deal's end")
        assert overflow(browser) <= 0
    end = ann.find_element(By.CSS_SELECTOR, ".bz-deal-end").text.splitlines()
    assert end[0] == "End of deal 1. Points scored in it:", end
    assert bob.find_element(By.CSS_SELECTOR, ".bz-deal-end").text.splitlines()[0] == end[0]
    for seat, browser in ((0, ann), (2, bob)):
        token = table["seats"][seat]["token"]
        view = call(base, f"/api/tables/{table['table']}/seats/{seat}", token=token)
        assert view["deal_ends"] and view["deal_ends"][0]["deal"] == 1
        whole = partial(log_is, browser, view["log_size"])
        wait_for(browser, whole, 20, f"seat {seat}'s whole log")
        assert severe(browser) == []
    shot(ann, shots / f"partners-deal-end-{size[0]}.png")
    shot(bob, shots / f"partners-deal-end-{size[0]}-partner.png")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_a_house_variant_its_rulebook_and_a_wrong_link(
    people: list[webdriver.Chrome], base: str, shots: Path, size: tuple[int, int]
) -> None:
    ann = people[0]
    ann.set_window_size(*size)
    ann.get(base + "/tables")
    wait_for(ann, partial(seen, ann, "select[name='seat-1']"), 30, "the lobby")
    assert overflow(ann) <= 0
    ann.find_element(By.CSS_SELECTOR, "input[value='own']").click()
    # A pasted file's problems name the file as the person named it (no folder).
    box = ann.find_element(By.CSS_SELECTOR, "textarea[name='variant-text']")
    bad = 'extends = "bezique"\nname = "ours"\n[game]\ntarget = "lots"\n'
    ann.execute_script("arguments[0].value = arguments[1]", box, bad)
    named = ann.find_element(By.CSS_SELECTOR, "input[name='variant-file']")
    named.send_keys("/home/ann/club rules.toml")
    ann.find_element(By.CSS_SELECTOR, "[data-action='check-variant']").click()
    problems = wait_for(ann, partial(seen, ann, ".bz-verdict li"), 20, "the problems")
    assert problems[0].text.startswith("club rules.toml:4: game.target: "), problems[0].text
    assert overflow(ann) <= 0
    hostile = '<img src=x onerror="document.title=1">'
    house = f'extends = "bezique"\nname = "ours"\ntitle = \'{hostile}\'\n'
    ann.execute_script("arguments[0].value = arguments[1]", box, house)
    ann.find_element(By.CSS_SELECTOR, "[data-action='check-variant']").click()
    ok = wait_for(ann, lambda: ann.find_elements(By.CSS_SELECTOR, ".bz-verdict .bz-ok"), 20, "ok")
    assert hostile in ok[0].text
    choose(ann, "seat-1", "random")
    ann.find_element(By.CSS_SELECTOR, "[data-action='create-table']").click()
    mine = wait_for(
        ann, lambda: ann.find_elements(By.CSS_SELECTOR, "[data-action='open-mine']"), 20, "link"
    )
    assert overflow(ann) <= 0
    shot(ann, shots / f"lobby-house-{size[0]}.png")
    bot = ann.find_element(By.CSS_SELECTOR, ".bz-bot-seat").text
    assert bot == "p2: bot (random)", bot
    link = str(mine[0].get_attribute("href"))
    open_page(ann, link, size)
    # The page is drawn again as the live connection's first view comes: read it when it is.
    status = partial(seen, ann, ".bz-status")
    wait_for(ann, lambda: hostile in " ".join(found.text for found in status()), 20, "title")
    ann.find_element(By.CSS_SELECTOR, "[data-action='rulebook']").click()
    book = wait_for(
        ann, lambda: ann.find_elements(By.CSS_SELECTOR, ".bz-rulebook-text h3"), 20, "rulebook"
    )
    assert hostile in book[0].text
    assert ann.find_elements(By.CSS_SELECTOR, ".bz-rulebook-text table th")
    assert not ann.find_elements(By.CSS_SELECTOR, "#bezique-app img")
    assert overflow(ann) <= 0
    shot(ann, shots / f"rulebook-{size[0]}.png")
    # A wrong token: refused, and no hand is shown.
    open_wrong = link.rsplit("#", 1)[0] + "#not-the-token"
    ann.get(open_wrong)
    notice = partial(seen, ann, ".bz-notice p")
    said = wait_for(ann, lambda: " ".join(found.text for found in notice()), 20, "the refusal")
    assert "does not open that seat" in said
    assert not ann.find_elements(By.CSS_SELECTOR, ".bz-hand")


def moved(browser: webdriver.Chrome, before: int) -> bool:
    """Whether the page has its answer, its log longer than ``before`` lines."""
    return bool(state(browser).get("log", 0) > before and idle(browser))


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_a_table_says_where_the_game_is_and_enter_plays_a_single_move(
    people: list[webdriver.Chrome], base: str, shots: Path, size: tuple[int, int]
) -> None:
    """A table of Rubicon, a person against the expert bot, the other browser watching: before
    the deal both pages say the cut is under way and the scores are of one deal; at the first
    prompt with a single legal move the seat's page says Enter plays it, and Enter does."""
    seats = ["person", "expert"]
    table = call(base, "/api/tables", {"variant": "rubicon", "seats": seats, "seed": 2})
    ann, eve = people
    open_page(ann, base + table["seats"][0]["link"], size)
    open_page(eve, base + table["watch"], size)
    live([ann, eve])
    title = "Rubicon Bézique (Portland Club laws, 1887)"
    for browser in (ann, eve):
        status = browser.find_element(By.CSS_SELECTOR, ".bz-status").text
        assert status == f"{title} · Cutting for deal", status
        assert browser.find_element(By.CSS_SELECTOR, ".bz-stock").text == "Nothing dealt yet"
        caption = browser.find_element(By.CSS_SELECTOR, ".bz-scores caption").text
        assert caption == "Scores (one deal; under 1000 the loser is rubiconed)", caption
    shot(ann, shots / f"table-cut-{size[0]}.png")
    for _ in range(100):
        offered = wait_for(ann, partial(seen, ann, ".bz-game [data-move]"), 30, "a move")
        if seen(ann, ".bz-enter"):
            break
        before = state(ann)["log"]
        offered[0].click()
        wait_for(ann, partial(moved, ann, before), 30, "the answer")
    else:
        raise AssertionError("no prompt with a single legal move")
    said = ann.find_element(By.CSS_SELECTOR, ".bz-enter").text
    assert said.startswith("Enter: "), said
    assert {o.get_attribute("data-move") for o in offered} == {
        offered[0].get_attribute("data-move")
    }
    shot(ann, shots / f"table-enter-{size[0]}.png")
    before = state(ann)["log"]
    ann.execute_script("document.activeElement.blur()")
    ActionChains(ann).send_keys(Keys.ENTER).perform()
    wait_for(ann, partial(moved, ann, before), 30, "Enter's move")
    assert not seen(eve, ".bz-enter, [data-move]")
    assert overflow(ann) <= 0 and overflow(eve) <= 0
