"""Reading variant files and folders, and telling a variant folder from a folder of variants."""

from __future__ import annotations

import os
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


def display(path: Path) -> str:
    """How a path is shown in diagnostics: relative to the working directory when it lies under
    it, else as it is."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return os.path.normpath(path)


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


def toml_files(folder: Path) -> list[Path]:
    """The ``*.toml`` files directly in ``folder``, sorted by name."""
    try:
        return [folder / entry.name for entry in _entries(folder) if _is_toml(entry)]
    except OSError:
        return []


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    """The entries of a folder, sorted by name: one system call, and no ``stat`` for an entry
    whose kind the folder listing tells."""
    with os.scandir(folder) as found:
        return sorted(found, key=lambda entry: entry.name)


def _is_toml(entry: os.DirEntry[str]) -> bool:
    """A file whose suffix is ``.toml`` (as ``Path.suffix`` has it: ``.toml`` alone has none)."""
    return entry.name.endswith(".toml") and len(entry.name) > len(".toml") and entry.is_file()


def _parts(folder: Path) -> tuple[list[Path], list[Path]]:
    """The TOML files directly in ``folder`` and its sub-folders that hold TOML files, each
    sorted by name; nothing when the folder cannot be read."""
    try:
        entries = _entries(folder)
        files = [folder / entry.name for entry in entries if _is_toml(entry)]
        folders = [folder / e.name for e in entries if e.is_dir() and toml_files(folder / e.name)]
    except OSError:
        return [], []
    return files, folders


def _declares_variant(path: Path) -> bool:
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


def folder_members(folder: Path) -> dict[str, Path]:
    """The variants a folder may hold, by name: each TOML file (by stem) and each sub-folder
    with TOML files in it (by folder name)."""
    return _members(*_parts(folder))


def _members(files: list[Path], folders: list[Path]) -> dict[str, Path]:
    members: dict[str, Path] = {f.stem: f for f in files}
    members.update({d.name: d for d in folders})
    return dict(sorted(members.items()))


def collection_members(folder: Path) -> dict[str, Path] | None:
    """If ``folder`` holds several variants rather than the parts of one, its variants by name;
    else None.

    A folder holds several variants when it has a sub-folder with TOML files in it, or when it
    has two or more TOML files that each say ``name`` or ``extends`` (the files of one variant
    cannot both say them: that would be a key set twice)."""
    if not folder.is_dir():
        return None
    files, folders = _parts(folder)
    if folders or (len(files) >= 2 and all(_declares_variant(f) for f in files)):
        return _members(files, folders)
    return None


def as_variant_path(path: Path) -> Path | None:
    """``path`` if it is a file or folder, else ``path.toml`` if that is a file, else None."""
    if path.is_file() or path.is_dir():
        return path
    if not path.name or path.suffix == ".toml":
        return None
    with_suffix = path.with_name(path.name + ".toml")
    return with_suffix if with_suffix.is_file() else None
