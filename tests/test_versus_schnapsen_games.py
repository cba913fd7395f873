"""Game for game against the ``schnapsen`` package (issue 36): the game it plays, written as
data (the shipped ``schnapsen-platform``, an overlay of ``schnapsen``), deals the package's own
shuffles and plays every decision in lockstep with it (``tests/schnapsen_reference.py``); and a
change of any of the rules the package plays makes the two disagree within the same deals.

The package has no closing of the stock, no claim of 66, no match and no last-trick bonus:
those rules are tested against their sources elsewhere, as this comparison cannot see them.
``benchmarks/versus_schnapsen_games.py`` runs thousands of deals."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from interpreter.engine import Rules
from interpreter.loader import load_variant
from interpreter.model.serial import variant_data, variant_from_data
from tests.schnapsen_reference import PLATFORM, Difference, compare, require_package

DEALS = range(300)


@pytest.fixture(scope="module")
def platform() -> dict[str, Any]:
    require_package()
    return variant_data(load_variant(PLATFORM))


def test_every_decision_of_300_deals_agrees(platform: dict[str, Any]) -> None:
    """The package's shuffles 0..299, moves chosen from its list and from ours by turns: the
    seat to act, its hand, trumps, the turn-up, the stock, the legal moves, the scores and the
    points held after every trick, the winner, the game points and the ending all agree."""
    deals = compare(Rules(variant_from_data(platform)), DEALS)
    assert len(deals) == len(DEALS)
    assert sum(deal.decisions for deal in deals) > 4000  # some 15 decisions a deal
    moves = [move for deal in deals for move in deal.moves]
    for kind in ("declare marriage_royal", "declare marriage_common", "exchange"):
        assert any(move.startswith(kind) for move in moves), kind


# Each a rule of the package changed in ours: the comparison must tell within the same deals.
CHANGED: dict[str, tuple[str, str, Any]] = {
    "marriage points at once": ("declare", "held_until", "at_once"),
    "marriage points once a trick is won": ("declare", "held_until", "first_trick_won"),
    "the queen may be led": ("declare", "lead_rank", None),
    "no marriage once the talon is empty": ("declare", "after_stock_exhausted", False),
    "the jack exchanged after a trick won": ("seven", "exchange_when", "after_own_trick_win"),
    "the jack exchanged only above two cards": ("seven", "exchange_min_stock", 3),
    "no duty to head the trick": ("endgame", "must_head", False),
    "66 checked at the end of the deal": ("game", "win_check", "end_of_deal"),
    "a played-out deal void": ("game", "played_out", "higher_total"),
    "65 wins": ("game", "target", 65),
    "the jack counts 3": ("brisques", "values", {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 3}),
    "dealt 2, 2, 1": ("deal", "packets", [2, 2, 1]),
}


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_a_rule_changed_makes_the_engines_disagree(platform: dict[str, Any], name: str) -> None:
    table, key, value = CHANGED[name]
    data = copy.deepcopy(platform)
    if value is None:
        data[table].pop(key, None)
    else:
        data[table][key] = value
    with pytest.raises(Difference):
        compare(Rules(variant_from_data(data)), DEALS)


def test_the_schneider_step_moved_makes_them_disagree(platform: dict[str, Any]) -> None:
    data = copy.deepcopy(platform)
    data["game"]["worth"][1]["below"] = 34
    with pytest.raises(Difference, match="the game points"):
        compare(Rules(variant_from_data(data)), DEALS)
