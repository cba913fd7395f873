"""The command line of ``bezique``: its commands, their options and defaults, and the numbers
they take.  A bad option is refused before anything runs, in one line that names the option and
what is wrong (``--deals: 'abc' is not a whole number``), after the usage line (status 2).

Seats are written ``p1``, ``p2``, … counted from 1 (``--seat 2``, ``--scores P1 P2``)."""

from __future__ import annotations

import argparse
import difflib
import re
from typing import TYPE_CHECKING, NoReturn

from interpreter import compiled
from interpreter.agents import AGENT_NAMES

SHARD_DEALS = 1000
"""Deals per shard by default: :data:`interpreter.scale.shards.SHARD_DEALS` (not imported, so
that ``--help`` loads no engine; a test checks that they agree)."""
MOST_POINTS = 1_000_000
"""More points than any deal of any variant could score: a larger figure is a typing slip."""
LARGEST_SEED = 2**63 - 1
"""A seed is written in game records as a TOML integer, which holds 64 bits."""
_VARIANT_HELP = "a shipped variant's name, or the path of a variant file or folder"


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with each error said as ``--deals: …`` rather than ``argument
    --deals: …``."""

    def error(self, message: str) -> NoReturn:
        super().error(_meant(message.removeprefix("argument ")))


def _meant(message: str) -> str:
    """An unknown command or choice, with the nearest one it may mean: ``COMMAND: invalid
    choice: 'anlyze' (choose from …); did you mean 'analyze'?``."""
    found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
    if found is None:
        return message
    choices = re.findall(r"'([^']*)'", found.group(2))
    given = found.group(1)
    # a word the choice begins with ('rules': rulebook) before the likeliest misspelling
    begun = [c for c in choices if len(given) >= 3 and c.startswith(given[:4])]
    near = begun if len(begun) == 1 else difflib.get_close_matches(given, choices, 1, 0.6)
    return f"{message}; did you mean {near[0]!r}?" if near else message


class _Help(argparse.HelpFormatter):
    """Help in which every option that takes a value shows its default: appended as
    ``(default: 200)`` when it is a value, written in the help when it is none (``--record``)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        none = action.default is None or action.default is False  # none, or a flag off
        if not none and action.default != argparse.SUPPRESS and action.option_strings:
            shown = action.default
            if isinstance(shown, tuple | list):
                shown = " ".join(str(item) for item in shown)
            text += f" (default: {shown})".replace("%", "%%")
        return text


def parser() -> argparse.ArgumentParser:
    main = _Parser(
        prog="bezique",
        description="Play, simulate and check variants of Bézique described as data.",
        epilog="bezique COMMAND --help describes a command and its options.",
        formatter_class=_Help,
    )
    main.add_argument(
        "--version", action=_Version, nargs=0, help="print the version and the engine's build"
    )
    sub = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _variant_commands(sub)
    _game_commands(sub)
    _record_commands(sub)
    _authoring_commands(sub)
    return main


if TYPE_CHECKING:
    Commands = argparse._SubParsersAction[_Parser]


def _command(sub: Commands, name: str, summary: str, description: str) -> argparse.ArgumentParser:
    """A command: ``summary`` is its line in ``bezique --help``, ``description`` the opening of
    ``bezique NAME --help``."""
    return sub.add_parser(name, help=summary, description=description, formatter_class=_Help)


def _variant_commands(sub: Commands) -> None:
    _command(
        sub,
        "variants",
        "list the shipped variants",
        "List the shipped variants: name, players, packs, cards dealt to each player, the "
        "variant each extends, and the title.",
    )
    check = _command(
        sub,
        "check",
        "validate variant files or folders",
        "Validate variant files, variant folders, shipped names, or folders holding several "
        "variants (each is checked). Every problem is printed as file:line: key.path: message, "
        "and the status is 1 if there is any; a warning (an inherited text that no longer "
        "fits the rules) leaves the status 0.",
    )
    check.add_argument("paths", nargs="+", metavar="PATH", help=_VARIANT_HELP)
    check.add_argument(
        "--untrusted",
        action="store_true",
        help="check files from someone else: extends may name only a shipped variant or a "
        "file in the variant's own folder (no absolute path, no '..', no link out of it), "
        "and a file may hold at most 256 KiB",
    )
    show = _command(
        sub,
        "show",
        "print a variant fully resolved, as TOML",
        "Print a variant as the engine plays it: one TOML document, extends resolved and "
        "every default filled in. The output is itself a valid variant.",
    )
    show.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)


def _game_commands(sub: Commands) -> None:
    sim = _command(
        sub,
        "simulate",
        "play many deals between bots",
        "Bots play whole games of a variant until N deals have been played; the command "
        "prints what happened, per seat (p1, p2, …) and per combination.",
    )
    sim.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)
    sim.add_argument("--deals", type=_positive, default=200, metavar="N", help="deals to play")
    sim.add_argument("--seed", type=_seed, default=0, metavar="S", help="seeds every shuffle")
    sim.add_argument(
        "--agents",
        default="random,greedy",
        metavar="A,B,…",
        help=f"the agent of each seat from p1 on: {', '.join(AGENT_NAMES)}, or module:Class "
        "for a class from outside (imported from PYTHONPATH); a list shorter than the seats "
        "is repeated to fill them (greedy: every seat)",
    )
    sim.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per seating of the agents (seats swapped, or rotated), so "
        "that the luck of the cards cancels, and compare the agents with 95%% intervals; N "
        "deals in each seating",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--record", metavar="DIR", help="write a game record per finished game (default: none)"
    )
    _scale_options(sim)
    _cluster_options(sim)
    _resume_option(sim)
    _analyze_command(sub)
    play = _command(
        sub,
        "play",
        "play a game in the terminal against bots",
        "Play a whole game in the terminal, you in one seat and a bot in every other. Type "
        "help during the game for the commands.",
    )
    play.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)
    play.add_argument(
        "--seed", type=_seed, metavar="S", help="seeds the game (default: a new game each time)"
    )
    play.add_argument("--seat", type=_positive, default=1, metavar="N", help="your seat: 2 is p2")
    play.add_argument(
        "--bot",
        default="expert",
        metavar="AGENT",
        help=f"the bot in every other seat: {', '.join(AGENT_NAMES)}, or module:Class for a "
        "class from outside (imported from PYTHONPATH)",
    )
    play.add_argument(
        "--record", metavar="FILE", help="write the game record to FILE (default: none)"
    )
    play.add_argument(
        "--practice", action="store_true", help="allow undo; the record says it was practice"
    )
    play.add_argument(
        "--no-review",
        action="store_true",
        help="do not review your play at the end of each deal (mistakes and par), nor rate it",
    )
    play.add_argument(
        "--player",
        metavar="NAME",
        help="whose rating the deals count to (default: your login name); see bezique stats",
    )
    play.add_argument(
        "--db",
        metavar="FILE",
        help="where deals are rated, a SQLite file (default: tables.sqlite in the user's data "
        "folder, as bezique serve)",
    )
    serve = _command(
        sub,
        "serve",
        "play in a web browser (a local server)",
        "Serve the browser game on this machine (127.0.0.1) and print its address: any "
        "shipped variant or a variant file of your own, bots in the other seats, game records "
        "replayed trick by trick; and tables for friends elsewhere, each seat opened by its "
        "own invite link, kept in a database so that a restart loses nothing. Needs the web "
        "extra: pip install -e '.[web]'.",
    )
    serve.add_argument(
        "--port", type=_port, default=8000, metavar="N", help="the port; 0 takes a free one"
    )
    serve.add_argument("--open", action="store_true", help="open the game in the web browser")
    serve.add_argument(
        "--db",
        metavar="FILE",
        help="where tables are kept, a SQLite file (default: tables.sqlite in the user's data "
        "folder)",
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on; another than this machine's needs --public-url "
        "(default: 127.0.0.1)",
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help="the address people reach the server at (https://…, behind a proxy with TLS); "
        "invite links are made with it (default: none, this machine only)",
    )
    serve.add_argument(
        "--tables-per-address",
        type=int,
        default=20,
        metavar="N",
        help="tables one address may create at once, then one every 30 seconds (default: 20)",
    )
    serve.add_argument(
        "--expire-days",
        type=float,
        default=30.0,
        metavar="N",
        help="remove tables untouched for N days (default: 30)",
    )
    settle = _command(
        sub,
        "settle",
        "value a one-deal game from its final scores (laws 56-61)",
        "Value a one-deal game (Rubicon, six-pack, eight-pack) from the final scores of p1 "
        "and p2, by the variant's [settlement] table.",
    )
    settle.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)
    settle.add_argument(
        "--scores",
        type=_points,
        nargs=2,
        required=True,
        metavar=("P1", "P2"),
        help="each player's final score, brisques excluded",
    )
    settle.add_argument(
        "--brisques",
        type=_points,
        nargs=2,
        default=(0, 0),
        metavar=("P1", "P2"),
        help="each player's brisque points (10 per ace or ten won)",
    )
    settle.add_argument("--json", action="store_true", help="print one JSON object")


def _analyze_command(sub: Commands) -> None:
    analyze = _command(
        sub,
        "analyze",
        "measure what a variant's games are like, or what a house rule changes",
        "Bots play a reproducible sample of a variant, and the command reports the spread of "
        "deal scores and game lengths, where the points come from, the dealer's and the first "
        "dealer's advantage, games decided by the last deal, rubicons and game values, and "
        "how much skill counts, with 95 % intervals. With --vs, both variants are played "
        "and each figure's difference is given with its interval.",
    )
    analyze.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)
    analyze.add_argument(
        "--vs", metavar="OTHER", help="a second variant to compare with (default: none)"
    )
    analyze.add_argument(
        "--deals", type=_positive, default=1000, metavar="N", help="deals in the sample"
    )
    analyze.add_argument("--seed", type=_seed, default=0, metavar="S", help="seeds the sample")
    analyze.add_argument(
        "--agents",
        default="greedy",
        metavar="A,B,…",
        help="the agents of the sample, repeated to fill the seats (the skill sample is "
        "always greedy against random)",
    )
    analyze.add_argument("--json", action="store_true", help="print one JSON object")
    analyze.add_argument(
        "--out",
        metavar="DIR",
        help="write the plots (SVG) and analysis.json into DIR (default: none; needs "
        "pip install 'bezique-interpreter[plots]')",
    )
    _scale_options(analyze)
    _cluster_options(analyze)


def _scale_options(command: argparse.ArgumentParser) -> None:
    """Where the deals are played: the figures depend on the seed and the shard size only."""
    command.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        metavar="N",
        help="play on N processes of this machine (with --backend dask: the workers of the "
        "cluster started when no --scheduler is given); the figures do not depend on N",
    )
    command.add_argument(
        "--backend",
        choices=("processes", "dask"),
        default="processes",
        help="processes: this machine; dask: a Dask cluster (pip install "
        "'bezique-interpreter[dist]')",
    )
    command.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --backend dask: the address of the cluster's scheduler, "
        "e.g. tcp://10.0.0.5:8786 (default: a cluster of --jobs workers on this machine)",
    )
    command.add_argument(
        "--shard-deals",
        type=_positive,
        default=SHARD_DEALS,
        metavar="N",
        help="deals per shard, each shard seeded from the seed and its number: part of what "
        "the figures depend on",
    )


def _cluster_options(command: argparse.ArgumentParser) -> None:
    """A running Dask cluster, over TLS."""
    command.add_argument(
        "--scheduler-file",
        metavar="FILE",
        help="with --backend dask: the file a scheduler wrote its address into "
        "(dask scheduler --scheduler-file FILE), instead of --scheduler (default: none)",
    )
    command.add_argument(
        "--tls-ca-file",
        metavar="FILE",
        help="with a running cluster: talk to it over TLS, checked against this certificate "
        "authority (PEM) (default: no TLS)",
    )
    command.add_argument(
        "--tls-cert",
        metavar="FILE",
        help="with TLS: this client's certificate (PEM), for a cluster that asks for one "
        "(default: none)",
    )
    command.add_argument(
        "--tls-key",
        metavar="FILE",
        help="with TLS: the certificate's private key (default: in the certificate's file)",
    )
    command.add_argument(
        "--retries",
        type=_retries,
        metavar="N",
        help="with --backend dask: play a shard whose task failed on a worker again, up to N "
        "times (default: 2)",
    )


def _resume_option(command: argparse.ArgumentParser) -> None:
    """A long run kept shard by shard, to be resumed."""
    command.add_argument(
        "--shards-dir",
        metavar="DIR",
        help="keep each finished shard in DIR, and read those already there rather than play "
        "them again: a run stopped resumes where it was (default: none)",
    )


def _record_commands(sub: Commands) -> None:
    replay = _command(
        sub,
        "replay",
        "replay a game record, checking every action",
        "Replay a game record through the engine, checking every action, and print the "
        "running scores and the result.",
    )
    replay.add_argument("file", metavar="FILE", help="a game record (.toml)")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.add_argument(
        "--tricks",
        action="store_true",
        help="print the game trick by trick, every hand open, as the browser's replay shows it",
    )
    replay.add_argument(
        "--trust-paths",
        action="store_true",
        help="let the record name its variant by any path (by default: a shipped variant, or "
        "a file in the record's own folder)",
    )

    review = _command(
        sub,
        "review",
        "weigh a recorded seat's play against the expert, deal by deal",
        "Replay a game record and weigh every card one seat played against the expert's "
        "choice: exactly in the last tricks of a two-handed deal, from sampled worlds with a "
        "95 % interval before; the largest mistakes of each deal first, then its par (the "
        "same cards dealt again with the expert in the seat).",
    )
    review.add_argument("file", metavar="FILE", help="a game record (.toml)")
    review.add_argument("--seat", type=int, default=1, help="the seat to review: 1 is p1")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.add_argument("--no-par", action="store_true", help="skip dealing each deal again")
    review.add_argument(
        "--trust-paths",
        action="store_true",
        help="let the record name its variant by any path (as replay)",
    )

    stats = _command(
        sub,
        "stats",
        "print a player's rating: the mean par difference per variant",
        "Print the rating bezique play and bezique serve keep of a player's finished deals: "
        "per variant (a house rule by the hash of its rules), the mean par difference — the "
        "player's margin less the expert's on the same cards — with its 95 % interval, the "
        "last 10 deals and the trend. Deals of a game with an undo are not rated.",
    )
    stats.add_argument("--player", metavar="NAME", help="whose (default: your login name)")
    stats.add_argument(
        "--db", metavar="FILE", help="the SQLite file (default: as bezique play and serve)"
    )
    stats.add_argument("--json", action="store_true", help="print one JSON object")

    puzzles = _command(
        sub,
        "puzzles",
        "find positions of the last tricks where one card is clearly best",
        "Play deals with the bots (or read game records) and keep, from each deal, the "
        "position of its last tricks where one card makes the most points beyond the next "
        "best, with the exact value of every card (the solver, both hands known). Two-handed "
        "variants with no declaring in the last tricks. Writes VARIANT.md and VARIANT.json.",
    )
    puzzles.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)
    puzzles.add_argument(
        "--out", required=True, metavar="DIR", help="the folder to write to (required)"
    )
    puzzles.add_argument(
        "--deals", type=_positive, default=20, metavar="N", help="deals to look through"
    )
    puzzles.add_argument("--seed", type=_seed, default=1, metavar="S", help="the first deal's")
    puzzles.add_argument(
        "--most", type=_positive, default=10, metavar="K", help="puzzles to keep, at most"
    )
    puzzles.add_argument(
        "--bots", choices=["greedy", "expert"], default="greedy", help="who plays the deals"
    )
    puzzles.add_argument(
        "--from",
        dest="records",
        nargs="+",
        metavar="RECORD",
        help="look through these game records instead (default: none, the bots' deals)",
    )
    puzzles.add_argument(
        "--trust-paths", action="store_true", help="let a record name its variant by any path"
    )


def _authoring_commands(sub: Commands) -> None:
    """``diff``, ``new``, ``schema`` and ``rulebook``: the tools for house-rule authors."""
    diff = _command(
        sub,
        "diff",
        "list the rules two variants play differently",
        "List the rules that variant B plays differently from variant A, both fully resolved.",
    )
    diff.add_argument("a", metavar="A", help=_VARIANT_HELP)
    diff.add_argument("b", metavar="B", help=_VARIANT_HELP)
    diff.add_argument("--sources", action="store_true", help="compare source and note too")
    new = _command(
        sub,
        "new",
        "write a commented starter overlay (a house rule)",
        "Write a starter overlay called NAME on a variant: a house rule that, as written, "
        "plays exactly as its parent, with commented examples to change.",
    )
    new.add_argument("name", metavar="NAME", help="its name: lower-case letters, digits, -")
    new.add_argument("--extends", required=True, metavar="VARIANT", help="the parent")
    new.add_argument(
        "-o", "--output", metavar="FILE", help="where to write it (default: NAME.toml)"
    )
    new.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    schema = _command(
        sub,
        "schema",
        "print the JSON Schema of variant files",
        "Print the JSON Schema of variant files, for editors to complete keys and flag "
        "mistakes as you type.",
    )
    schema.add_argument("--overlay", action="store_true", help="nothing required (overlays)")
    schema.add_argument(
        "-o", "--output", metavar="FILE", help="write it to FILE (default: print it)"
    )
    book = _command(
        sub,
        "rulebook",
        "print or write the rulebook page of a variant",
        "Print the rulebook page of a variant as Markdown, or write it to a file.",
    )
    book.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)
    book.add_argument(
        "-o", "--output", metavar="FILE", help="write the Markdown to FILE (default: print it)"
    )


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


def _whole(text: str, most: int, unit: str = "") -> int:
    """A whole number from 0 to ``most`` (of ``unit``), checked before Python converts it (a
    figure of thousands of digits would stop there)."""
    digits = text.strip().removeprefix("+")
    shown = repr(text if len(text) <= 20 else text[:20] + "…")
    of = f" of {unit}" if unit else ""
    if digits.startswith("-") and digits[1:].isascii() and digits[1:].isdigit():
        raise argparse.ArgumentTypeError(f"{shown} is negative")
    if not digits.isascii() or not digits.isdigit():
        raise argparse.ArgumentTypeError(f"{shown} is not a whole number{of}")
    if len(digits.lstrip("0")) > len(str(most)) or int(digits) > most:
        raise argparse.ArgumentTypeError(f"{shown} is more than {most:,}{unit and ' ' + unit}")
    return int(digits)


def _positive(text: str) -> int:
    value = _whole(text, LARGEST_SEED)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text.strip()!r} is less than 1")
    return value


def _retries(text: str) -> int:
    return _whole(text, 100)


def _seed(text: str) -> int:
    return _whole(text, LARGEST_SEED)


def _port(text: str) -> int:
    return _whole(text, 65535)


def _points(text: str) -> int:
    """A score or brisque count: a whole number from 0 to :data:`MOST_POINTS`."""
    try:
        return _whole(text, MOST_POINTS, "points")
    except argparse.ArgumentTypeError as error:
        if "more than" in str(error):
            raise argparse.ArgumentTypeError(f"{error}, beyond any score a deal can make") from None
        raise
