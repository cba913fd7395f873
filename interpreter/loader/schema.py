"""Reading the variant schema itself: which keys a table allows, which values an enum takes,
which model a pydantic error location points into, and the ``false`` spelling of "none".

TOML has no null, so an optional value is removed by writing ``false`` (``seven = false``,
``queen = false`` in ``[bezique]``): :func:`false_to_none` turns those into ``None`` before
validation, and :func:`dump_data` writes ``false`` for a ``None`` whose default is not ``None``.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from interpreter.loader.diagnostics import KeyPath
from interpreter.model import Variant

_UNIONS: tuple[Any, ...] = (Union, types.UnionType)


def members(annotation: Any) -> list[Any]:
    """The alternatives of an annotation, without ``Annotated`` wrappers and without ``None``."""
    if typing.get_origin(annotation) is Annotated:
        return members(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in _UNIONS:
        found: list[Any] = []
        for arg in typing.get_args(annotation):
            if arg is not type(None):
                found.extend(members(arg))
        return found
    return [annotation]


def is_optional(annotation: Any) -> bool:
    if typing.get_origin(annotation) is Annotated:
        return is_optional(typing.get_args(annotation)[0])
    return typing.get_origin(annotation) in _UNIONS and type(None) in typing.get_args(annotation)


def models(annotation: Any) -> list[type[BaseModel]]:
    return [m for m in members(annotation) if isinstance(m, type) and issubclass(m, BaseModel)]


def key_of(name: str, field: FieldInfo) -> str:
    """The TOML spelling of a field: its alias if it has one (``class``), else its name."""
    return field.alias or name


def field_named(model: type[BaseModel], key: str | int) -> FieldInfo | None:
    for name, field in model.model_fields.items():
        if key in (name, field.alias):
            return field
    return None


def allowed_keys(model: type[BaseModel]) -> list[str]:
    return [key_of(name, field) for name, field in model.model_fields.items()]


def tags(model: type[BaseModel]) -> dict[str, str]:
    """The ``Literal`` fields of a model and their value: a discriminated union's tags."""
    found: dict[str, str] = {}
    for name, field in model.model_fields.items():
        if typing.get_origin(field.annotation) is Literal:
            found[key_of(name, field)] = str(typing.get_args(field.annotation)[0])
    return found


def union_tags(annotation: Any) -> list[str]:
    """The tag values of a discriminated union (``same_suit``, ``same_rank``, ``bezique``)."""
    return [tag for model in models(annotation) for tag in tags(model).values()]


def enum_values(annotation: Any) -> list[str]:
    for member in members(annotation):
        if isinstance(member, type) and issubclass(member, Enum):
            return [str(item.value) for item in member]
    return []


def element(annotation: Any) -> Any:
    """The element type of a ``tuple[X, ...]`` (or list) among the alternatives, else None."""
    for member in members(annotation):
        if typing.get_origin(member) in (tuple, list) and typing.get_args(member):
            return typing.get_args(member)[0]
    return None


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


def false_to_none(value: Any, annotation: Any = Variant) -> Any:
    """A copy of ``value`` in which ``false`` given for an optional, non-boolean field is
    ``None``.  Keys the schema does not know are left for validation to report."""
    if isinstance(value, list):
        inner = element(annotation)
        return [false_to_none(item, inner) for item in value] if inner is not None else value
    if not isinstance(value, dict):
        return value
    model = _model_for(value, annotation)
    if model is None:
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        field = field_named(model, key)
        if field is None:
            out[key] = item
        elif (
            item is False
            and is_optional(field.annotation)
            and bool not in members(field.annotation)
        ):
            out[key] = None
        else:
            out[key] = false_to_none(item, field.annotation)
    return out


def _model_for(value: dict[str, Any], annotation: Any) -> type[BaseModel] | None:
    """The model a table is validated as (choosing a union member by its tag)."""
    options = models(annotation)
    if len(options) == 1:
        return options[0]
    for model in options:
        if all(value.get(key) == tag for key, tag in tags(model).items()):
            return model
    return None


def dump_data(model: BaseModel) -> dict[str, Any]:
    """``model`` as TOML-ready data: JSON values, aliases, no ``None``; a ``None`` whose
    default is not ``None`` is written ``false``."""
    data = model.model_dump(mode="json", by_alias=True, exclude_none=True)
    _mark_removed(model, data)
    return data


def _mark_removed(model: BaseModel, data: dict[str, Any]) -> None:
    for name, field in type(model).model_fields.items():
        key = key_of(name, field)
        value = getattr(model, name)
        if value is None:
            if field.default_factory is not None or field.default is not None:
                data[key] = False
        elif isinstance(value, BaseModel):
            _mark_removed(value, data[key])
        elif isinstance(value, tuple):
            for item, dumped in zip(value, data[key], strict=True):
                if isinstance(item, BaseModel):
                    _mark_removed(item, dumped)
