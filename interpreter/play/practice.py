"""Taking a move back in a practice game (the terminal's ``undo``, the browser's Undo): what
may be taken back, in one place for both.

A move is taken back with the bots' replies to it, but never across a card it let the person
see (a card drawn, a new hand, a card turned up): the person would know what is to come, and
play it again knowing it.  A game with a move taken back is a practice game: its record says
so, and its deals are not rated (:mod:`interpreter.rating`)."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import Event, EventKind

SEEN = (
    "a card was shown to you since (a draw): the move stays, or you would make it again "
    "knowing that card"
)
"""Why a move cannot be taken back once a card it led to was shown."""


def showed_a_card(events: Sequence[Event], since: int, seat: int) -> bool:
    """Whether ``events`` from number ``since`` on showed ``seat`` a card dealt by chance
    (a draw, a hand, a card turned up) that it had not seen."""
    return any(
        event.kind is not EventKind.CUT and event.chance and event.cards and event.visible_to(seat)
        for event in events[since:]
    )
