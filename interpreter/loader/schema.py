"""Reading the variant schema itself: which keys a table allows, which values an enum takes,
which model a pydantic error location points into, and the ``false`` spelling of "none".

TOML has no null, so an optional value is removed by writing ``false`` (``seven = false``,
``queen = false`` in ``[bezique]``): :func:`false_to_none` turns those into ``None`` before
validation, and :func:`dump_data` writes ``false`` for a ``None`` whose default is not ``None``.
Those two, and the annotation readers they need, live with the model in
:mod:`interpreter.model.serial` (the one variant serialiser) and are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from pydantic import BaseModel

from interpreter.loader.diagnostics import KeyPath
from interpreter.model import Variant
from interpreter.model.serial import (
    dump_data,
    element,
    false_to_none,
    field_named,
    is_optional,
    key_of,
    members,
    models,
    tags,
)

__all__ = [
    "Located",
    "allowed_keys",
    "child",
    "dump_data",
    "element",
    "enum_values",
    "false_to_none",
    "field_named",
    "is_optional",
    "key_of",
    "locate",
    "members",
    "models",
    "optional_tables",
    "tags",
    "union_tags",
]


def allowed_keys(model: type[BaseModel]) -> list[str]:
    return [key_of(name, field) for name, field in model.model_fields.items()]


def union_tags(annotation: Any) -> list[str]:
    """The tag values of a discriminated union (``same_suit``, ``same_rank``, ``bezique``)."""
    return [tag for model in models(annotation) for tag in tags(model).values()]


def enum_values(annotation: Any) -> list[str]:
    for member in members(annotation):
        if isinstance(member, type) and issubclass(member, Enum):
            return [str(item.value) for item in member]
    return []


def child(annotation: Any, key: str | int) -> Any:
    """The annotation of ``key`` (a field, or an index) inside ``annotation``, or None."""
    if isinstance(key, int):
        return element(annotation)
    for model in models(annotation):
        field = field_named(model, key)
        if field is not None:
            return field.annotation
    return None


@dataclass(frozen=True)
class Located:
    """A pydantic error location read against the schema."""

    path: KeyPath  # the data path, without the union tags pydantic inserts
    node: Any  # the annotation at ``path`` (None when the key is unknown)
    parent: Any  # the annotation of the table holding it


def locate(loc: tuple[str | int, ...], root: Any = Variant) -> Located:
    """Walk ``loc`` from the root model, dropping the union tag segments that pydantic inserts
    (``('combinations', 3, 'same_rank', 'points')`` → ``combinations[3].points``)."""
    path: list[str | int] = []
    node, parent = root, None
    for key in loc:
        options = models(node)
        if isinstance(key, str) and len(options) > 1:
            tagged = [m for m in options if key in tags(m).values()]
            if tagged:
                node = tagged[0]
                continue
        parent, node = node, child(node, key)
        path.append(key)
    return Located(tuple(path), node, parent)


def optional_tables(model: type[BaseModel] = Variant) -> list[str]:
    """The tables of ``model`` that may be left out or set to ``false``."""
    return [
        key_of(name, field)
        for name, field in model.model_fields.items()
        if is_optional(field.annotation) and models(field.annotation)
    ]
