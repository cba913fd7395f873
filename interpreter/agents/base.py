"""The agent interface: an agent sees only ``PlayerView`` and returns one of its legal moves."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from interpreter.engine import Move, PlayerView
from interpreter.engine.marks import mypyc_attr


class Agent(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move:
        """One of ``view.legal_moves``."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)  # an agent of one's own may derive from it
class MovesOnly:
    """An agent that reads nothing of the view but its legal moves: it chooses among them
    (:meth:`choose_among`), and ``choose(view)`` is ``choose_among(view.legal_moves)``.  A
    simulation hands a shipped agent of this kind the legal moves without making a view at
    all (``scale.table``); it chooses the same move either way."""

    def choose(self, view: PlayerView) -> Move:
        return self.choose_among(view.legal_moves)

    def choose_among(self, moves: Sequence[Move]) -> Move:
        """One of ``moves`` (the legal moves, in their fixed order)."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent(MovesOnly):
    """Chooses uniformly among the legal moves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def choose_among(self, moves: Sequence[Move]) -> Move:
        # ``self.rng.choice(moves)``, with its two calls inlined (the same draws, so the
        # same games): a random index below len(moves), by rejection on just enough bits.
        n = len(moves)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        bits = self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return moves[r]
