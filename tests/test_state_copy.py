"""The state's copies are written out field by field (``interpreter/engine/state.py``): every
field of every record must be in its copy, equal, and independent where it can change.

Each record is filled with a value of its own type in every field, none of them a default,
so that a field that ``copy()`` forgot (and left to its default, or shared) shows here."""

from __future__ import annotations

import random
import types
from dataclasses import fields
from enum import Enum
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from interpreter.engine import state as state_module
from interpreter.engine.state import Chance, Memo, State, Table, Window

RECORDS = (Window, Table, State)
_HINTS: dict[type, dict[str, Any]] = {
    cls: get_type_hints(cls, vars(state_module)) for cls in RECORDS
}


def _value(hint: Any, salt: int) -> Any:
    """A value of type ``hint`` that no field has by default (``salt`` makes values differ)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return _value(next(a for a in args if a is not type(None)), salt)
    if origin is list:
        return [_value(args[0], salt), _value(args[0], salt + 1)]
    if origin is set:
        return {_value(args[0], salt), _value(args[0], salt + 1)}
    if origin is dict:
        return {_value(args[0], salt): _value(args[1], salt)}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (_value(args[0], salt), _value(args[0], salt + 1))
        return tuple(_value(a, salt + i) for i, a in enumerate(args))
    if origin is frozenset:
        return frozenset({_value(args[0], salt)})
    if hint is bool:
        return True
    if hint is int:
        return 1000 + salt
    if hint is str:
        return f"value-{salt}"
    if isinstance(hint, type) and issubclass(hint, Enum):
        return list(hint)[-1]
    if hint is Chance:
        return Chance(random.Random(salt))
    if hint is Memo:
        return Memo({"kept": salt})
    if hint in RECORDS:
        return _filled(hint, salt)
    return object()  # an immutable value of the engine (an entry, an event...): shared


def _filled(cls: Any, salt: int = 0) -> Any:
    record: Any = cls.__new__(cls)
    for index, f in enumerate(fields(cls)):
        setattr(record, f.name, _value(_HINTS[cls][f.name], salt + index))
    return record


def _independent(original: Any, copy: Any, where: str) -> None:
    if isinstance(original, (list, set, dict, *RECORDS)):
        assert copy is not original, f"{where} is shared by the copy, not copied"
    if isinstance(original, list):
        for index, (a, b) in enumerate(zip(original, copy, strict=True)):
            _independent(a, b, f"{where}[{index}]")
    if isinstance(original, dict):
        for key in original:
            _independent(original[key], copy[key], f"{where}[{key!r}]")
    if isinstance(original, RECORDS):
        for f in fields(original):
            _check_field(original, copy, f.name, where)


def _check_field(original: Any, copy: Any, name: str, where: str) -> None:
    here = f"{where}.{name}"
    mine, theirs = getattr(original, name), getattr(copy, name)
    if isinstance(mine, Memo):
        assert isinstance(theirs, Memo) and not theirs, f"{here}: a copy's memo starts empty"
        return
    assert theirs == mine, f"{here} is not copied (the copy has {theirs!r})"
    _independent(mine, theirs, here)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_every_field_is_copied_equal_and_independent(cls: type) -> None:
    original = _filled(cls)
    copy = original.copy()
    assert type(copy) is cls
    for f in fields(cls):
        _check_field(original, copy, f.name, cls.__name__)


def test_a_copy_without_history_has_every_other_field() -> None:
    original = _filled(State)
    copy = original.copy(history=False)
    assert copy.events == [] and copy.log == []
    for f in fields(State):
        if f.name not in ("events", "log"):
            _check_field(original, copy, f.name, "State")


def test_changing_a_copy_leaves_the_original_alone() -> None:
    original = _filled(State)
    before = original.copy()
    copy = original.copy()
    copy.table.hands[0].add(99)
    copy.table.ledger[1].append(copy.table.ledger[0][0])
    copy.table.window.cards.add(98)
    copy.scores[0] += 1
    copy.deal_orders[0].append(97)
    assert original == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_empty_table_starts_every_fact_of_a_deal(players: int) -> None:
    """``Table.empty`` is written from the facts the fields declare: it must give every
    field, one value per seat where the fact is per seat, nothing shared between seats or
    between two tables, and nothing held, scored or known yet."""
    n = players
    per_seat = {
        "hands": [set() for _ in range(n)],
        "ranked": [[] for _ in range(n)],
        "held": [[] for _ in range(n)],
        "opened": [[] for _ in range(n)],
        "tables": [set() for _ in range(n)],
        "open": [set() for _ in range(n)],
        "known": [set() for _ in range(n)],
        "received": [set() for _ in range(n)],
        "won": [[] for _ in range(n)],
        "points": [0] * n,
        "brisques": [0] * n,
        "ledger": [[] for _ in range(n)],
        "ledger_versions": [0] * n,
        "numbers": [0] * n,
        "active": list(range(n)),
        "blank": [""] * n,
        "last_drawn": [-1] * n,
        "held_points": [[] for _ in range(n)],
    }
    empty, other = Table.empty(n), Table.empty(n)
    assert empty.players == n
    for f in fields(Table):
        value = getattr(empty, f.name)  # every field is set
        if f.name in per_seat:
            assert value == per_seat[f.name], f.name
        elif f.name == "window":
            assert value == Window()
        elif f.name != "players":
            assert not value, f"{f.name} starts a deal as {value!r}"
        if isinstance(value, list | set | dict | Window | Memo):
            assert value is not getattr(other, f.name), f"{f.name} is shared by two new tables"
    assert empty.hands[0] is not empty.hands[1]
