"""Which cards form a combination: the ways of forming it under the current trumps (its
slots, jokers standing in where it allows them), whether a set of cards forms it, and the
first marriage that fixes trumps (law 41)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, assert_never

from interpreter.cards import JOKER
from interpreter.engine.combos import Combo, Shape
from interpreter.model.combinations import SuitFilter
from interpreter.model.play import TrumpMode

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


def _suits(rules: Rules, suit: SuitFilter, trump: str | None) -> list[str]:
    suits = rules.deck.suits
    match suit:
        case SuitFilter.ANY:
            return list(suits)
        case SuitFilter.TRUMP:
            return [] if trump is None else [trump]
        case SuitFilter.PLAIN:
            return [] if trump is None else [s for s in suits if s != trump]
    assert_never(suit)


def makes_trumps(rules: Rules, combo: Combo, trump: str | None) -> bool:
    """With no turn-up, the first marriage or sequence fixes trumps (law 41): while there are
    no trumps, a trump ``same_suit`` combination may be formed in any suit, and makes that suit
    trumps; its plain-suit counterpart waits (the first one is always in trumps)."""
    return (
        trump is None
        and combo.shape is Shape.SAME_SUIT
        and combo.suit is SuitFilter.TRUMP
        and rules.declare.mode is TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE
    )


def requirements(rules: Rules, combo: Combo, trump: str | None) -> list[list[tuple[str, ...]]]:
    """Alternative ways to form ``combo``: each a list of slots, a slot being the faces any of
    which may fill it.  Slots of one alternative are filled by distinct cards.  Where jokers
    may stand in, each way of putting up to ``combo.jokers`` of them in place of cards is an
    alternative of its own (at least one card is never a joker)."""
    ways = _requirements(rules, combo, trump)
    if not combo.jokers:
        return ways
    found: list[list[tuple[str, ...]]] = []
    seen: set[tuple[tuple[str, ...], ...]] = set()
    for slots in ways:
        for count in range(min(combo.jokers, len(slots) - 1) + 1):
            for places in combinations(range(len(slots)), count):
                filled = [(JOKER,) if i in places else slot for i, slot in enumerate(slots)]
                key = tuple(sorted(filled))
                if key not in seen:
                    seen.add(key)
                    found.append(filled)
    return found


def _requirements(rules: Rules, combo: Combo, trump: str | None) -> list[list[tuple[str, ...]]]:
    if makes_trumps(rules, combo, trump):
        return [[(rank + s,) for rank in combo.ranks] for s in rules.deck.suits]
    if combo.needs_trump and trump is None:
        return []
    if trump is None and not rules.declare.others_before_trumps and _trumps_may_come(rules):
        return []  # before trumps, only what fixes them (Haitian)
    match combo.shape:
        case Shape.SAME_SUIT:
            return [[(rank + s,) for rank in combo.ranks] for s in _suits(rules, combo.suit, trump)]
        case Shape.SAME_RANK:
            if combo.of == JOKER:
                return [[(JOKER,)] * combo.count]
            suits = _suits(rules, combo.suit, trump)
            if combo.distinct:  # one card of each of ``count`` suits: a way per choice of suits
                return [
                    [(combo.of + s,) for s in chosen] for chosen in combinations(suits, combo.count)
                ]
            faces = tuple(combo.of + s for s in suits)
            return [[faces] * combo.count]
        case Shape.BEZIQUE:
            pair = rules.bezique_pair(trump)
            if pair is None:
                return []
            queen: tuple[str, ...] = (pair[0],)
            jack: tuple[str, ...] = (pair[1],)
            return [[queen] * combo.count + [jack] * combo.count]
    assert_never(combo.shape)


def _trumps_may_come(rules: Rules) -> bool:
    """Trumps are fixed by a declaration (no turn-up)."""
    return rules.declare.mode is TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE


def before_trumps_problem(rules: Rules, combo: Combo, trump: str | None) -> str | None:
    """Why ``combo`` may not be declared while there are no trumps, or None."""
    if (
        trump is None
        and not rules.declare.others_before_trumps
        and _trumps_may_come(rules)
        and not makes_trumps(rules, combo, trump)
    ):
        return "no trumps are fixed yet: the first declaration must be one that fixes them"
    return None


def forms(rules: Rules, combo: Combo, trump: str | None, cards: Sequence[int]) -> bool:
    """Whether ``cards`` (distinct physical cards) form ``combo`` with ``trump`` as trumps."""
    faces = sorted(rules.face[c] for c in cards)
    for slots in requirements(rules, combo, trump):
        if len(slots) != len(faces):
            continue
        remaining = list(faces)
        for options in slots:
            hit = next((f for f in options if f in remaining), None)
            if hit is None:
                break
            remaining.remove(hit)
        else:
            return True
    return False
