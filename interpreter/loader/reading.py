"""Reading one TOML file: its text, ``tomllib``'s reading of it (kept per text, so a shipped
variant that several overlays extend is parsed once), and the diagnostics when it cannot be
read."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from interpreter.loader.diagnostics import Diagnostic
from interpreter.loader.lines import Source
from interpreter.loader.merge import Doc

MAX_KEY_PARTS = 100
"""The most parts a dotted key may have.  ``tomllib`` takes time and memory growing with the
square of a key's parts, so longer keys are refused before it reads them."""

_POSITION = re.compile(r"^(?P<message>.*?)\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)$")
_AT_END = re.compile(r"^(?P<message>.*?)\s*\(at end of document\)$")


def read_toml(path: Path, shown: str) -> tuple[Doc | None, list[Diagnostic]]:
    """Parse one TOML file; on failure, the diagnostics say why (never an exception)."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        return None, [Diagnostic(shown, None, None, "", f"cannot read the file: {reason}")]
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        message = f"not UTF-8 text: byte 0x{raw[error.start]:02x} cannot be decoded"
        return None, [Diagnostic(shown, line, None, "", message)]
    source = Source(shown, text)
    parts, line = _longest_key(source)
    if parts > MAX_KEY_PARTS:
        message = f"a dotted key of {parts} parts (at most {MAX_KEY_PARTS} are allowed)"
        return None, [Diagnostic(shown, line, None, "", message)]
    try:
        return Doc.from_file(copy_data(_parsed(text)), source), []
    except tomllib.TOMLDecodeError as error:
        return None, [_syntax_error(shown, text, str(error))]
    except RecursionError:
        return None, [Diagnostic(shown, None, None, "", "values are nested too deeply")]


def _longest_key(source: Source) -> tuple[int, int]:
    """The parts and line of the longest dotted key, scanned only when a line of the text has
    enough dots to hold a key that is too long; else ``(0, 0)``."""
    if all(line.count(".") < MAX_KEY_PARTS for line in source.text.split("\n")):
        return (0, 0)
    return source.lines.longest_key


@lru_cache(maxsize=256)
def _parsed(text: str) -> dict[str, Any]:
    """``tomllib``'s reading of a text, kept: a file read again (a shipped variant that overlays
    extend) is not parsed again.  Shared, so never changed: callers read it or copy it."""
    return tomllib.loads(text)


def extends_in(file: Path) -> Any:
    """What a file gives ``extends`` at its top level (None when nothing).  Raises as
    ``tomllib.load`` does for a file that is not UTF-8 or not TOML."""
    return _parsed(file.read_bytes().decode()).get("extends")


def copy_data(value: Any) -> Any:
    """A copy of parsed TOML in which no table or array is shared with ``value`` (scalars are
    immutable).  Without recursion, so nesting depth does not matter."""
    copied: list[Any] = [value]
    pending: list[tuple[Any, Any]] = [(copied, 0)]
    while pending:
        holder, key = pending.pop()
        item = holder[key]
        if isinstance(item, dict):
            item = holder[key] = dict(item)
            pending.extend((item, k) for k, v in item.items() if isinstance(v, dict | list))
        elif isinstance(item, list):
            item = holder[key] = list(item)
            pending.extend((item, i) for i, v in enumerate(item) if isinstance(v, dict | list))
    return copied[0]


def _syntax_error(shown: str, text: str, message: str) -> Diagnostic:
    found = _POSITION.match(message)
    if found:
        line, column = int(found["line"]), int(found["column"])
        return Diagnostic(shown, line, column, "", found["message"])
    lines = text.split("\n")
    end = _AT_END.match(message)
    cleaned = end["message"] + " at the end of the file" if end else message
    return Diagnostic(shown, len(lines), len(lines[-1]) + 1, "", cleaned)


def declares_variant(path: Path) -> bool:
    """Whether a file says ``name`` or ``extends`` at its top level (a whole variant).  Read as
    TOML when it is valid (the reading is kept for loading it), else by the line scanner."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    source = Source(str(path), text)
    if _longest_key(source)[0] <= MAX_KEY_PARTS:
        try:
            data = _parsed(text)
        except (tomllib.TOMLDecodeError, RecursionError):
            pass
        else:
            return "name" in data or "extends" in data
    return ("name",) in source.lines or ("extends",) in source.lines
