"""A rating that luck cannot move (issue 37): each deal a person finishes is kept with its
**par difference** — the person's margin less the expert's on the same cards
(:mod:`interpreter.review`) — and a player's rating in a variant is the mean of those
differences, with its 95 % interval and its trend.

Good cards raise the person's margin and the expert's alike, so the difference measures the
play, not the deal.  A rating is kept per player and per variant, the variant named by the
hash of its rules (``sha256:…``, as records carry it): a house rule is rated apart from the
variant it extends, and a variant whose rules change starts a new rating.

The deals are kept in SQLite, in a table of their own: in the file ``bezique serve`` keeps its
tables in (``--db``), by default ``tables.sqlite`` in the user's data folder
(:func:`interpreter.userdata.default_db`).  A deal of a game in which a move was taken back
(undo) is kept but not rated.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from interpreter.engine import Game, Rules
from interpreter.model.serial import variant_hash
from interpreter.records.format import Record
from interpreter.review import bots_deal, margin, par_margin

RATINGS_VERSION = 1

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS rated_deals (id INTEGER PRIMARY KEY AUTOINCREMENT, "
    "at REAL NOT NULL, player TEXT NOT NULL, variant_name TEXT NOT NULL, "
    "variant_hash TEXT NOT NULL, game TEXT NOT NULL, deal INTEGER NOT NULL, "
    "seat INTEGER NOT NULL, margin REAL NOT NULL, par_margin REAL NOT NULL, "
    "rated INTEGER NOT NULL, source TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS rated_deals_by_player ON rated_deals (player, variant_hash, id)",
)

SPARKS = "▁▂▃▄▅▆▇█"


class RatingError(RuntimeError):
    """The ratings cannot be kept in the file named: not SQLite, or written by a newer
    version."""


@dataclass(frozen=True)
class DealRating:
    """One finished deal of one player."""

    player: str
    variant_name: str
    variant_hash: str
    game: str  # one game's deals share it (an undo unrates them together)
    deal: int
    seat: int
    margin: float  # the seat's side's points less the others', in the deal
    par_margin: float  # the same with the expert in the seat, on the same cards
    rated: bool = True
    source: str = "play"  # "play" (the terminal), "browser", "table", "simulated"

    @property
    def par(self) -> float:
        return self.margin - self.par_margin


@dataclass(frozen=True)
class Rating:
    """A player's rating in one variant: the mean par difference of the rated deals."""

    player: str
    variant_name: str
    variant_hash: str
    pars: tuple[float, ...]  # oldest first

    @property
    def deals(self) -> int:
        return len(self.pars)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.pars)

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95 % interval of the mean (Student's t); None for one deal."""
        if len(self.pars) < 2:
            return None
        half = t95(len(self.pars) - 1) * statistics.stdev(self.pars) / math.sqrt(len(self.pars))
        return self.mean - half, self.mean + half

    @property
    def trend(self) -> float | None:
        """The least-squares slope of the par difference, in points per 10 deals (positive:
        getting better); None before 10 deals."""
        if len(self.pars) < 10:
            return None
        slope = statistics.linear_regression(range(len(self.pars)), self.pars).slope
        return 10 * slope

    @property
    def last_ten(self) -> float:
        return statistics.fmean(self.pars[-10:])

    def sparkline(self, width: int = 10) -> str:
        """The mean par difference of up to ``width`` runs of deals, oldest first, as bars."""
        size = max(1, math.ceil(len(self.pars) / width))
        means = [statistics.fmean(self.pars[i : i + size]) for i in range(0, self.deals, size)]
        low, high = min(means), max(means)
        if high - low < 1e-9:
            return SPARKS[len(SPARKS) // 2] * len(means)
        top = len(SPARKS) - 1
        return "".join(SPARKS[round((m - low) / (high - low) * top)] for m in means)

    def line(self, width: int, name: str | None = None) -> str:
        """The rating as a row of :func:`table`, the variant called ``name`` (by default its
        own name)."""
        trend = self.trend
        moving = "—" if trend is None else f"{trend:+.1f}"
        return (
            f"{name or self.variant_name:<{width}}  {self.deals:>5}  {self.mean:>+6.1f}  "
            f"{self.between():<15}  {self.last_ten:>+7.1f}  {moving:>6}  {self.sparkline()}"
        )

    def between(self) -> str:
        """The interval as the tables print it: ``-12.1 to +3.4``, ``—`` for one deal."""
        if self.interval is None:
            return "—"
        low, high = self.interval
        return f"{low:+.1f} to {high:+.1f}"


def t95(freedom: int) -> float:
    """The two-sided 95 % quantile of Student's t with ``freedom`` degrees of freedom
    (Cornish–Fisher's expansion about the normal's 1.96: within 0.3 % from 3 on; exact
    values below)."""
    exact = {1: 12.706, 2: 4.303}
    if freedom in exact:
        return exact[freedom]
    z, n = 1.959964, freedom
    return z + (z**3 + z) / (4 * n) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * n**2)


class RatingStore:
    """The rated deals in one SQLite file (``:memory:`` for none kept)."""

    def __init__(self, path: str | Path) -> None:
        self.where = str(path)
        if self.where != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.where, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA busy_timeout=5000")
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise RatingError(f"{self.where}: not a store of ratings ({error})") from None

    def _migrate(self) -> None:
        with self._transaction() as db:
            for statement in SCHEMA:
                db.execute(statement)
            row = db.execute("SELECT value FROM meta WHERE key = 'ratings_version'").fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO meta (key, value) VALUES ('ratings_version', ?)",
                    (str(RATINGS_VERSION),),
                )
            elif int(row[0]) > RATINGS_VERSION:
                raise RatingError(
                    f"{self.where}: ratings written by a newer version (version {row[0]}; "
                    f"this one reads {RATINGS_VERSION})"
                )

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def close(self) -> None:
        self.db.close()

    def add(self, deal: DealRating) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO rated_deals (at, player, variant_name, variant_hash, game, deal, "
                "seat, margin, par_margin, rated, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    time.time(),
                    deal.player,
                    deal.variant_name,
                    deal.variant_hash,
                    deal.game,
                    deal.deal,
                    deal.seat,
                    deal.margin,
                    deal.par_margin,
                    int(deal.rated),
                    deal.source,
                ),
            )

    def unrate(self, game: str) -> None:
        """Every deal of ``game`` kept but no longer rated (a move of it was taken back)."""
        with self._transaction() as db:
            db.execute("UPDATE rated_deals SET rated = 0 WHERE game = ?", (game,))

    def players(self) -> list[str]:
        rows = self.db.execute("SELECT DISTINCT player FROM rated_deals ORDER BY player")
        return [row[0] for row in rows]

    def ratings(self, player: str) -> list[Rating]:
        """``player``'s rating in each variant played, the most played first."""
        rows = self.db.execute(
            "SELECT variant_hash, variant_name, margin - par_margin FROM rated_deals "
            "WHERE player = ? AND rated = 1 ORDER BY id",
            (player,),
        ).fetchall()
        pars: dict[str, list[float]] = {}
        names: dict[str, str] = {}
        for key, name, par in rows:
            pars.setdefault(key, []).append(par)
            names[key] = name  # the latest name it was played under
        rated = [Rating(player, names[key], key, tuple(p)) for key, p in pars.items()]
        return sorted(rated, key=lambda r: (-r.deals, r.variant_name))


def table(ratings: Sequence[Rating]) -> list[str]:
    """The ratings as ``bezique stats`` prints them."""
    if not ratings:
        return []
    width = max(len("variant"), *(len(_shown(r, ratings)) for r in ratings))
    head = (
        f"{'variant':<{width}}  {'deals':>5}  {'mean':>6}  {'95 % interval':<15}  "
        f"{'last 10':>7}  {'trend':>6}  by deals"
    )
    return [head, *(rating.line(width, _shown(rating, ratings)) for rating in ratings)]


def _shown(rating: Rating, ratings: Sequence[Rating]) -> str:
    """A variant's name, with the start of its hash where two ratings share the name (the
    rules changed, or two house rules of one name)."""
    twins = sum(1 for r in ratings if r.variant_name == rating.variant_name)
    if twins < 2:
        return rating.variant_name
    return f"{rating.variant_name} ({rating.variant_hash.removeprefix('sha256:')[:8]})"


# -- rating deals -------------------------------------------------------------------------------
def rate_deal(
    record: Record,
    game: Game,
    seat: int,
    deal: int,
    *,
    player: str,
    game_id: str,
    rated: bool = True,
    source: str = "play",
    expert_margin: float | None = None,
) -> DealRating:
    """Deal ``deal`` of ``game`` (its record so far: ``record``), for the person in ``seat``:
    the par is dealt again unless a review already did (``expert_margin``)."""
    rules = game.rules
    points = game.deal_results[deal - 1].points
    if expert_margin is None:
        expert_margin = par_margin(record, rules, seat, deal)
    return DealRating(
        player,
        record.variant,
        variant_hash(game.variant),
        game_id,
        deal,
        seat,
        margin(rules, points, seat),
        expert_margin,
        rated,
        source,
    )


def simulate(
    store: RatingStore,
    name: str,
    rules: Rules,
    seats: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    player: str | None = None,
) -> Rating:
    """``deals`` first deals (seeds ``seed``, ``seed + 1``, …) of the bots ``seats`` played
    and rated for seat 1, as a person's deals are (``player``: ``seats[0]`` by default);
    its rating in the store afterwards."""
    who = player or seats[0]
    for number in range(deals):
        record, game = bots_deal(name, rules, seats, seed + number)
        game_id = f"{name}-{seed + number}"
        rating = rate_deal(record, game, 0, 1, player=who, game_id=game_id, source="simulated")
        store.add(rating)
    key = variant_hash(rules.variant)
    return next(r for r in store.ratings(who) if r.variant_hash == key)


class Keeper:
    """Rates the deals people finish in a server, in the background and one at a time: a
    par deals the deal again with the expert (a second or more), and no move waits for it.
    A failure is logged, never raised into the game."""

    def __init__(self, db: str | Path) -> None:
        self.db = Path(db)
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rating")
        self.pending: list[Future[None]] = []

    def rate(self, deal: Callable[[], DealRating]) -> None:
        """Keep the deal ``deal`` makes, rated (:func:`rate_deal` with its arguments, on a
        copy of the game left alone from now on)."""
        self._submit(lambda store: store.add(deal()))

    def unrate(self, game_id: str) -> None:
        self._submit(lambda store: store.unrate(game_id))

    def _submit(self, work: Callable[[RatingStore], None]) -> None:
        self.pending = [f for f in self.pending if not f.done()]
        self.pending.append(self.pool.submit(self._run, work))

    def _run(self, work: Callable[[RatingStore], None]) -> None:
        try:
            store = RatingStore(self.db)
        except RatingError as error:
            logging.getLogger(__name__).warning("ratings not kept: %s", error)
            return
        try:
            work(store)
        except Exception:  # a rating lost is logged; the game goes on
            logging.getLogger(__name__).exception("a deal could not be rated")
        finally:
            store.close()

    def wait(self) -> None:
        """Until every rating asked for so far is kept."""
        for future in list(self.pending):
            future.result()

    def close(self) -> None:
        self.pool.shutdown(wait=True)


__all__ = [
    "DealRating",
    "Keeper",
    "Rating",
    "RatingError",
    "RatingStore",
    "rate_deal",
    "simulate",
    "table",
]
