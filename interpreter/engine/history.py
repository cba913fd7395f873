"""A game's history: the moves and the chance between them, as a seat saw them; and taking
the last move back.

The state keeps every move made (``State.log``, with how many events had happened before it)
and, for each deal, the state just before it was dealt (``State.snapshot``).  A seat's history
merges the two in the record notation (``p1 play QS``, ``p2 draws ??``); undoing goes back to
the last snapshot before the move and plays the moves since then again — the same generator
deals the same cards, so the game is again exactly what it was."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import dealing, flow
from interpreter.engine.events import KIND, Event, EventKind, as_event
from interpreter.engine.moves import Draw
from interpreter.engine.state import Snapshot, State

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

RECORDED = (EventKind.HAND, EventKind.TURN_UP, EventKind.DRAW)
"""The chance events a game record writes; the cut and the six-pack count follow from the
seed, and the rest from the moves."""


def chance_line(event: Event, seat: int | None) -> str:
    """A chance event in the record notation, as ``seat`` saw it (``??`` for unseen cards)."""
    seen = event.visible_to(seat)
    cards = " ".join(face if seen else "??" for face in event.cards)
    if event.kind is EventKind.TURN_UP:
        return f"turn-up {cards}"
    verb = "is dealt" if event.kind is EventKind.HAND else "draws"
    return f"p{(event.player or 0) + 1} {verb} {cards}"


def lines(state: State, seat: int | None) -> list[str]:
    """Every move and recorded chance event in order, as ``seat`` saw them.

    Another player's ``draw`` (ending his declaring turn) is left out of a seat's history:
    the engine draws by itself for a player with nothing to declare, so whether he said it
    would tell what he held.  The cards drawn are there either way."""
    out: list[str] = []
    events = state.events
    position = 0

    def chance_until(end: int) -> None:
        for event in events[position:end]:
            if event[KIND] in RECORDED:
                out.append(chance_line(as_event(event), seat))

    for mover, move, before in state.log:
        chance_until(before)
        position = before
        if seat is None or mover == seat or not isinstance(move, Draw):
            out.append(f"p{mover + 1} {move}")
    chance_until(len(events))
    return out


Checkpoints = dict[int, State]
"""States of a game by the number of moves made, kept while taking moves back so that the next
undo replays a few moves rather than the whole deal.  Never changed once kept."""

EVERY = 8
"""A checkpoint is kept every ``EVERY`` moves replayed."""


def before_last(rules: Rules, state: State, checkpoints: Checkpoints | None = None) -> State:
    """The state before the last move of ``state`` (which is left untouched).  ``checkpoints``
    (states of this game by moves made) are used, and added to, when given."""
    if not state.log:
        raise ValueError("there is no move to take back")
    keep = len(state.log) - 1
    snapshot = state.snapshot
    while snapshot is not None and snapshot.moves > keep:
        snapshot = snapshot.state.snapshot
    if snapshot is None:  # a resampled world begins with its deal
        raise ValueError("a world made by resample cannot take back moves before its deal")
    start = max((n for n in (checkpoints or {}) if snapshot.moves < n <= keep), default=None)
    if start is not None and checkpoints is not None:
        restored: State = checkpoints[start].copy()
    elif snapshot.kept or snapshot is state.snapshot:
        restored = _dealt_again(rules, state, snapshot)
        start = snapshot.moves
    else:  # an earlier deal, whose generator was not kept: the game again from its start
        while not snapshot.kept:
            snapshot = snapshot.state.snapshot
            assert snapshot is not None, "the first snapshot of a game keeps the generator"
        restored = _dealt_again(rules, state, snapshot)
        start = snapshot.moves
    for made in range(start, keep):
        _, move, _ = state.log[made]
        flow.do(rules, restored, move)
        if checkpoints is not None and (made + 1) % EVERY == 0 and made + 1 < keep:
            checkpoints[made + 1] = restored.copy()
    return restored


def _dealt_again(rules: Rules, state: State, snapshot: Snapshot) -> State:
    """The state of ``snapshot`` (of ``state``'s game), its deal dealt again: by the kept
    generator, or, for the deal being played, from the cards it gave (and its six-pack count),
    the generator being then as it is now (it serves only to deal)."""
    restored = snapshot.restore(state)
    if not snapshot.deals:
        return restored
    if snapshot.kept:
        dealing.deal(rules, restored)
        return restored
    if not restored.deal_orders:
        restored.deal_orders = [state.table.order[:]]
    if restored.count_override is None:
        restored.count_override = dealing.count_of(state)
    dealing.deal(rules, restored)
    restored.chance = state.chance.copy()
    restored.snapshot = snapshot  # the deal's own (its state has neither order nor count)
    return restored
