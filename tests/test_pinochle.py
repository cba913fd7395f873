"""Two-handed Pinochle (the shipped ``pinochle``) and its counters overlay: what it shares with
Bézique and where it differs.

The Britannica (11th ed., 1911), 'Pinochle': "four aces of different suits, 100 ... four
knaves of different suits, 40"; "The nine counts nothing unless it be turned for trumps, when
it scores 10. The last trick scores 10"; the cards "ace 11, ten 10, king 4, queen 3, knave 2";
single pinochle: "each player receives twelve cards, four at a time, the twenty-fifth being
turned up beside the stock for trumps"."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import EventKind, Game, Reason
from interpreter.loader import VariantError, load_variant
from interpreter.rulebook import render
from tests.support import dealt, refused, run, shipped, texts, write

ACES_OF_THREE_SUITS = ["AS", "AS", "AH", "AD", "9C", "9C", "JC", "QC", "KH", "JS", "JS", "9H"]
ACES_OF_FOUR_SUITS = ["AS", "AH", "AD", "AC", "9C", "9C", "JC", "QC", "KH", "JS", "JS", "9H"]
THEIRS = ["TS", "TH", "TD", "TC", "KD", "KD", "QD", "QD", "JD", "JD", "9D", "9D"]


def after_a_trick(hand: list[str]) -> Game:
    """The game after p1 (seat 0) has won the first trick: trumps hearts, his nine of clubs
    led and p2's nine of diamonds thrown to it."""
    game = dealt(shipped("pinochle"), [hand, THEIRS], turn_up="QH")
    run(game, "play 9C", "play 9D")  # trumps hearts: the leader's nine of clubs wins
    return game


def test_four_aces_must_be_of_four_different_suits() -> None:
    game = after_a_trick(ACES_OF_THREE_SUITS)
    assert game.to_act == 0 and not [m for m in texts(game) if "four_aces" in m]
    assert (
        refused(game, "declare four_aces AS AS AH AD") == "A♠, A♠, A♥ and A♦ do not form four aces"
    )
    game = after_a_trick(ACES_OF_FOUR_SUITS)
    assert "declare four_aces AS AH AD AC" in texts(game)
    run(game, "declare four_aces AS AH AD AC")
    assert game.scores[0] == 100


def test_bezique_four_aces_may_share_a_suit() -> None:
    """The same hand at Bézique (Hoyle: 'of any suits'): the four aces of three suits count."""
    game = dealt(
        shipped("bezique"),
        [ACES_OF_THREE_SUITS[:8], ["TS", "TH", "TD", "TC", "KD", "KD", "QD", "QD"]],
        turn_up="QH",
    )
    run(game, "play 9C", "play QD")
    assert any(m.startswith("declare four_aces") for m in texts(game))


def test_the_dix_turned_up_scores_ten_for_the_dealer() -> None:
    game = dealt(shipped("pinochle"), [ACES_OF_FOUR_SUITS, THEIRS], turn_up="9S")
    turned = [
        e for e in game.events if e.kind is EventKind.SCORE and e.what == Reason.SEVEN_TURNED_UP
    ]
    assert [(e.player, e.points) for e in turned] == [(1, 10)]


def test_card_points_are_counted_when_the_hand_is_over() -> None:
    """No card points while the deal is played; at its end each player's cards won count
    11, 10, 4, 3, 2 (240 in all), and the last trick 10."""
    game = Game.new(shipped("pinochle"), seed=3)
    rng = random.Random(3)
    while game.deals_finished == 0:
        game.step(rng.choice(game.legal_moves()))
    events = game.events
    end = next(i for i, e in enumerate(events) if e.kind is EventKind.END_OF_DEAL)
    counted = [
        e for e in events[:end] if e.kind is EventKind.SCORE and e.what == Reason.CARD_POINTS
    ]
    last_trick = max(i for i, e in enumerate(events[:end]) if e.kind is EventKind.TRICK)
    assert counted and all(events.index(e) > last_trick for e in counted)
    assert sum(e.points for e in counted) == 240


def test_counters_count_aces_tens_and_kings_ten_each() -> None:
    game = Game.new(shipped("pinochle-counters"), seed=3)
    rng = random.Random(3)
    while game.deals_finished == 0:
        game.step(rng.choice(game.legal_moves()))
    counted = [e for e in game.events if e.kind is EventKind.SCORE and e.what == Reason.CARD_POINTS]
    assert sum(e.points for e in counted) == 240  # 24 counters
    assert all(event.points == 10 * event.number for event in counted)  # ten a counter


def test_the_rulebook_says_of_different_suits() -> None:
    text = render(shipped("pinochle"))
    assert "4 aces of different suits" in text
    assert "4 aces of any suits" in render(shipped("bezique"))


@pytest.mark.parametrize(
    ("combo", "message"),
    [
        ('of = "A"\ncount = 5', "5 cards of different suits: the deck has 4 suits"),
        ('of = "JK"\ncount = 4', "jokers have no suit: they cannot be of different suits"),
    ],
)
def test_different_suits_are_checked_when_loaded(tmp_path: Path, combo: str, message: str) -> None:
    text = (
        'extends = "pinochle"\nname = "fives"\n\n[[combinations]]\nid = "five"\n'
        f'shape = "same_rank"\n{combo}\ndistinct_suits = true\nclass = "fours"\npoints = 10\n'
    )
    with pytest.raises(VariantError) as error:
        load_variant(str(write(tmp_path, "fives.toml", text)))
    assert f"distinct_suits: {message}" in str(error.value)
