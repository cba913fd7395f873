"""What the commands print with: a rich console that tells the program when the reader of its
output has gone, the loader imported on first use, and writing a file."""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

if TYPE_CHECKING:
    from interpreter.model import Variant


class Output(Console):
    """A rich console that raises ``BrokenPipeError`` when the reader of its output has gone
    (rich's own console exits with status 1 then): :func:`interpreter.cli.app.main` ends the
    command quietly."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "the reader of the output has gone")


def tables(stderr: bool = False) -> Output:
    """A console for tables; written to a file or a pipe, lines are not wrapped at 80 columns
    (standard output only: messages on standard error keep rich's default width)."""
    if stderr:
        return Output(stderr=True, highlight=False)
    return Output(highlight=False, width=None if sys.stdout.isatty() else 200)


def load_variant(name_or_path: str) -> Variant:
    """The loader's ``load_variant``, imported on first use (it brings in pydantic)."""
    from interpreter.loader import load_variant as load

    return load(name_or_path)


def write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write {path}: {error.strerror or error}") from None
