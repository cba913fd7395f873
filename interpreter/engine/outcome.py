"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from interpreter.engine.events import KIND, Ending, EventKind, as_event
from interpreter.engine.settlement import Settled
from interpreter.wording import plural

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules
    from interpreter.engine.state import State


_kind = itemgetter(KIND)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: final scores, the winning seat, the number of deals, and why."""

    scores: tuple[int, ...]
    winner: int | None
    deals: int
    ending: Ending
    deal_scores: tuple[tuple[int, ...], ...]
    settlement: Settled | None = None  # one-deal games: the value of the game (laws 56-61)
    sides: tuple[tuple[int, ...], ...] = ()  # the partnerships, or each seat alone
    winning_side: int | None = None
    target: int = 0  # the target of a race game
    game_points: int = 0  # a race game's worth, where games have one (or the match points won)
    match_points: tuple[int, ...] = ()  # a match: the game points of each side
    games: int = 1  # a match: the games played
    double_below: int = 0  # a loser under this doubles the game

    @classmethod
    def of(cls, rules: Rules, state: State) -> Outcome:
        over = as_event(next(e for e in reversed(state.events) if e[KIND] is EventKind.GAME_OVER))
        ending = Ending(over.what)
        games = 1  # only a match is won game by game
        if rules.scoring.match_target:
            games = max(1, list(map(_kind, state.events)).count(EventKind.GAME_WON))
        winning_side = state.winning_side
        if winning_side is None and state.winner is not None:
            winning_side = rules.side_of[state.winner]
        return cls(
            scores=tuple(state.scores),
            winner=state.winner,
            deals=state.deal_no,
            ending=ending,
            deal_scores=tuple(result.points for result in state.deal_results),
            settlement=state.settled,
            sides=rules.sides,
            winning_side=winning_side,
            target=rules.scoring.target,
            game_points=over.number,
            match_points=tuple(state.match_points),
            games=games,
            double_below=rules.scoring.double_below,
        )

    @property
    def side_scores(self) -> tuple[int, ...]:
        """Each side's combined score."""
        return tuple(sum(self.scores[seat] for seat in side) for side in self.sides)

    def _who(self) -> str:
        if self.winner is None:
            return "drawn"
        if self.winning_side is not None and len(self.sides[self.winning_side]) > 1:
            return " and ".join(f"p{s + 1}" for s in self.sides[self.winning_side]) + " win"
        return f"p{self.winner + 1} wins"

    @property
    def reason(self) -> str:
        """Why the game ended, in words."""
        if self.settlement is not None:
            who = "void game" if self.winner is None else f"p{self.winner + 1} wins"
            return f"{who}: {self.settlement.explanation}"
        seats = self.sides[self.winning_side] if self.winning_side is not None else ()
        who = " and ".join(f"p{seat + 1}" for seat in seats)
        verb = "reach" if len(seats) > 1 else "reaches"
        if self.ending is Ending.MATCH:
            points = "-".join(str(p) for p in self.match_points)
            return f"{who} {verb} {self.game_points} game points in {self.games} games ({points})"
        if self.ending is Ending.VOID:
            return f"a deal played out with nobody at {self.target}: void"
        tie = " on the tie-break" if self.ending is Ending.TIE_BREAK else ""
        reached = f"{verb} {self.target}{tie}"
        win = "win" if len(seats) > 1 else "wins"
        if self.ending is Ending.CLOSER_FAILED:
            reached = f"{win}: the closer did not reach {self.target} first"
        if self.ending is Ending.LAST_TRICK:
            reached = f"{win} the last trick, nobody at {self.target}"
        if self.ending is Ending.CLAIM:
            reached = f"{verb} {self.target}, claimed"
        if self.ending is Ending.FALSE_CLAIM:
            reached = f"{win}: a false claim of {self.target}"
        worth = ""
        if self.game_points:
            worth = f", a game worth {self.game_points} game point"
            if self.game_points > 1:
                worth += "s"
            if self.game_points > 1 and self.double_below:
                worth += f" (a loser under {self.double_below} pays double)"
        return f"{who} {reached}{worth}"

    def __str__(self) -> str:
        scores = ", ".join(f"p{seat + 1} {score}" for seat, score in enumerate(self.scores))
        if self.settlement is not None:  # who won is said once, before the scores
            who = "void game" if self.winner is None else self._who()
            return f"{who} ({scores}): {self.settlement.explanation}"
        return f"{self._who()} ({scores}) after {plural(self.deals, 'deal')}: {self.reason}"
