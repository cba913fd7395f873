"""Small helpers that turn rule values into words and card pictures."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import TypeVar

from interpreter.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, Face, parse_face
from interpreter.model.scoring import WorthStep

E = TypeVar("E", bound=Enum)
T = TypeVar("T")


def per_member(member: E, table: Mapping[E, T]) -> T:
    """``table[member]``, where ``table`` must give every member of the enum of its keys: a
    member added to a rule's enum and missing from a table fails every page that reads the
    table, whichever member the page's variant has (``tests/test_exhaustive_dispatch.py``); a
    value that is no member fails too."""
    enum = type(next(iter(table)))
    members, keys = set(enum), set(table)
    if keys != members:
        missing = ", ".join(sorted(str(m) for m in members - keys)) or "nothing"
        extra = ", ".join(sorted(str(k) for k in keys - members)) or "nothing"
        raise KeyError(f"{enum.__name__}: the table misses {missing}, adds {extra}")
    return table[member]


PLURAL = {
    "A": "aces",
    "K": "kings",
    "Q": "queens",
    "J": "knaves",
    "T": "tens",
    "9": "nines",
    "8": "eights",
    "7": "sevens",
    "JK": "jokers",
}


def card(text: str) -> str:
    """``QS`` → ``Q♠``."""
    return parse_face(text).pretty


def cards(texts: Iterable[str]) -> str:
    return " ".join(card(t) for t in texts)


def face(rank: str, suit: str) -> str:
    return Face(suit, rank).pretty


def rank_name(rank: str) -> str:
    return RANK_NAMES.get(rank, rank)


def rank_plural(rank: str) -> str:
    return PLURAL.get(rank, RANK_NAMES.get(rank, rank) + "s")


def suit_name(suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def seat(index: int) -> str:
    return f"seat {index + 1}"


def listing(items: Iterable[str], last: str = "and") -> str:
    words = list(items)
    if not words:
        return "none"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def points(value: int) -> str:
    return f"{value:,}".replace(",", " ") if value >= 10_000 else str(value)


def number_word(value: int) -> str:
    words = {
        1: "one",
        2: "two",
        3: "three",
        4: "four",
        5: "five",
        6: "six",
        7: "seven",
        8: "eight",
        9: "nine",
        10: "ten",
        12: "twelve",
        15: "fifteen",
    }
    return words.get(value, str(value))


def ordinal(value: int) -> str:
    special = {
        1: "first",
        2: "second",
        3: "third",
        17: "seventeenth",
        19: "nineteenth",
        24: "twenty-fourth",
        25: "twenty-fifth",
        32: "thirty-second",
        33: "thirty-third",
    }
    if value in special:
        return special[value]
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


def worth_steps(steps: Iterable[WorthStep], below: str, no_trick: str, when: str) -> str:
    """A schedule of game points in words, the step that always holds first: each step's
    points, and its conditions (``below`` with ``{}`` for the bound, ``no_trick``) put into
    ``when`` (``" when {}"``); ``"**1 game point**; **2 game points** when …"``."""
    parts = []
    for step in sorted(steps, key=lambda s: (bool(s.below or s.no_trick), s.points)):
        conditions = [below.format(step.below)] if step.below else []
        if step.no_trick:
            conditions.append(no_trick)
        said = when.format(" and ".join(conditions)) if conditions else ""
        parts.append(f"**{step.points} game point{'' if step.points == 1 else 's'}**{said}")
    return "; ".join(parts)
