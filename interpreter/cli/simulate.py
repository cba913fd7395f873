"""``bezique simulate``: bots play many deals, and the summary is printed."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from interpreter.agents import AGENT_NAMES
from interpreter.cli.output import Output, load_variant, tables
from interpreter.wording import plural

if TYPE_CHECKING:
    from rich.table import Table as RichTable

    from interpreter.arena.duplicate import Duplicate
    from interpreter.arena.paired import Ratio
    from interpreter.model import Variant
    from interpreter.scale.cluster import Cluster
    from interpreter.simulate import Summary


def seat_agents(given: str, players: int) -> list[str]:
    """The agent of each seat from ``--agents``: the names in seat order, ``p1`` first, the
    list repeated to fill the seats when it is shorter.  Repeating it keeps the one meaning of
    a single name (every seat) and, in a partnership game, where partners sit two seats apart
    (``p1`` and ``p3``), makes ``A,B`` a side of A against a side of B.  A name with a colon
    is a class from outside the project, ``module:Class``, checked when the run starts."""
    names = [name.strip() for name in given.split(",") if name.strip()]
    unknown = [name for name in names if name not in AGENT_NAMES and ":" not in name]
    if unknown:
        raise ValueError(
            f"unknown agent {unknown[0]!r}; known agents: {', '.join(AGENT_NAMES)} or "
            "module:Class (a class from outside the project)"
        )
    if not names:
        raise ValueError(f"--agents: name at least one agent ({', '.join(AGENT_NAMES)})")
    if len(names) > players:
        raise ValueError(
            f"--agents: {len(names)} agents for {players} seats: give at most {players}"
        )
    return [names[seat % len(names)] for seat in range(players)]


def simulate_command(args: argparse.Namespace) -> int:
    from interpreter.arena.duplicate import seating_count
    from interpreter.loader import shipped_variant_names
    from interpreter.scale.run import check, play
    from interpreter.scale.shards import Plan

    variant = load_variant(args.variant)
    out, err = tables(), tables(stderr=True)
    agents = seat_agents(args.agents, variant.players.count)
    check_agents(agents)
    plan = Plan(
        variant,
        args.deals,
        args.seed,
        tuple(agents),
        duplicate=args.duplicate,
        shard_deals=args.shard_deals,
        record_dir=args.record,
        embed_variant=args.variant not in shipped_variant_names(),
    )
    cluster = cluster_of(args)
    check(plan, jobs=args.jobs, backend=args.backend, cluster=cluster, shards_dir=args.shards_dir)
    if args.record is not None:  # the folder is made (or refused) before any play
        from interpreter.cli_records import record_writer

        record_writer(args.record, variant.name)
    total = args.deals * (seating_count(variant) if args.duplicate else 1)
    with progress_bar(err, f"{variant.name}: deals", total, shown=not args.json) as advance:
        summary = play(
            plan,
            jobs=args.jobs,
            backend=args.backend,
            cluster=cluster,
            on_progress=advance,
            shards_dir=args.shards_dir,
            on_note=lambda note: err.print(note, markup=False, highlight=False, soft_wrap=True),
        )
    if args.json:
        print(json.dumps(summary.as_json(), ensure_ascii=False))
    else:
        print_summary(out, variant, summary, repeated=_repeated(args.agents, agents))
    if args.record is not None:
        err.print(records_written(summary.games, args.record), markup=False, highlight=False)
    return 0


def cluster_of(args: argparse.Namespace) -> Cluster:
    """The Dask cluster the options name (``--scheduler``, ``--scheduler-file``, TLS, retries)."""
    from interpreter.scale.cluster import Cluster

    return Cluster(
        scheduler=args.scheduler,
        scheduler_file=args.scheduler_file,
        tls_ca_file=args.tls_ca_file,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        retries=args.retries,
    )


def records_written(games: int, folder: str) -> str:
    """What ``--record`` wrote: a record per finished game, so none when no game finished."""
    if games:
        return f"{plural(games, 'game record')} written to {folder}"
    return (
        f"no game record written to {folder}: a record is written for each finished game, "
        "and no game finished (a race to the target needs more deals)"
    )


def check_agents(agents: Sequence[str]) -> None:
    """A wrong ``module:Class`` is reported before any play."""
    from interpreter.arena.entrants import entrant

    for agent in dict.fromkeys(agents):
        entrant(agent)


@contextmanager
def progress_bar(
    err: Output, description: str, total: int, *, shown: bool
) -> Iterator[Callable[[int], None]]:
    """A progress bar of deals on standard error, when it is a terminal and ``shown``: the
    function given advances it (from any thread: workers' reports come in on one)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not (shown and err.is_terminal),
        transient=True,
    ) as progress:
        task = progress.add_task(description, total=total)
        yield lambda deals: progress.advance(task, deals)


def _repeated(given: str, agents: Sequence[str]) -> bool:
    """Whether ``--agents`` named fewer agents than there are seats (and more than one)."""
    names = [name for name in given.split(",") if name.strip()]
    return 1 < len(names) < len(agents)


def print_summary(out: Output, variant: Variant, summary: Summary, *, repeated: bool) -> None:
    """The summary of ``simulate``; the variant's title and combination names are escaped:
    rich reads square brackets as markup."""
    from rich.markup import escape

    out.print(
        f"[bold]{escape(variant.title)}[/bold] — {summary.deals} deals, "
        f"{plural(summary.games, 'complete game')}, seed {summary.seed}, {summary.seconds:.2f} s "
        f"({_rate(summary.deals_per_second)} deals/s)"
    )
    if repeated:
        seated = ", ".join(f"p{seat + 1} {agent}" for seat, agent in enumerate(summary.agents))
        out.print(f"Seats: {seated} (the agents given, repeated to fill the seats)")
    rotated = summary.duplicate is not None  # every agent took every seat in turn
    out.print(_seat_table(summary, rotated=rotated))
    if any(len(side) > 1 for side in summary.sides) and not rotated:
        out.print(_side_table(summary))
    if summary.duplicate is not None:
        print_duplicate(out, summary.duplicate, summary.agents)
    if summary.game_values.count:
        share = summary.rubicons / summary.game_values.count
        out.print(
            f"One-deal games: mean value {summary.game_values.mean:.0f}; "
            f"loser rubiconed in {share:.1%}; {summary.void_games} void"
        )
    out.print(_combination_table(variant, summary))


def _seat_table(summary: Summary, *, rotated: bool) -> RichTable:
    """Per seat: its agent (all of them, ``rotated`` through the seats in duplicate play), its
    points per deal, games won, brisques per deal and last tricks won."""
    from rich.markup import escape
    from rich.table import Table

    title = "Per seat (points per deal" + (", every agent in turn)" if rotated else ")")
    seats = Table(title=title)
    for column in ("seat", "agent", "mean", "sd", "games won", "brisques/deal", "last tricks"):
        seats.add_column(column, justify="right" if column not in ("seat", "agent") else "left")
    for seat, agent in enumerate(summary.agents):
        seats.add_row(
            f"p{seat + 1}",
            "(all)" if rotated else escape(agent),
            f"{summary.mean_scores[seat]:.1f}",
            f"{summary.sd_scores[seat]:.1f}",
            str(summary.game_wins[seat]),
            f"{summary.brisques[seat] / max(summary.deals, 1):.2f}",
            str(summary.last_tricks[seat]),
        )
    return seats


def _side_table(summary: Summary) -> RichTable:
    """Per side of a partnership game: its seats, their agents, the partners' points per deal
    added, and the games it won."""
    from rich.markup import escape
    from rich.table import Table

    sides = Table(title="Per side (points per deal, partners added)")
    for column in ("side", "agents", "mean", "games won"):
        sides.add_column(column, justify="right" if column in ("mean", "games won") else "left")
    for index, side in enumerate(summary.sides):
        sides.add_row(
            " + ".join(f"p{s + 1}" for s in side),
            escape(", ".join(summary.agents[s] for s in side)),
            f"{sum(summary.mean_scores[s] for s in side):.1f}",
            str(summary.side_wins[index]),
        )
    return sides


def _combination_table(variant: Variant, summary: Summary) -> RichTable:
    """The combinations (and sevens of trumps) scored, most often first, by name and id, with
    how often they were scored in all and per deal."""
    from rich.markup import escape
    from rich.table import Table

    from interpreter.play.deal_end import REASONS

    names = {combo.id: combo.name or combo.id for combo in variant.combinations}
    names.update({str(reason): text for reason, text in REASONS.items()})
    combos = Table(title="Combinations (and sevens of trumps) scored")
    combos.add_column("combination")
    combos.add_column("id")
    combos.add_column("times", justify="right")
    combos.add_column("per deal", justify="right")
    for what, count in sorted(summary.combinations.items(), key=lambda item: -item[1]):
        shown = names.get(what, what)
        combos.add_row(
            escape(shown), escape(what), str(count), f"{count / max(summary.deals, 1):.3f}"
        )
    return combos


def _rate(per_second: float) -> str:
    """Deals per second, with a decimal or two when a bot is slow (not '0 deals/s')."""
    return f"{per_second:.0f}" if per_second >= 10 else f"{per_second:.2g}"


def print_duplicate(out: Output, board: Duplicate, agents: tuple[str, ...]) -> None:
    """The comparison of duplicate play: per agent, and per side in a partnership game."""
    from rich.markup import escape
    from rich.table import Table

    out.print(
        f"Duplicate: {plural(board.boards, 'board')}, each played in {board.seatings} seatings "
        f"({board.deals} deals); difference: points per deal less the others' mean, with its "
        "95 % interval"
    )
    columns = ("agent", "first seat", "points/deal", "difference", "95 % interval", "games won")
    table = Table(title="Per agent (duplicate)")
    for column in columns:
        table.add_column(column, justify="left" if column == "agent" else "right")
    for who, agent in enumerate(agents):
        table.add_row(
            escape(agent),
            f"p{who + 1}",
            f"{board.per_deal(board.points[who]):.1f}",
            f"{board.margins[who].mean:+.1f}",
            _interval(board.margins[who]),
            str(board.games_won[who]),
        )
    out.print(table)
    if not board.partnerships:
        return
    table = Table(title="Per side (duplicate, partners added)")
    for column in ("first seats", "agents", "points/deal", "difference", "95 % interval"):
        table.add_column(
            column, justify="left" if "seats" in column or column == "agents" else "right"
        )
    for index, side in enumerate(board.sides):
        table.add_row(
            " + ".join(f"p{who + 1}" for who in side),
            escape(", ".join(agents[who] for who in side)),
            f"{board.per_deal(board.side_points[index]):.1f}",
            f"{board.side_margins[index].mean:+.1f}",
            _interval(board.side_margins[index]),
        )
    out.print(table)


def _interval(ratio: Ratio) -> str:
    interval = ratio.interval()
    if interval is None:
        return "— (one board)"
    return f"{interval[0]:+.1f} to {interval[1]:+.1f}"
