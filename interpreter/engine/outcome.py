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
    sides: tuple[tuple[int, ...], ...] = ()  # the partnerships, or each seat alone
    winning_side: int | None = None

    @property
    def side_scores(self) -> tuple[int, ...]:
        """Each side's combined score."""
        return tuple(sum(self.scores[seat] for seat in side) for side in self.sides)

    def __str__(self) -> str:
        scores = ", ".join(f"p{seat + 1} {score}" for seat, score in enumerate(self.scores))
        if self.winner is None:
            who = "drawn"
        elif self.winning_side is not None and len(self.sides[self.winning_side]) > 1:
            who = " and ".join(f"p{s + 1}" for s in self.sides[self.winning_side]) + " win"
        else:
            who = f"p{self.winner + 1} wins"
        if self.settlement is not None:
            return f"{who} ({scores}): {self.reason}"
        return f"{who} ({scores}) after {self.deals} deal(s): {self.reason}"
