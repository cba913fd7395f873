"""The one way a variant becomes data and data becomes a variant again.

:func:`variant_data` gives a variant as TOML-ready data (JSON values, aliases such as
``class``, no ``None``); :func:`variant_from_data` validates such data back into a
:class:`~interpreter.model.Variant`.  The round trip is exact:
``variant_from_data(variant_data(v)) == v`` for every variant.  The loader, the records (the
embedded ``[variant_data]``), ``bezique show`` and the tests all go through these two
functions.

TOML has no null, so a ``None`` is written as follows:

- a ``None`` whose default is ``None`` (``seven``, ``kind``, ``source``) is left out: absence
  already means ``None``;
- a ``None`` whose default is *not* ``None`` is written ``false`` (``queen = false`` in
  ``[bezique]``: no bézique until trumps are known; leaving it out would bring back the default
  ``QS``), and ``false`` given for an optional field that is not a boolean reads as ``None``.

:func:`variant_hash` identifies the rules of a variant in a record: a digest of
:func:`rules_data` — :func:`complete_data` (every field, defaults included, ``None`` as null)
without the texts written for readers (names, titles, summaries, sources and notes) — so it
depends only on the game the variant makes, never on how its data happened to be written or on
a rulebook text corrected later; :mod:`interpreter.model.changes` compares the complete form.
"""

from __future__ import annotations

import hashlib
import json
import types
import typing
from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from interpreter.model.variant import Variant

_UNIONS: tuple[Any, ...] = (Union, types.UnionType)


def variant_data(variant: Variant) -> dict[str, Any]:
    """``variant`` as TOML-ready data; :func:`variant_from_data` gives it back exactly."""
    return dump_data(variant)


def variant_from_data(data: dict[str, Any]) -> Variant:
    """Validate data written by :func:`variant_data` (or read from a variant file, ``extends``
    resolved): ``false`` for an optional table or card reads as ``None``.  Raises pydantic's
    ``ValidationError``."""
    return Variant.model_validate(false_to_none(data))


def complete_data(variant: Variant) -> dict[str, Any]:
    """Every field of ``variant`` as JSON data, defaults included and ``None`` as null: the
    form that is hashed and compared (not written: TOML has no null)."""
    return variant.model_dump(mode="json", by_alias=True)


READERS_TEXTS = frozenset({"source", "note"})
"""Keys that hold a text for readers in any table of a variant (``name``, ``title`` and
``summary`` of the variant and ``name`` of a combination too): no rule depends on them."""


ADDED_LATER: dict[str, Any] = {
    "deck.jokers": 0,
    "deal.turn_up_after": None,
    "trump.others_before_trumps": True,
    "play.joker_led": "any_card",
    "reuse.reform_with_added": [],
    "seven.turn_up_declarable": True,
    "seven.exchange_needs_trick": False,
    "seven.exchange_min_stock": 1,
    "brisques.minimum": 0,
    "brisques.values": {},
    "brisques.war_penalty": 200,
    "brisques.war_floor": 200,
    "game.double_below": 0,
    "game.worth": [],
    "game.played_out": "next_deal",
    "game.false_claim": [{"points": 2, "below": 0, "no_trick": False}],
    "declare.when": "after_trick_win",
    "declare.lead_rank": None,
    "declare.held_until": "at_once",
    "match": None,
    "closing": None,
    "combinations[].jokers": 0,
    "combinations[].distinct_suits": False,
    "combinations[].builds_on": None,
    "combinations[].first_points": None,
}
"""Fields added to the schema after records were first written, with the default under which
a variant plays as it did before they existed.  :func:`rules_data` leaves such a field out when
it has that default, so that the hash of a variant that does not use it — and so every record
written before — stays the same."""


def rules_data(variant: Variant) -> dict[str, Any]:
    """:func:`complete_data` without the texts for readers: what the engine plays (fields of
    :data:`ADDED_LATER` at their old default left out)."""
    data: dict[str, Any] = _without_texts(complete_data(variant))
    for key in ("name", "title", "summary", "penalties"):  # penalties: rules for the table
        data.pop(key, None)
    for combination in data.get("combinations", ()):
        combination.pop("name", None)
    for path, default in ADDED_LATER.items():
        head, _, leaf = path.rpartition(".")
        if head == "combinations[]":
            tables = data.get("combinations", [])
        else:
            tables = [data.get(head) if head else data]
        for table in tables:
            if isinstance(table, dict) and leaf in table and table[leaf] == default:
                del table[leaf]
    return data


def _without_texts(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_texts(v) for k, v in value.items() if k not in READERS_TEXTS}
    if isinstance(value, list):
        return [_without_texts(item) for item in value]
    return value


def variant_hash(variant: Variant) -> str:
    """``sha256:…`` of the variant's rules (:func:`rules_data`), as records carry it."""
    return _digest(rules_data(variant))


def hash_fits(variant: Variant, said: str) -> bool:
    """Whether a record's ``variant_hash`` is that of ``variant``: of its rules, or — a record
    written before the texts were left out of the hash — of its complete form."""
    return said == variant_hash(variant) or said == _digest(complete_data(variant))


def _digest(data: dict[str, Any]) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- reading the schema's annotations ---------------------------------------------------------


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


def tags(model: type[BaseModel]) -> dict[str, str]:
    """The ``Literal`` fields of a model and their value: a discriminated union's tags."""
    found: dict[str, str] = {}
    for name, field in model.model_fields.items():
        if typing.get_origin(field.annotation) is Literal:
            found[key_of(name, field)] = str(typing.get_args(field.annotation)[0])
    return found


def element(annotation: Any) -> Any:
    """The element type of a ``tuple[X, ...]`` (or list) among the alternatives, else None."""
    for member in members(annotation):
        if typing.get_origin(member) in (tuple, list) and typing.get_args(member):
            return typing.get_args(member)[0]
    return None


# -- false ↔ None -----------------------------------------------------------------------------


def false_to_none(value: Any, annotation: Any = Variant) -> Any:
    """A copy of ``value`` in which ``false`` given for an optional, non-boolean field is
    ``None``.  Keys the schema does not know are left for validation to report."""
    if isinstance(value, list):
        inner = _element(annotation)
        return [false_to_none(item, inner) for item in value] if inner is not None else value
    if not isinstance(value, dict):
        return value
    model = model_for(value, annotation)
    if model is None:
        return value
    fields = _fields(model)
    out: dict[str, Any] = {}
    for key, item in value.items():
        inner, nullable = fields.get(key, (None, False))
        if item is False and nullable:
            out[key] = None
        elif inner is not None and isinstance(item, dict | list):
            out[key] = false_to_none(item, inner)
        else:
            out[key] = item  # a key the schema does not know, or a scalar
    return out


def model_for(value: dict[str, Any], annotation: Any) -> type[BaseModel] | None:
    """The model a table is validated as (choosing a union member by its tag)."""
    options = _models(annotation)
    if len(options) == 1:
        return options[0]
    for model in options:
        if all(value.get(key) == tag for key, tag in _tags(model)):
            return model
    return None


# What false_to_none reads of the schema, worked out once per annotation or model.


@cache
def _element(annotation: Any) -> Any:
    return element(annotation)


@cache
def _models(annotation: Any) -> tuple[type[BaseModel], ...]:
    return tuple(models(annotation))


@cache
def _tags(model: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    return tuple(tags(model).items())


@cache
def _fields(model: type[BaseModel]) -> dict[str | int, tuple[Any, bool]]:
    """Each key of a model (name and alias, as :func:`field_named` finds them) → its
    annotation, and whether ``false`` given for it reads as ``None``."""
    found: dict[str | int, tuple[Any, bool]] = {}
    for name, field in model.model_fields.items():
        nullable = is_optional(field.annotation) and bool not in members(field.annotation)
        for key in (name, field.alias):
            if key is not None:
                found.setdefault(key, (field.annotation, nullable))
    return found


def dump_data(model: BaseModel) -> dict[str, Any]:
    """``model`` (a variant or one of its tables) as TOML-ready data: JSON values, aliases, no
    ``None``; a ``None`` whose default is not ``None`` is written ``false``."""
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
