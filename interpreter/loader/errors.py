"""pydantic's validation errors as located, readable diagnostics.

Every error becomes one :class:`Diagnostic`: its location is read against the schema (the
union tags pydantic inserts are dropped, aliases kept), its line comes from where the value was
written, and its message names the input and, for a misspelt key or value, the nearest
allowed one.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from interpreter.cards import RANK_LETTERS, SUIT_LETTERS
from interpreter.loader import schema
from interpreter.loader.diagnostics import (
    Diagnostic,
    KeyPath,
    format_path,
    suggest,
    toml_repr,
)
from interpreter.loader.merge import COMBINATIONS, Doc
from interpreter.model import Variant
from interpreter.model.base import RANK_OR_JOKER

_PATTERNS = {
    f"^[{''.join(RANK_LETTERS)}]$": "is not a rank (one of " + " ".join(RANK_LETTERS) + ")",
    RANK_OR_JOKER: "is not a rank (one of " + " ".join(RANK_LETTERS) + ", or JK for the jokers)",
    f"^[{''.join(SUIT_LETTERS)}]$": "is not a suit (one of " + " ".join(SUIT_LETTERS) + ")",
    r"^[a-z][a-z0-9_]*$": "is not an identifier (lower-case letters, digits and '_', "
    "starting with a letter)",
    r"^[a-z][a-z0-9-]*$": "is not a valid name (lower-case letters, digits and '-', "
    "starting with a letter)",
}
_RENAMED = {
    "tuple_type": "Input should be an array",
    "list_type": "Input should be an array",
    "model_type": "Input should be a table",
    "model_attributes_type": "Input should be a table",
    "dict_type": "Input should be a table",
}


def validation_diagnostics(
    error: ValidationError, doc: Doc, skip: frozenset[str] = frozenset()
) -> list[Diagnostic]:
    """One diagnostic per pydantic error (but those of a type in ``skip``), sorted by file and
    line."""
    details = [detail for detail in error.errors() if detail["type"] not in skip]
    holders = {detail["loc"][:end] for detail in details for end in range(len(detail["loc"]))}
    found: list[Diagnostic] = []
    for detail in details:
        if detail["type"] == "too_short" and detail["loc"] in holders:
            continue  # an array whose items all failed: the items' errors say more
        path, message = _describe(detail, doc)
        found.append(doc.at(path, message))
    return sorted(found, key=lambda d: (d.file, d.line or 0))


def _describe(detail: ErrorDetails, doc: Doc) -> tuple[KeyPath, str]:
    """The data path an error is about and its message."""
    kind = detail["type"]
    value = detail["input"]
    context: dict[str, Any] = dict(detail.get("ctx") or {})
    where = schema.locate(detail["loc"])
    if kind == "extra_forbidden":
        return where.path, _unknown_key(where)
    if kind == "enum":
        return where.path, _not_one_of(value, schema.enum_values(where.node))
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return _union_tag(kind, where, value, context, doc)
    if kind == "value_error":
        return where.path, detail["msg"].removeprefix("Value error, ")
    if kind == "string_pattern_mismatch" and context.get("pattern") in _PATTERNS:
        return where.path, f"{toml_repr(value)} {_PATTERNS[context['pattern']]}"
    if kind == "model_type" and value is False and len(where.path) == 1:
        optional = ", ".join(schema.optional_tables())
        return where.path, f"cannot be removed with false (optional tables: {optional})"
    if kind == "missing":
        return where.path, detail["msg"]
    return where.path, _wrong_type(detail, where)


def _unknown_key(where: schema.Located) -> str:
    """The message for a key the schema does not allow where it is written: where it
    belongs, or the nearest allowed key, or else every allowed key."""
    allowed = [k for m in schema.models(where.parent) for k in schema.allowed_keys(m)]
    hint = _table_keys(str(where.path[0])) if len(where.path) == 1 else ""
    hint = hint or _top_level_key(where.path) or suggest(str(where.path[-1]), allowed)
    return f"unknown key{hint or '; allowed keys: ' + ', '.join(allowed)}"


def _union_tag(
    kind: str, where: schema.Located, value: Any, context: dict[str, Any], doc: Doc
) -> tuple[KeyPath, str]:
    """The path and message for a table whose tag (a combination's ``shape``) is not one
    of the union's, or is missing: for a combination an overlay adds, most likely a misspelt
    id."""
    tag = str(context.get("discriminator", "shape")).strip("'")
    if kind == "union_tag_invalid":
        return (*where.path, tag), _not_one_of(value.get(tag), schema.union_tags(where.node))
    options = ", ".join(repr(t) for t in schema.union_tags(where.node))
    if where.path[:1] == (COMBINATIONS,) and where.path[-1] in doc.new_ids:
        return _new_combination(where.path, value, doc.new_ids[where.path[-1]], options)
    return where.path, f"missing key {tag!r} (one of {options})"


def _wrong_type(detail: ErrorDetails, where: schema.Located) -> str:
    """pydantic's message in TOML's words (array, table), with the value given; for a
    single table written where an array of tables belongs, how to write it."""
    kind, value = detail["type"], detail["input"]
    message = _RENAMED.get(kind, detail["msg"]).replace("Tuple should", "Array should")
    got = f"got {toml_repr(value)}"
    tables = isinstance(value, dict) and schema.models(schema.element(where.node))
    if kind in ("list_type", "tuple_type") and tables:  # [x] written for [[x]]
        header = f"[[{format_path(where.path)}]]"
        return f"{message} ({got}): write each entry under its own {header} header"
    return f"{message} ({got})"


def _table_keys(key: str) -> str:
    """For an unknown top-level key that is a key of a table (``target``): where it belongs
    (`` (did you mean 'game.target'? …)``), or an empty string."""
    homes = [
        f"{table}.{key}"
        for table in schema.allowed_keys(Variant)
        for model in schema.models(schema.child(Variant, table))
        if key in schema.allowed_keys(model)
    ]
    if not homes:
        return ""
    if len(homes) == 1:
        table = homes[0].partition(".")[0]
        return f" at the top level (did you mean {homes[0]!r}? write it under [{table}], or dotted)"
    said = ", ".join(repr(home) for home in homes[:-1]) + f" or {homes[-1]!r}"
    return f" at the top level (did you mean {said}? write it under its table's header, or dotted)"


def _top_level_key(path: KeyPath) -> str:
    """For a key of the top level written under a table's header (``seven = false`` after
    ``[game]``): the TOML rule that put it there, or an empty string."""
    key = path[-1]
    if len(path) != 2 or not isinstance(key, str) or key not in schema.allowed_keys(Variant):
        return ""
    table = path[0]
    return (
        f" in [{table}] (did you mean the top-level {key!r}? a key written after a [{table}] "
        f"header belongs to that table: write {key} before the first header)"
    )


def _new_combination(
    path: KeyPath, entry: Any, inherited: tuple[str, ...], options: str
) -> tuple[KeyPath, str]:
    """A combination an overlay adds without a shape: most likely a misspelt id."""
    ident = entry.get("id") if isinstance(entry, dict) else None
    message = (
        f"no inherited combination has the id {ident!r}{suggest(str(ident), list(inherited))}; "
        f"a new id adds a combination, which needs a shape (one of {options})"
    )
    return (*path, "id"), message


def _not_one_of(value: Any, choices: list[str]) -> str:
    listing = ", ".join(repr(c) for c in choices)
    hint = suggest(value, choices) if isinstance(value, str) else ""
    return f"{toml_repr(value)} is not one of {listing}{hint}"
