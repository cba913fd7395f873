"""The ``bezique`` command: argument parsing and printing only; no rules live here.

Each command imports what it uses when it runs, so ``bezique --help`` loads neither the engine
nor pydantic, and ``bezique variants`` not the engine.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from interpreter import compiled
from interpreter.agents import AGENT_NAMES

if TYPE_CHECKING:
    from rich.console import Console

    from interpreter.model import Variant
    from interpreter.simulate import Summary


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bezique",
        description="Play, simulate and check variants of Bézique described as data.",
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="print the version and the engine's build"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("variants", help="list the shipped variants")
    p_check = sub.add_parser("check", help="validate variant files or folders")
    p_check.add_argument("paths", nargs="+", metavar="PATH")
    p_check.add_argument(
        "--untrusted",
        action="store_true",
        help="check files from someone else: extends may name only a shipped variant or a "
        "file in the variant's own folder (no absolute path, no '..', no link out of it), "
        "and a file may hold at most 256 KiB",
    )
    p_show = sub.add_parser("show", help="print a variant fully resolved, as TOML")
    p_show.add_argument("variant", metavar="VARIANT", help="shipped name or path")
    p_sim = sub.add_parser("simulate", help="play many deals between bots")
    p_sim.add_argument("variant", metavar="VARIANT", help="shipped name or path")
    p_sim.add_argument("--deals", type=_positive, default=200, help="deals to play (200)")
    p_sim.add_argument("--seed", type=int, default=0, help="random seed (0)")
    p_sim.add_argument(
        "--agents",
        default="random,greedy",
        help=f"one agent per seat, comma-separated, from: {', '.join(AGENT_NAMES)}",
    )
    p_sim.add_argument("--json", action="store_true", help="print one JSON object")
    p_sim.add_argument("--record", metavar="DIR", help="write a game record per finished game")
    p_settle = sub.add_parser(
        "settle", help="value a one-deal game from its final scores (laws 56-61)"
    )
    p_settle.add_argument("variant", metavar="VARIANT", help="shipped name or path")
    p_settle.add_argument(
        "--scores",
        type=_points,
        nargs=2,
        required=True,
        metavar=("A", "B"),
        help="each player's final score, brisques excluded",
    )
    p_settle.add_argument(
        "--brisques",
        type=_points,
        nargs=2,
        default=(0, 0),
        metavar=("A", "B"),
        help="each player's brisque points (10 per ace or ten won)",
    )
    p_settle.add_argument("--json", action="store_true", help="print one JSON object")
    p_play = sub.add_parser("play", help="play a game in the terminal against a bot")
    p_play.add_argument("variant", metavar="VARIANT", help="shipped name or path")
    p_play.add_argument("--seed", type=int, default=None, help="random seed (a new game each time)")
    p_play.add_argument("--seat", type=int, default=1, help="your seat: 1 is p1, 2 is p2 … (1)")
    p_play.add_argument("--bot", default="greedy", choices=AGENT_NAMES, help="the bots (greedy)")
    p_play.add_argument("--record", metavar="FILE", help="write the game record to FILE")
    p_play.add_argument(
        "--practice", action="store_true", help="allow undo; the record says it was practice"
    )
    p_replay = sub.add_parser("replay", help="replay a game record, checking every action")
    p_replay.add_argument("file", metavar="FILE", help="a game record (.toml)")
    p_replay.add_argument("--json", action="store_true", help="print one JSON object")
    p_replay.add_argument(
        "--trust-paths",
        action="store_true",
        help="let the record name its variant by any path (by default: a shipped variant, or "
        "a file in the record's own folder)",
    )
    _authoring_parsers(sub)
    return parser


class _Version(argparse.Action):
    """``--version``, worked out only when asked for (telling the build imports the engine)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(_version())
        parser.exit()


def _version() -> str:
    """The version, and which build of the engine runs: compiled (mypyc) or pure Python."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("bezique-interpreter")
    except PackageNotFoundError:  # run from a source tree that is not installed
        number = "(not installed)"
    build = "compiled with mypyc" if compiled() else "pure Python"
    return f"bezique-interpreter {number}, engine {build}"


def _authoring_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``diff``, ``new`` and ``schema``: the tools for house-rule authors."""
    p_diff = sub.add_parser("diff", help="list the rules two variants play differently")
    p_diff.add_argument("a", metavar="A", help="shipped name or path")
    p_diff.add_argument("b", metavar="B", help="shipped name or path")
    p_diff.add_argument("--sources", action="store_true", help="compare source and note too")
    p_new = sub.add_parser("new", help="write a commented starter overlay (a house rule)")
    p_new.add_argument("name", metavar="NAME", help="its name: lower-case letters, digits, -")
    p_new.add_argument("--extends", required=True, metavar="VARIANT", help="the parent")
    p_new.add_argument("-o", "--output", metavar="FILE", help="where to write it (NAME.toml)")
    p_new.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    p_schema = sub.add_parser("schema", help="print the JSON Schema of variant files")
    p_schema.add_argument("--overlay", action="store_true", help="nothing required (overlays)")
    p_schema.add_argument("-o", "--output", metavar="FILE", help="write it to FILE")
    p_book = sub.add_parser("rulebook", help="print or write the rulebook page of a variant")
    p_book.add_argument("variant", metavar="VARIANT", help="shipped name or path")
    p_book.add_argument("-o", "--output", metavar="FILE", help="write the Markdown to FILE")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except Exception as error:
        code = _failure(error)
        if code is None:
            raise
        return code


def _run(args: argparse.Namespace) -> int:
    if args.command == "variants":
        return _variants()
    if args.command == "check":
        return _check(args.paths, trusted=not args.untrusted)
    if args.command == "show":
        from interpreter.loader import dump_variant

        sys.stdout.write(dump_variant(load_variant(args.variant)))
        return 0
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "settle":
        return _settle(args)
    if args.command == "replay":
        from interpreter.cli_records import replay_command

        return replay_command(args.file, as_json=args.json, trust_paths=args.trust_paths)
    if args.command in ("diff", "new", "schema", "rulebook"):
        handlers = {"diff": _diff, "new": _new, "schema": _schema, "rulebook": _rulebook}
        return handlers[args.command](args)
    from interpreter.loader import shipped_variant_names
    from interpreter.play import play_terminal

    return play_terminal(
        load_variant(args.variant),
        seed=args.seed,
        seat=args.seat - 1,
        bot=args.bot,
        record=args.record,
        variant_name=args.variant,
        embed=args.variant not in shipped_variant_names(),
        practice=args.practice,
    )


def _failure(error: Exception) -> int | None:
    """Print an error the user can act on and give the exit code; None for any other error.
    The error classes are imported here, when something went wrong."""
    from interpreter.loader import VariantError

    if isinstance(error, VariantError):
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        return 1
    if not isinstance(error, ValueError):
        return None
    from interpreter.records import RecordError

    if isinstance(error, RecordError):
        print(error, file=sys.stderr)
        return 1
    print(f"bezique: {error}", file=sys.stderr)
    return 2


def load_variant(name_or_path: str) -> Variant:
    """The loader's ``load_variant``, imported on first use (it brings in pydantic)."""
    from interpreter.loader import load_variant as load

    return load(name_or_path)


def _console(stderr: bool = False) -> Console:
    """A console for tables; written to a file or a pipe, lines are not wrapped at 80 columns
    (standard output only: messages on standard error keep rich's default width)."""
    from rich.console import Console

    if stderr:
        return Console(stderr=True, highlight=False)
    return Console(highlight=False, width=None if sys.stdout.isatty() else 200)


def _rulebook(args: argparse.Namespace) -> int:
    from interpreter.loader import parent_variant
    from interpreter.rulebook import render

    page = render(load_variant(args.variant), parent=parent_variant(args.variant))
    if args.output:
        _write(Path(args.output), page)
        print(args.output)
    else:
        sys.stdout.write(page)
    return 0


def _diff(args: argparse.Namespace) -> int:
    from interpreter.authoring import differences, report

    changes = differences(load_variant(args.a), load_variant(args.b), include_sources=args.sources)
    print("\n".join(report(changes)))
    return 0


def _new(args: argparse.Namespace) -> int:
    from interpreter.authoring import starter_overlay

    path = Path(args.output or f"{args.name}.toml")
    if path.exists() and not args.force:
        raise ValueError(f"{path} already exists (--force overwrites it)")
    text = starter_overlay(args.name, args.extends, directory=path.parent)
    _write(path, text)
    print(path)
    return 0


def _schema(args: argparse.Namespace) -> int:
    from interpreter.authoring import json_schema

    text = json.dumps(json_schema(overlay=args.overlay), indent=2, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    _write(Path(args.output), text)
    print(args.output)
    return 0


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write {path}: {error.strerror or error}") from None


def _variants() -> int:
    from rich.table import Table
    from rich.text import Text

    from interpreter.loader import shipped_variant_names
    from interpreter.loader.listing import variant_row

    table = Table(title="Shipped variants")
    table.add_column("name", no_wrap=True)
    table.add_column("title")
    for column in ("players", "packs", "hand"):
        table.add_column(column, justify="right")
    table.add_column("extends", no_wrap=True)
    for name in shipped_variant_names():
        row = variant_row(name)
        cells = (name, row.title, str(row.players), str(row.packs), str(row.hand), row.extends)
        table.add_row(*(Text(cell) for cell in cells))  # text, never markup
    _console().print(table)
    return 0


def _check(paths: Sequence[str], *, trusted: bool) -> int:
    from interpreter.loader import check

    diagnostics = check(paths, trusted=trusted)
    for diagnostic in diagnostics:
        print(diagnostic, file=sys.stderr)
    if diagnostics:
        print(f"{len(diagnostics)} problem(s) found", file=sys.stderr)
        return 1
    print(f"ok: no problems in {', '.join(paths)}")
    return 0


MOST_POINTS = 1_000_000
"""More points than any deal of any variant could score: a larger figure is a typing slip."""


def _points(text: str) -> int:
    """A score or brisque count given on the command line: a whole number from 0 to
    :data:`MOST_POINTS`, checked before Python converts it (a huge figure would stop there)."""
    digits = text.strip().removeprefix("+")
    if digits.startswith("-") and digits[1:].isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: points cannot be negative")
    if not digits.isascii() or not digits.isdigit():
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: not a whole number of points")
    if len(digits.lstrip("0")) > len(str(MOST_POINTS)) or int(digits) > MOST_POINTS:
        raise argparse.ArgumentTypeError(
            f"{text[:20]}{'…' if len(text) > 20 else ''}: more than {MOST_POINTS:,} points, "
            "beyond any score a deal can make"
        )
    return int(digits)


def _settle(args: argparse.Namespace) -> int:
    from interpreter.engine.settlement import settle
    from interpreter.model.scoring import GameFormat

    variant = load_variant(args.variant)
    if variant.game.format is not GameFormat.SINGLE_DEAL:
        raise ValueError(
            f"{variant.name} is a race game to {variant.game.target}: it has no one-deal "
            "settlement (try rubicon, chinese or eight-pack)"
        )
    scores = (args.scores[0], args.scores[1])
    brisques = (args.brisques[0], args.brisques[1])
    result = settle(variant.settlement, scores, brisques, variant.brisques.usage)
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False))
        return 0
    if result.winner is None:
        print(f"{variant.title}: the game is void. {result.explanation}")
        return 0
    rubicon = " The loser is rubiconed." if result.rubiconed else ""
    print(f"{variant.title}: player {'AB'[result.winner]} wins {result.value}.{rubicon}")
    print(result.explanation)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from interpreter.cli_records import record_writer
    from interpreter.loader import shipped_variant_names
    from interpreter.simulate import simulate

    variant = load_variant(args.variant)
    out, err = _console(), _console(stderr=True)
    agents = [name.strip() for name in args.agents.split(",") if name.strip()]
    unknown = [name for name in agents if name not in AGENT_NAMES]
    if unknown:
        raise ValueError(f"unknown agent {unknown[0]!r}; known agents: {', '.join(AGENT_NAMES)}")
    if len(agents) == 1:
        agents = agents * variant.players.count
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
        _print_summary(out, variant, summary)
    return 0


def _print_summary(out: Console, variant: Variant, summary: Summary) -> None:
    """The summary of ``simulate``; the variant's title and combination names are escaped:
    rich reads square brackets as markup."""
    from rich.markup import escape
    from rich.table import Table

    out.print(
        f"[bold]{escape(variant.title)}[/bold] — {summary.deals} deals, {summary.games} complete "
        f"game(s), seed {summary.seed}, {summary.seconds:.2f} s "
        f"({summary.deals_per_second:.0f} deals/s)"
    )
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
