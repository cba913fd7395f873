"""Play many deals between bots and summarise them; with ``duplicate``, each deal once per
seating of the agents (:mod:`interpreter.arena.duplicate`)."""

from __future__ import annotations

import bisect
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter

from interpreter.agents import Agent
from interpreter.arena.duplicate import Board, Duplicate, seatings
from interpreter.arena.entrants import Entrant, checked, entrant
from interpreter.arena.hooks import Listeners
from interpreter.engine import EventKind, Game, Reason, Rules
from interpreter.model import Variant
from interpreter.moments import Moments
from interpreter.records import Record, Recorder


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


def simulate(
    variant: Variant,
    deals: int,
    *,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("random", "random"),
    duplicate: bool = False,
    on_board: Callable[[Board], None] | None = None,
    on_deal: Callable[[], None] | None = None,
    on_record: Callable[[Record], None] | None = None,
    embed_variant: bool = False,
) -> Summary:
    """Play whole games until ``deals`` deals have been played; an unfinished last game counts
    for its deals but not as a game.  ``agents``: one per seat, each a shipped bot's name, a
    ``module:Class`` from outside the project, or an agent object.  With ``duplicate``, each
    game seed is played once per seating of the agents (a board), boards are whole, and
    ``deals`` deals are played in each seating; ``on_board`` is handed each board's result.
    Reproducible by ``seed``.  With
    ``on_record``, each finished game is handed over as a game record (embedding the variant if
    asked)."""
    rules = Rules(variant)
    n = rules.players
    if len(agents) != n:
        raise ValueError(f"{variant.name} has {n} players: give {n} agents, got {len(agents)}")
    entrants = [entrant(agent) for agent in agents]
    summary = Summary(variant.name, seed, tuple(e.label for e in entrants))
    summary.deal_points = [Moments() for _ in range(n)]
    summary.game_wins = [0] * n
    summary.brisques = [0] * n
    summary.last_tricks = [0] * n
    summary.sides = rules.sides
    summary.side_wins = [0] * len(rules.sides)
    table = _Table(summary, rules, on_deal, on_record, embed_variant)
    seeds = random.Random(seed)
    started = time.perf_counter()
    if duplicate:
        summary.duplicate = board = Duplicate.of(rules)
        orders = seatings(rules)
        while board.deals < deals * len(orders):
            game_seed = seeds.getrandbits(63)
            agent_seeds = [seeds.getrandbits(63) for _ in entrants]
            games = []
            for number, seated in enumerate(orders):
                who = [entrants[e] for e in seated]
                bots = [entrants[e].make(rules, agent_seeds[e]) for e in seated]
                note = f"board {board.boards + 1}, seating {number + 1} of {len(orders)}"
                games.append((seated, table.play(game_seed, who, bots, None, note)))
            result = board.add_board(games)
            if on_board is not None:
                on_board(result)
    else:
        while summary.deals < deals:
            game_seed = seeds.getrandbits(63)
            bots = [e.make(rules, seeds.getrandbits(63)) for e in entrants]
            table.play(game_seed, entrants, bots, deals, "")
    summary.seconds = time.perf_counter() - started
    return summary


class _Table:
    """Plays the games of a simulation into its summary."""

    def __init__(
        self,
        summary: Summary,
        rules: Rules,
        on_deal: Callable[[], None] | None,
        on_record: Callable[[Record], None] | None,
        embed: bool,
    ) -> None:
        self.summary, self.rules = summary, rules
        self.on_deal, self.on_record, self.embed = on_deal, on_record, embed

    def play(
        self,
        game_seed: int,
        entrants: Sequence[Entrant],
        bots: Sequence[Agent],
        limit: int | None,
        note: str,
    ) -> Game:
        """One game, until it is over or ``limit`` deals of the summary have been played; a
        finished game is counted and recorded (``note`` said in its record)."""
        summary, on_deal, on_record = self.summary, self.on_deal, self.on_record
        game = Game.new(self.rules, seed=game_seed)
        recorder = None
        if on_record is not None:
            recorder = Recorder(
                game,
                variant_name=summary.variant,
                seats=[e.label for e in entrants],
                seed=game_seed,
                embed=self.embed,
            )
        step = game.step if recorder is None else recorder.step
        view = game.view
        choose = [
            bot.choose if e.trusted else checked(bot, e.label)
            for e, bot in zip(entrants, bots, strict=True)
        ]
        listeners = Listeners(game, bots)
        hooked = bool(listeners)
        if hooked:
            listeners.tell()
        counted = scanned = 0
        while limit is None or summary.deals < limit:
            seat = game.to_act
            if seat is None:  # the game is over
                break
            step(choose[seat](view(seat)))
            if hooked:
                listeners.tell()
            while counted < game.deals_finished:
                scanned = _count_deal(summary, game, counted, scanned)
                counted += 1
                if on_deal is not None:
                    on_deal()
        if game.is_over:
            summary.games += 1
            if recorder is not None and on_record is not None:
                record = recorder.record()
                if note:
                    record.meta["duplicate"] = note
                on_record(record)
            _count_game(summary, game)
        return game


def _count_game(summary: Summary, game: Game) -> None:
    outcome = game.outcome
    if outcome is not None and outcome.winning_side is not None:
        summary.side_wins[outcome.winning_side] += 1
        for seat in outcome.sides[outcome.winning_side]:  # partners win together
            summary.game_wins[seat] += 1
    if outcome is not None and outcome.settlement is not None:
        summary.game_values.add(outcome.settlement.value)
        summary.rubicons += outcome.settlement.rubiconed
        summary.void_games += outcome.settlement.void


_SEVENS = frozenset((Reason.SEVEN, Reason.SEVEN_EXCHANGE, Reason.SEVEN_TURNED_UP))
_deal_of, _kind_of, _what_of = attrgetter("deal"), attrgetter("kind"), attrgetter("what")
_DECLARE, _SCORE = EventKind.DECLARE, EventKind.SCORE


def _count_deal(summary: Summary, game: Game, index: int, start: int) -> int:
    """Count one finished deal; events are read from ``start`` on, and the position after
    this deal's events is returned, so that each event is read once."""
    result = game.deal_results[index]
    summary.deals += 1
    for seat, points in enumerate(result.points):
        summary.deal_points[seat].add(points)
        summary.brisques[seat] += result.brisques[seat]
    if result.last_trick is not None:
        summary.last_tricks[result.last_trick] += 1
    # The deal's events, up to the first of the next deal (events come in deal order), and of
    # them the combinations declared and the sevens scored: filtered in C, not event by event.
    events = game.events_since(start)
    deal = result.deal
    end = bisect.bisect_right(events, deal, key=_deal_of)
    events = events[bisect.bisect_left(events, deal, 0, end, key=_deal_of) : end]
    kinds = list(map(_kind_of, events))
    summary.combinations.update(map(_what_of, compress(events, map(_DECLARE.__eq__, kinds))))
    scored = map(_what_of, compress(events, map(_SCORE.__eq__, kinds)))
    summary.combinations.update(filter(_SEVENS.__contains__, scored))
    return start + end
