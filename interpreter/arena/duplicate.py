"""Duplicate play: each deal dealt once per seating, so that the luck of the cards cancels.

The agents given for the seats are the *entrants*, named by the seat they take in the first
seating (``p1``'s agent, ``p2``'s agent, …).  A *board* is one game seed, that is one deck
sequence: the same cut, the same shuffles, deal after deal.  It is played once per *seating*:
with two sides (two players, or two partnerships) the entrants swap sides; with three or four
players playing alone they rotate one seat to the left each time (p1's agent moves to p2, and
so on), so that each entrant holds every seat's cards once.  Partners stay together and keep
their order within the side.

A board is a whole game.  In a one-deal game (Rubicon, six-pack, eight-pack) it is one deal
played once per seating.  In a race to a target over several deals, each seating plays the
whole game from the same seed: the deals come from the same deck sequence, in order, but the
games may run to different numbers of deals (the race ends when someone reaches the target),
and every deal played counts.  Boards are never cut short: a run of N deals plays boards until
the seatings have played N deals each on average, which in a race game may be a few more.

The comparison (:mod:`interpreter.arena.paired`) is per board: each entrant's points in all
the board's seatings, less the mean of the other entrants', per deal; and the same for sides
in a partnership game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from interpreter.arena.paired import Ratio, margins
from interpreter.engine import Game, Rules
from interpreter.model import Variant


def seatings(rules: Rules) -> list[tuple[int, ...]]:
    """For each seating, the entrant in each seat: the first seats every entrant in its own
    seat, each next one moves every side's agents to the next side."""
    sides = rules.sides
    if len({len(side) for side in sides}) != 1:  # never with the shipped rules
        raise ValueError("duplicate play needs sides of equal size")
    result = []
    for shift in range(len(sides)):
        seated = [0] * rules.players
        for index, side in enumerate(sides):
            source = sides[(index - shift) % len(sides)]
            for seat, coming in zip(side, source, strict=True):
                seated[seat] = coming
        result.append(tuple(seated))
    return result


def seating_count(variant: Variant) -> int:
    """How many times duplicate play deals each board: once per side."""
    return len(Rules(variant).sides)


@dataclass(frozen=True)
class Board:
    """One board's result: each entrant's points over every seating, and the deals played in
    them all (each seat plays every deal)."""

    points: tuple[int, ...]
    deals: int


@dataclass
class Duplicate:
    """What duplicate play measured, per entrant and per side, as running sums: its size does
    not grow with the boards."""

    seatings: int
    sides: tuple[tuple[int, ...], ...]  # the entrants of each side (the first seating's seats)
    boards: int = 0
    deals: int = 0  # deals played, in every seating
    points: list[int] = field(default_factory=list)  # per entrant
    games_won: list[int] = field(default_factory=list)  # per entrant
    margins: list[Ratio] = field(default_factory=list)  # per entrant
    side_points: list[int] = field(default_factory=list)
    side_margins: list[Ratio] = field(default_factory=list)

    @classmethod
    def of(cls, rules: Rules) -> Duplicate:
        n, sides = rules.players, rules.sides
        return cls(
            seatings=len(sides),
            sides=sides,
            points=[0] * n,
            games_won=[0] * n,
            margins=[Ratio() for _ in range(n)],
            side_points=[0] * len(sides),
            side_margins=[Ratio() for _ in sides],
        )

    @property
    def partnerships(self) -> bool:
        return any(len(side) > 1 for side in self.sides)

    def add_board(self, games: list[tuple[tuple[int, ...], Game]]) -> Board:
        """Count one board: each seating (the entrant in each seat) with its finished game."""
        totals = [0] * len(self.points)
        deals = 0
        for seated, game in games:
            results = game.deal_results
            deals += len(results)
            for seat, who in enumerate(seated):
                totals[who] += sum(result.points[seat] for result in results)
            outcome = game.outcome
            if outcome is not None and outcome.winning_side is not None:
                for seat in outcome.sides[outcome.winning_side]:
                    self.games_won[seated[seat]] += 1
        self.boards += 1
        self.deals += deals
        for who, margin in enumerate(margins(totals)):
            self.points[who] += totals[who]
            self.margins[who].add(margin, (len(totals) - 1) * deals)
        side_totals = [sum(totals[who] for who in side) for side in self.sides]
        for index, margin in enumerate(margins(side_totals)):
            self.side_points[index] += side_totals[index]
            self.side_margins[index].add(margin, (len(side_totals) - 1) * deals)
        return Board(tuple(totals), deals)

    def merge(self, other: Duplicate) -> None:
        """Add ``other``'s boards to these (a shard of the same run): sums of whole numbers."""
        if (other.seatings, other.sides) != (self.seatings, self.sides):
            raise ValueError("only duplicate summaries of the same seatings merge")
        self.boards += other.boards
        self.deals += other.deals
        for index in range(len(self.points)):
            self.points[index] += other.points[index]
            self.games_won[index] += other.games_won[index]
            self.margins[index].merge(other.margins[index])
        for index in range(len(self.side_points)):
            self.side_points[index] += other.side_points[index]
            self.side_margins[index].merge(other.side_margins[index])

    def per_deal(self, points: int) -> float:
        """Points per deal played (by one seat, in every seating)."""
        return points / self.deals if self.deals else 0.0

    def as_json(self, agents: tuple[str, ...]) -> dict[str, object]:
        data: dict[str, object] = {
            "boards": self.boards,
            "seatings": self.seatings,
            "deals": self.deals,
            "agents": [
                {
                    "agent": agent,
                    "first_seat": f"p{who + 1}",
                    "points_per_deal": round(self.per_deal(self.points[who]), 2),
                    "games_won": self.games_won[who],
                    **_difference(self.margins[who]),
                }
                for who, agent in enumerate(agents)
            ],
        }
        if self.partnerships:
            data["sides"] = [
                {
                    "first_seats": [f"p{who + 1}" for who in side],
                    "agents": [agents[who] for who in side],
                    "points_per_deal": round(self.per_deal(self.side_points[index]), 2),
                    **_difference(self.side_margins[index]),
                }
                for index, side in enumerate(self.sides)
            ]
        return data


def _difference(ratio: Ratio) -> dict[str, object]:
    interval = ratio.interval()
    return {
        "difference": round(ratio.mean, 2),
        "ci95": None if interval is None else [round(interval[0], 2), round(interval[1], 2)],
    }
