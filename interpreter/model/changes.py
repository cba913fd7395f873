"""What two variants do differently: :func:`differences` compares them rule by rule and
:func:`describe_change` puts one difference in words.  They read only the model, so the
rulebook (its "Differences from …" section) and the authoring tools (``bezique diff``) share
them."""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from interpreter.model.combinations import Combination
from interpreter.model.serial import ADDED_LATER, complete_data, models
from interpreter.model.variant import Variant

_NOT_RULES = frozenset({"name", "title", "summary"})
"""Top-level keys that name or describe a variant but do not change how it is played."""

_SOURCE_KEYS = frozenset({"source", "note"})

_SHAPES: dict[str, type[BaseModel]] = {
    str(typing.get_args(shape.model_fields["shape"].annotation)[0]): shape
    for shape in typing.get_args(typing.get_args(Combination)[0])
}

_LABELS: dict[str, str] = {
    "trump.mode": "How trumps are fixed",
    "trump.fixed_on": "Whether the first marriage fixes trumps when scored or when declared",
    "declare.scores_per_trick": "Combinations scored per trick won",
    "reuse.mode": "How a declared card may score again",
    "reuse.reform_trigger": "What allows a combination to be re-formed",
    "carte_blanche.window": "When carte blanche may be declared",
    "endgame.must_trump_if_void": "The duty to trump when void in the suit led",
    "endgame.mode": "How four players play the last tricks",
    "last_trick.which": "Which trick earns the last-trick bonus",
    "brisques.usage": "When brisques count",
    "brisques.timing": "When brisques are scored",
    "game.format": "A race to a target, or one deal",
    "settlement.game_bonus": "Game bonus added to the difference",
    "settlement.min_difference": "Smallest difference counted",
    "settlement.rubicon_threshold": "The rubicon: below it the loser is rubiconed",
    "settlement.rubicon_brisque_lump": "Lump for the brisques when the loser is rubiconed",
    "settlement.loser_min_credit": "Least credit for the loser (law 59)",
    "settlement.rounding": "How fractions of a hundred are dropped",
    "settlement.formula": "Value of the game when the loser is rubiconed",
    "settlement.brisques_can_flip_winner": "Brisques may reverse the order (law 60)",
    "combinations.suit": "Which suits count",
    "combinations.enabled": "In play",
    "combinations.jokers": "Jokers that may stand in for its cards",
    "combinations.builds_on": "The combination on the table it is built on",
    "combinations.first_points": "Points for a player's first one in a deal",
    "play.joker_led": "What the others may play to a joker led",
    "trump.others_before_trumps": "Other combinations before trumps are fixed",
    "seven.turn_up_declarable": "The card taken for the seven declared after the same trick",
    "reuse.reform_with_added": "Classes formed again with added cards (law 38 read literally)",
    "brisques.minimum": "Fewest brisques that count",
    "game.double_below": "A loser under this pays double",
    "game.worth": "The game-points schedule",
}
"""Labels for the fields whose description lists their values rather than naming the rule
(``final: the last trick …; last_stock_trick: …``).  A field's pydantic ``title``, when the
model gives one, wins over both."""


@dataclass(frozen=True)
class Change:
    """One rule that differs between two variants.

    ``path`` is the key path (``game.target``, ``combinations[four_tens].points``: combinations
    are named by id); ``label`` says in words what the rule is; ``before`` and ``after`` are
    the values as JSON data, ``None`` where a table or a combination is absent."""

    path: str
    label: str
    before: object
    after: object


def differences(a: Variant, b: Variant, *, include_sources: bool = False) -> list[Change]:
    """Every rule of the fully resolved variant ``a`` that ``b`` plays differently, in the
    order of the schema.  ``name``, ``title`` and ``summary`` are never compared; ``source``
    and ``note`` only with ``include_sources``.  A combination that only one of them has is a
    single change (before or after ``None``); a combination in both lists each changed field."""
    dumped_a, dumped_b = complete_data(a), complete_data(b)
    return list(_compare(Variant, dumped_a, dumped_b, (), include_sources))


def _compare(
    model: type[BaseModel],
    a: dict[str, Any],
    b: dict[str, Any],
    prefix: tuple[str, ...],
    sources: bool,
) -> Iterator[Change]:
    for name, field in model.model_fields.items():
        key = field.alias or name
        if (key in _SOURCE_KEYS and not sources) or (not prefix and key in _NOT_RULES):
            continue
        path = (*prefix, key)
        before, after = a.get(key), b.get(key)
        if not prefix and key == "combinations":
            yield from _compare_combinations(before or [], after or [], sources)
            continue
        table = table_model(field)
        if table is not None and isinstance(before, dict) and isinstance(after, dict):
            yield from _compare(table, before, after, path, sources)
            continue
        before, after = _clean(before, sources), _clean(after, sources)
        if before != after:
            prefixed = ".".join(path)
            before, after = _plain(before, prefixed), _plain(after, prefixed)
            yield Change(prefixed, rule_label(field, path, table), before, after)


def _compare_combinations(
    a: list[dict[str, Any]], b: list[dict[str, Any]], sources: bool
) -> Iterator[Change]:
    by_id_a = {entry["id"]: entry for entry in a}
    by_id_b = {entry["id"]: entry for entry in b}
    for ident in [*by_id_a, *(i for i in by_id_b if i not in by_id_a)]:
        before, after = by_id_a.get(ident), by_id_b.get(ident)
        path = f"combinations[{ident}]"
        name = _combination_name(after or before or {})
        if before is None or after is None:
            old, new = _clean(before, sources), _clean(after, sources)
            old, new = _plain(old, "combinations[]"), _plain(new, "combinations[]")
            yield Change(path, f"Combination {name}", old, new)
            continue
        shape_a, shape_b = _SHAPES[before["shape"]], _SHAPES[after["shape"]]
        fields = {**shape_b.model_fields, **shape_a.model_fields}
        for field_name, field in fields.items():
            key = field.alias or field_name
            if key in _SOURCE_KEYS and not sources:
                continue
            old, new = _clean(before.get(key), sources), _clean(after.get(key), sources)
            if old != new:
                label = rule_label(field, ("combinations", key), None)
                yield Change(f"{path}.{key}", f"Combination {name} — {_lower(label)}", old, new)


def _plain(value: Any, path: str) -> Any:
    """A whole table or combination (added or removed) without the fields added to the schema
    later that keep their old default (``serial.ADDED_LATER``): what it was written with."""
    if not isinstance(value, dict):
        return value
    return {
        key: item
        for key, item in value.items()
        if f"{path}.{key}" not in ADDED_LATER or ADDED_LATER[f"{path}.{key}"] != item
    }


def _combination_name(entry: dict[str, Any]) -> str:
    name = entry.get("name") or str(entry.get("id", "")).replace("_", " ")
    return str(name)


def _clean(value: Any, sources: bool) -> Any:
    """``value`` without ``source`` and ``note`` at any depth (unless ``sources``)."""
    if sources:
        return value
    if isinstance(value, dict):
        return {k: _clean(v, sources) for k, v in value.items() if k not in _SOURCE_KEYS}
    if isinstance(value, list):
        return [_clean(item, sources) for item in value]
    return value


def table_model(field: FieldInfo) -> type[BaseModel] | None:
    """The model of a field that is one table (``[deck]``, ``[seven]``), else None."""
    found = models(field.annotation)
    single = len(found) == 1 and typing.get_origin(field.annotation) is not tuple
    return found[0] if single else None


def rule_label(field: FieldInfo, path: tuple[str, ...], table: type[BaseModel] | None) -> str:
    """The rule in words: the field's title, a label of ours, the first clause of its
    description, the first sentence of its table's docstring, or its key."""
    if field.title:
        return field.title
    dotted = ".".join(path)
    if dotted in _LABELS:
        return _LABELS[dotted]
    for text in (field.description, table.__doc__ if table is not None else None):
        words = first_clause(text)
        if words:
            return words
    return path[-1].replace("_", " ").capitalize()


def first_clause(text: str | None) -> str:
    """``"Seats that play as one side, e.g. [[0, 2]]; empty when …"`` → ``"Seats that play as
    one side"``: the first sentence, before any colon, semicolon, example or trailing
    reference in brackets."""
    if not text:
        return ""
    words = " ".join(text.split()).replace("``", "").replace("`", "")
    depth = 0
    for index, char in enumerate(words):
        depth += {"(": 1, ")": -1}.get(char, 0)
        rest = words[index:]
        if depth == 0 and (
            re.match(r"[.:;](\s|$)", rest) and not re.search(r"\be\.g$|\bi\.e$", words[:index])
        ):
            words = words[:index]
            break
        if re.match(r",? e\.g\.|\(e\.g\.", rest):
            words = words[:index]
            break
    while True:
        shorter = re.sub(r"\s*\([^()]*\)\s*$", "", words)
        if shorter == words:
            break
        words = shorter
    return words.strip()


def _lower(label: str) -> str:
    return label[:1].lower() + label[1:] if label[1:2].islower() else label


def describe_change(change: Change) -> str:
    """One line in words: ``Points that win a race game: 1000 → 2000 (game.target)``,
    ``Combination four tens: added (90 points)``."""
    before, after = change.before, change.after
    if change.path.startswith("combinations[") and change.path.endswith("]"):
        if before is None:
            return f"{change.label}: added ({_points(after)}) ({change.path})"
        if after is None:
            return f"{change.label}: removed (was {_points(before)}) ({change.path})"
    if before is None and isinstance(after, dict):
        return f"{change.label}: added, {_value(after)} ({change.path})"
    if after is None and isinstance(before, dict):
        return f"{change.label}: removed (was {_value(before)}) ({change.path})"
    return f"{change.label}: {_value(before)} → {_value(after)} ({change.path})"


def _points(entry: object) -> str:
    if isinstance(entry, dict):
        off = "" if entry.get("enabled", True) else ", switched off"
        return f"{entry.get('points')} points{off}"
    return _value(entry)


def _value(value: object) -> str:
    """A value as a reader writes it: TOML spellings, no quotes, ``absent`` for none."""
    if value is None:
        return "absent"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + "}"
    return str(value)
