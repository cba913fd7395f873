"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: final scores, the winning seat, the number of deals, and why."""

    scores: tuple[int, ...]
    winner: int | None
    deals: int
    reason: str
    deal_scores: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        scores = ", ".join(f"p{seat + 1} {score}" for seat, score in enumerate(self.scores))
        who = "drawn" if self.winner is None else f"p{self.winner + 1} wins"
        return f"{who} ({scores}) after {self.deals} deal(s): {self.reason}"
