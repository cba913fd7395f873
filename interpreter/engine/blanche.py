"""Carte blanche: a hand dealt without a court card (laws 15, 16, 42, 43; Hoyle's note 9).

It is declared before the player's first card and scores without winning a trick; after each
card drawn that is not a court card the player may show that card and score again, until he
draws a court card.  Per seat, ``table.blank`` is ``""`` (no carte blanche), ``eligible`` (a
blank hand not yet declared), ``claimed`` (declared, waiting for the next draw), ``again``
(a non-court card was drawn and may be shown) or ``over``.

:func:`problem` decides whether it may be declared now; the move list and the refusal of the
move both use it.  A seat is ``eligible`` or ``again`` only while it is to play in the play
phase: a hand is ``eligible`` from the deal (which the first card led follows) until its
first card, and ``again`` from a draw until its next card (every seat plays one card to each
trick, and draws one card after it).  So the status alone decides.  Foster's window, before
the first trick, is refused by the loader (``interpreter.loader.semantic.UNSUPPORTED``), as
is a carte blanche that must win a trick."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from interpreter.engine.events import EventKind, Reason
from interpreter.engine.moves import CarteBlanche, Move
from interpreter.engine.parts import from_blocks
from interpreter.engine.state import State
from interpreter.model import Variant

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class BlancheRules:
    points: int
    court_ranks: tuple[str, ...]
    repeat_on_noncourt_draw: bool


def compile(variant: Variant) -> BlancheRules | None:
    """Carte blanche's part of the rules (None without ``[carte_blanche]``)."""
    block = variant.carte_blanche
    return None if block is None else from_blocks(BlancheRules, block)


def _court(rules: Rules, card: int) -> bool:
    blank = rules.blanche
    return blank is not None and rules.rank[card] in blank.court_ranks


def after_deal(rules: Rules, state: State) -> None:
    if rules.blanche is None:
        return
    table = state.table
    for seat in range(state.players):
        if not any(_court(rules, card) for card in table.hands[seat]):
            table.blank[seat] = "eligible"


def problem(rules: Rules, state: State, player: int) -> str | None:
    """Why ``player`` may not declare carte blanche now, or None if he may."""
    if rules.blanche is None:
        return "there is no carte blanche in this variant"
    status = state.table.blank[player]
    if status == "":
        return "your hand was dealt with a court card: no carte blanche"
    if status == "over":
        return (
            "carte blanche is over: it is declared before your first card, and again only "
            "for each card drawn until a court card is drawn"
        )
    if status == "claimed":
        return "carte blanche may be shown again only for a card just drawn that is no court card"
    return None  # ``eligible`` or ``again``


def moves(rules: Rules, state: State, player: int) -> list[Move]:
    return [CarteBlanche()] if problem(rules, state, player) is None else []


def claim(rules: Rules, state: State) -> None:
    player = state.to_act
    blank = rules.blanche
    assert blank is not None
    table = state.table
    first = table.blank[player] == "eligible"
    shown = (
        sorted(table.hands[player] | table.tables[player]) if first else [table.last_drawn[player]]
    )
    table.known[player].update(c for c in shown if c in table.hands[player])
    table.public.update(shown)
    table.blank[player] = "claimed" if blank.repeat_on_noncourt_draw else "over"
    faces = tuple(rules.face[c] for c in shown)
    state.emit(EventKind.CARTE_BLANCHE, player, cards=faces, number=int(first))
    state.score(player, blank.points, Reason.CARTE_BLANCHE, number=int(first))


def after_play(state: State, player: int) -> None:
    """Playing a card ends the first window, and lapses the right to show a drawn card."""
    table = state.table
    if table.blank[player] == "eligible":
        table.blank[player] = "over"
    elif table.blank[player] == "again":
        table.blank[player] = "claimed"


def after_draw(rules: Rules, state: State, seat: int, card: int) -> None:
    table = state.table
    if table.blank[seat] != "claimed":  # ``again`` is left by the card played before a draw
        return
    if _court(rules, card):
        table.blank[seat] = "over"
    else:
        table.blank[seat] = "again"
        table.last_drawn[seat] = card
