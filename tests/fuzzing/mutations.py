"""Mutations of the shipped variants: a shipped variant read raw (``load_raw``: ``extends``
resolved, before validation), then one to four changes, each a key set to a value the schema
allows, a key removed (back to its default), an optional table removed with ``false`` or added,
a combination added, removed or changed, or a reshaped deck or deal.  The key paths come from
the JSON Schema (:mod:`tests.fuzzing.values`), so a key the schema gains is fuzzed too.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import strategies as st

from interpreter.loader import load_raw, shipped_variant_names
from tests.fuzzing import values as v
from tests.fuzzing.changes import DROP, Case, Change, apply
from tests.fuzzing.repair import repairs


@dataclass(frozen=True)
class Leaf:
    """A key that holds a value (not a table), with its schema."""

    path: tuple[str, ...]
    node: v.Node
    owner: str


@dataclass(frozen=True)
class OptionalTable:
    """A table a file may remove with ``false`` (``seven``, ``deal.count_guess``…)."""

    path: tuple[str, ...]
    name: str
    body: v.Node


@cache
def _keys() -> tuple[tuple[Leaf, ...], tuple[OptionalTable, ...]]:
    leaves: list[Leaf] = []
    tables: list[OptionalTable] = []

    def walk(properties: dict[str, v.Node], owner: str, prefix: tuple[str, ...]) -> None:
        for key, node in properties.items():
            inner = [
                (name, body)
                for name, body in v.options(node)
                if name is not None and body.get("type") == "object"
            ]
            if not inner:
                leaves.append(Leaf((*prefix, key), node, owner))
                continue
            name, body = inner[0]
            if v.removable(node):
                tables.append(OptionalTable((*prefix, key), name, body))
            walk(body["properties"], name, (*prefix, key))

    skipped = ("combinations", "extends")
    top = {k: node for k, node in v.schema()["properties"].items() if k not in skipped}
    walk(top, "Variant", ())
    return tuple(leaves), tuple(tables)


def leaves() -> tuple[Leaf, ...]:
    """Every key path of a variant that holds a value, read off the JSON Schema (the keys of
    combinations are fuzzed by :func:`combination_changes`)."""
    return _keys()[0]


def optional_tables() -> tuple[OptionalTable, ...]:
    """Every table a file may remove with ``false``."""
    return _keys()[1]


@cache
def _raw(name: str) -> dict[str, Any]:
    return load_raw(name)


def shipped_raw(name: str) -> dict[str, Any]:
    """A shipped variant as merged data, a copy the caller may change."""
    return copy.deepcopy(_raw(name))


def rebuilt(base: str, changes: tuple[Change, ...]) -> dict[str, Any]:
    """The shipped variant ``base`` with ``changes`` made in turn."""
    doc = shipped_raw(base)
    for change in changes:
        apply(doc, change)
    return doc


def _get(doc: dict[str, Any], *path: str, default: Any = None) -> Any:
    node: Any = doc
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return default
        node = node[key]
    return node


def _listed(doc: dict[str, Any], *path: str) -> list[Any]:
    found = _get(doc, *path)
    return found if isinstance(found, list) else []


# -- the mutations -------------------------------------------------------------------------------


_WORDS = ("source", "note", "name", "title", "summary")


@cache
def _rule_leaves() -> tuple[Leaf, ...]:
    return tuple(leaf for leaf in leaves() if leaf.path[-1] not in _WORDS)


@cache
def _word_leaves() -> tuple[Leaf, ...]:
    return tuple(leaf for leaf in leaves() if leaf.path[-1] in _WORDS)


def leaf_changes(_: dict[str, Any]) -> st.SearchStrategy[list[Change]]:
    """A key set to a value its schema allows: a rule most of the time, now and then a name,
    title or text."""
    chosen = st.one_of(*[st.sampled_from(_rule_leaves())] * 5, st.sampled_from(_word_leaves()))
    return chosen.flatmap(
        lambda leaf: v.values(leaf.node, leaf.owner, leaf.path[-1]).map(
            lambda value: [Change(leaf.path, value)]
        )
    )


def removals(doc: dict[str, Any]) -> st.SearchStrategy[list[Change]]:
    """A key the document gives, removed: back to the default."""
    present = [leaf.path for leaf in leaves() if _get(doc, *leaf.path) is not None]
    if not present:
        return leaf_changes(doc)
    return st.sampled_from(present).map(lambda path: [Change(path, DROP)])


def table_changes(_: dict[str, Any]) -> st.SearchStrategy[list[Change]]:
    """An optional table removed with ``false``, or brought in (empty: its defaults; or with
    values drawn from the schema)."""

    def changed(found: OptionalTable) -> st.SearchStrategy[list[Change]]:
        table: v.Values = st.one_of(st.just(False), st.just({}), v.table(found.name, found.body))
        return table.map(lambda value: [Change(found.path, value)])

    return st.sampled_from(optional_tables()).flatmap(changed)


def _shapes() -> dict[str, tuple[str, v.Node]]:
    items = v.schema()["properties"]["combinations"]["items"]
    found: dict[str, tuple[str, v.Node]] = {}
    for name, body in v.options(items):
        assert name is not None
        found[body["properties"]["shape"]["const"]] = (name, body)
    return found


@st.composite
def combination_changes(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """A combination added, removed, switched off or on, or one of its keys changed."""
    combos = doc.get("combinations")
    if not isinstance(combos, list):
        return [Change(("combinations",), [])]
    shapes = _shapes()
    what = draw(st.sampled_from(["add", "remove", "key", "key", "enabled"] if combos else ["add"]))
    if what == "add":
        name, body = shapes[draw(st.sampled_from(sorted(shapes)))]
        return [Change(("combinations", len(combos)), draw(v.table(name, body)))]
    index = draw(st.integers(0, len(combos) - 1))
    if what == "remove":
        return [Change(("combinations", index), DROP)]
    if what == "enabled":
        return [Change(("combinations", index, "enabled"), draw(st.booleans()))]
    shape = combos[index].get("shape") if isinstance(combos[index], dict) else None
    name, body = shapes.get(str(shape), shapes["same_suit"])
    key = draw(st.sampled_from(sorted(body["properties"])))
    value = draw(v.values(body["properties"][key], name, key))
    return [Change(("combinations", index, key), value)]


@st.composite
def deal_fitted(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """A hand size the deck can deal (with the turn-up, the stock drawn evenly), and packets
    for it: so that a reshaped deck or table still passes the loader's deal checks."""
    ranks = _get(doc, "deck", "ranks", default=list(v.PIQUET))
    suits = _get(doc, "deck", "suits", default=["S", "H", "D", "C"])
    packs = _get(doc, "deck", "packs", default=2)
    players = _get(doc, "players", "count", default=2)
    removed = _get(doc, "deck", "remove", default=[])
    if not all(isinstance(x, list) for x in (ranks, suits, removed)):
        return []
    if not all(isinstance(x, int) for x in (packs, players)) or players < 1:
        return []
    size = len(set(ranks)) * len(set(suits)) * packs - len(removed)
    turn_up = _get(doc, "trump", "mode", default="turn_up") == "turn_up"
    fitting = [
        h
        for h in range(1, 21)
        if players * h + turn_up <= size and (not turn_up or (size - players * h) % players == 0)
    ]
    if not fitting:
        return []
    hand = draw(st.sampled_from(fitting))
    return [Change(("deal", "hand_size"), hand), Change(("deal", "packets"), draw(v.packets(hand)))]


@st.composite
def deck_changes(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """Another deck: its ranks, suits or packs (one rank, two ranks, a whole 52-card pack…),
    then a deal that fits it."""
    changes = [
        Change(("deck", key), draw(value))
        for key, value in (
            ("ranks", v.deck_ranks()),
            ("suits", v.suits()),
            ("packs", st.integers(1, 8)),
        )
        if draw(st.booleans())
    ] or [Change(("deck", "ranks"), draw(v.deck_ranks()))]
    after = copy.deepcopy(doc)
    for change in changes:
        apply(after, change)
    if draw(st.integers(0, 3)):
        mended = draw(repairs(after))
        for change in mended:
            apply(after, change)
        changes += mended
    return changes + draw(deal_fitted(after))


@st.composite
def table_shape_changes(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """Another number of players, with partnerships and partner rules that agree with it (most
    of the time), then a deal that fits."""
    count = draw(st.integers(2, 4))
    pairs = draw(st.one_of(st.just([[0, 2], [1, 3]] if count == 4 else []), v.partnerships()))
    changes = [Change(("players", "count"), count), Change(("players", "partnerships"), pairs)]
    if not pairs and draw(st.booleans()):
        changes += [
            Change(("declare", "right"), "trick_winner"),
            Change(("reuse", "partner_cards"), "own_only"),
        ]
    if count != 4 and draw(st.booleans()):
        changes.append(Change(("endgame", "mode"), "all_players"))
    if count != 2 and draw(st.booleans()):
        changes.append(Change(("game", "format"), "race"))
    after = copy.deepcopy(doc)
    for change in changes:
        apply(after, change)
    return changes + draw(deal_fitted(after))


@st.composite
def seven_changes(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """The seven's rank: a rank of the deck, or one of the open cards."""
    ranks = _listed(doc, "deck", "ranks") or list(v.PIQUET)
    choices = [r for r in [*ranks, *_listed(doc, "open_cards", "ranks")] if isinstance(r, str)]
    change = Change(("seven", "rank"), draw(st.sampled_from(choices)))
    if draw(st.booleans()):
        when = v.schema()["definitions"]["SevenExchange"]["enum"]
        return [change, Change(("seven", "exchange_when"), draw(st.sampled_from(when)))]
    return [change]


@st.composite
def quiet_changes(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """Everything that scores besides the combinations switched off, and all combinations but
    one: a race game that scores little, or (with another change) nothing at all."""
    changes = [
        Change(("brisques", "value"), 0),
        Change(("last_trick", "points"), 0),
        Change(("seven",), False),
        Change(("carte_blanche",), False),
        Change(("deal", "count_guess"), False),
    ]
    combos = doc.get("combinations")
    if isinstance(combos, list) and combos:
        kept = draw(st.integers(0, len(combos) - 1))
        changes += [
            Change(("combinations", index, "enabled"), False)
            for index in range(len(combos))
            if index != kept
        ]
    return changes


_ENDGAME = (
    ("declare", "after_stock_exhausted"),
    ("declare", "sources"),
    ("declare", "declared_to"),
    ("endgame", "declared_back_to_hand"),
    ("endgame", "mode"),
    ("endgame", "follow_suit"),
    ("endgame", "must_head"),
    ("endgame", "must_trump_if_void"),
    ("last_trick", "which"),
)


@st.composite
def endgame_changes(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """The rules of the last tricks and of declaring in them, several at once: where the
    cards go when the stock is exhausted, and who may still declare."""
    by_path = {leaf.path: leaf for leaf in leaves()}
    paths = draw(st.lists(st.sampled_from(_ENDGAME), min_size=1, max_size=3, unique=True))
    return [
        Change(path, draw(v.values(by_path[path].node, by_path[path].owner, path[-1])))
        for path in paths
    ]


def wrong_types(_: dict[str, Any]) -> st.SearchStrategy[list[Change]]:
    """A key given a value of another type (a string for a number, a float, a number for a
    boolean…): the loader must refuse it."""
    return st.sampled_from(leaves()).flatmap(
        lambda leaf: v.wrong_type(leaf.node).map(lambda value: [Change(leaf.path, value)])
    )


MUTATIONS = {
    "leaf": leaf_changes,
    "remove": removals,
    "table": table_changes,
    "combination": combination_changes,
    "deck": deck_changes,
    "players": table_shape_changes,
    "seven": seven_changes,
    "quiet": quiet_changes,
    "endgame": endgame_changes,
    "wrong_type": wrong_types,
}
"""Each kind of mutation: a strategy of changes for the document as it is now."""

_KINDS = (
    *["leaf"] * 6,
    "remove",
    "table",
    *["combination"] * 2,
    *["deck"] * 2,
    *["players"] * 2,
    "seven",
    "quiet",
    "endgame",
)
"""The kinds of mutation drawn by default, as often as they are listed."""


@st.composite
def mutated_variants(
    draw: st.DrawFn,
    bases: tuple[str, ...] | None = None,
    *,
    most: int = 4,
    kinds: tuple[str, ...] = _KINDS,
) -> Case:
    """A shipped variant (one of ``bases``, all by default) with one to ``most`` mutations
    of the ``kinds`` given (:data:`MUTATIONS`; by default every kind of change the schema
    allows, the values of a wrong type left out)."""
    base = draw(st.sampled_from(bases or tuple(shipped_variant_names())))
    doc = shipped_raw(base)
    changes: list[Change] = []
    for _ in range(draw(st.integers(1, most))):
        kind = draw(st.sampled_from(kinds))
        for change in draw(MUTATIONS[kind](doc)):
            apply(doc, change)
            changes.append(change)
    origin = "wrong type" if set(kinds) == {"wrong_type"} else "mutation"
    return Case(base, tuple(changes), doc, origin)
