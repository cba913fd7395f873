"""The part of a player's view that every view is made with (``engine.view``): the game it
reads, whose view it is, and what the table sees of the declarations.

:class:`PlayerView` stays pure Python, since it keeps the fields read so far in its instance
dictionary; it derives from :class:`Sight`, which the compiled build compiles, so that making
a view at every decision runs no interpreted code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from interpreter.cards import Face
from interpreter.engine.marks import mypyc_attr
from interpreter.engine.moves import Move
from interpreter.engine.state import State

if TYPE_CHECKING:
    from interpreter.engine.game import Game
    from interpreter.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class PublicEntry:
    """A declaration as the table sees it."""

    no: int
    combo: str
    faces: tuple[Face, ...]
    points: int
    scored: bool
    lost: bool = False  # shown 'to score' and lost since (laws 46–48); it still bars


Entries = tuple[tuple[PublicEntry, ...], ...]


class Source(Protocol):
    """What a view reads: a game (or a bare state, for resampling)."""

    rules: Rules
    _state: State

    def legal_moves(self) -> list[Move]: ...
    def _public_entries(self) -> Entries: ...
    def resample(self, seat: int, rng: random.Random | None = None) -> Game: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class Sight:
    """Whose view, of which game (None once the view is frozen: it has read everything)."""

    def __init__(self, source: Source, player: int) -> None:
        self._source: Source | None = source
        self._rules: Rules = source.rules
        self.player = player
        self.players = source.rules.players
