"""Open cards (Polish bézique, Fildinski; the Britannica's "open" game): scoring cards won in
a trick are laid face up among the winner's open cards — public, never playable, and (with
``declare.sources = ["open"]``) the only cards that may form declarations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from interpreter.engine.parts import from_blocks
from interpreter.engine.state import State
from interpreter.model import Variant

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class OpenRules:
    ranks: tuple[str, ...]
    trump_ranks: tuple[str, ...]


def compile(variant: Variant) -> OpenRules | None:
    """The open cards' part of the rules (None without ``[open_cards]``)."""
    block = variant.open_cards
    return None if block is None else from_blocks(OpenRules, block)


def is_open(rules: Rules, state: State, card: int) -> bool:
    """Whether ``card``, won in a trick, becomes an open card."""
    opens = rules.open_cards
    if opens is None:
        return False
    rank = rules.rank[card]
    return rank in opens.ranks or (
        rank in opens.trump_ranks and rules.suit[card] == state.table.trump
    )


def take(rules: Rules, state: State, winner: int, cards: list[int]) -> None:
    """The won cards go to the winner's tricks; with open cards, scoring cards are laid face
    up among his open cards instead."""
    table = state.table
    if rules.open_cards is None:
        table.won[winner].extend(cards)
        return
    opened = table.opened[winner]
    for card in cards:
        if is_open(rules, state, card):
            table.open[winner].add(card)
            opened[rules.face_number[card]] += 1
        else:
            table.won[winner].append(card)


def give_up(rules: Rules, state: State, player: int, card: int) -> None:
    """``card`` leaves ``player``'s open cards (the seven of trumps exchanged)."""
    table = state.table
    table.open[player].discard(card)
    table.opened[player][rules.face_number[card]] -= 1
