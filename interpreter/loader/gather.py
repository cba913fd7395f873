"""Reading a variant: its file or folder and everything it ``extends``, merged into one
document, before any validation.  Needs no part of the model, so listing the shipped variants
does not load pydantic.

Nothing in a variant file is executed: files are only parsed as TOML.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from interpreter.loader.diagnostics import Diagnostic, VariantError, at
from interpreter.loader.files import collection_members, display, toml_files
from interpreter.loader.merge import Doc, file_of, merge_folder, origin_of, overlay
from interpreter.loader.reading import read_toml
from interpreter.loader.shipped import (
    is_plain_name,
    resolve_variant_path,
    shipped_variants,
    unknown_variant_message,
)

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


def load_raw(name_or_path: str | Path) -> dict[str, Any]:
    """The merged dict of a variant, ``extends`` resolved and removed, before validation.
    A removed optional table stays written as ``false``."""
    doc, problems = gather(name_or_path)
    if doc is None or problems:
        raise VariantError(problems)
    return doc.data


def gather(name_or_path: str | Path) -> tuple[Doc | None, list[Diagnostic]]:
    """Read a variant and everything it extends into one document."""
    try:
        path = resolve_variant_path(str(name_or_path))
    except VariantError as error:
        return None, list(error.diagnostics)
    shown = display(path)
    problems: list[Diagnostic] = []
    return _read_variant(path, shown, (), problems), problems


def _read_variant(
    path: Path, shown: str, chain: tuple[Path, ...], problems: list[Diagnostic]
) -> Doc | None:
    """One variant (a file or a folder) with its parents laid under it."""
    members = collection_members(path)
    if members is not None:
        names = ", ".join(members)
        message = f"this folder holds several variants ({names}): name one of them"
        problems.append(Diagnostic(shown, None, None, "", message))
        return None
    files = toml_files(path) if path.is_dir() else [path]
    if not files:
        problems.append(Diagnostic(shown, None, None, "", "no .toml files in this folder"))
        return None
    parts: list[tuple[Path, Doc]] = []
    for file in files:
        file_shown = os.path.join(shown, file.name) if path.is_dir() else shown
        doc, errors = read_toml(file, file_shown)
        problems += errors
        if doc is not None:
            parts.append((file, doc))
    if len(parts) < len(files):
        return None
    doc = merge_folder([d for _, d in parts], (shown, None), problems)
    if "extends" not in doc.data:
        return doc
    said_in = next(file for file, d in parts if "extends" in d.data)
    parent = _read_parent(doc, said_in, (*chain, path.resolve()), problems)
    if parent is None:
        return None
    if "name" not in doc.data:
        stem = path.stem if path.is_file() else path.name
        derived = re.sub(r"[^a-z0-9-]+", "-", stem.lower()).strip("-")
        if _NAME.match(derived):
            doc.data["name"] = derived
            doc.origins[("name",)] = (shown, None)
    return overlay(parent, doc, problems)


def _read_parent(
    doc: Doc, said_in: Path, chain: tuple[Path, ...], problems: list[Diagnostic]
) -> Doc | None:
    """The variant named by the ``extends`` of ``doc`` (removed from it), read in turn."""
    site = doc.site(("extends",))
    value = doc.data.pop("extends")
    doc.drop(("extends",))

    def report(message: str) -> None:
        problems.append(at(origin_of(site), ("extends",), message))

    if not isinstance(value, str) or not value:
        report("must be the name of a shipped variant or a path to one")
        return None
    target, target_shown = resolve_extends(value, said_in, file_of(site))
    if target is None:
        report(unknown_variant_message(value))
        return None
    if target.resolve() in chain:
        report("cycle: " + " → ".join([display(p) for p in chain] + [display(target.resolve())]))
        return None
    return _read_variant(target, target_shown, chain, problems)


def resolve_extends(value: str, said_in: Path, said_in_shown: str) -> tuple[Path | None, str]:
    """A shipped name, else a path relative to the folder of the file that says it."""
    shipped = shipped_variants().get(value) if is_plain_name(value) else None
    if shipped is not None:
        return shipped, display(shipped)
    try:
        found = resolve_variant_path(str(said_in.parent / value))
    except VariantError:
        return None, value
    shown = os.path.normpath(os.path.join(os.path.dirname(said_in_shown), value))
    return found, os.path.join(os.path.dirname(shown), found.name)
