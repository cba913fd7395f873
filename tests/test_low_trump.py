"""The low trump of any rank exchanged for the turn-up (``[seven]`` with another ``rank``): when
it may be exchanged, by whom, and why an exchange is refused.

Foster's Complete Hoyle, Sixty-six: "If either player holds or draws the Nine of trumps, he may
exchange it for the turn-up at any time, provided he has already won a trick. This need not be
the trick immediately before exchanging, and he need not wait to get the lead ... There is no
count for dix ... If the Nine is the last card in the stock, it is, of course, too late to
exchange it."  Schnapsen (the "Schnopsn online" rules): the jack of trumps is exchanged by the
player on lead, just before leading, "as long as cards still remain in the talon"; the tjger
Schnapsen rules: only with "more than two cards on the stock".

The tests use small overlays of the shipped Bézique with a one-pack deck of twenty-four cards;
the shipped variants' seven (rank 7) keeps its rules and its words."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

from interpreter.engine import EventKind, Game, Phase, Rules
from interpreter.loader import load_variant
from interpreter.model import Variant
from interpreter.rulebook import render
from tests.support import ONE_PACK_OF_24, dealt, hand, refused, run, shipped, texts, write

ONE_PACK = (
    """\
    extends = "bezique"
    name = "low-trump"
"""
    + ONE_PACK_OF_24
    + """
    [[combinations]]
    id = "double_bezique"
    enabled = false

    [seven]
    turned_up_points = 0
    exchange_points = 0
    points = 0
    """
)

FOSTER = """\
    rank = "9"
    exchange_when = "any_time"
    exchange_needs_trick = true
    source = "Foster's Complete Hoyle, Sixty-six: the nine exchanged at any time, a trick won"
    """

LEADER = """\
    rank = "J"
    exchange_when = "leader_before_lead"
    source = "Schnopsn online: the jack of trumps exchanged by the player on lead, before leading"
    """


def overlay(tmp_path: Path, seven: str, extra: str = "") -> Variant:
    """The one-pack overlay of Bézique with the ``[seven]`` keys ``seven`` (and ``extra``)."""
    text = ONE_PACK + textwrap.indent(textwrap.dedent(seven) + extra, "    ")
    return load_variant(str(write(tmp_path, "low-trump.toml", text)))


def scores_for_the_low_trump(game: Game) -> list[str]:
    return [e.what for e in game.events if e.kind is EventKind.SCORE and "seven" in e.what]


# -- Foster's Sixty-six: any time, once a trick is won, no points ---------------------------
def test_foster_nine_not_exchanged_before_a_trick_is_won(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path, FOSTER), [["9H", "AC"], ["TC"]], turn_up="JH")
    assert game.to_act == 0 and "exchange 9H" not in texts(game)
    assert refused(game, "exchange 9H") == (
        "the nine of trumps is exchanged only by a player who has won a trick"
    )


def test_foster_nine_after_a_trick_any_time(tmp_path: Path) -> None:
    """Seat 0 wins a trick; later, when he follows (he need not wait for the lead), he
    exchanges the nine for the turn-up, for no points; no ``show`` is ever offered."""
    hands = [["AC", "9H", "KS"], ["TC", "AS"]]
    game = dealt(overlay(tmp_path, FOSTER), hands, turn_up="JH")
    run(game, "play AC", "play TC")
    assert (game.phase, game.to_act) == (Phase.DECLARE, 0)
    assert "exchange 9H" in texts(game) and "show 9H" not in texts(game)
    run(game, "draw", "play KS", "play AS", "draw")
    assert (game.phase, game.to_act) == (Phase.PLAY, 1)
    run(game, next(m for m in texts(game) if m.startswith("play")))
    assert game.to_act == 0 and "exchange 9H" in texts(game)
    run(game, "exchange 9H")
    assert "JH" in hand(game, 0) and "9H" not in hand(game, 0)
    view = game.view(1)
    assert view.turn_up is not None and str(view.turn_up) == "9H"
    assert scores_for_the_low_trump(game) == []  # no count for the exchange
    assert game.to_act == 0 and game.phase is Phase.PLAY  # he still has to follow


def test_foster_a_nine_not_exchanged_is_never_shown_for_no_points(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path, FOSTER), [["AC", "9H"], ["TC"]], turn_up="JH")
    run(game, "play AC", "play TC")
    assert refused(game, "show 9H") == "the nine of trumps is not shown for points in this variant"


def test_foster_too_late_once_the_turn_up_is_drawn(tmp_path: Path) -> None:
    """Random games: the nine is offered only while the turn-up is in the stock, to a seat that
    has won a trick; after the last stock card nobody may exchange."""
    variant = overlay(tmp_path, FOSTER)
    offered = 0
    for seed in range(30):
        game = Game.new(Rules(variant), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.deals_finished == 0:
            moves = texts(game)
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            won = any(e.kind is EventKind.TRICK and e.player == seat for e in game.events)
            nine = f"9{view.trump}"
            if any(m.startswith("exchange") for m in moves):
                offered += 1
                assert view.stock_size >= 1 and view.turn_up is not None and won
            if view.stock_size == 0 and won and nine in hand(game, seat):
                assert refused(game, f"exchange {nine}") == "there is no turn-up to exchange for"
            game.step(game.legal_moves()[rng.randrange(len(moves))])
    assert offered


# -- Schnapsen: the player to lead, before he plays --------------------------------------------
def test_donkey_jack_leader_only(tmp_path: Path) -> None:
    """The leader may exchange the jack before his first card, a trick won or not, and leads
    after it; the follower may not, nor the winner of a trick before drawing."""
    game = dealt(overlay(tmp_path, LEADER), [["JH", "AC"], ["TC", "JD"]], turn_up="9H")
    assert game.phase is Phase.PLAY and game.to_act == 0
    assert "exchange JH" in texts(game)
    run(game, "exchange JH")
    assert game.phase is Phase.PLAY and game.to_act == 0  # he still leads
    assert "9H" in hand(game, 0) and str(game.view(1).turn_up) == "JH"


def test_donkey_jack_not_exchanged_when_following(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path, LEADER), [["AC"], ["JH", "TC"]], turn_up="9H")
    run(game, "play AC")
    assert game.to_act == 1 and "exchange JH" not in texts(game)
    assert refused(game, "exchange JH") == (
        "the knave of trumps is exchanged only by the player to lead, before he plays"
    )


def test_donkey_jack_not_exchanged_in_the_window_after_a_trick(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path, LEADER), [["AC", "JH"], ["TC"]], turn_up="9H")
    run(game, "play AC", "play TC")
    if game.phase is Phase.DECLARE:  # a window may open for other declarations
        assert "exchange JH" not in texts(game)
        assert refused(game, "exchange JH") == (
            "the knave of trumps is exchanged only by the player to lead, before he plays"
        )
        run(game, "draw")
    assert game.phase is Phase.PLAY and game.to_act == 0 and "exchange JH" in texts(game)


# -- a minimum stock ------------------------------------------------------------------------------
def test_tjger_more_than_two_cards(tmp_path: Path) -> None:
    """With ``exchange_min_stock = 3`` the jack is exchanged only while three cards or more are
    left in the stock, the turn-up counted: never with two."""
    variant = overlay(tmp_path, LEADER, "exchange_min_stock = 3\n")
    barred = offered = 0
    for seed in range(40):
        game = Game.new(Rules(variant), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.deals_finished == 0:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            moves = texts(game)
            jack = f"J{view.trump}"
            if any(m.startswith("exchange") for m in moves):
                offered += 1
                assert view.stock_size >= 3
            elif (
                view.stock_size == 2
                and game.phase is Phase.PLAY
                and not view.trick
                and jack in hand(game, seat)
            ):
                barred += 1
                assert refused(game, f"exchange {jack}") == (
                    "the knave of trumps is exchanged only while 3 cards or more are left in "
                    "the stock, the turn-up counted (2 left)"
                )
            game.step(game.legal_moves()[rng.randrange(len(moves))])
    assert offered and barred


# -- the words ----------------------------------------------------------------------------------
def test_the_rulebook_names_the_rank(tmp_path: Path) -> None:
    page = render(overlay(tmp_path, FOSTER))
    assert "## The nine of trumps" in page and "## The seven of trumps" not in page
    assert (
        "A player holding the nine of trumps may exchange it for the turn-up at any of his "
        "turns while the stock lasts, for no points." in page
    )
    assert "He may exchange it only once he has won a trick in the deal." in page
    assert "The nine of trumps scores nothing else." in page
    leader = render(overlay(tmp_path, LEADER, "exchange_min_stock = 3\n"))
    assert "## The knave of trumps" in leader
    assert (
        "A player holding the knave of trumps may exchange it for the turn-up when it is his "
        "turn to lead, before he plays, for no points." in leader
    )
    assert (
        "He may exchange it only while three cards or more are left in the stock, the turn-up "
        "counted." in leader
    )


def test_the_seven_keeps_its_heading_and_its_show() -> None:
    page = render(shipped("bezique"))
    assert "## The seven of trumps" in page
    rules = Rules(shipped("bezique"))
    assert rules.seven is not None and rules.seven.shown and not rules.seven.lead_only
    assert rules.seven.name == "seven of trumps"
