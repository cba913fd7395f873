"""``bezique simulate``: bots play many deals, and the summary is printed."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from interpreter.agents import AGENT_NAMES
from interpreter.cli.output import Output, load_variant, tables

if TYPE_CHECKING:
    from interpreter.model import Variant
    from interpreter.simulate import Summary


def seat_agents(given: str, players: int) -> list[str]:
    """The agent of each seat from ``--agents``: the names in seat order, ``p1`` first, the
    list repeated to fill the seats when it is shorter.  Repeating it keeps the one meaning of
    a single name (every seat) and, in a partnership game, where partners sit two seats apart
    (``p1`` and ``p3``), makes ``A,B`` a side of A against a side of B."""
    names = [name.strip() for name in given.split(",") if name.strip()]
    unknown = [name for name in names if name not in AGENT_NAMES]
    if unknown:
        raise ValueError(f"unknown agent {unknown[0]!r}; known agents: {', '.join(AGENT_NAMES)}")
    if not names:
        raise ValueError(f"--agents: name at least one agent ({', '.join(AGENT_NAMES)})")
    if len(names) > players:
        raise ValueError(
            f"--agents: {len(names)} agents for {players} seats: give at most {players}"
        )
    return [names[seat % len(names)] for seat in range(players)]


def simulate_command(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from interpreter.cli_records import record_writer
    from interpreter.loader import shipped_variant_names
    from interpreter.simulate import simulate

    variant = load_variant(args.variant)
    out, err = tables(), tables(stderr=True)
    agents = seat_agents(args.agents, variant.players.count)
    show_bar = not args.json and err.is_terminal
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not show_bar,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{variant.name}: deals", total=args.deals)
        summary = simulate(
            variant,
            args.deals,
            seed=args.seed,
            agents=agents,
            on_deal=lambda: progress.advance(task),
            on_record=None if args.record is None else record_writer(args.record, variant.name),
            embed_variant=args.variant not in shipped_variant_names(),
        )
    if args.json:
        print(json.dumps(summary.as_json(), ensure_ascii=False))
    else:
        print_summary(out, variant, summary, repeated=_repeated(args.agents, agents))
    return 0


def _repeated(given: str, agents: Sequence[str]) -> bool:
    """Whether ``--agents`` named fewer agents than there are seats (and more than one)."""
    names = [name for name in given.split(",") if name.strip()]
    return 1 < len(names) < len(agents)


def print_summary(out: Output, variant: Variant, summary: Summary, *, repeated: bool) -> None:
    """The summary of ``simulate``; the variant's title and combination names are escaped:
    rich reads square brackets as markup."""
    from rich.markup import escape
    from rich.table import Table

    out.print(
        f"[bold]{escape(variant.title)}[/bold] — {summary.deals} deals, {summary.games} complete "
        f"game(s), seed {summary.seed}, {summary.seconds:.2f} s "
        f"({summary.deals_per_second:.0f} deals/s)"
    )
    if repeated:
        seated = ", ".join(f"p{seat + 1} {agent}" for seat, agent in enumerate(summary.agents))
        out.print(f"Seats: {seated} (the agents given, repeated to fill the seats)")
    seats = Table(title="Per seat (points per deal)")
    for column in ("seat", "agent", "mean", "sd", "games won", "brisques/deal", "last tricks"):
        seats.add_column(column, justify="right" if column not in ("seat", "agent") else "left")
    for seat, agent in enumerate(summary.agents):
        seats.add_row(
            f"p{seat + 1}",
            agent,
            f"{summary.mean_scores[seat]:.1f}",
            f"{summary.sd_scores[seat]:.1f}",
            str(summary.game_wins[seat]),
            f"{summary.brisques[seat] / max(summary.deals, 1):.2f}",
            str(summary.last_tricks[seat]),
        )
    out.print(seats)
    if any(len(side) > 1 for side in summary.sides):
        sides = Table(title="Per side (points per deal, partners added)")
        for column in ("side", "agents", "mean", "games won"):
            sides.add_column(column, justify="right" if column in ("mean", "games won") else "left")
        for index, side in enumerate(summary.sides):
            sides.add_row(
                " + ".join(f"p{s + 1}" for s in side),
                ", ".join(summary.agents[s] for s in side),
                f"{sum(summary.mean_scores[s] for s in side):.1f}",
                str(summary.side_wins[index]),
            )
        out.print(sides)
    if summary.game_values.count:
        share = summary.rubicons / summary.game_values.count
        out.print(
            f"One-deal games: mean value {summary.game_values.mean:.0f}; "
            f"loser rubiconed in {share:.1%}; {summary.void_games} void"
        )
    combos = Table(title="Combinations scored")
    combos.add_column("combination")
    combos.add_column("times", justify="right")
    combos.add_column("per deal", justify="right")
    for what, count in sorted(summary.combinations.items(), key=lambda item: -item[1]):
        combos.add_row(escape(what), str(count), f"{count / max(summary.deals, 1):.3f}")
    out.print(combos)
