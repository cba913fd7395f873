"""The figures a simulation gathers for ``bezique analyze`` besides its summary.

Every figure is a count, a sum of whole numbers or a :class:`~interpreter.scale.histogram.
Histogram`, so a shard's figures merge exactly into a run's, and none grows with the deals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from interpreter.engine import DealResult, Event, Outcome, Rules
from interpreter.moments import Moments
from interpreter.scale.histogram import Histogram

POINTS_WIDTH = 10
"""Points are counted in bins of 10 (every score of the shipped variants is a multiple)."""


@dataclass
class Detail:
    """Deal scores, game lengths, points by source, the dealer's advantage, the first
    dealer's wins, games decided by the last deal, and one-deal games' values."""

    players: int
    deal_points: Histogram = field(default_factory=lambda: Histogram(POINTS_WIDTH))  # a seat's
    deal_totals: Moments = field(default_factory=Moments)  # every seat's points, per deal
    dealer_margins: Moments = field(default_factory=Moments)  # per deal, times players − 1
    times: Counter[str] = field(default_factory=Counter)  # per source of points: times scored
    points: Counter[str] = field(default_factory=Counter)  # per source of points: points
    game_lengths: Histogram = field(default_factory=Histogram)  # deals per finished game
    races: int = 0  # race games finished with a winner
    comebacks: int = 0  # of them, won by a side that was not ahead before the last deal
    decided: int = 0  # finished games with a winner
    first_dealer_wins: int = 0  # of them, won by the side of the first deal's dealer
    game_values: Histogram = field(default_factory=lambda: Histogram(POINTS_WIDTH))

    @classmethod
    def of(cls, rules: Rules) -> Detail:
        return cls(players=rules.players)

    def add_deal(self, result: DealResult, scored: Sequence[Event]) -> None:
        """One finished deal, and its ``score`` events (whose points add up to the deal's)."""
        for points in result.points:
            self.deal_points.add(points)
        self.deal_totals.add(sum(result.points))
        if self.players > 1:
            self.dealer_margins.add(
                self.players * result.points[result.dealer] - sum(result.points)
            )
        for event in scored:
            what = str(event.what)  # a combination's id, or a Reason
            self.times[what] += 1
            self.points[what] += event.points

    def add_game(self, outcome: Outcome, first_dealer: int) -> None:
        """One finished game."""
        self.game_lengths.add(outcome.deals)
        if outcome.settlement is not None:
            self.game_values.add(outcome.settlement.value)
        won = outcome.winning_side
        if won is None:
            return
        self.decided += 1
        self.first_dealer_wins += first_dealer in outcome.sides[won]
        if outcome.settlement is None and outcome.deals > 1:
            self.races += 1
            before = [
                sum(sum(scores[seat] for seat in side) for scores in outcome.deal_scores[:-1])
                for side in outcome.sides
            ]
            ahead = all(before[won] > total for index, total in enumerate(before) if index != won)
            self.comebacks += not ahead

    def merge(self, other: Detail) -> None:
        if other.players != self.players:
            raise ValueError("only details of the same number of players merge")
        self.deal_points.merge(other.deal_points)
        self.deal_totals.merge(other.deal_totals)
        self.dealer_margins.merge(other.dealer_margins)
        self.times.update(other.times)
        self.points.update(other.points)
        self.game_lengths.merge(other.game_lengths)
        self.races += other.races
        self.comebacks += other.comebacks
        self.decided += other.decided
        self.first_dealer_wins += other.first_dealer_wins
        self.game_values.merge(other.game_values)

    @property
    def dealer_advantage(self) -> float:
        """The dealer's points per deal less the mean of the others'."""
        return self.dealer_margins.mean / (self.players - 1) if self.players > 1 else 0.0
