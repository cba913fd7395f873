"""Two variants played on the same cards, game by game: the paired differences of
``bezique analyze A --vs B``.

Both variants' samples come from the same seed, and shard ``k`` of each draws the same game
seeds and bots' seeds in the same order (:mod:`interpreter.scale.shards`): game ``j`` of shard
``k`` is cut and dealt alike in both, deal after deal, as long as the two variants draw their
chance alike (the same deck and players).  A house rule changes what is made of the same cards,
so a figure's difference is measured game by game, and most of the luck of the cards cancels:
the interval of the difference is the paired one, far narrower than that of two independent
samples.

Each figure is a ratio of sums over games, Σy / Σd (points over seat-deals, deals over finished
games, a game's value over games settled); for each pair of games both ``(y, d)`` are kept as
exact running sums (:class:`PairedRatio`), and the variance of the difference of the two ratios
comes from the first-order (delta) method over the pairs, as :mod:`interpreter.arena.paired`
does for one ratio.  A shard's pairs are its games in the order played; a rule that lengthens
the games fits fewer into the shard's deals, and a game without a partner is paired with
nothing, ``(0, 0)``, so that the pairs' sums are exactly the samples' and the interval is that
of the difference reported.  Nothing is kept once a shard is counted, so the memory of a run
does not grow with its deals.

Pairing needs the two variants to deal alike (the same players, deck and deal,
:func:`deal_alike`); otherwise the samples are compared as independent ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import zip_longest

from interpreter.arena.duplicate import Board
from interpreter.arena.paired import margins, t_quantile
from interpreter.engine import Game, Rules
from interpreter.model import Variant
from interpreter.scale.detail import Detail
from interpreter.scale.shards import Plan
from interpreter.scale.summary import Summary

PAIRED = ("points_per_deal", "game_length", "game_value", "dealer_advantage")
"""The means of :func:`interpreter.analytics.report.figures` measured on the main samples, whose
differences are paired game by game.  The shares (games decided by the last deal, rubicons, the
first dealer's wins) are not: a paired share moves only with the few games whose outcome the
rule changes, and a *t* interval over them is no good near 0 or 100 %; Newcombe's interval of
independent samples is kept for them."""
BOARD_PAIRED = ("skill_margin",)
"""The figure of the skill samples paired board by board (the games won by random are left
independent: a board does not say who won its games)."""


@dataclass(slots=True)
class PairedRatio:
    """Over pairs of games, the sums of ``y`` and ``d`` of each variant (``a``, ``b``) and of
    their products two by two: exact, mergeable, of constant size."""

    pairs: int = 0
    ya: int = 0
    da: int = 0
    yb: int = 0
    db: int = 0
    ya_ya: int = 0
    da_da: int = 0
    ya_da: int = 0
    yb_yb: int = 0
    db_db: int = 0
    yb_db: int = 0
    ya_yb: int = 0
    ya_db: int = 0
    da_yb: int = 0
    da_db: int = 0

    def add(self, ya: int, da: int, yb: int, db: int) -> None:
        self.pairs += 1
        self.ya += ya
        self.da += da
        self.yb += yb
        self.db += db
        self.ya_ya += ya * ya
        self.da_da += da * da
        self.ya_da += ya * da
        self.yb_yb += yb * yb
        self.db_db += db * db
        self.yb_db += yb * db
        self.ya_yb += ya * yb
        self.ya_db += ya * db
        self.da_yb += da * yb
        self.da_db += da * db

    def merge(self, other: PairedRatio) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def difference(self) -> float:
        """Σyb/Σdb − Σya/Σda over the pairs."""
        if not self.da or not self.db:
            return 0.0
        return float(Fraction(self.yb, self.db) - Fraction(self.ya, self.da))

    @property
    def standard_error(self) -> float | None:
        """The standard error of :attr:`difference`; None with fewer than two pairs or a
        ratio without a denominator."""
        n = self.pairs
        if n < 2 or not self.da or not self.db:
            return None
        ra, rb = Fraction(self.ya, self.da), Fraction(self.yb, self.db)
        # The residuals u = yb − Rb·db and v = ya − Ra·da of each pair, squared and crossed.
        uu = self.yb_yb - 2 * rb * self.yb_db + rb * rb * self.db_db
        vv = self.ya_ya - 2 * ra * self.ya_da + ra * ra * self.da_da
        uv = self.ya_yb - ra * self.da_yb - rb * self.ya_db + ra * rb * self.da_db
        mean_da, mean_db = Fraction(self.da, n), Fraction(self.db, n)
        zz = uu / mean_db**2 + vv / mean_da**2 - 2 * uv / (mean_da * mean_db)
        return math.sqrt(max(Fraction(0), zz / (n * (n - 1))))

    def interval(self, centre: float) -> tuple[float, float] | None:
        """The 95 % interval of a difference measured as ``centre`` (the figures' difference
        over the whole samples, which is the pairs' own: every game is in a pair)."""
        error = self.standard_error
        if error is None:
            return None
        half = t_quantile(self.pairs - 1) * error
        return (centre - half, centre + half)


def deal_alike(a: Variant, b: Variant) -> bool:
    """Whether game ``j`` of each variant is dealt the same cards from the same seed: the same
    players, the same deck (every card in the same place) and the same deal."""
    return (
        a.players == b.players
        and Rules(a).face == Rules(b).face
        and a.deal.model_dump() == b.deal.model_dump()
    )


def game_figures(game: Game) -> tuple[tuple[int, int], ...]:
    """``(y, d)`` of each figure of :data:`PAIRED` for one game (finished, or cut short at
    the end of its shard: then its deals count, as they do in the sample)."""
    detail = Detail(players=game.players)
    results = game.deal_results
    for result in results:
        detail.add_deal(result, ())
    outcome = game.outcome
    if outcome is not None and results:
        detail.add_game(outcome, results[0].dealer)
    settled = outcome.settlement if outcome is not None else None
    deals, players = detail.deal_totals.count, game.players
    return (
        (detail.deal_totals.total, deals * players),
        (detail.game_lengths.moments.total, detail.game_lengths.count),
        (0 if settled is None else settled.value, int(settled is not None)),
        (detail.dealer_margins.total, deals * max(1, players - 1)),
    )


def board_figures(board: Board) -> tuple[tuple[int, int], ...]:
    """``(y, d)`` of each figure of :data:`BOARD_PAIRED` for one board: the first entrant's
    points less the others' mean over the board, per deal (scaled to whole numbers as
    :class:`~interpreter.arena.duplicate.Duplicate` counts them)."""
    totals = list(board.points)
    return ((margins(totals)[0], (len(totals) - 1) * board.deals),)


@dataclass
class PairedSummary:
    """What two variants' shards give: each variant's summary, and the figures' pairs."""

    a: Summary
    b: Summary
    pairs: dict[str, PairedRatio] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def deals(self) -> int:
        return self.a.deals + self.b.deals

    def merge(self, other: PairedSummary) -> None:
        self.a.merge(other.a)
        self.b.merge(other.b)
        for key, pair in other.pairs.items():
            self.pairs.setdefault(key, PairedRatio()).merge(pair)


@dataclass(frozen=True)
class PairedPlan:
    """Two plans of the same seed, deals and shards, played shard by shard side by side."""

    a: Plan
    b: Plan

    def __post_init__(self) -> None:
        a, b = self.a, self.b
        if (a.deals, a.seed, a.shard_deals, a.duplicate) != (
            b.deals,
            b.seed,
            b.shard_deals,
            b.duplicate,
        ):
            raise ValueError("paired plans play the same deals from the same seed, alike")

    @property
    def shards(self) -> int:
        return self.a.shards

    @property
    def record_dir(self) -> str | None:
        return None

    def empty(self) -> PairedSummary:
        return PairedSummary(self.a.empty(), self.b.empty())

    def run(self, index: int, on_deal: Callable[[], None] | None = None) -> PairedSummary:
        """Shard ``index`` of both plans, and the pairs of their games (of their boards, in
        duplicate play)."""
        found: tuple[list[tuple[tuple[int, int], ...]], ...] = ([], [])
        summaries = [
            _run(plan, index, on_deal, figures)
            for plan, figures in zip((self.a, self.b), found, strict=True)
        ]
        keys = BOARD_PAIRED if self.a.duplicate else PAIRED
        pairs = {key: PairedRatio() for key in keys}
        # A rule that makes games longer fits fewer of them into the shard's deals: the games
        # of the longer list have no partner, and count against nothing (0, 0), so that the
        # pairs' sums are the whole samples' and the interval is of the difference reported.
        nothing = ((0, 0),) * len(keys)
        for mine, theirs in zip_longest(*found, fillvalue=nothing):
            for key, (ya, da), (yb, db) in zip(keys, mine, theirs, strict=True):
                pairs[key].add(ya, da, yb, db)
        return PairedSummary(summaries[0], summaries[1], pairs)


def _run(
    plan: Plan,
    index: int,
    on_deal: Callable[[], None] | None,
    figures: list[tuple[tuple[int, int], ...]],
) -> Summary:
    """Shard ``index`` of ``plan``, the figures of each of its games (boards) put in
    ``figures``."""
    if plan.duplicate:

        def board(played: Board) -> None:
            figures.append(board_figures(played))

        return plan.run(index, on_deal, on_board=board)

    def game(played: Game) -> None:
        figures.append(game_figures(played))

    return plan.run(index, on_deal, on_game=game)
