"""A game record as a replay viewer shows it: checked by the record's own replay
(:func:`interpreter.records.replay`, every action and claim), then played again to give one
frame per trick — the table, every hand open, just before each lead — and a last frame for the
end.

A record names every card (it is the whole game), so a frame shows every hand."""

from __future__ import annotations

from interpreter.engine import Game
from interpreter.loader import load_variant
from interpreter.model import Variant
from interpreter.play.deal_end import game_over
from interpreter.play.tricks import seat_names, trick_by_trick
from interpreter.records import Record, parse, record_variant, replay
from interpreter.web.views import Json, entry_json, faces

MOST_FRAMES = 5000
"""More frames than any game of a shipped variant has tricks (a record is at most 2 MiB)."""


def record_frames(text: str, shown: str = "record.toml") -> Json:
    """The frames of the record ``text``; ``RecordError`` says what is wrong with it, at its
    line.  Its variant must be embedded in it or shipped: a record from elsewhere names no
    file to read."""
    record = parse(text, shown)
    variant = record_variant(record, _shipped)
    game = replay(record, variant)
    names = seat_names(record)
    return {
        "variant": {"name": record.variant, "title": variant.title},
        "seats": record.seats,
        "frames": _frames(record, variant, names),
        "outcome": game_over(game, names) if game.is_over else [],
    }


def _shipped(name: str) -> Variant:
    """The variant a record names: only a shipped name reaches here (no folder is given)."""
    return load_variant(name, trusted=False)


def _frames(record: Record, variant: Variant, names: list[str]) -> list[Json]:
    """A frame per trick, at most ``MOST_FRAMES`` of them and the end's; what was said in the
    tricks beyond goes into the end's."""
    frames: list[Json] = []
    held: list[str] = []
    skipped = False
    for game, lines in trick_by_trick(record, variant, names):
        held += lines
        skipped = len(frames) >= MOST_FRAMES
        if not skipped:
            frames.append(_frame(game, held))
            held = []
    if skipped:
        frames.append(_frame(game, held))
    return frames


def _frame(game: Game, lines: list[str]) -> Json:
    views = [game.view(seat) for seat in range(game.players)]
    view = views[0]
    combos = game.rules.combo_names
    return {
        "deal": view.deal_no,
        "trick_no": view.trick_no,
        "trump": view.trump,
        "turn_up": None if view.turn_up is None else str(view.turn_up),
        "stock": view.stock_size,
        "hands": [faces(v.hand) for v in views],
        "tables": [faces(cards) for cards in view.table],
        "open": [faces(cards) for cards in view.open],
        "entries": [[entry_json(e, combos) for e in entries] for entries in view.entries],
        "last_trick": [{"seat": s, "card": str(face)} for s, face in view.last_trick],
        "last_trick_winner": view.last_trick_winner,
        "scores": list(view.scores),
        "deal_points": list(view.deal_points),
        "lines": lines,
        "over": game.is_over,
    }
