"""Merging TOML documents while remembering where every value was written.

A :class:`Doc` is a parsed document and, for its key paths, their origin (file and line).
Two merges are defined:

* :func:`merge_folder` joins the files of one folder: tables merge, a key set in two files is an
  error, and the ``combinations`` entries of all files are put one after the other;
* :func:`overlay` lays a child (a variant that says ``extends``) over its parent: tables merge,
  scalars and arrays are replaced, and ``combinations`` merge by ``id`` (a known id updates that
  entry field by field, or replaces it whole when its ``shape`` changes; a new id is appended).

Both take the documents they are given over: their data is moved into the result, not copied.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from interpreter.loader.diagnostics import Diagnostic, KeyPath, Origin, at, where_text
from interpreter.loader.lines import Source

COMBINATIONS = "combinations"


@dataclass(frozen=True)
class Written:
    """A value read from a file: the file and the value's key path in it.  Its line is looked
    up only when a diagnostic asks for it."""

    source: Source
    path: KeyPath


Site = Origin | Written
"""Where a value comes from: a place in a file, or an origin given outright (a folder, a name
derived from a file name)."""


def origin_of(site: Site) -> Origin:
    """The file and line of a site (the file is scanned for lines now if it was not yet)."""
    if isinstance(site, Written):
        return (site.source.shown, site.source.line(site.path))
    return site


def file_of(site: Site) -> str:
    """The file of a site, as diagnostics show it."""
    return site.source.shown if isinstance(site, Written) else site[0]


class Origins:
    """The origins of a document as a tree: a node per key path that has one of its own or
    holds one that has, so that finding, moving or dropping a key path costs its length, not
    the size of the document."""

    __slots__ = ("children", "site")

    def __init__(self, site: Site | None = None) -> None:
        self.site = site
        self.children: dict[str | int, Origins] = {}


@dataclass
class Doc:
    """A document and where its values come from: ``origins`` holds a site where the origin
    changes; a value without one was written in the same file as its nearest ancestor that has
    one, under it.  A document read from one file needs a single site, at its root."""

    data: dict[str, Any]
    origins: Origins
    new_ids: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Combinations an overlay adds under an id its parent lacks, without a ``shape``: their
    index → the parent's ids (a misspelt id is the likelier mistake; errors suggest one)."""
    beneath: dict[str, Any] | None = None
    """For an overlay, the parent's document as it was before the overlay was laid on it: the
    values a second pass of the checks puts back where the overlay's were refused."""
    own: frozenset[str] = frozenset()
    """For an overlay, the files of the overlay itself (not its parents'): a problem of several
    keys is said at one of these where it can be, where its author wrote."""

    @classmethod
    def from_file(cls, data: dict[str, Any], source: Source) -> Doc:
        return cls(data, Origins(Written(source, ())))

    def site(self, path: KeyPath) -> Site:
        """Where ``path`` comes from, by its own entry or by its nearest ancestor's."""
        node: Origins | None = self.origins
        found, end = self.origins.site, 0
        for index, key in enumerate(path):
            node = node.children.get(key) if node is not None else None
            if node is None:
                break
            if node.site is not None:
                found, end = node.site, index + 1
        if found is None:
            return ("?", None)
        if isinstance(found, Written) and end < len(path):
            return Written(found.source, found.path + path[end:])
        return found

    def locate(self, path: KeyPath) -> Origin:
        """The file and line of ``path``, or of its nearest ancestor that has one."""
        return origin_of(self.site(path))

    def at(self, path: KeyPath, message: str) -> Diagnostic:
        """A diagnostic about the value at ``path``, named as it is written in the file the
        diagnostic names: an overlay's first ``[[combinations]]`` entry is ``combinations[0]``
        of the overlay, whatever its place among the inherited combinations."""
        site = self.site(path)
        return at(origin_of(site), site.path if isinstance(site, Written) else path, message)

    def at_own(self, paths: Iterable[KeyPath], message: str) -> Diagnostic:
        """A diagnostic about the values at ``paths`` (a problem of them together), at the
        first of them written in the variant's own files, else at the first."""
        given = list(paths)
        mine = (path for path in given if file_of(self.site(path)) in self.own)
        return self.at(next(mine, given[0]), message)

    def files(self) -> frozenset[str]:
        """Every file the document's values were written in."""
        found: set[str] = set()
        pending = [self.origins]
        while pending:
            node = pending.pop()
            if node.site is not None:
                found.add(file_of(node.site))
            pending.extend(node.children.values())
        return frozenset(found)

    def _node(self, path: KeyPath) -> Origins | None:
        node: Origins | None = self.origins
        for key in path:
            node = node.children.get(key) if node is not None else None
        return node

    def _made(self, path: KeyPath) -> Origins:
        node = self.origins
        for key in path:
            node = node.children.setdefault(key, Origins())
        return node

    def subtree(self, prefix: KeyPath) -> Origins:
        """The origins under ``prefix``, ``prefix`` itself given its site: taken over, as a
        document given to a merge is."""
        found = self._node(prefix)
        taken = Origins(self.site(prefix))
        if found is not None:
            taken.children = found.children
        return taken

    def drop(self, prefix: KeyPath) -> None:
        """Forget the origins at and under ``prefix`` (it then comes from its ancestor's)."""
        parent = self._node(prefix[:-1])
        if parent is not None and prefix:
            parent.children.pop(prefix[-1], None)

    def graft(self, prefix: KeyPath, subtree: Origins) -> None:
        """Put ``subtree`` (from :meth:`subtree`) at ``prefix``, in place of what was there."""
        self._made(prefix[:-1]).children[prefix[-1]] = subtree

    def mark(self, path: KeyPath, site: Site) -> None:
        """Give ``path`` its own site (the keys under it keep theirs)."""
        self._made(path).site = site

    def move(self, path: KeyPath, site: Site, keys: Iterable[str | int]) -> None:
        """Give ``path`` a new origin while ``keys`` under it keep theirs."""
        node, old = self._made(path), self.site(path)
        for key in keys:
            below = node.children.get(key)
            if below is None:
                node.children[key] = Origins(_under(old, key))
            elif below.site is None:
                below.site = _under(old, key)
        node.site = site


def _under(site: Site, key: str | int) -> Site:
    """The site of ``key`` under a value from ``site`` (the same file, one key deeper)."""
    return Written(site.source, (*site.path, key)) if isinstance(site, Written) else site


def merge_folder(parts: list[Doc], problems: list[Diagnostic]) -> Doc:
    """Join the documents of one folder (in order); a key set twice is reported and the first
    value kept.  What no file writes is placed at the start of the first."""
    merged = Doc({}, Origins(parts[0].site(())))
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
    merged = Doc(parent.data, parent.origins, parent.new_ids, own=child.files())
    merged.move((), child.site(()), merged.data)
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
            merged.move(here, child.site(here), old)
            _overlay_table(merged, here, old, child, value, problems)
        elif here == (COMBINATIONS,) and isinstance(old, list) and isinstance(value, list):
            merged.move(here, child.site(here), range(len(old)))
            _overlay_combinations(merged, old, child, value, problems)
        else:
            table[key] = value
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
            if ident is not None and "shape" not in value:
                merged.new_ids[len(entries)] = tuple(known)
            merged.graft((COMBINATIONS, len(entries)), child.subtree(source))
            entries.append(value)
            continue
        target = (COMBINATIONS, index)
        old = entries[index]
        if "shape" in value and value["shape"] != old.get("shape"):
            entries[index] = value
            merged.drop(target)
            merged.graft(target, child.subtree(source))
            continue
        merged.move(target, child.site(source), old)
        for key, item in value.items():
            old[key] = item
            merged.drop((*target, key))
            merged.graft((*target, key), child.subtree((*source, key)))


def duplicate_id_message(ident: str, first: Origin) -> str:
    return f"duplicate combination id {ident!r} (first defined at {where_text(first)})"
