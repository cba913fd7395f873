"""A gathered variant (:mod:`interpreter.loader.gather`) → validated :class:`Variant`: the
schema, then the checks that need the whole variant, every problem reported at once.

``trusted=False`` loads a file from someone else (see :mod:`interpreter.loader.trust`):
``extends`` kept inside the variant's folder or the shipped variants, smaller files.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import tomli_w
from pydantic import ValidationError

from interpreter.loader.diagnostics import Diagnostic, VariantError
from interpreter.loader.errors import validation_diagnostics
from interpreter.loader.files import collection_members, toml_files
from interpreter.loader.gather import Gathering, gather, gather_text, resolve_extends
from interpreter.loader.merge import Doc
from interpreter.loader.reading import extends_in
from interpreter.loader.repair import orphan_problems, second_pass
from interpreter.loader.semantic import semantic_problems
from interpreter.loader.shipped import resolve_variant_path, unknown_variant_message
from interpreter.model import Variant, variant_data, variant_from_data


def load_variant(name_or_path: str | Path, *, trusted: bool = True) -> Variant:
    """Load, validate and check a variant (a shipped name, a file or a folder);
    :class:`VariantError` lists every problem found."""
    return _loaded(*gather(name_or_path, trusted=trusted))


def load_variant_text(text: str, shown: str = "<text>", *, trusted: bool = False) -> Variant:
    """Load a variant given as the text of a TOML file (pasted in a form, say); ``shown``
    names it in diagnostics.  Untrusted by default: its ``extends`` may only name a shipped
    variant; trusted, a path relative to the working directory too."""
    return _loaded(*gather_text(text, shown, trusted=trusted))


def _loaded(doc: Doc | None, gathering: Gathering) -> Variant:
    variant = _validated(doc, gathering)
    if variant is None or gathering.problems:
        raise VariantError(gathering.report())
    return variant


def _validated(doc: Doc | None, gathering: Gathering) -> Variant | None:
    """The gathered variant validated, its problems added to the gathering's; without a
    document (its parent unread), what can be checked of its own keys is."""
    if doc is not None:
        return validate_document(doc, gathering.problems)
    if gathering.orphan is not None:
        gathering.problems += orphan_problems(gathering.orphan)
    return None


def check(paths: Sequence[str | Path], *, trusted: bool = True) -> list[Diagnostic]:
    """Every problem in the given variants (files, folders or shipped names); a folder holding
    several variants (like ``variants/``) has each of them checked.  Empty means all valid."""
    return [
        problem for checked in check_each(paths, trusted=trusted) for problem in checked.problems
    ]


@dataclass(frozen=True)
class Checked:
    """One variant :func:`check_each` looked at: as given (a name or a path), its problems,
    and the variant itself when it has none."""

    target: str | Path
    problems: list[Diagnostic]
    variant: Variant | None


def check_each(paths: Sequence[str | Path], *, trusted: bool = True) -> list[Checked]:
    """Each variant of the given paths checked, in order: a folder holding several variants
    gives each of them, and so does each such folder inside it (the root of a repository
    gives the variants of its ``variants/``)."""
    found: list[Checked] = []
    for given in paths:
        for target in variants_in(given, set()):
            doc, gathering = gather(target, trusted=trusted)
            variant = _validated(doc, gathering)
            problems = gathering.report()
            found.append(Checked(target, problems, None if problems else variant))
    return found


def variants_in(given: str | Path, seen: set[Path]) -> list[str | Path]:
    """``given``, or the variants in it if it is a folder holding several (each folder entered
    once, so that a link back to a folder above ends the walk)."""
    members = collection_members(Path(given))
    if not members:  # a variant, or a folder without one: loading it says so
        return [given]
    try:
        place = Path(given).resolve()
    except OSError:
        return [given]
    if place in seen:
        return []
    seen.add(place)
    return [target for member in members.values() for target in variants_in(member, seen)]


def dump_variant(variant: Variant) -> str:
    """The variant as one TOML document; loading it back gives an equal variant."""
    text: str = tomli_w.dumps(variant_data(variant), multiline_strings=True)
    return text


def parent_variant(name_or_path: str | Path) -> Variant | None:
    """The variant that ``name_or_path`` extends, resolved as the loader resolves ``extends``
    (a shipped name, else a path from the folder of the file that says it); None for a base
    variant."""
    file = overlay_file(name_or_path)
    if file is None:
        return None
    value = extends_in(file)
    target, _ = resolve_extends(value, file.parent, str(file.parent))
    if target is None:
        raise VariantError(
            [Diagnostic(str(file), None, None, "extends", unknown_variant_message(value))]
        )
    return load_variant(target)


def overlay_file(name_or_path: str | Path) -> Path | None:
    """The file of a variant that says ``extends``; None for a base variant."""
    path = resolve_variant_path(name_or_path)
    for file in toml_files(path) if path.is_dir() else [path]:
        if isinstance(extends_in(file), str):
            return file
    return None


# -- validation -------------------------------------------------------------------------------


def validate_document(doc: Doc, problems: list[Diagnostic]) -> Variant | None:
    """Validate a gathered document, adding every schema or semantic problem to ``problems``."""
    try:
        variant = variant_from_data(doc.data)
    except ValidationError as error:
        problems += validation_diagnostics(error, doc)
        problems += second_pass(doc, error)
        return None
    for problem in semantic_problems(variant, doc.locate):
        problems.append(doc.at_own((problem.path, *problem.also), problem.message))
    return variant
