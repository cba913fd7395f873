"""Finding variant files and folders, telling a variant folder from a folder of variants, and
telling a variant's file from a TOML file of something else (a ``pyproject.toml``)."""

from __future__ import annotations

import os
from pathlib import Path

from interpreter.loader.reading import declares_variant, top_level_keys

VARIANT_KEYS = frozenset(
    {
        *("extends", "source", "note", "schema_version", "name", "title", "summary"),
        *("players", "deck", "cut", "deal", "trump", "play", "declare", "reuse", "bezique"),
        *("combinations", "seven", "carte_blanche", "open_cards", "endgame", "last_trick"),
        *("brisques", "game", "settlement", "match", "penalties", "closing"),
    }
)
"""The keys a variant file may set at its top level: ``extends`` and the model's (a test
keeps them equal; the model is not imported here, so that listing variants does not load it)."""


def foreign_keys(keys: frozenset[str] | None) -> list[str]:
    """The top-level keys of a file that is not part of any variant — it sets keys, none of
    them a variant's (``build-system``, ``project``, ``tool``) — else an empty list."""
    if not keys or keys & VARIANT_KEYS:
        return []
    return sorted(keys)


def foreign_message(keys: list[str]) -> str:
    return f"not a variant file: none of its keys ({', '.join(keys)}) is a variant's"


def display(path: Path) -> str:
    """How a path is shown in diagnostics: relative to the working directory when it lies under
    it, else as it is."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return os.path.normpath(path)


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
    cannot both say them: that would be a key set twice).  A TOML file that is not a variant's
    (:func:`foreign_keys`) is no member; beside files that each say ``name`` or ``extends`` (or
    none), it makes the folder one of several variants — maybe none, maybe one — and not one
    variant (the root of this repository: ``pyproject.toml`` and ``variants/``)."""
    if not is_folder(folder):
        return None
    files, folders = _parts(folder)
    ours = [file for file in files if not foreign_keys(top_level_keys(file))]
    declared = all(declares_variant(f) for f in ours)
    if folders or (len(ours) >= 2 and declared) or (len(ours) < len(files) and declared):
        return _members(ours, folders)
    return None


def collection_message(folder: Path, members: dict[str, Path]) -> str:
    """Why a folder of variants (:func:`collection_members`) cannot be loaded as one variant."""
    if len(members) >= 2:
        return f"this folder holds several variants ({', '.join(members)}): name one of them"
    others = [f.name for f in toml_files(folder) if foreign_keys(top_level_keys(f))]
    said = f"{', '.join(others)}: {'not a variant file' if len(others) == 1 else 'not variants'}"
    if not members:
        return f"no variant in this folder ({said})"
    return f"not a variant folder ({said}): name {display(next(iter(members.values())))}"


def part_of_folder(file: Path) -> bool:
    """Whether ``file`` is one of the files of a variant folder, which are read together."""
    folder = file.parent
    return len(toml_files(folder)) >= 2 and collection_members(folder) is None


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; False too when it cannot be looked at (a name too long)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def as_variant_path(path: Path) -> Path | None:
    """``path`` if it is a file or folder, else ``path.toml`` if that is a file, else None
    (None too for a path that cannot be looked at, such as a name too long)."""
    try:
        if path.is_file() or path.is_dir():
            return path
        if not path.name or path.suffix == ".toml":
            return None
        with_suffix = path.with_name(path.name + ".toml")
        return with_suffix if with_suffix.is_file() else None
    except OSError:
        return None
