"""The browser game in headless Chromium against ``bezique serve``'s application (served on
127.0.0.1 in a thread): whole deals played by clicking the ``data-move`` elements, an illegal
attempt answered with the engine's reason, the breakdown at the end of a deal, a hint with its
reason and its move marked, a variant file of one's own checked and its texts shown as text, a
record replayed trick by trick, and the page at a desktop's width (1280 px) and a phone's
(390 px)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from interpreter.web.api import Api
from tests.site_check import chromium, console
from tests.web_check import click_move, game_state, idle, overflow, serving, wait_for

pytestmark = pytest.mark.browser

DESKTOP, PHONE = (1280, 900), (390, 844)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serving() as address:
        yield address


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as driver:
        driver.set_page_load_timeout(30)
        yield driver


def _open(browser: webdriver.Chrome, address: str, size: tuple[int, int], selector: str) -> None:
    browser.set_window_size(*size)
    browser.get(address)
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, selector), 30, selector)


def _play_deal(browser: webdriver.Chrome, size: tuple[int, int]) -> list[str]:
    """Click legal moves until the first deal ends; its breakdown's lines."""
    for _ in range(1500):
        ended = browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end")
        if ended:
            return [line for line in ended[0].text.splitlines() if line]
        click_move(browser)
        assert overflow(browser) <= 0, f"the page is wider than the window at {size}"
    raise AssertionError("the deal did not end")


def _readable_hand(browser: webdriver.Chrome, width: int) -> None:
    """Every card of the hand lies inside the window, its rank at least 14 px high."""
    cards = browser.find_elements(By.CSS_SELECTOR, ".bz-hand .bz-card")
    assert cards, "no hand on the page"
    for card in cards:
        left = card.location["x"]
        assert left >= 0 and left + card.size["width"] <= width, card.get_attribute("data-card")
        size = browser.execute_script(
            "return parseFloat(getComputedStyle(arguments[0].querySelector('.bz-rank')).fontSize)",
            card,
        )
        assert size >= 14, f"a card's rank is {size} px high"


def test_a_whole_deal_of_two_pack_bezique_by_clicking(browser: webdriver.Chrome, url: str) -> None:
    _open(browser, url + "?variant=bezique&seed=1", DESKTOP, ".bz-game")
    _readable_hand(browser, DESKTOP[0])
    # An illegal attempt, typed: the engine's reason, and the table as it was.
    before = browser.find_element(By.CSS_SELECTOR, ".bz-hand").text
    typed = browser.find_element(By.CSS_SELECTOR, ".bz-typed input")
    typed.send_keys("score 9")
    browser.find_element(By.CSS_SELECTOR, "[data-action='type-move']").click()
    refused = wait_for(
        browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-refused"), 20, "the refusal"
    )
    assert refused[0].text.startswith("not allowed: "), refused[0].text
    assert browser.find_element(By.CSS_SELECTOR, ".bz-hand").text == before
    lines = _play_deal(browser, DESKTOP)
    assert lines[0] == "End of deal 1. Points scored in it:", lines
    assert lines[1].startswith("p1 (you): ") and lines[2].startswith("p2 (expert): ")
    assert any(line.startswith("Game: ") for line in lines)
    browser.find_element(By.CSS_SELECTOR, "[data-action='continue']").click()
    assert game_state(browser)["deal"] == "2"
    # Nothing but the refusal of the illegal attempt (409): a script or style refused by the
    # page's content security policy would be here.
    severe = [e["message"] for e in console(browser) if e.get("level") == "SEVERE"]
    assert [m for m in severe if "/moves?since=" not in m or "(Conflict)" not in m] == []


def test_a_whole_deal_of_three_handed_bezique_on_a_phone(
    browser: webdriver.Chrome, url: str
) -> None:
    _open(browser, url + "?variant=three-handed&seed=4", PHONE, ".bz-game")
    _readable_hand(browser, browser.execute_script("return document.documentElement.clientWidth"))
    seats = browser.find_elements(By.CSS_SELECTOR, ".bz-others .bz-seat h3")
    assert [seat.text.split(" — ")[0] for seat in seats] == ["p2 (expert)", "p3 (expert)"]
    lines = _play_deal(browser, PHONE)
    assert lines[0] == "End of deal 1. Points scored in it:", lines
    assert [line.split(":")[0] for line in lines[1:4]] == ["p1 (you)", "p2 (expert)", "p3 (expert)"]


def test_a_card_that_may_not_be_played_says_why_when_clicked(
    browser: webdriver.Chrome, url: str
) -> None:
    """In the last tricks of two-pack Bézique a card that does not follow suit is refused."""
    _open(browser, url + "?variant=bezique&seed=6", DESKTOP, ".bz-game")
    for _ in range(400):
        tries = browser.find_elements(By.CSS_SELECTOR, ".bz-hand [data-try]")
        if tries:
            break
        click_move(browser)
    else:
        raise AssertionError("no card was ever refused")
    tries[0].click()
    refused = wait_for(
        browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-refused"), 20, "the refusal"
    )
    assert refused[0].text.startswith("not allowed: must "), refused[0].text


def _ask_hint(browser: webdriver.Chrome) -> tuple[str, Any]:
    """Press Hint; the hint's text and the element of the move it marks."""
    browser.find_element(By.CSS_SELECTOR, "[data-action='hint']").click()
    shown = wait_for(
        browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-hint"), 20, "the hint"
    )
    marked = browser.find_elements(By.CSS_SELECTOR, ".bz-hinted")
    assert len(marked) == 1, "one move is marked"
    assert marked[0].get_attribute("aria-describedby") == "bz-hint"
    return str(shown[0].text), marked[0]


def test_a_hint_gives_its_reason_and_marks_its_move(browser: webdriver.Chrome, url: str) -> None:
    console(browser)  # what earlier tests left in the console
    _open(browser, url + "?variant=bezique&seed=1", DESKTOP, ".bz-game")
    text, marked = _ask_hint(browser)
    label, reason = text.removeprefix("Hint: ").split(" — ", 1)
    assert text.startswith("Hint: ") and reason.rstrip(".")
    move = str(marked.get_attribute("data-move"))
    face = marked.get_attribute("data-card")  # a card of the hand: its face, with its symbol
    if face:
        shown = ("10" if face[0] == "T" else face[0]) + "♠♥♦♣"["SHDC".index(face[1])]
        assert label == f"Play {shown}", (label, move)
    else:
        assert marked.text.split() == label.split()[: len(marked.text.split())], (label, move)
    marked.click()  # the hinted move is a legal one: the game goes on, the hint is gone
    wait_for(browser, lambda: idle(browser), 20, f"the answer to {move!r}")
    assert not browser.find_elements(By.CSS_SELECTOR, ".bz-hint, .bz-hinted")
    assert not browser.find_elements(By.CSS_SELECTOR, ".bz-refused")
    severe = [e["message"] for e in console(browser) if e.get("level") == "SEVERE"]
    assert severe == []  # a script or style the page's policy refused would be here
    # On a phone the hint (three-handed Bézique: a long reason) wraps inside the window.
    _open(browser, url + "?variant=three-handed&seed=3", PHONE, ".bz-game")
    _ask_hint(browser)
    hint = browser.find_element(By.CSS_SELECTOR, ".bz-hint")
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert hint.is_displayed() and hint.size["height"] > 0
    assert hint.location["x"] >= 0 and hint.location["x"] + hint.size["width"] <= width
    assert overflow(browser) <= 0, "the hint makes the page wider than a phone"


def _problems_of(browser: webdriver.Chrome, name: str) -> str:
    """Check the variant file: its first problem, once it names the file ``name``."""
    browser.find_element(By.CSS_SELECTOR, "[data-action='check-variant']").click()
    problems = wait_for(
        browser,
        lambda: [
            p
            for p in browser.find_elements(By.CSS_SELECTOR, ".bz-verdict li")
            if p.text.startswith(f"{name}:")
        ],
        20,
        f"problems of {name}",
    )
    return str(problems[0].text)


def test_the_lobby_checks_a_variant_file_and_shows_its_texts_as_text(
    browser: webdriver.Chrome, url: str, tmp_path: Path
) -> None:
    _open(browser, url, PHONE, ".bz-lobby")
    assert overflow(browser) <= 0
    text = browser.find_element(By.CSS_SELECTOR, "textarea[name='variant-text']")
    bad = 'extends = "bezique"\nname = "mine"\n[game]\ntarget = "lots"\n'
    text.send_keys(bad)
    problem = _problems_of(browser, "house.toml")  # pasted, no name given
    assert problem.startswith("house.toml:4: game.target: "), problem
    # A name typed for the pasted text names its problems: the file's, without its folder.
    named = browser.find_element(By.CSS_SELECTOR, "input[name='variant-file']")
    named.send_keys("C:\\Users\\me\\Our rules.toml")
    problem = _problems_of(browser, "Our rules.toml")
    assert problem.startswith("Our rules.toml:4: game.target: "), problem
    # An uploaded file gives its own name.
    upload = tmp_path / "kitchen-table.toml"
    upload.write_text(bad.replace("mine", "kitchen"), encoding="utf-8")
    browser.find_element(
        By.CSS_SELECTOR, "input[type='file'][aria-label='Upload a variant file']"
    ).send_keys(str(upload))
    wait_for(browser, lambda: named.get_attribute("value") == upload.name, 20, "the file's name")
    problem = _problems_of(browser, upload.name)
    assert problem.startswith("kitchen-table.toml:4: game.target: "), problem
    assert overflow(browser) <= 0
    named.clear()
    hostile = '<img src=x onerror="document.title=1">'
    text.clear()
    text.send_keys(f'extends = "bezique"\nname = "mine"\ntitle = \'{hostile}\'\n')
    browser.find_element(By.CSS_SELECTOR, "[data-action='check-variant']").click()
    ok = wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-verdict .bz-ok"),
        20,
        "the verdict",
    )
    assert hostile in ok[0].text
    browser.find_element(By.CSS_SELECTOR, "[data-action='play-own']").click()
    status = wait_for(
        browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-status"), 20, "the game"
    )
    assert hostile in status[0].text
    assert not browser.find_elements(By.CSS_SELECTOR, "#bezique-app img")


def test_a_record_is_replayed_trick_by_trick(
    browser: webdriver.Chrome, url: str, tmp_path: Path
) -> None:
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 9})
    view = created["view"]
    while not view["over"]:
        view = api.call(
            "move", {"game": created["game"], "seat": 0, "move": view["moves"][0]["move"]}
        )
    record = api.call("record", {"game": created["game"]})["text"]
    _open(browser, url, DESKTOP, ".bz-lobby")
    box = browser.find_element(By.CSS_SELECTOR, "textarea[name='record-text']")
    browser.execute_script("arguments[0].value = arguments[1]", box, record)
    browser.find_element(By.CSS_SELECTOR, "[data-action='open-record']").click()
    wait_for(
        browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-replay"), 30, "the replay"
    )
    hands = browser.find_elements(By.CSS_SELECTOR, ".bz-replay .bz-seat")
    assert len(hands) == 2
    status = browser.find_element(By.CSS_SELECTOR, ".bz-replay .bz-status").text
    assert " · Deal 1 · Trick 1 · " in status  # before the first lead: the first trick
    browser.find_element(By.CSS_SELECTOR, "[data-action='next']").click()
    browser.find_element(By.CSS_SELECTOR, "[data-action='next']").click()
    frame = browser.find_element(By.CSS_SELECTOR, ".bz-replay")
    assert frame.get_attribute("data-frame") == "2"
    assert "Trick just played" in frame.text and " · Trick 3 · " in frame.text
    browser.find_element(By.CSS_SELECTOR, "[data-action='last']").click()
    assert "Game over: " in browser.find_element(By.CSS_SELECTOR, ".bz-replay").text
    status = browser.find_element(By.CSS_SELECTOR, ".bz-replay .bz-status").text
    assert " · Game over · " in status and "Trick" not in status
    assert idle(browser)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_nothing_overflows_and_the_hand_is_readable(
    browser: webdriver.Chrome, url: str, size: tuple[int, int]
) -> None:
    for page, selector in (("?variant=eight-pack&seed=3", ".bz-game"), ("", ".bz-lobby")):
        _open(browser, url + page, size, selector)
        assert overflow(browser) <= 0, f"{page or 'the lobby'} overflows at {size[0]} px"
    _open(browser, url + "?variant=chinese&seed=3", size, ".bz-game")
    for _ in range(5):  # the cut won: deal
        if browser.find_elements(By.CSS_SELECTOR, ".bz-hand .bz-card"):
            break
        click_move(browser)
    _readable_hand(browser, browser.execute_script("return document.documentElement.clientWidth"))


def test_a_deal_of_sixty_six_on_a_phone_offers_the_claim_and_the_close_in_words(
    browser: webdriver.Chrome, url: str
) -> None:
    """Sixty-six at 390 px: the game points of the match under the scores; at a lead the page
    offers 'Close the stock' and 'Claim the target' as buttons in words; cards are played
    (never a claim or a close here) until the deal ends, nothing wider than the phone."""
    _open(browser, url + "?variant=sixty-six&seed=2", PHONE, ".bz-game")
    click_move(browser)  # p1 won the cut: 'deal'
    _readable_hand(browser, browser.execute_script("return document.documentElement.clientWidth"))
    caption = browser.find_element(By.CSS_SELECTOR, ".bz-scores caption").text
    assert caption == "Scores (game to 66) · game points 0–0, match to 7", caption
    seen: dict[str, str] = {}
    for _ in range(200):
        ended = browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end")
        if ended:
            break
        wait_for(browser, lambda: idle(browser), 20, "the page")
        offered = browser.find_elements(By.CSS_SELECTOR, ".bz-game [data-move]")
        for element in offered:
            move = str(element.get_attribute("data-move"))
            if move in ("claim", "close"):
                seen[move] = element.text
        chosen = next(e for e in offered if e.get_attribute("data-move") not in ("claim", "close"))
        chosen.click()
        wait_for(browser, lambda: idle(browser), 20, "the answer")
        assert overflow(browser) <= 0, "the page is wider than the phone"
    lines = [line for line in ended[0].text.splitlines() if line]
    assert lines[0] == "End of deal 1. Points scored in it:", lines
    assert "Claim the target (stop the deal)" in seen.get("claim", ""), seen
    assert "Close the stock" in seen.get("close", ""), seen


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_the_end_of_a_deal_offers_a_review_of_ones_play_and_its_par(
    browser: webdriver.Chrome, url: str, size: tuple[int, int]
) -> None:
    """Schnapsen as the package plays it, at a desktop's and a phone's width: the deal's
    breakdown has a Review button; it says it is reviewing, then gives the person's play
    weighed against the expert's and the deal's par, the Continue button still there."""
    _open(browser, url + "?variant=schnapsen-platform&seed=4", size, ".bz-game")
    _play_deal(browser, size)
    browser.find_element(By.CSS_SELECTOR, ".bz-deal-end [data-action='review']").click()
    found = wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end div.bz-review"),
        60,
        "the review",
    )
    lines = [line for line in found[0].text.splitlines() if line]
    assert lines[0] == "Your play, weighed against the expert’s", lines
    assert lines[1].startswith("Deal 1: ") and "weighed" in lines[1], lines
    assert any(line.startswith("par: ") for line in lines), lines
    assert browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end [data-action='continue']")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_undo_against_bots_takes_back_a_move_but_never_across_a_card_shown(
    browser: webdriver.Chrome, url: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Schnapsen as the package plays it: the Undo button shows only when the last move can be
    taken back (no card was drawn since); it puts the hand back and says the game is
    practice, unrated."""
    _open(browser, url + "?variant=schnapsen-platform&seed=3", size, ".bz-game")
    hand = ""
    for _ in range(300):
        if browser.find_elements(By.CSS_SELECTOR, "[data-action='undo']"):
            break
        assert not browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end"), "no undo in a deal"
        hand = browser.find_element(By.CSS_SELECTOR, ".bz-hand").text
        click_move(browser)
    else:
        raise AssertionError("no Undo button in the deal")
    browser.save_screenshot(str(tmp_path / f"undo-offered-{size[0]}.png"))
    browser.find_element(By.CSS_SELECTOR, "[data-action='undo']").click()
    said = wait_for(
        browser,
        lambda: [e for e in browser.find_elements(By.CSS_SELECTOR, ".bz-refused") if e.text],
        20,
        "the undo's message",
    )
    assert said[0].text.startswith("Taken back: "), said[0].text
    assert browser.find_element(By.CSS_SELECTOR, ".bz-hand").text == hand
    practice = browser.find_element(By.CSS_SELECTOR, ".bz-practice").text
    assert practice == "Practice, unrated: 1 move taken back"
    assert overflow(browser) <= 0
    browser.save_screenshot(str(tmp_path / f"undo-done-{size[0]}.png"))


def _shots(tmp_path: Path) -> Path:
    """Where a test's screenshots go: ``$BEZIQUE_SCREENSHOTS`` when set, to be looked at."""
    named = os.environ.get("BEZIQUE_SCREENSHOTS")
    folder = Path(named) if named else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _shot(browser: webdriver.Chrome, path: Path, selector: str = "body") -> None:
    """A screenshot of the window, ``selector``'s element at its top."""
    browser.execute_script(
        "document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", selector
    )
    browser.save_screenshot(str(path))


def _text(browser: webdriver.Chrome, selector: str) -> str:
    return str(browser.find_element(By.CSS_SELECTOR, selector).text)


def _log_size(browser: webdriver.Chrome) -> int:
    return len(browser.find_elements(By.CSS_SELECTOR, ".bz-log-lines li"))


def _enter(browser: webdriver.Chrome) -> None:
    """Press Enter wherever the focus is."""
    ActionChains(browser).send_keys(Keys.ENTER).perform()


def _only_move_by_enter(browser: webdriver.Chrome) -> str:
    """The prompt has one legal move: the page says Enter plays it, Enter in the typed move's
    field does not, Enter elsewhere does; the move's label."""
    only = browser.find_elements(By.CSS_SELECTOR, ".bz-game [data-move]")  # two cards alike
    assert len({o.get_attribute("data-move") for o in only}) == 1, [o.text for o in only]
    assert all(o.get_attribute("aria-keyshortcuts") == "Enter" for o in only)
    said = _text(browser, ".bz-enter")
    assert said.startswith("Enter: ") and len(said) > len("Enter: "), said
    before = _log_size(browser)
    browser.find_element(By.CSS_SELECTOR, ".bz-typed input").click()
    _enter(browser)  # an empty typed move: nothing is played
    assert idle(browser) and _log_size(browser) == before
    assert browser.find_elements(By.CSS_SELECTOR, ".bz-enter")
    browser.execute_script("document.activeElement.blur()")
    _enter(browser)
    wait_for(browser, lambda: idle(browser) and _log_size(browser) > before, 20, "Enter's move")
    return said.removeprefix("Enter: ")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_rubicon_says_what_its_game_is_from_the_cut_to_its_end_and_enter_plays_a_forced_move(
    browser: webdriver.Chrome, url: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Rubicon, one deal a game: before the deal (the person won the cut) the page says the cut
    is under way, nothing is dealt, and the scores are of one deal with its rubicon; every
    prompt with a single legal move says Enter plays it, and Enter does; at the end it says
    the game is over, with no trick past the last."""
    shots = _shots(tmp_path)
    _open(browser, url + "?variant=rubicon&seed=2", size, ".bz-game")
    title = "Rubicon Bézique (Portland Club laws, 1887)"
    assert _text(browser, ".bz-status") == f"{title} · Cutting for deal"
    assert _text(browser, ".bz-stock") == "Nothing dealt yet"
    caption = _text(browser, ".bz-scores caption")
    assert caption == "Scores (one deal; under 1000 the loser is rubiconed)", caption
    assert not browser.find_elements(By.CSS_SELECTOR, ".bz-enter"), "two moves: deal or pass"
    assert overflow(browser) <= 0
    _shot(browser, shots / f"rubicon-cut-{size[0]}.png")
    browser.find_element(By.CSS_SELECTOR, "[data-move='deal']").click()
    wait_for(browser, lambda: idle(browser), 20, "the deal")
    assert _text(browser, ".bz-status").startswith(f"{title} · Deal 1 · Trick 1 · Trumps")
    entered: list[str] = []
    moves = ".bz-game [data-move]"
    for _ in range(300):
        if game_state(browser)["over"] == "yes":
            break
        wait_for(
            browser,
            lambda: idle(browser) and browser.find_elements(By.CSS_SELECTOR, moves),
            60,
            "a move",
        )
        if browser.find_elements(By.CSS_SELECTOR, ".bz-enter"):
            if not entered:
                _shot(browser, shots / f"rubicon-enter-{size[0]}.png", ".bz-moves")
            entered.append(_only_move_by_enter(browser))
        else:
            click_move(browser, 60)
    assert game_state(browser)["over"] == "yes"
    assert entered, "no prompt with a single legal move in the deal"
    assert _text(browser, ".bz-status").startswith(f"{title} · Deal 1 · Game over · Trumps")
    assert "Trick" not in _text(browser, ".bz-status")
    assert _text(browser, ".bz-stock") == "No stock"
    assert not browser.find_elements(By.CSS_SELECTOR, ".bz-enter")
    assert overflow(browser) <= 0
    _shot(browser, shots / f"rubicon-over-{size[0]}.png")


def _play_to_deal_end(browser: webdriver.Chrome) -> None:
    """Click moves (a card, never a claim or a close) until a deal's breakdown shows."""
    for _ in range(200):
        if browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end"):
            return
        _play_a_card(browser)
    raise AssertionError("the deal did not end")


def _play_a_card(browser: webdriver.Chrome) -> None:
    def card() -> Any:
        if not idle(browser):
            return None
        found = browser.find_elements(By.CSS_SELECTOR, ".bz-game [data-move]")
        return next(
            (e for e in found if e.get_attribute("data-move") not in ("claim", "close")), None
        )

    chosen = wait_for(browser, card, 30, "a card to play")
    before = _log_size(browser)
    chosen.click()
    wait_for(browser, lambda: idle(browser) and _log_size(browser) > before, 30, "the answer")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_the_end_of_a_deal_closes_when_play_goes_on_unless_its_review_was_asked(
    browser: webdriver.Chrome, url: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Sixty-six: a deal's breakdown shows when it ends and closes at the person's next move;
    when he asked for its review, it stays while he plays on, until he closes it; at the
    game's end the page says the game is over, with no trick past the last."""
    shots = _shots(tmp_path)
    _open(browser, url + "?variant=sixty-six&seed=2", size, ".bz-game")
    click_move(browser)  # p1 won the cut: 'deal'
    _play_to_deal_end(browser)
    assert _text(browser, ".bz-deal-end").startswith("End of deal 1.")
    _shot(browser, shots / f"deal-end-{size[0]}.png")
    _play_a_card(browser)
    assert not browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end"), "it stays over play"
    assert _text(browser, ".bz-status").startswith("Sixty-six · Deal 2 · Trick ")
    _play_to_deal_end(browser)
    assert _text(browser, ".bz-deal-end").startswith("End of deal 2.")
    browser.find_element(By.CSS_SELECTOR, ".bz-deal-end [data-action='review']").click()
    _play_a_card(browser)
    box = browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end")
    assert box and box[0].text.startswith("End of deal 2."), "the review asked for is gone"
    wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end div.bz-review"),
        60,
        "the review",
    )
    _shot(browser, shots / f"deal-end-review-{size[0]}.png")
    browser.find_element(By.CSS_SELECTOR, ".bz-deal-end [data-action='continue']").click()
    assert not browser.find_elements(By.CSS_SELECTOR, ".bz-deal-end")
    for _ in range(300):
        if game_state(browser)["over"] == "yes":
            break
        _play_a_card(browser)
    status = _text(browser, ".bz-status")
    assert status.startswith("Sixty-six · Deal ") and " · Game over · Trumps" in status, status
    assert "Trick" not in status
    assert overflow(browser) <= 0
    _shot(browser, shots / f"game-over-{size[0]}.png")
