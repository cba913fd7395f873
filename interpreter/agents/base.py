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

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(view.legal_moves)
