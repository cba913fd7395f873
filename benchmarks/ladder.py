"""The rating ladder: the shipped bots against each other in duplicate play, per variant, rated
with openskill (the Weng-Lin method, Plackett-Luce model; ``pip install -e '.[ratings]'``).

    python benchmarks/ladder.py [--deals 200] [--variants bezique,rubicon,…] [--bots A,B,…]
        [--seed 1] [--jobs 1] [--write docs/ladder.md]

For each variant, every pair of bots plays ``--deals`` duplicate deals in each seating
(``bezique simulate VARIANT --duplicate --agents A,B``: the seats are filled A, B, A, B, …, so
that in a partnership game A's side plays B's side).  Each board is one rated match: the teams
are the variant's sides (a partnership is a team of two), each scored by its points over all
the board's seatings.  A bot that holds two seats of a three-handed match is rated in both, and
takes the mean of the two updates.  Each variant has a ladder of its own, every bot starting
from openskill's default rating (μ 25, σ 25/3); bots are ranked by μ − 3σ.

The pairs' table gives, for each pair, the lead of the bot that scored more: its points per
seat and per deal less the other's (in a partnership, half its side's lead), with the 95 %
interval of :mod:`interpreter.arena.paired`.  The third table is each pair's sample: the points
of each seat over the first ``SAMPLE_DEALS`` deals the pair played (in the first seating of its
first boards), which tests/test_ladder.py plays again to tell whether the page still matches
the bots' play.

With ``--jobs N``, N variants are played side by side, each in a process of its own.  The
Markdown goes to standard output; ``--write FILE`` puts it into FILE between the lines
``<!-- ladder: begin -->`` and ``<!-- ladder: end -->`` instead (docs/ladder.md).  The same
options give the same tables, whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

from openskill.models import PlackettLuce, PlackettLuceRating

from interpreter.agents import AGENT_NAMES
from interpreter.arena.duplicate import Board, seating_count
from interpreter.arena.paired import Ratio
from interpreter.engine import Rules
from interpreter.loader import load_variant
from interpreter.model import Variant
from interpreter.simulate import simulate
from interpreter.wording import plural

VARIANTS = ("bezique", "rubicon", "polish", "three-handed", "four-handed-partners")
BEGIN, END = "<!-- ladder: begin -->", "<!-- ladder: end -->"
SAMPLE_DEALS = 2
"""The deals of each pair's sample: few enough that a test plays them all again in a minute."""


class Ladder:
    """The ratings of one variant's bots, and the pairs' leads."""

    def __init__(self, bots: list[str]) -> None:
        self.model = PlackettLuce()
        self.ratings = {bot: self.model.rating(name=bot) for bot in bots}
        self.boards = dict.fromkeys(bots, 0)
        self.leads: dict[tuple[str, str], Ratio] = {}
        self.samples: dict[tuple[str, str], tuple[int, ...]] = {}

    def __getstate__(self) -> dict[str, object]:
        """For ``--jobs``: openskill's ratings do not pickle, their μ and σ do."""
        state = dict(self.__dict__)
        del state["model"]
        state["ratings"] = {bot: (r.mu, r.sigma) for bot, r in self.ratings.items()}
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self.model = PlackettLuce()
        pairs: dict[str, tuple[float, float]] = state["ratings"]  # type: ignore[assignment]
        self.ratings = {
            bot: self.model.rating(mu=mu, sigma=sigma, name=bot)
            for bot, (mu, sigma) in pairs.items()
        }

    def rate(self, seated: list[str], sides: tuple[tuple[int, ...], ...], board: Board) -> None:
        """One board as a match: a team per side, scored by the side's points."""
        teams = [[seated[seat] for seat in side] for side in sides]
        scores = [float(sum(board.points[seat] for seat in side)) for side in sides]
        # a copy per seat: openskill would take one object in two places as one player
        copies = [[self._copy(bot) for bot in team] for team in teams]
        rated = self.model.rate(copies, scores=scores)
        updates: dict[str, list[PlackettLuceRating]] = defaultdict(list)
        for team, new in zip(teams, rated, strict=True):
            for bot, rating in zip(team, new, strict=True):
                updates[bot].append(rating)
        for bot, ratings in updates.items():
            self.ratings[bot] = self.model.rating(
                mu=statistics.fmean(r.mu for r in ratings),
                sigma=statistics.fmean(r.sigma for r in ratings),
                name=bot,
            )
            self.boards[bot] += 1

    def _copy(self, bot: str) -> PlackettLuceRating:
        rating = self.ratings[bot]
        return self.model.rating(mu=rating.mu, sigma=rating.sigma, name=bot)

    def lead(self, pair: tuple[str, str], seated: list[str], board: Board) -> None:
        """The first bot's points per seat less the second's, per deal."""
        first = [p for bot, p in zip(seated, board.points, strict=True) if bot == pair[0]]
        second = [p for bot, p in zip(seated, board.points, strict=True) if bot == pair[1]]
        y = sum(first) * len(second) - sum(second) * len(first)
        self.leads.setdefault(pair, Ratio()).add(y, len(first) * len(second) * board.deals)


def seated(variant: Variant, pair: tuple[str, str]) -> list[str]:
    """The bot in each seat: the pair's, in turn (a partnership game sets side against side)."""
    return [pair[seat % 2] for seat in range(variant.players.count)]


def sample(variant_name: str, pair: tuple[str, str], seed: int) -> tuple[int, ...]:
    """Each seat's points over the first ``SAMPLE_DEALS`` deals of the pair's ladder games.

    A plain simulation of the same seed deals, deal for deal, the games of the duplicate
    boards' first seating: each shard draws a game's seed and then its bots' seeds, one per
    seat, in both (:mod:`interpreter.scale.shards`)."""
    variant = load_variant(variant_name)
    summary = simulate(variant, SAMPLE_DEALS, seed=seed, agents=seated(variant, pair))
    return tuple(points.total for points in summary.deal_points)


def run(variant_name: str, bots: list[str], deals: int, seed: int) -> Ladder:
    variant = load_variant(variant_name)
    sides = Rules(variant).sides
    ladder = Ladder(bots)
    for pair in combinations(bots, 2):
        seats = seated(variant, pair)

        def counted(board: Board, pair: tuple[str, str] = pair, seats: list[str] = seats) -> None:
            ladder.rate(seats, sides, board)
            ladder.lead(pair, seats, board)

        what = f"{variant_name}: {pair[0]} vs {pair[1]}"
        progress = Progress(what, deals * seating_count(variant))
        simulate(
            variant,
            deals,
            seed=seed,
            agents=seats,
            duplicate=True,
            on_board=counted,
            on_deal=progress.deal,
        )
        progress.done()
        started = time.perf_counter()
        ladder.samples[pair] = sample(variant_name, pair, seed)
        took = time.perf_counter() - started
        print(f"{what}: sample in {took:.0f} s", file=sys.stderr, flush=True)
    return ladder


class Progress:
    """A line on standard error per pair of bots: the deals played so far (every seating),
    every tenth of the way, and the time it took."""

    def __init__(self, what: str, total: int) -> None:
        self.what, self.total, self.played = what, total, 0
        self.started = time.perf_counter()
        self.step = max(1, total // 10)

    def deal(self) -> None:
        self.played += 1
        if self.played % self.step == 0 and self.played < self.total:
            print(f"{self.what}: {self.played}/{self.total} deals", file=sys.stderr, flush=True)

    def done(self) -> None:
        took = time.perf_counter() - self.started
        print(f"{self.what}: {self.played} deals in {took:.0f} s", file=sys.stderr, flush=True)


def markdown(ladders: dict[str, Ladder], command: str) -> str:
    from importlib.metadata import version

    lines = [
        f"Made by `{command}` (openskill {version('openskill')}, Plackett-Luce model).",
        "",
        "| variant | rank | bot | μ − 3σ | μ | σ | boards |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    for name, ladder in ladders.items():
        ranked = sorted(ladder.ratings.items(), key=lambda item: -item[1].ordinal())
        for rank, (bot, rating) in enumerate(ranked, start=1):
            lines.append(
                f"| {name} | {rank} | {bot} | {rating.ordinal():.1f} | {rating.mu:.1f} "
                f"| {rating.sigma:.2f} | {ladder.boards[bot]} |"
            )
    return "\n".join([*lines, "", *leads_table(ladders), "", *samples_table(ladders)]) + "\n"


def leads_table(ladders: dict[str, Ladder]) -> list[str]:
    lines = [
        "| variant | bots | boards | lead of the first, per seat and deal | 95 % interval |",
        "|---|---|---:|---:|---|",
    ]
    for name, ladder in ladders.items():
        for (first, second), ratio in ladder.leads.items():
            sign = 1 if ratio.mean >= 0 else -1  # the bot that led first
            if sign < 0:
                first, second = second, first
            interval = ratio.interval()
            shown = "—"
            if interval is not None:
                low, high = sorted(sign * end for end in interval)
                shown = f"{low:+.1f} to {high:+.1f}"
            lines.append(
                f"| {name} | {first} vs {second} | {ratio.boards} | {sign * ratio.mean:+.1f} "
                f"| {shown} |"
            )
    return lines


SAMPLES_HEADER = (
    f"| variant | bots | points of p1, p2, … in the first {plural(SAMPLE_DEALS, 'deal')} |"
)


def samples_table(ladders: dict[str, Ladder]) -> list[str]:
    """Each pair's sample, the bots in the order they were seated (p1, p2, p1, …)."""
    lines = [SAMPLES_HEADER, "|---|---|---|"]
    for name, ladder in ladders.items():
        for pair, points in ladder.samples.items():
            lines.append(sample_row(name, pair, points))
    return lines


def sample_row(variant_name: str, pair: tuple[str, str], points: tuple[int, ...]) -> str:
    return f"| {variant_name} | {pair[0]} vs {pair[1]} | {', '.join(map(str, points))} |"


def write_into(path: Path, table: str) -> None:
    """Replace what lies between the markers of ``path`` by ``table``."""
    text = path.read_text(encoding="utf-8")
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise SystemExit(f"{path}: needs one line {BEGIN} and, after it, one line {END}")
    before, rest = text.split(BEGIN)
    _, after = rest.split(END)
    path.write_text(f"{before}{BEGIN}\n\n{table}\n{END}{after}", encoding="utf-8")


def run_all(names: list[str], bots: list[str], deals: int, seed: int, jobs: int) -> list[Ladder]:
    """Each variant's ladder, in the order named; ``jobs`` of them played side by side."""
    if jobs == 1 or len(names) == 1:
        return [run(name, bots, deals, seed) for name in names]
    spawn = multiprocessing.get_context("spawn")  # fresh processes, the same on every system
    with ProcessPoolExecutor(max_workers=min(jobs, len(names)), mp_context=spawn) as pool:
        futures = [pool.submit(run, name, bots, deals, seed) for name in names]
        return [future.result() for future in futures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="per pair and seating")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--bots", default=",".join(AGENT_NAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="variants played side by side")
    parser.add_argument("--write", metavar="FILE", help="put the tables into FILE")
    args = parser.parse_args(argv)
    bots = [bot.strip() for bot in args.bots.split(",") if bot.strip()]
    if len(bots) < 2 or args.deals < 1 or args.jobs < 1:
        parser.error("--bots: name at least two bots; --deals, --jobs: at least 1")
    names = [name.strip() for name in args.variants.split(",") if name.strip()]
    ladders = dict(zip(names, run_all(names, bots, args.deals, args.seed, args.jobs), strict=True))
    command = (
        f"python benchmarks/ladder.py --deals {args.deals} --seed {args.seed} "
        f"--variants {','.join(ladders)} --bots {','.join(bots)}"
    )
    table = markdown(ladders, command)
    if args.write:
        write_into(Path(args.write), table)
    else:
        sys.stdout.write(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
