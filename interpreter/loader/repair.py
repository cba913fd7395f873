"""The second pass of a check: when the schema refuses some values, the rest of the variant is
still checked, so that a file's mistakes come in one answer and not in rounds.

Each refused value is put back as the parent variant has it (an overlay) or left out, so that
its default applies; if the variant then validates, its semantic checks run, and every problem
they find away from the refused values is reported with the schema's.  A problem that touches a
refused value is not: it could be the stand-in's and not the file's."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from interpreter.loader import schema
from interpreter.loader.diagnostics import Diagnostic, KeyPath
from interpreter.loader.errors import validation_diagnostics
from interpreter.loader.merge import Doc
from interpreter.loader.reading import copy_data
from interpreter.loader.semantic import semantic_problems
from interpreter.model import variant_from_data

_MISSING = object()
_INCOMPLETE = frozenset({"missing", "union_tag_not_found"})
"""What a variant's own document may lack when its parent, which would give it, is unread."""


def second_pass(doc: Doc, error: ValidationError) -> list[Diagnostic]:
    """The semantic problems of ``doc`` away from the values ``error`` refused; empty when the
    variant cannot be made whole without them."""
    refused = {schema.locate(detail["loc"]).path for detail in error.errors()}
    data = copy_data(doc.data)
    for path in sorted(refused, key=len):
        if not _put_back(data, doc.beneath, path):
            return []
    try:
        variant = variant_from_data(data)
    except ValidationError:
        return []
    return [
        doc.at_own((problem.path, *problem.also), problem.message)
        for problem in semantic_problems(variant, doc.locate)
        if not any(_related(problem.path, path) for path in refused)
    ]


def _related(one: KeyPath, other: KeyPath) -> bool:
    """Whether one path lies within the other (or they are the same)."""
    shorter = min(len(one), len(other))
    return one[:shorter] == other[:shorter]


def _put_back(data: dict[str, Any], beneath: dict[str, Any] | None, path: KeyPath) -> bool:
    """Replace the value at ``path`` with the parent's, or remove it; False when that cannot
    be done (the path runs through something that is not a table, or into a list)."""
    if not path:
        return False
    holder = _at(data, path[:-1])
    key = path[-1]
    if not isinstance(holder, dict) or not isinstance(key, str):
        return False
    parent = _at(beneath, path) if beneath is not None else _MISSING
    if parent is _MISSING:
        holder.pop(key, None)
    else:
        holder[key] = copy_data(parent)
    return True


def _at(data: Any, path: KeyPath) -> Any:
    for key in path:
        in_table = isinstance(data, dict) and isinstance(key, str) and key in data
        in_list = isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data)
        if not (in_table or in_list):
            return _MISSING
        data = data[key]
    return data


def orphan_problems(doc: Doc) -> list[Diagnostic]:
    """The schema's problems with a variant whose parent could not be read, in what it says
    itself: unknown keys, values of the wrong type or out of bounds (not what it leaves for
    its parent to give)."""
    try:
        variant_from_data(doc.data)
    except ValidationError as error:
        return validation_diagnostics(error, doc, skip=_INCOMPLETE)
    return []
