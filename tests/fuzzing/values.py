"""Values for the keys of a variant file, read off the project's own JSON Schema
(:func:`interpreter.authoring.schema.json_schema`): its enums, booleans, integers near their
bounds (0 and negatives where allowed), rank and suit letters, cards, identifiers, texts that
look like markup or terminal codes, and ``false`` where a value may be removed.

A few keys get values shaped for them (packets, partnerships, the deck's ranks and suits), so
that more documents reach the engine than blind draws would let through; every value is still
one the schema allows.  :func:`wrong_type` gives values the schema refuses, for the loader's
strict types.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from interpreter.authoring.schema import json_schema
from interpreter.cards import RANK_LETTERS, SUIT_LETTERS

Node = dict[str, Any]
Values = st.SearchStrategy[Any]

PIQUET = ("A", "T", "K", "Q", "J", "9", "8", "7")
IDENTIFIERS = ("marriage", "sequence", "bezique", "marriages", "beziques", "quartets", "x", "a_1")
TEXTS = (
    "",
    "Bézique",
    "House [/b] rules",
    "[bold red]loud[/]",
    "\x1b[2J\x1b[31mred",
    "two\nlines\ttab",
    "\u202eright to left",
    "{0} %s \\n",
)
ODD_CARDS = ("10H", "Q♠", "qs", " JD ", "Q", "QSX", "1S", "ZZ", "")


@cache
def schema() -> Node:
    """The JSON Schema of a whole variant (``bezique schema``)."""
    return json_schema()


def definition(node: Node) -> tuple[str | None, Node]:
    """The definition a node refers to, with its name; ``(None, node)`` for an inline node."""
    ref = node.get("$ref")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[1]
        body: Node = schema()["definitions"][name]
        return name, body
    return None, node


def removable(node: Node) -> bool:
    """Whether the key may be written ``false`` (an optional table or value: none)."""
    return any(option.get("const") is False for option in node.get("anyOf", []))


def options(node: Node) -> list[tuple[str | None, Node]]:
    """The branches a value may take (``anyOf``/``oneOf``), resolved, without ``false``."""
    branches = node.get("anyOf") or node.get("oneOf")
    if branches is None:
        return [definition(node)]
    return [definition(branch) for branch in branches if branch.get("const") is not False]


def values(node: Node, owner: str, key: str) -> Values:
    """Values the schema allows for ``key`` of the table ``owner`` (a definition's name,
    ``Variant`` for the top level), whose schema is ``node``."""
    special = _SPECIAL.get(f"{owner}.{key}")
    if special is not None:
        return special
    branches = [_one(name, body, owner, key) for name, body in options(node)]
    if removable(node):
        branches.append(st.just(False))
    return st.one_of(branches)


def table(name: str, body: Node) -> Values:
    """A whole table of the definition ``name``: its required keys and any of the others."""
    properties: dict[str, Node] = body.get("properties", {})
    required = set(body.get("required", ()))
    return st.fixed_dictionaries(
        {key: values(node, name, key) for key, node in properties.items() if key in required},
        optional={
            key: values(node, name, key) for key, node in properties.items() if key not in required
        },
    )


def _one(name: str | None, node: Node, owner: str, key: str) -> Values:
    if name is not None and node.get("type") == "object":
        return table(name, node)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return integers(node.get("minimum"), node.get("maximum"))
    if kind == "string":
        return _strings(node, owner, key)
    if kind == "array":
        least = int(node.get("minItems", 0))
        return st.lists(values(node["items"], owner, key), min_size=least, max_size=least + 4)
    if kind == "object" and "patternProperties" in node:  # a table keyed by rank (card points)
        ((pattern, value),) = node["patternProperties"].items()
        keys = ranks() if pattern == f"^[{''.join(RANK_LETTERS)}]$" else st.text(max_size=3)
        return st.dictionaries(keys, values(value, owner, key), max_size=6)
    raise ValueError(f"no values for {owner}.{key}: {node}")


def integers(least: int | None, most: int | None) -> Values:
    """Integers within the bounds, the bounds and their neighbours drawn often."""
    near = {-2, -1, 0, 1, 2, 3, 4, 8, 10, 1000, 10**9}
    near |= {least, least + 1} if least is not None else set()
    near |= {most, most - 1} if most is not None else set()
    inside = sorted(
        v for v in near if (least is None or v >= least) and (most is None or v <= most)
    )
    low = -3 if least is None else max(least, -3)
    high = 40 if most is None else min(most, 40)
    return st.one_of(st.sampled_from(inside), st.integers(min_value=low, max_value=high))


def _strings(node: Node, owner: str, key: str) -> Values:
    pattern = node.get("pattern")
    if pattern == f"^[{''.join(RANK_LETTERS)}]$":
        return ranks()
    if pattern == f"^[{''.join(SUIT_LETTERS)}]$":
        return st.sampled_from(SUIT_LETTERS)
    if pattern == r"^[a-z][a-z0-9_]*$":
        made = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
        return st.one_of(st.sampled_from(IDENTIFIERS), made)
    if pattern == r"^[a-z][a-z0-9-]*$":
        return st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True)
    if key in ("queen", "jack", "remove"):
        return cards()
    return texts()


def ranks() -> Values:
    """A rank letter, those of the piquet pack more often."""
    piquet = st.sampled_from(PIQUET)
    return st.one_of(piquet, piquet, piquet, st.sampled_from(RANK_LETTERS))


def cards() -> Values:
    """A card in the notation, now and then one the notation refuses."""
    face = st.builds(str.__add__, ranks(), st.sampled_from(SUIT_LETTERS))
    return st.one_of(face, face, face, face, st.sampled_from(ODD_CARDS))


def texts() -> Values:
    return st.one_of(st.sampled_from(TEXTS), st.text(max_size=20))


@st.composite
def compositions(draw: st.DrawFn, total: int | None = None) -> list[int]:
    """Positive packets adding up to ``total`` (drawn from 1 to 20 when not given)."""
    left = draw(st.integers(1, 20)) if total is None else total
    parts: list[int] = []
    while left > 0:
        part = draw(st.integers(1, left))
        parts.append(part)
        left -= part
    return parts


def packets(hand_size: int | None = None) -> Values:
    """Packets for a deal: most add up to the hand size; some hold 0 or a negative."""
    sized = compositions(hand_size)
    return st.one_of(
        sized,
        sized,
        st.lists(st.integers(-2, 12), max_size=5),
        st.integers(1, 19).map(lambda h: [-1, (hand_size or h) + 1]),
        sized.map(lambda parts: [*parts, 0]),
    )


PARTNERSHIPS: tuple[list[list[int]], ...] = (
    [],
    [[0, 2], [1, 3]],
    [[0, 1], [2, 3]],
    [[0], [1]],
    [[0, 1, 2]],
    [[0, 1], [2]],
)


def partnerships() -> Values:
    return st.one_of(
        st.sampled_from(PARTNERSHIPS),
        st.lists(st.lists(st.integers(-1, 4), max_size=3), max_size=3),
    )


def deck_ranks() -> Values:
    """The deck's ranks: few or many, in order or shuffled, now and then one twice."""
    return st.one_of(
        st.permutations(PIQUET),
        st.lists(st.sampled_from(PIQUET), unique=True, min_size=1, max_size=8),
        st.lists(st.sampled_from(RANK_LETTERS), unique=True, min_size=1, max_size=13),
        st.lists(ranks(), max_size=9),
    ).map(list)


def suits() -> Values:
    return st.one_of(
        st.lists(st.sampled_from(SUIT_LETTERS), unique=True, min_size=1, max_size=4),
        st.lists(st.sampled_from(SUIT_LETTERS), max_size=5),
    )


def zones() -> Values:
    zone = st.sampled_from(schema()["definitions"]["Zone"]["enum"])
    return st.one_of(st.lists(zone, unique=True, max_size=3), st.lists(zone, max_size=4))


def combinations() -> Values:
    """A list of combinations, each of a shape the schema gives, with distinct ids."""
    items = schema()["properties"]["combinations"]["items"]
    shapes = [table(name, body) for name, body in options(items) if name is not None]
    return st.lists(st.one_of(shapes), min_size=1, max_size=5, unique_by=lambda c: c["id"])


_SPECIAL: dict[str, Values] = {
    "Deal.packets": packets(),
    "Players.partnerships": partnerships(),
    "Deck.ranks": deck_ranks(),
    "Deck.suits": suits(),
    "Deck.remove": st.lists(cards(), max_size=3),
    "Declare.sources": zones(),
    **{
        f"{shape}.points": st.one_of(st.integers(1, 600), st.sampled_from([0, 10**6]))
        for shape in ("SameSuit", "SameRank", "Bezique")
    },
}
_SPECIAL["Variant.combinations"] = st.deferred(combinations)


def wrong_type(node: Node) -> Values:
    """A value of another type than the schema's: what the loader must refuse rather than
    convert (issue 12: numbers and booleans are never read from strings, floats or each
    other)."""
    kinds = {"string" if "enum" in body else body.get("type") for _, body in options(node)}
    if "integer" in kinds:
        return st.sampled_from(["2", "8", 8.0, 2.5, True, False])
    if "boolean" in kinds:
        return st.sampled_from(["yes", "true", 1, 0, 1.0])
    if "array" in kinds:
        return st.sampled_from(["A", 3, True, {"x": 1}])
    if "object" in kinds:
        return st.sampled_from([1, "x", True, [1]])
    return st.sampled_from([1, 2.0, True, ["x"]])
