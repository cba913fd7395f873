"""Merging TOML documents while remembering where every value was written.

A :class:`Doc` is a parsed document and, for every key path in it, its origin (file and line).
Two merges are defined:

* :func:`merge_folder` joins the files of one folder: tables merge, a key set in two files is an
  error, and the ``combinations`` entries of all files are put one after the other;
* :func:`overlay` lays a child (a variant that says ``extends``) over its parent: tables merge,
  scalars and arrays are replaced, and ``combinations`` merge by ``id`` (a known id updates that
  entry field by field, or replaces it whole when its ``shape`` changes; a new id is appended).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from interpreter.loader.diagnostics import Diagnostic, KeyPath, Origin, at, where_text
from interpreter.loader.lines import line_of

COMBINATIONS = "combinations"


@dataclass
class Doc:
    """A document and the origin of each of its values (``()`` is the document itself)."""

    data: dict[str, Any]
    origins: dict[KeyPath, Origin]

    @classmethod
    def from_file(cls, data: dict[str, Any], file: str, lines: Mapping[KeyPath, int]) -> Doc:
        origins: dict[KeyPath, Origin] = {(): (file, None)}
        for path in value_paths(data):
            origins[path] = (file, line_of(lines, path))
        return cls(data, origins)

    def locate(self, path: KeyPath) -> Origin:
        """The origin of ``path``, or of its nearest ancestor that has one."""
        for end in range(len(path), -1, -1):
            origin = self.origins.get(path[:end])
            if origin is not None:
                return origin
        return ("?", None)

    def subtree(self, prefix: KeyPath) -> dict[KeyPath, Origin]:
        """The origins under ``prefix`` (itself included), keyed relative to it."""
        size = len(prefix)
        return {p[size:]: o for p, o in self.origins.items() if p[:size] == prefix}

    def drop(self, prefix: KeyPath) -> None:
        size = len(prefix)
        for path in [p for p in self.origins if p[:size] == prefix]:
            del self.origins[path]

    def graft(self, prefix: KeyPath, subtree: Mapping[KeyPath, Origin]) -> None:
        for suffix, origin in subtree.items():
            self.origins[prefix + suffix] = origin


def value_paths(value: Any, prefix: KeyPath = ()) -> list[KeyPath]:
    """Every key path inside ``value``: table keys and array indexes, depth first."""
    paths: list[KeyPath] = []
    items: list[tuple[str | int, Any]]
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return paths
    for key, item in items:
        path = (*prefix, key)
        paths.append(path)
        paths.extend(value_paths(item, path))
    return paths


def merge_folder(parts: list[Doc], root: Origin, problems: list[Diagnostic]) -> Doc:
    """Join the documents of one folder (in order); a key set twice is reported and the first
    value kept."""
    merged = Doc({}, {(): root})
    for part in parts:
        _join_table(merged, (), merged.data, part, (), part.data, problems)
    return merged


def _join_table(
    base: Doc,
    base_path: KeyPath,
    table: dict[str, Any],
    part: Doc,
    part_path: KeyPath,
    values: dict[str, Any],
    problems: list[Diagnostic],
) -> None:
    for key, value in values.items():
        here, there = (*base_path, key), (*part_path, key)
        old = table.get(key)
        if key not in table:
            table[key] = value
            base.graft(here, part.subtree(there))
        elif isinstance(old, dict) and isinstance(value, dict):
            _join_table(base, here, old, part, there, value, problems)
        elif here == (COMBINATIONS,) and isinstance(old, list) and isinstance(value, list):
            for index, entry in enumerate(value):
                base.graft((*here, len(old)), part.subtree((*there, index)))
                old.append(entry)
        else:
            first = where_text(base.locate(here))
            message = f"set again: already set at {first} (a key is set in one file only)"
            problems.append(at(part.locate(there), here, message))


def overlay(parent: Doc, child: Doc, problems: list[Diagnostic]) -> Doc:
    """``child`` laid over ``parent``; ``problems`` receives duplicate combination ids."""
    merged = Doc(copy.deepcopy(parent.data), dict(parent.origins))
    merged.origins[()] = child.origins.get((), merged.origins[()])
    _overlay_table(merged, (), merged.data, child, child.data, problems)
    return merged


def _overlay_table(
    merged: Doc,
    path: KeyPath,
    table: dict[str, Any],
    child: Doc,
    values: dict[str, Any],
    problems: list[Diagnostic],
) -> None:
    for key, value in values.items():
        here = (*path, key)
        old = table.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            if here in child.origins:
                merged.origins[here] = child.origins[here]
            _overlay_table(merged, here, old, child, value, problems)
        elif here == (COMBINATIONS,) and isinstance(old, list) and isinstance(value, list):
            merged.origins[here] = child.origins.get(here, merged.locate(here))
            _overlay_combinations(merged, old, child, value, problems)
        else:
            table[key] = copy.deepcopy(value)
            merged.drop(here)
            merged.graft(here, child.subtree(here))


def combination_id(entry: Any) -> str | None:
    """The ``id`` of a combinations entry, if it has a usable one."""
    if isinstance(entry, dict):
        value = entry.get("id")
        if isinstance(value, str):
            return value
    return None


def _overlay_combinations(
    merged: Doc,
    entries: list[Any],
    child: Doc,
    values: list[Any],
    problems: list[Diagnostic],
) -> None:
    known: dict[str, int] = {}
    for index, entry in enumerate(entries):
        ident = combination_id(entry)
        if ident is not None:
            known.setdefault(ident, index)
    seen: dict[str, int] = {}
    for position, value in enumerate(values):
        source = (COMBINATIONS, position)
        ident = combination_id(value)
        if ident is not None and ident in seen:
            first = child.locate((COMBINATIONS, seen[ident], "id"))
            message = duplicate_id_message(ident, first)
            problems.append(at(child.locate((*source, "id")), (*source, "id"), message))
            continue
        if ident is not None:
            seen[ident] = position
        index = known.get(ident, -1) if ident is not None else -1
        if index < 0:
            merged.graft((COMBINATIONS, len(entries)), child.subtree(source))
            entries.append(copy.deepcopy(value))
            continue
        target = (COMBINATIONS, index)
        old = entries[index]
        if "shape" in value and value["shape"] != old.get("shape"):
            entries[index] = copy.deepcopy(value)
            merged.drop(target)
            merged.graft(target, child.subtree(source))
            continue
        merged.origins[target] = child.origins.get(source, merged.locate(target))
        for key, field in value.items():
            old[key] = copy.deepcopy(field)
            merged.drop((*target, key))
            merged.graft((*target, key), child.subtree((*source, key)))


def duplicate_id_message(ident: str, first: Origin) -> str:
    return f"duplicate combination id {ident!r} (first defined at {where_text(first)})"
