"""An analysis: the samples ``bezique analyze`` plays, and the figures it reports.

Two samples, both reproducible by the seed and played as shards (:mod:`interpreter.scale`):

- the **sample**: ``deals`` deals between the agents given (greedy in every seat by default:
  equal players, the nearest thing to a table of people), with the detail of
  :mod:`interpreter.scale.detail`;
- the **skill sample**: a quarter as many deals in each seating, in duplicate play, greedy
  against random (the seats filled greedy, random, greedy, …): how much a better player gains,
  and how often the worse one wins a game all the same.

With a second variant (``--vs``), both variants are analysed with the same seed, and each
figure's difference (the second less the first) is given with its 95 % interval: both variants'
samples are played side by side, and the interval is paired game by game (board by board for
greedy's margin over random) where it can be (:mod:`interpreter.analytics.paired`), else of two
independent samples (:mod:`interpreter.analytics.intervals`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from interpreter.analytics.intervals import Mean, Share, mean_difference, share_difference
from interpreter.analytics.paired import PairedPlan, PairedRatio, deal_alike
from interpreter.arena.duplicate import Duplicate, seating_count
from interpreter.engine import Reason
from interpreter.model import Variant
from interpreter.model.scoring import GameFormat
from interpreter.scale.cluster import Cluster
from interpreter.scale.detail import Detail
from interpreter.scale.run import play
from interpreter.scale.shards import SHARD_DEALS, Plan
from interpreter.scale.summary import Summary

SKILL_AGENTS = ("greedy", "random")
"""The agents of the skill sample, repeated to fill the seats."""
SKILL_SHARE = 4
"""The skill sample plays ``deals / SKILL_SHARE`` deals (rounded up) in each seating."""


@dataclass(frozen=True)
class Run:
    """Where and how the samples are played: the figures depend on ``seed`` and
    ``shard_deals`` only."""

    deals: int = 1000
    seed: int = 0
    agents: tuple[str, ...] = ("greedy",)
    jobs: int = 1
    backend: str = "processes"
    cluster: Cluster = field(default_factory=Cluster)  # with the dask backend: which, and how
    shard_deals: int = SHARD_DEALS

    def total(self, variant: Variant) -> int:
        """Deals to play for one variant (for a progress bar)."""
        return self.deals + skill_deals(self.deals) * seating_count(variant)


def skill_deals(deals: int) -> int:
    return -(-deals // SKILL_SHARE)


def seated(agents: tuple[str, ...], players: int) -> tuple[str, ...]:
    return tuple(agents[seat % len(agents)] for seat in range(players))


@dataclass(frozen=True)
class Analysis:
    """The two samples of one variant."""

    variant: Variant
    sample: Summary
    skill: Summary

    @property
    def detail(self) -> Detail:
        assert self.sample.detail is not None
        return self.sample.detail

    @property
    def board(self) -> Duplicate:
        assert self.skill.duplicate is not None
        return self.skill.duplicate

    @property
    def one_deal(self) -> bool:
        return self.variant.game.format is GameFormat.SINGLE_DEAL


def sample_plan(variant: Variant, run: Run) -> Plan:
    """The main sample: ``run.deals`` deals between the agents given, with the detail."""
    players = variant.players.count
    agents = seated(run.agents, players)
    return Plan(variant, run.deals, run.seed, agents, detail=True, shard_deals=run.shard_deals)


def skill_plan(variant: Variant, run: Run) -> Plan:
    """The skill sample: greedy against random in duplicate play."""
    return Plan(
        variant,
        skill_deals(run.deals),
        run.seed,
        seated(SKILL_AGENTS, variant.players.count),
        duplicate=True,
        shard_deals=run.shard_deals,
    )


def _options(run: Run, on_progress: Callable[[int], None] | None) -> dict[str, Any]:
    return {
        "jobs": run.jobs,
        "backend": run.backend,
        "cluster": run.cluster,
        "on_progress": on_progress,
    }


def analyze(
    variant: Variant, run: Run, on_progress: Callable[[int], None] | None = None
) -> Analysis:
    """Play both samples of ``variant``."""
    options = _options(run, on_progress)
    sample = play(sample_plan(variant, run), **options)
    return Analysis(variant, sample, play(skill_plan(variant, run), **options))


def analyze_pair(
    first: Variant,
    second: Variant,
    run: Run,
    on_progress: Callable[[int], None] | None = None,
) -> tuple[Analysis, Analysis, dict[str, PairedRatio]]:
    """Both variants' samples, their main samples played side by side, shard by shard, so
    that each figure's difference is paired game by game (:mod:`interpreter.analytics.
    paired`); when the two do not deal alike (other players, deck or deal) no game of one is
    dealt as one of the other, and nothing is paired."""
    options = _options(run, on_progress)
    if not deal_alike(first, second):
        return analyze(first, run, on_progress), analyze(second, run, on_progress), {}
    both = play(PairedPlan(sample_plan(first, run), sample_plan(second, run)), **options)
    skill = play(PairedPlan(skill_plan(first, run), skill_plan(second, run)), **options)
    return (
        Analysis(first, both.a, skill.a),
        Analysis(second, both.b, skill.b),
        both.pairs | skill.pairs,
    )


@dataclass(frozen=True)
class Figure:
    """One figure of the report: ``unit`` is ``points``, ``deals`` or ``share``."""

    key: str
    label: str
    estimate: Mean | Share
    unit: str


def figures(analysis: Analysis) -> list[Figure]:
    """The headline figures of one variant, in the order they are reported."""
    detail, players = analysis.detail, analysis.variant.players.count
    rows = [
        Figure(
            "points_per_deal",
            "points a seat scores in a deal",
            Mean.of(detail.deal_totals, players),
            "points",
        ),
    ]
    if analysis.one_deal:
        summary = analysis.sample
        rows += [
            Figure(
                "game_value", "value of a game (settled)", Mean.of(summary.game_values), "points"
            ),
            Figure(
                "rubicon_rate",
                "games whose loser is rubiconed",
                Share(summary.rubicons, summary.game_values.count),
                "share",
            ),
        ]
    else:
        rows += [
            Figure("game_length", "deals in a game", Mean.of(detail.game_lengths.moments), "deals"),
            Figure(
                "decided_by_last_deal",
                "games won by a side not ahead before the last deal",
                Share(detail.comebacks, detail.races),
                "share",
            ),
        ]
    rows += [
        Figure(
            "dealer_advantage",
            "dealer's points less the others', per deal",
            Mean.of(detail.dealer_margins, max(1, players - 1)),
            "points",
        ),
        Figure(
            "first_dealer_wins",
            "games won by the first dealer's side",
            Share(detail.first_dealer_wins, detail.decided),
            "share",
        ),
        Figure(
            "skill_margin",
            "greedy's points per deal less random's (duplicate)",
            Mean.of_ratio(analysis.board.margins[0]),
            "points",
        ),
        Figure("upsets", "games won by random against greedy", _upsets(analysis), "share"),
    ]
    return rows


def even_shares(analysis: Analysis) -> dict[str, float]:
    """What the shares would be if nothing favoured anyone: the first dealer's side wins one
    game in (number of sides), and random wins its seats' share against greedy."""
    sides = len(analysis.sample.sides)
    random_sides = _random_side_count(analysis)
    return {"first_dealer_wins": 1 / sides, "upsets": random_sides / sides}


def _random_side_count(analysis: Analysis) -> int:
    board = analysis.board
    agents = analysis.skill.agents
    return sum(1 for side in board.sides if agents[side[0]] == "random")


def _upsets(analysis: Analysis) -> Share:
    """Games won by a side of random bots: every seat of a side counts its side's wins, so
    one seat per side is read."""
    board, agents = analysis.board, analysis.skill.agents
    won = sum(board.games_won[side[0]] for side in board.sides if agents[side[0]] == "random")
    return Share(won, analysis.skill.games)


_SUMS = frozenset({Reason.BRISQUES, Reason.CARD_POINTS})
"""Points scored as a sum of cards won, card by card or once at the end: they have no count."""


def sources(analysis: Analysis) -> list[dict[str, object]]:
    """Each source of points (a combination's id, or brisques, last trick, the seven, …): how
    often it scored per deal, and its share of all points, the largest share first.  Brisques
    (and card points) have no count: some variants score them card by card, others in one sum
    at the end."""
    detail, deals = analysis.detail, max(1, analysis.sample.deals)
    everything = sum(detail.points.values()) or 1
    combos = {combo.id for combo in analysis.variant.combinations}
    return [
        {
            "source": what,
            "combination": what in combos,
            "times": None if what in _SUMS else detail.times[what],
            "per_deal": None if what in _SUMS else round(detail.times[what] / deals, 4),
            "points": points,
            "share": round(points / everything, 4),
        }
        for what, points in sorted(detail.points.items(), key=lambda item: (-item[1], item[0]))
    ]


def _estimate(figure: Figure) -> dict[str, object]:
    interval = figure.estimate.interval()
    places = 4 if figure.unit == "share" else 2
    data: dict[str, object] = {
        "label": figure.label,
        "unit": figure.unit,
        "value": round(figure.estimate.value, places),
        "ci95": None if interval is None else [round(end, places) for end in interval],
    }
    if isinstance(figure.estimate, Share):
        data |= {"hits": figure.estimate.hits, "count": figure.estimate.count}
    return data


def report(analysis: Analysis) -> dict[str, object]:
    """The JSON form of one variant's analysis."""
    sample, detail = analysis.sample, analysis.detail
    data: dict[str, object] = {
        "variant": analysis.variant.name,
        "title": analysis.variant.title,
        "seed": sample.seed,
        "deals": sample.deals,
        "games": sample.games,
        "agents": list(sample.agents),
        "one_deal": analysis.one_deal,
        "figures": {figure.key: _estimate(figure) for figure in figures(analysis)},
        "even": {key: round(value, 4) for key, value in even_shares(analysis).items()},
        "deal_points": detail.deal_points.as_json(),
        "sources": sources(analysis),
        "skill": {
            "agents": list(analysis.skill.agents),
            "boards": analysis.board.boards,
            "deals": analysis.skill.deals,
            "games": analysis.skill.games,
        },
    }
    if analysis.one_deal:
        data["game_values"] = detail.game_values.as_json()
    else:
        data["game_lengths"] = detail.game_lengths.as_json()
    return data


def differences(
    a: Analysis, b: Analysis, pairs: dict[str, PairedRatio] | None = None
) -> list[dict[str, object]]:
    """Each figure the two analyses share: both values, and the second's less the first's
    with its 95 % interval: paired game by game for the figures in ``pairs``, else of two
    independent samples (Welch's for a mean, Newcombe's for a share)."""
    mine = {figure.key: figure for figure in figures(a)}
    pairs = pairs or {}
    rows = []
    for theirs in figures(b):
        first = mine.get(theirs.key)
        if first is None:
            continue
        paired = pairs.get(theirs.key)
        if isinstance(first.estimate, Share) and isinstance(theirs.estimate, Share):
            difference, interval = share_difference(first.estimate, theirs.estimate)
        elif isinstance(first.estimate, Mean) and isinstance(theirs.estimate, Mean):
            difference, interval = mean_difference(first.estimate, theirs.estimate)
        else:  # pragma: no cover - a key always has one kind of estimate
            continue
        if paired is not None:
            interval = paired.interval(difference)
        places = 4 if theirs.unit == "share" else 2
        rows.append(
            {
                "figure": theirs.key,
                "label": theirs.label,
                "unit": theirs.unit,
                "a": round(first.estimate.value, places),
                "b": round(theirs.estimate.value, places),
                "difference": round(difference, places),
                "ci95": None if interval is None else [round(end, places) for end in interval],
                "interval": "paired" if paired is not None else "independent",
            }
        )
    return rows


def comparison(
    a: Analysis, b: Analysis, pairs: dict[str, PairedRatio] | None = None
) -> dict[str, object]:
    """The JSON form of ``analyze A --vs B``."""
    return {"a": report(a), "b": report(b), "differences": differences(a, b, pairs)}


def shown(value: float, unit: str, signed: bool = False) -> str:
    """A figure as the reports write it: a share in %, deals to 2 places, points to 1; a
    difference of shares (``signed``) in percentage points, ``pp`` (from 40 % to 46 % is
    +6.0 pp, not a rise of 6 %)."""
    sign = "+" if signed else ""
    if unit == "share":
        return f"{100 * value:{sign}.1f} {'pp' if signed else '%'}"
    if unit == "deals":
        return f"{value:{sign}.2f}"
    return f"{value:{sign}.1f}"


def shown_interval(interval: tuple[float, float] | None, unit: str, signed: bool = False) -> str:
    """``low to high``, or a dash when there is no interval (fewer than two values)."""
    if interval is None:
        return "—"
    return f"{shown(interval[0], unit, signed)} to {shown(interval[1], unit, signed)}"
