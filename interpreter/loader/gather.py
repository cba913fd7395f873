"""Reading a variant: its file or folder (or a text) and everything it ``extends``, merged into
one document, before any validation.  Needs no part of the model, so listing the shipped
variants does not load pydantic.

Nothing in a variant file is executed: files are only parsed as TOML.  What may be read, and
whose values errors may show, is the :class:`~interpreter.loader.trust.Policy` of the loading.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from interpreter.loader.diagnostics import Diagnostic, VariantError, at
from interpreter.loader.files import (
    collection_members,
    collection_message,
    display,
    foreign_keys,
    foreign_message,
    part_of_folder,
    toml_files,
)
from interpreter.loader.limits import MAX_EXTENDS, MAX_VARIANT_FILES
from interpreter.loader.merge import Doc, Site, file_of, merge_folder, origin_of, overlay
from interpreter.loader.reading import copy_data, read_given, read_toml
from interpreter.loader.shipped import (
    is_plain_name,
    resolve_variant_path,
    shipped_variants,
    unknown_variant_message,
)
from interpreter.loader.trust import LEADS_OUT, OUTSIDE, Policy, withhold

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


class Gathering:
    """One loading under way: its policy, the problems found so far, the files and folders
    read (as shown → path), and where the named variant says ``extends``."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.problems: list[Diagnostic] = []
        self.read: dict[str, Path] = {}
        self.first_extends: Site | None = None
        self.orphan: Doc | None = None
        """The named variant's own document when its parent could not be read: its keys can
        still be checked against the schema, so that its mistakes come with the parent's."""

    def report(self) -> list[Diagnostic]:
        """The problems found, those in files whose values may not be shown withheld."""
        if not self.problems:
            return []
        hidden = {shown for shown, path in self.read.items() if not self.policy.discloses(path)}
        return withhold(self.problems, hidden)


def load_raw(name_or_path: str | Path, *, trusted: bool = True) -> dict[str, Any]:
    """The merged dict of a variant, ``extends`` resolved and removed, before validation.
    A removed optional table stays written as ``false``."""
    doc, gathering = gather(name_or_path, trusted=trusted)
    if doc is None or gathering.problems:
        raise VariantError(gathering.report())
    return doc.data


def gather(name_or_path: str | Path, *, trusted: bool = True) -> tuple[Doc | None, Gathering]:
    """Read a variant and everything it extends into one document."""
    try:
        path = resolve_variant_path(str(name_or_path))
    except VariantError as error:
        gathering = Gathering(Policy(None, trusted=trusted))
        gathering.problems += error.diagnostics
        return None, gathering
    gathering = Gathering(Policy(path, trusted=trusted))
    return _read_variant(path, display(path), (), gathering), gathering


def gather_text(text: str, shown: str, *, trusted: bool) -> tuple[Doc | None, Gathering]:
    """Read a variant given as text (and everything it extends) into one document."""
    gathering = Gathering(Policy(None, trusted=trusted))
    doc, errors = read_given(text, shown, gathering.policy.max_bytes, not trusted)
    gathering.problems += errors
    if doc is not None and not doc.data:
        gathering.problems.append(Diagnostic(shown, 1, None, "", EMPTY))
        return None, gathering
    if doc is None or "extends" not in doc.data:
        return doc, gathering
    parent = _read_parent(doc, None, (None,), gathering)
    if parent is None:
        gathering.orphan = doc
        return None, gathering
    if shown.endswith(".toml"):
        _derive_name(doc, Path(shown).stem, shown)
    return _overlaid(parent, doc, gathering.problems), gathering


def _read_variant(
    path: Path, shown: str, chain: tuple[Path | None, ...], gathering: Gathering
) -> Doc | None:
    """One variant (a file or a folder) with its parents laid under it."""
    problems = gathering.problems
    gathering.read[shown] = path
    files = _variant_files(path, shown, problems)
    if files is None:
        return None
    parts = _read_parts(path, shown, files, gathering)
    if parts is None or _empty(path, shown, parts, problems):
        return None
    if _loose_part(path, shown, parts, problems):
        return None
    doc = merge_folder([d for _, d in parts], problems)
    if "extends" not in doc.data:
        return doc
    said_in = next(file for file, d in parts if "extends" in d.data)
    parent = _read_parent(doc, said_in, (*chain, path.resolve()), gathering)
    if parent is None:
        gathering.orphan = doc  # the outermost, the named variant, is set last
        return None
    _derive_name(doc, path.stem if path.is_file() else path.name, shown)
    return _overlaid(parent, doc, problems)


def _variant_files(path: Path, shown: str, problems: list[Diagnostic]) -> list[Path] | None:
    """The TOML files of a variant: the file itself, or the files of its folder; None (the
    problem reported) for a folder of variants, an empty folder or one of too many files."""
    members = collection_members(path)
    if members is not None:
        problem = collection_message(path, members)
    else:
        files = toml_files(path) if path.is_dir() else [path]
        if not files:
            problem = "no .toml files in this folder"
        elif len(files) > MAX_VARIANT_FILES:
            problem = f"more than {MAX_VARIANT_FILES} .toml files (the most one variant may have)"
        else:
            return files
    problems.append(Diagnostic(shown, None, None, "", problem))
    return None


def _read_parts(
    path: Path, shown: str, files: list[Path], gathering: Gathering
) -> list[tuple[Path, Doc]] | None:
    """Each of the variant's ``files`` with its document; None when any of them could not be
    read (every file is tried, and each problem reported)."""
    in_folder = path.is_dir()
    parts: list[tuple[Path, Doc]] = []
    for file in files:
        file_shown = os.path.join(shown, file.name) if in_folder else shown
        doc = _read_part(file, file_shown, in_folder, gathering)
        if doc is not None:
            parts.append((file, doc))
    return parts if len(parts) == len(files) else None


def _read_part(file: Path, shown: str, in_folder: bool, gathering: Gathering) -> Doc | None:
    """One file of a variant as a document; None (the problem reported) for a file the
    loading may not read, a file that is not valid TOML, or another tool's file (a
    ``pyproject.toml``)."""
    policy, problems = gathering.policy, gathering.problems
    gathering.read[shown] = file
    if not policy.may_read(file):
        problems.append(Diagnostic(shown, None, None, "", LEADS_OUT))
        return None
    doc, errors = read_toml(file, shown, policy.max_bytes, not policy.trusted)
    problems += errors
    if doc is None:
        return None
    foreign = foreign_keys(frozenset(doc.data))
    if not foreign:
        return doc
    message = foreign_message(foreign)
    if in_folder:
        message += ": move it out of this variant's folder"
    problems.append(at(doc.locate((next(iter(doc.data)),)), (), message))
    return None


EMPTY = (
    "the file is empty (nothing but blank lines and comments): a variant file says at least "
    'extends = "bezique" (a house rule) or its name and title'
)


def _empty(
    path: Path, shown: str, parts: list[tuple[Path, Doc]], problems: list[Diagnostic]
) -> bool:
    """Whether ``path`` is a file that sets nothing (reported, at line 1): empty, or nothing but
    comments and blank lines.  (An empty file among a folder variant's files adds nothing and
    is no problem.)"""
    if not path.is_file() or parts[0][1].data:
        return False
    problems.append(Diagnostic(shown, 1, None, "", EMPTY))
    return True


def _loose_part(
    path: Path, shown: str, parts: list[tuple[Path, Doc]], problems: list[Diagnostic]
) -> bool:
    """Whether ``path`` is a file of a folder variant named on its own (reported): a part
    that does not say ``name`` or ``extends``, lying in a folder whose files are read
    together."""
    if not path.is_file() or _whole(parts[0][1]) or not part_of_folder(path):
        return False
    folder = os.path.dirname(shown) or "."
    message = f"one part of the variant in {folder}/, whose files are read together: "
    problems.append(Diagnostic(shown, None, None, "", message + "name the folder instead"))
    return True


def _whole(doc: Doc) -> bool:
    """Whether a document says what only a whole variant says: ``name`` or ``extends``."""
    return "name" in doc.data or "extends" in doc.data


def _overlaid(parent: Doc, doc: Doc, problems: list[Diagnostic]) -> Doc:
    """``doc`` laid over ``parent``, keeping a copy of the parent's values (``Doc.beneath``)."""
    beneath = copy_data(parent.data)
    merged = overlay(parent, doc, problems)
    merged.beneath = beneath
    return merged


def _derive_name(doc: Doc, stem: str, shown: str) -> None:
    """An overlay without a ``name`` takes its file's (or folder's) name."""
    if "name" not in doc.data:
        derived = re.sub(r"[^a-z0-9-]+", "-", stem.lower()).strip("-")
        if _NAME.match(derived):
            doc.data["name"] = derived
            doc.mark(("name",), (shown, None))


def _read_parent(
    doc: Doc, said_in: Path | None, chain: tuple[Path | None, ...], gathering: Gathering
) -> Doc | None:
    """The variant named by the ``extends`` of ``doc`` (removed from it), read in turn;
    ``said_in`` is the file that says it (None for a text)."""
    site = doc.site(("extends",))
    value = doc.data.pop("extends")
    doc.drop(("extends",))
    if gathering.first_extends is None:
        gathering.first_extends = site

    def report(message: str, where: Site = site) -> None:
        gathering.problems.append(at(origin_of(where), ("extends",), message))

    if not isinstance(value, str) or not value:
        report("must be the name of a shipped variant or a path to one")
        return None
    if len(chain) > MAX_EXTENDS:
        report(f"a chain of more than {MAX_EXTENDS} extends", gathering.first_extends)
        return None
    target, target_shown, refusal = _extends_target(value, said_in, file_of(site), gathering)
    if refusal is not None:
        report(refusal)
        return None
    if target is None:
        report(unknown_variant_message(value))
        return None
    if target.resolve() in chain:
        shown = [display(p) for p in chain if p is not None]
        report("cycle: " + " → ".join([*shown, display(target.resolve())]))
        return None
    return _read_variant(target, target_shown, chain, gathering)


def _extends_target(
    value: str, said_in: Path | None, said_in_shown: str, gathering: Gathering
) -> tuple[Path | None, str, str | None]:
    """Where ``extends = value`` leads, as shown, and why it may not be followed (or None)."""
    policy = gathering.policy
    shipped = shipped_variants().get(value) if is_plain_name(value) else None
    if shipped is not None:
        return shipped, display(shipped), None
    refusal = policy.extends_refusal(value)
    if refusal is not None and is_plain_name(value):  # a shipped name misspelt, likelier
        return None, value, unknown_variant_message(value)
    if refusal is not None:
        return None, value, refusal
    if said_in is None:
        target, shown = resolve_extends(value, Path(), "")
    else:
        target, shown = resolve_extends(value, said_in.parent, os.path.dirname(said_in_shown))
    if target is not None and not policy.may_read(target):
        return None, value, OUTSIDE
    return target, shown, None


def resolve_extends(value: str, folder: Path, folder_shown: str) -> tuple[Path | None, str]:
    """A shipped name, else a path relative to ``folder`` (of the file that says it), and how
    it is shown (relative to ``folder_shown``)."""
    shipped = shipped_variants().get(value) if is_plain_name(value) else None
    if shipped is not None:
        return shipped, display(shipped)
    try:
        found = resolve_variant_path(str(folder / value))
    except VariantError:
        return None, value
    shown = os.path.normpath(os.path.join(folder_shown, value))
    if found.name.endswith(".toml") and not shown.endswith(".toml"):
        shown += ".toml"  # found by its stem
    return found, shown
