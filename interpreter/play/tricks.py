"""A game record played again trick by trick, for the browser's replay viewer and the
terminal's ``bezique replay --tricks`` alike: the game just before each lead (and at the end),
with what was said since the moment before — plays, declarations, scores, each deal's
breakdown — in the words of the terminal's game.

A record names every card (it is the whole game), so every hand may be shown."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from interpreter.cards import Face
from interpreter.engine import EventKind, Game, Phase
from interpreter.model import Variant
from interpreter.play.deal_end import breakdown
from interpreter.play.screen import describe, heading
from interpreter.play.text import with_symbols
from interpreter.records import Record, split_action


def trick_by_trick(
    record: Record, variant: Variant, names: Sequence[str]
) -> Iterator[tuple[Game, list[str]]]:
    """The game before each lead of ``record`` (already checked by its replay) and the lines
    said since the one before; last, the game at its end.  The game yielded is the one played
    on: read it before asking for the next."""
    game = Game.new(variant, seed=record.seed, deal_orders=record.deals, dealer=record.dealer)
    read = 0

    def said() -> list[str]:
        nonlocal read
        lines: list[str] = []
        for event in game.events[read:]:
            if event.kind is EventKind.END_OF_DEAL:
                lines.extend(breakdown(game, event.number, names))
                continue
            actor = event.player if event.player is not None else 0
            line = describe(event, actor, names, game.rules.combo_names)
            if line:
                lines.append(line)
        read = len(game.events)
        return lines

    shown: tuple[int, int] | None = None
    for line in record.actions:
        action = split_action(line)
        if action.chance:
            continue
        view = game.view(0)
        trick = (view.deal_no, view.trick_no)
        if game.phase is Phase.PLAY and view.trick == () and trick != shown:
            shown = trick  # once a trick: a declaration on lead keeps the lead to come
            yield game, said()
        game.apply(action.text)
    yield game, said()


def tricks_text(record: Record, variant: Variant) -> Iterator[str]:
    """The lines of ``bezique replay --tricks``: before each lead, the deal, the trick, the
    scores and every hand open (with the cards declared on the table), then what the trick
    brought — plays, declarations, scores — and the deal's breakdown at its end."""
    names = seat_names(record)
    for game, lines in trick_by_trick(record, variant, names):
        yield from (with_symbols(line) for line in lines)
        if game.is_over:
            return
        view = game.view(0)
        yield ""
        yield from heading(view, names)
        for seat in range(game.players):
            hand = _faces(game.view(seat).hand)
            table = f"   table: {_faces(view.table[seat])}" if view.table[seat] else ""
            yield f"  {names[seat]}: {hand}{table}"


def _faces(cards: tuple[tuple[int, Face], ...]) -> str:
    return " ".join(face.pretty for _, face in cards) or "—"


def seat_names(record: Record) -> list[str]:
    """``p1 (expert)``: each seat by its number and who held it in the record."""
    return [f"p{seat + 1} ({who})" for seat, who in enumerate(record.seats)]


__all__ = ["seat_names", "trick_by_trick", "tricks_text"]
