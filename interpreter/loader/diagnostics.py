"""What the loader reports: one :class:`Diagnostic` per problem, all gathered in a
:class:`VariantError`."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

KeyPath = tuple[str | int, ...]
"""A path to a value in a TOML document: table keys, and indexes into arrays."""

Origin = tuple[str, int | None]
"""Where a value was written: the file as displayed, and its line (None when unknown)."""

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
BIDI = "\u202a-\u202e\u2066-\u2069"
"""The invisible bidirectional embeddings, overrides and isolates: they make a text show
otherwise than it is stored (a right-to-left override reverses what follows it)."""
CONTROL = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}]")
"""The characters a text may not hold: the control characters C0 but tab and line feed, DEL,
and C1 (ESC and CSI among them: what would drive a terminal), and the bidirectional controls
(:data:`BIDI`)."""
_UNSHOWN = re.compile(rf"[\x00-\x1f\x7f-\x9f{BIDI}\\\"]")


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    return "\\" + char if char in '\\"' else f"\\u{ord(char):04X}"


def quoted(text: str) -> str:
    """``text`` as a TOML basic string, every control character escaped."""
    return '"' + _UNSHOWN.sub(_escape, text) + '"'


def visible(text: str) -> str:
    """``text`` with each control character (tab and line feed too) written ``\\uXXXX``, so
    that what a file holds never reaches a terminal as a control code."""
    return CONTROL.sub(_escape, text).replace("\t", "\\u0009").replace("\n", "\\u000A")


def format_path(path: KeyPath) -> str:
    """``("combinations", 3, "points")`` → ``combinations[3].points``."""
    text = ""
    for segment in path:
        if isinstance(segment, int):
            text += f"[{segment}]"
        else:
            key = segment if _BARE_KEY.match(segment) else quoted(segment)
            text += f".{key}" if text else key
    return text


def toml_repr(value: Any, limit: int = 60) -> str:
    """A short TOML-like rendering of a value for messages: strings quoted, booleans in lower
    case, tables summarised."""
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = repr(value)
    elif isinstance(value, dict):
        text = "a table"
    elif isinstance(value, list | tuple):
        text = "[" + ", ".join(toml_repr(item, limit) for item in value) + "]"
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a variant, located as precisely as the loader can.

    ``column`` is only set for TOML syntax errors; ``path`` is ``""`` for problems that are not
    about one key (syntax errors, unreadable files)."""

    file: str
    line: int | None
    column: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        if self.column is not None:
            text = f"{where}:{self.column}: TOML syntax error: {self.message}"
        elif self.path:
            text = f"{where}: {self.path}: {self.message}"
        else:
            text = f"{where}: {self.message}"
        return visible(text)


class VariantError(Exception):
    """A variant could not be loaded; ``diagnostics`` lists every problem found."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


def where_text(origin: Origin) -> str:
    """``file:line`` (or just ``file`` when the line is unknown)."""
    return origin[0] if origin[1] is None else f"{origin[0]}:{origin[1]}"


def at(origin: Origin, path: KeyPath, message: str) -> Diagnostic:
    """A diagnostic about the value at ``path``, written at ``origin``."""
    return Diagnostic(origin[0], origin[1], None, format_path(path), message)


def suggest(word: str, choices: list[str]) -> str:
    """`` (did you mean 'x'?)`` for the nearest choice, or an empty string."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
