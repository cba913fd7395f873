"""Reading one TOML file: its bytes (never more than a limit), ``tomllib``'s reading of them
(kept for a small text, so a shipped variant that several overlays extend is parsed once), what
the reading may not hold (values nested too deeply, control characters, integers beyond 64
bits), and the diagnostics when it cannot be read.  Every diagnostic of a file that exists has
a line.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from interpreter.loader.diagnostics import CONTROL, Diagnostic, KeyPath, format_path
from interpreter.loader.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_KEY_PARTS, size_text
from interpreter.loader.lines import Source
from interpreter.loader.merge import Doc

_POSITION = re.compile(r"^(?P<message>.*?)\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)$")
_AT_END = re.compile(r"^(?P<message>.*?)\s*\(at end of document\)$")
_LONG_NUMBER = re.compile(r"[0-9A-Fa-f_]{4000,}")
_INT64 = range(-(2**63), 2**63)
NESTED = f"values are nested too deeply (at most {MAX_DEPTH} levels)"


class TooLarge(Exception):
    """A file holds more than the limit it is read with."""


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file; :class:`TooLarge` when it holds more than ``limit``, found
    from its size before it is read, and by reading no more than ``limit + 1`` bytes for a
    file whose size says nothing (``/proc``).  Raises ``OSError`` as ``open`` does, and for
    what is not a regular file (a pipe is never waited on)."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(handle, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise IsADirectoryError(0, "not a regular file")
        if status.st_size > limit:
            raise TooLarge
        want = status.st_size + 1
        raw = file.read(want)
        if len(raw) == want:  # more than its size says
            raw += file.read(limit + 1 - want)
    if len(raw) > limit:
        raise TooLarge
    return raw


def too_large(what: str, limit: int, untrusted: bool) -> str:
    mode = " in untrusted mode" if untrusted else ""
    return f"the {what} is larger than {size_text(limit)}, the most a variant file may hold{mode}"


def file_text(raw: bytes, errors: str = "strict") -> str:
    """The text of a variant file's bytes: UTF-8, a byte-order mark at its start dropped, as
    every reader of variant files takes it (loading, checking, finding a folder's variants)."""
    return raw.decode("utf-8", errors).removeprefix("\ufeff")


def read_toml(
    path: Path, shown: str, limit: int = MAX_FILE_BYTES, untrusted: bool = False
) -> tuple[Doc | None, list[Diagnostic]]:
    """Parse one TOML file; on failure, the diagnostics say why (never an exception)."""
    try:
        raw = read_bytes(path, limit)
    except TooLarge:
        return None, [Diagnostic(shown, 1, None, "", too_large("file", limit, untrusted))]
    except OSError as error:
        reason = error.strerror or str(error)
        return None, [Diagnostic(shown, None, None, "", f"cannot read the file: {reason}")]
    try:
        text = file_text(raw)
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        message = f"not UTF-8 text: byte 0x{raw[error.start]:02x} cannot be decoded"
        return None, [Diagnostic(shown, line, None, "", message)]
    return read_text(text, shown)


def read_given(
    text: str, shown: str, limit: int, untrusted: bool
) -> tuple[Doc | None, list[Diagnostic]]:
    """Parse a TOML text given as it is (pasted in a form, say), held to the limits of a file."""
    try:
        size = len(text) if len(text) > limit else len(text.encode("utf-8"))
    except UnicodeEncodeError as error:  # a lone surrogate: no file could hold it
        line = text.count("\n", 0, error.start) + 1
        message = f"not UTF-8 text: U+{ord(text[error.start]):04X} is half a character"
        return None, [Diagnostic(shown, line, None, "", message)]
    if size > limit:
        return None, [Diagnostic(shown, 1, None, "", too_large("text", limit, untrusted))]
    return read_text(text.removeprefix("\ufeff"), shown)


def read_text(text: str, shown: str) -> tuple[Doc | None, list[Diagnostic]]:
    """Parse the text of one TOML file (its size already checked)."""
    source = Source(shown, text)
    parts, line = _longest_key(source)
    if parts > MAX_KEY_PARTS:
        message = f"a dotted key of {parts} parts (at most {MAX_KEY_PARTS} are allowed)"
        return None, [Diagnostic(shown, line, None, "", message)]
    try:
        data, flaws = _reading(text)
    except tomllib.TOMLDecodeError as error:
        return None, [_syntax_error(shown, text, str(error))]
    except RecursionError:
        return None, [Diagnostic(shown, source.lines.too_deep or 1, None, "", NESTED)]
    except ValueError:  # an integer of more digits than Python converts
        found = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, found.start()) + 1 if found else 1
        message = "a number too long to read (a TOML integer has at most 64 bits)"
        return None, [Diagnostic(shown, line, None, "", message)]
    problems = [
        Diagnostic(shown, source.line(path), None, format_path(path), message)
        for path, message in flaws
    ]
    if any(not message.endswith(_WIDE) or isinstance(path[-1], int) for path, message in flaws):
        return None, problems
    # Only integers beyond 64 bits, each a table's value: each is left out, and the rest of
    # the file is read and checked, so that every problem is said at once.
    kept = copy_data(data)
    for path, _ in flaws:
        *parents, key = path
        node = kept
        for parent in parents:
            node = node[parent]
        del node[key]
    return Doc.from_file(kept, source), problems


def _longest_key(source: Source) -> tuple[int, int]:
    """The parts and line of the longest dotted key, scanned only when a line of the text has
    enough dots to hold a key that is too long; else ``(0, 0)``."""
    text = source.text
    if text.count(".") < MAX_KEY_PARTS or all(
        line.count(".") < MAX_KEY_PARTS for line in text.split("\n")
    ):
        return (0, 0)
    return source.lines.longest_key


Flaws = tuple[tuple[KeyPath, str], ...]
_WIDE = "is beyond a 64-bit integer (TOML's range)"


def _reading(text: str) -> tuple[dict[str, Any], Flaws]:
    """``tomllib``'s reading of a text and its flaws (:func:`_flaws`).  Kept for a text of at
    most ``_KEPT`` characters: a file read again (a shipped variant that overlays extend) is
    not parsed again, and what is kept stays small.  Shared, so never changed: callers read
    it or copy it."""
    return _kept(text) if len(text) <= _KEPT else _read(text)


_KEPT = 64 * 1024


@lru_cache(maxsize=256)
def _kept(text: str) -> tuple[dict[str, Any], Flaws]:
    return _read(text)


def _read(text: str) -> tuple[dict[str, Any], Flaws]:
    data = tomllib.loads(text)
    return data, _flaws(data)


def _flaws(data: dict[str, Any]) -> Flaws:
    """What a reading may not hold, in the order written: values nested more than
    ``MAX_DEPTH`` deep, control characters in a key or a string, integers beyond 64 bits.
    Walked without recursion."""
    found: list[tuple[KeyPath, str]] = []
    pending: list[tuple[KeyPath, Any]] = [((), data)]
    while pending:
        path, value = pending.pop()
        if isinstance(value, dict | list):
            items = list(value.items() if isinstance(value, dict) else enumerate(value))
            if items and len(path) >= MAX_DEPTH:
                found.append((path, NESTED))
                continue
            for key, item in reversed(items):
                if isinstance(key, str) and CONTROL.search(key):
                    found.append(((*path, key), _control(key)))
                else:
                    pending.append(((*path, key), item))
        elif isinstance(value, str) and CONTROL.search(value):
            found.append((path, _control(value)))
        elif isinstance(value, int) and not isinstance(value, bool) and value not in _INT64:
            found.append((path, f"{value} {_WIDE}"))
    return tuple(found)


def _control(text: str) -> str:
    found = CONTROL.search(text)
    char = found.group() if found else ""
    code = f"U+{ord(char):04X}" if char else ""
    if char and unicodedata.category(char) == "Cf":
        return (
            f"holds the bidirectional control {code} ({unicodedata.name(char)}), which shows a "
            "text otherwise than it is written (a text may hold tabs and line breaks, no "
            "control characters)"
        )
    return (
        f"holds the control character {code} "
        "(a text may hold tabs and line breaks, no other control characters)"
    )


def extends_in(file: Path) -> Any:
    """What a file gives ``extends`` at its top level (None when nothing).  Raises as
    ``tomllib.load`` does for a file that is not UTF-8 or not TOML, and :class:`TooLarge`."""
    return _reading(file_text(read_bytes(file)))[0].get("extends")


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
    source = _source(path)
    if source is None:
        return False
    keys = _top_level_keys(source)
    if keys is not None:
        return "name" in keys or "extends" in keys
    return ("name",) in source.lines or ("extends",) in source.lines


def top_level_keys(path: Path) -> frozenset[str] | None:
    """The keys a TOML file sets at its top level; None when it cannot be read as TOML (the
    reading is kept for loading it)."""
    source = _source(path)
    return None if source is None else _top_level_keys(source)


def _source(path: Path) -> Source | None:
    try:
        return Source(str(path), file_text(read_bytes(path), errors="replace"))
    except (OSError, TooLarge):
        return None


def _top_level_keys(source: Source) -> frozenset[str] | None:
    if _longest_key(source)[0] > MAX_KEY_PARTS:
        return None
    try:
        return frozenset(_reading(source.text)[0])
    except (ValueError, RecursionError):  # not TOML, or a number too long to read
        return None
