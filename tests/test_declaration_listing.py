"""Listing every legal declaration (the sieve of ways, each check's pruning, the filling):
in fixed deals from the sources, the declarations listed are exactly those the obvious
enumeration finds (``sieve.declarations_reference``: every way of every combination filled
with every card the player could use, each filling put to the checks) and those the sources
allow, in the same order."""

from __future__ import annotations

from functools import partial

from interpreter.engine import Game, Phase, sieve, window
from tests.support import dealt, run, shipped, texts, two_singles, variant_with


def _listed(game: Game) -> list[str]:
    """The declarations of the player to declare now, checked against the obvious
    enumeration, as the move list shows them."""
    rules, state = game.rules, game._state
    seat = state.to_act
    assert game.phase is Phase.DECLARE
    allowed = partial(window.declare_problem, rules, state, seat)
    fast = sieve.declarations(rules, state, seat, allowed)
    assert fast == list(sieve.declarations_reference(rules, state, seat, allowed))
    return [t for t in texts(game) if t.startswith("declare ")]


# -- partners' declared cards ------------------------------------------------------------------
PARTNERS = [
    ["QS", "JD", "AC", "AC", "7H"],
    ["7C", "8C", "9C"],
    ["KS", "QS", "JD", "7D", "8D"],
    ["8S", "9S", "TC"],
]


def _partners(cards: str) -> Game:
    variant = variant_with("four-handed-partners", **{"reuse.partner_cards": cards})
    game = dealt(variant, PARTNERS, dealer=3, turn_up="9H")
    run(game, "play AC", "play 7C", "play 7D", "play 8S", "declare bezique QS JD", "draw")
    assert game.to_act == 2
    return game


def test_britannica_the_double_bezique_from_either_partners_hand_is_listed() -> None:
    assert _listed(_partners("either_hand_for_multi_bezique")) == [
        "declare marriage_common KS QS",
        "declare bezique QS JD",
        "declare double_bezique QS QS+1 JD JD+1",
    ]


def test_bicyclecards_a_partners_declared_card_is_listed_in_any_combination_but_a_double() -> None:
    assert _listed(_partners("partner_table")) == [
        "declare marriage_common KS QS",
        "declare marriage_common KS QS+1",
        "declare bezique QS JD",
    ]


def test_enquire_within_each_partner_declares_from_his_own_cards_alone() -> None:
    assert _listed(_partners("own_only")) == [
        "declare marriage_common KS QS",
        "declare bezique QS JD",
    ]


# -- the ledger's prunings ---------------------------------------------------------------------
def test_foster_two_singles_list_no_double_bezique() -> None:
    game = two_singles(shipped("bezique"))
    assert game.phase is Phase.DECLARE
    assert [t for t in _listed(game) if "bezique" in t] == []


def test_hoyle_four_kings_from_any_of_the_kings_held() -> None:
    """Hoyle's 'four kings' are any four kings: each choice of four of the five held, the
    two kings of clubs counted once each."""
    hands = [["KS", "KH", "KD", "KC", "KC", "AC"], ["7C", "8C"]]
    game = dealt(shipped("bezique"), hands, turn_up="9H")
    run(game, "play AC", "play 7C")
    assert _listed(game) == [
        "declare four_kings KS KH KD KC",
        "declare four_kings KS KH KC KC",
        "declare four_kings KS KD KC KC",
        "declare four_kings KH KD KC KC",
    ]


def test_laws_34_35_four_aces_listed_again_once_a_new_ace_replaces_one_played() -> None:
    hands = [["AS", "AH", "AD", "AC", "AC", "AS", "KH", "QH", "7S"], ["7C", "8C", "9C", "7D", "7H"]]
    game = dealt(shipped("rubicon"), hands, stock=[])
    run(game, "play AC", "play 7C", "declare four_aces AS AH AD AC", "draw", "play 7S", "play 7D")
    assert _listed(game) == ["declare marriage_royal KH QH"]
    run(game, "draw", "play AS*1", "play 7H")
    assert _listed(game) == ["declare marriage_royal KH QH", "declare four_aces AS AH*1 AD*1 AC*1"]
