"""The agent interface: an agent sees only ``PlayerView`` and returns one of its legal moves."""

from __future__ import annotations

import random
from typing import Protocol

from interpreter.engine import Move, PlayerView


class Agent(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move:
        """One of ``view.legal_moves``."""
        ...


class RandomAgent:
    """Chooses uniformly among the legal moves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def choose(self, view: PlayerView) -> Move:
        # ``self.rng.choice(moves)``, with its two calls inlined (the same draws, so the
        # same games): a random index below len(moves), by rejection on just enough bits.
        moves = view.legal_moves
        n = len(moves)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        bits = self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return moves[r]
