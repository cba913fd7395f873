"""The summary of a simulation: running sums that do not grow with the deals, and that merge
exactly, so that shards played anywhere add up to the figures of one run."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from interpreter.arena.duplicate import Duplicate
from interpreter.engine import Rules
from interpreter.moments import Moments
from interpreter.scale.detail import Detail


@dataclass
class Summary:
    """What a simulation measured.  Scores are points per deal, per seat.  Its size does not
    grow with the number of deals: per-deal figures are kept as running sums."""

    variant: str
    seed: int
    agents: tuple[str, ...]
    deals: int = 0
    games: int = 0
    seconds: float = 0.0
    deal_points: list[Moments] = field(default_factory=list)  # per seat: the deals' points
    game_wins: list[int] = field(default_factory=list)
    brisques: list[int] = field(default_factory=list)
    last_tricks: list[int] = field(default_factory=list)
    combinations: Counter[str] = field(default_factory=Counter)
    game_values: Moments = field(default_factory=Moments)  # one-deal games: their values
    sides: tuple[tuple[int, ...], ...] = ()  # partnerships (each seat alone otherwise)
    side_wins: list[int] = field(default_factory=list)
    rubicons: int = 0  # one-deal games in which the loser was rubiconed
    void_games: int = 0
    duplicate: Duplicate | None = None  # duplicate play: per agent and per side
    detail: Detail | None = None  # what ``bezique analyze`` measures besides

    @classmethod
    def empty(
        cls,
        variant: str,
        seed: int,
        agents: tuple[str, ...],
        rules: Rules,
        *,
        duplicate: bool = False,
        detail: bool = False,
    ) -> Summary:
        """A summary of nothing yet, sized for ``rules``."""
        n = rules.players
        return cls(
            variant,
            seed,
            agents,
            deal_points=[Moments() for _ in range(n)],
            game_wins=[0] * n,
            brisques=[0] * n,
            last_tricks=[0] * n,
            sides=rules.sides,
            side_wins=[0] * len(rules.sides),
            duplicate=Duplicate.of(rules) if duplicate else None,
            detail=Detail.of(rules) if detail else None,
        )

    def merge(self, other: Summary) -> None:
        """Add ``other``'s figures to these (a shard of the same run), exactly: every figure is
        a count or a sum of whole numbers.  Its time is not added (a run is timed whole)."""
        if (other.variant, other.agents, other.sides) != (self.variant, self.agents, self.sides):
            raise ValueError("only summaries of the same variant and agents merge")
        self.deals += other.deals
        self.games += other.games
        for mine, theirs in zip(self.deal_points, other.deal_points, strict=True):
            mine.merge(theirs)
        _add(self.game_wins, other.game_wins)
        _add(self.brisques, other.brisques)
        _add(self.last_tricks, other.last_tricks)
        self.combinations.update(other.combinations)
        self.game_values.merge(other.game_values)
        _add(self.side_wins, other.side_wins)
        self.rubicons += other.rubicons
        self.void_games += other.void_games
        if (self.duplicate is None) != (other.duplicate is None):
            raise ValueError("a duplicate summary merges only with another")
        if self.duplicate is not None and other.duplicate is not None:
            self.duplicate.merge(other.duplicate)
        if (self.detail is None) != (other.detail is None):
            raise ValueError("a detailed summary merges only with another")
        if self.detail is not None and other.detail is not None:
            self.detail.merge(other.detail)

    @property
    def mean_scores(self) -> list[float]:
        return [points.mean for points in self.deal_points]

    @property
    def sd_scores(self) -> list[float]:
        return [points.pstdev for points in self.deal_points]

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    def as_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "deals": self.deals,
            "games": self.games,
            "seed": self.seed,
            "agents": list(self.agents),
            "seconds": round(self.seconds, 4),
            "deals_per_second": round(self.deals_per_second, 1),
            "mean_scores": [round(m, 2) for m in self.mean_scores],
            "sd_scores": [round(s, 2) for s in self.sd_scores],
            "game_wins": self.game_wins,
            "brisques_per_deal": [
                round(b / self.deals, 3) if self.deals else 0.0 for b in self.brisques
            ],
            "last_tricks": self.last_tricks,
            "combinations": dict(sorted(self.combinations.items())),
            **(
                {
                    "sides": [list(side) for side in self.sides],
                    "side_mean_scores": [
                        round(sum(self.mean_scores[s] for s in side), 2) for side in self.sides
                    ],
                    "side_wins": self.side_wins,
                }
                if any(len(side) > 1 for side in self.sides)
                else {}
            ),
            **(
                {
                    "mean_game_value": round(self.game_values.mean, 1),
                    "rubicon_rate": round(self.rubicons / self.game_values.count, 4),
                    "void_games": self.void_games,
                }
                if self.game_values.count
                else {}
            ),
            **(
                {} if self.duplicate is None else {"duplicate": self.duplicate.as_json(self.agents)}
            ),
        }


def _add(totals: list[int], more: list[int]) -> None:
    for index, value in enumerate(more):
        totals[index] += value
