"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.engine.settlement import Settled


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: final scores, the winning seat, the number of deals, and why."""

    scores: tuple[int, ...]
    winner: int | None
    deals: int
    reason: str
    deal_scores: tuple[tuple[int, ...], ...]
    settlement: Settled | None = None  # one-deal games: the value of the game (laws 56-61)

    def __str__(self) -> str:
        scores = ", ".join(f"p{seat + 1} {score}" for seat, score in enumerate(self.scores))
        who = "drawn" if self.winner is None else f"p{self.winner + 1} wins"
        if self.settlement is not None:
            return f"{who} ({scores}): {self.reason}"
        return f"{who} ({scores}) after {self.deals} deal(s): {self.reason}"
