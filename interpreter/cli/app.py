"""Running one ``bezique`` command: its exit status, the errors a user can act on, and the two
ways a command ends early.

- Ctrl-C, at any point of any command: one line, ``bezique: interrupted (Ctrl-C)``, and status
  130 (128 + SIGINT, as a shell reports a command it interrupted).  ``play`` says it its own
  way (``Game abandoned (Ctrl-C).``) and writes its record first.
- The reader of the output goes away (``| head``, ``| grep -q``, quitting ``less``): nothing
  more is printed, no traceback, and the status is 141 (128 + SIGPIPE), what a shell shows for
  ``cat`` or ``ls`` in the same place: the output was cut short, which a script checking the
  status (``set -o pipefail``) can tell from a complete one.  The command is not killed by the
  signal, so whatever it writes to files (a game record) is finished first.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from interpreter.cli.options import parser

INTERRUPTED = 130
"""The status after Ctrl-C: 128 + SIGINT."""
READER_GONE = 141
"""The status when the reader of the output went away: 128 + SIGPIPE."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bezique`` command with ``argv`` (the process's arguments when None) and give
    its exit status.  Run as the program (``argv`` None), it owns the process: after Ctrl-C,
    a second Ctrl-C cannot interrupt its last line."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        if argv is None:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        with contextlib.suppress(OSError):
            print("bezique: interrupted (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        _drop_output()
        return READER_GONE


def _main(argv: Sequence[str] | None) -> int:
    args = parser().parse_args(argv)
    try:
        code = _run(args)
    except Exception as error:
        failed = _failure(error)
        if failed is None:
            raise
        code = failed
    sys.stdout.flush()  # now, so that a reader gone is noticed here and not at exit
    return code


def _run(args: argparse.Namespace) -> int:
    if args.command in ("variants", "check", "show"):
        from interpreter.cli import variants

        return variants.run(args)
    if args.command == "simulate":
        from interpreter.cli.simulate import simulate_command

        return simulate_command(args)
    if args.command == "analyze":
        from interpreter.cli.analyze import analyze_command

        return analyze_command(args)
    if args.command == "settle":
        from interpreter.cli.settle import settle_command

        return settle_command(args)
    if args.command == "replay":
        from interpreter.cli_records import replay_command
        from interpreter.play.tricks import tricks_text

        return replay_command(
            args.file,
            as_json=args.json,
            trust_paths=args.trust_paths,
            tricks=tricks_text if args.tricks else None,
        )
    if args.command == "review":
        from interpreter.cli_records import review_command

        return review_command(
            args.file,
            seat=args.seat,
            as_json=args.json,
            par=not args.no_par,
            trust_paths=args.trust_paths,
        )
    if args.command == "puzzles":
        from interpreter.cli.puzzles import puzzles_command

        return puzzles_command(args)
    if args.command == "stats":
        from interpreter.cli_records import stats_command

        return stats_command(args.player, args.db, as_json=args.json)
    if args.command == "serve":
        return _serve(args)
    if args.command in ("diff", "new", "schema", "rulebook"):
        from interpreter.cli import authoring

        return authoring.run(args)
    return _play(args)


def _play(args: argparse.Namespace) -> int:
    from interpreter.cli.output import Output, load_variant
    from interpreter.loader import shipped_variant_names
    from interpreter.play import Rater, play_terminal
    from interpreter.userdata import default_db, default_player

    return play_terminal(
        load_variant(args.variant),
        seed=args.seed,
        seat=args.seat - 1,
        bot=args.bot,
        console=Output(highlight=False, emoji=False),
        record=args.record,
        variant_name=args.variant,
        embed=args.variant not in shipped_variant_names(),
        practice=args.practice,
        reviewing=not args.no_review,
        rating=Rater(Path(args.db or default_db()), args.player or default_player()),
    )


def _serve(args: argparse.Namespace) -> int:
    try:
        from interpreter.web.server import serve
    except ModuleNotFoundError as error:  # the web extra is not installed
        missing = (error.name or "starlette").split(".")[0]
        raise ValueError(
            f"serve needs the web extra ({missing} is not installed): pip install -e '.[web]'"
        ) from None
    return serve(
        args.port,
        open_browser=args.open,
        db=args.db,
        host=args.host,
        public_url=args.public_url,
        expire_days=args.expire_days,
        tables_per_address=args.tables_per_address,
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


def _drop_output() -> None:
    """The reader of standard output (or error) has gone: send what is still buffered for
    them nowhere, so that Python does not fail to write it at exit ("Exception ignored")."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # ValueError: a stream without a file
            nowhere = os.open(os.devnull, os.O_WRONLY)
            os.dup2(nowhere, stream.fileno())
            os.close(nowhere)
