"""A record's text → TOML data, bounded: a record is untrusted input, so its size, its nesting,
its dotted keys and its numbers are limited before and after ``tomllib`` reads it, and every
refusal has a line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from interpreter.loader.diagnostics import KeyPath
from interpreter.loader.lines import Source
from interpreter.loader.reading import TooLarge, read_bytes
from interpreter.records.place import Place, RecordError

MAX_BYTES = 1_000_000
"""The largest record read: a hundred times the longest game the bots play (a whole game of
Bézique to 1,000 is about 10 KB)."""

MAX_DEPTH = 20
"""The deepest nesting of tables and arrays (a record needs five: ``[variant_data]``)."""

MAX_KEY_PARTS = 100
"""The most parts a dotted key may have (``tomllib`` takes time growing with their square)."""

INT_RANGE = range(-(2**63), 2**63)
"""TOML's integers are 64-bit: a larger number in a record is refused, not read."""

_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_LONG_NUMBER = re.compile(r"[0-9_]{4000,}")
_TOKEN = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""|\'\'\'[\s\S]*?\'\'\''
    r'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}\n]'
)


def read_text(path: Path) -> str:
    """The text of a record file, read as the loader reads a variant file: a regular file,
    never more than :data:`MAX_BYTES` of it (a pipe is not waited on)."""
    try:
        raw = read_bytes(path, MAX_BYTES)
    except TooLarge:
        raise RecordError(f"{path}:1: the record is larger than {MAX_BYTES:,} bytes") from None
    except OSError as error:
        raise RecordError(f"{path}: cannot read the record: {error.strerror or error}") from None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        byte = raw[error.start]
        raise RecordError(f"{path}:{line}: not UTF-8 text: byte 0x{byte:02x}") from None


def load_toml(text: str, place: Place) -> dict[str, Any]:
    """The TOML data of a record's text, within every limit."""
    where = place.shown
    if len(text) > MAX_BYTES:
        raise RecordError(f"{where}:1: the record is larger than {MAX_BYTES:,} bytes")
    if any(line.count(".") >= MAX_KEY_PARTS for line in text.split("\n")):
        parts, line = Source(where, text).lines.longest_key
        if parts > MAX_KEY_PARTS:
            raise RecordError(
                f"{where}:{line}: a dotted key of {parts} parts (at most {MAX_KEY_PARTS})"
            )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(_syntax_error(where, text, str(error))) from None
    except RecursionError:
        raise RecordError(f"{where}:{_deep_line(text)}: {_too_deep()}") from None
    except ValueError:  # a number of thousands of digits: Python will not convert it
        found = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, found.start()) + 1 if found else 1
        raise RecordError(f"{where}:{line}: a number far larger than 64 bits") from None
    _check_values(data, place)
    return data


def _syntax_error(where: str, text: str, message: str) -> str:
    found = _POSITION.search(message)
    if found:
        return f"{where}:{found[1]}:{found[2]}: TOML syntax error: {message[: found.start()]}"
    message = message.replace(" (at end of document)", " at the end of the file")
    return f"{where}:{text.count(chr(10)) + 1}: TOML syntax error: {message}"


def _too_deep() -> str:
    return f"values are nested too deeply (at most {MAX_DEPTH} tables and arrays)"


def _deep_line(text: str) -> int:
    """The line on which arrays and inline tables first nest deeper than :data:`MAX_DEPTH`
    (strings and comments skipped); 1 if they never do."""
    depth, line = 0, 1
    for token in _TOKEN.finditer(text):
        mark = token.group()
        if mark in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif mark in ("]", "}"):
            depth = max(depth - 1, 0)
        else:
            line += mark.count("\n")
    return 1


def _check_values(data: dict[str, Any], place: Place) -> None:
    """Every value within the limits of depth and size (without recursion); the first one in
    the document that is not is refused at its line."""
    pending: list[tuple[KeyPath, Any]] = [((), data)]
    while pending:
        path, value = pending.pop()
        if isinstance(value, dict | list):
            if len(path) >= MAX_DEPTH:
                raise place.error(path, _too_deep())
            items = list(value.items() if isinstance(value, dict) else enumerate(value))
            pending.extend(((*path, key), item) for key, item in reversed(items))
        elif isinstance(value, int) and value not in INT_RANGE:
            bits = value.bit_length()
            raise place.error(path, f"a number of {bits} bits, beyond TOML's 64-bit integers")
