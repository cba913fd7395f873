"""One row per shipped variant for ``bezique variants``, read without validating the variants.

A row is read from the variant's merged data (:func:`~interpreter.loader.gather.load_raw`), so
listing needs neither the model nor pydantic.  Where that data does not hold a value of the
right type (a value left to its default, a file that does not load), the variant is loaded and
validated instead, which gives the default or reports the problems as ``load_variant`` does.
The shipped variants are valid (the tests check them), so the table is the one their validated
models give.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.loader.diagnostics import VariantError
from interpreter.loader.gather import load_raw
from interpreter.loader.shipped import extends_of


@dataclass(frozen=True)
class Row:
    name: str
    title: str
    players: int
    packs: int
    hand: int
    extends: str
    """The name the variant extends; empty for a base variant."""


def variant_row(name: str) -> Row:
    """The row of a shipped variant (or of any variant, by name or path)."""
    values = _read(name)
    if values is None:
        from interpreter.loader.load import load_variant

        variant = load_variant(name)
        values = (variant.title, variant.players.count, variant.deck.packs, variant.deal.hand_size)
    return Row(name, *values, extends=extends_of(name) or "")


def _read(name: str) -> tuple[str, int, int, int] | None:
    """The title, players, packs and hand size as the merged data writes them; None when one
    is missing or of another type, or when the data does not load."""
    try:
        data = load_raw(name)
    except VariantError:
        return None
    title = data.get("title")
    players = _number(data, "players", "count")
    packs = _number(data, "deck", "packs")
    hand = _number(data, "deal", "hand_size")
    if not isinstance(title, str) or players is None or packs is None or hand is None:
        return None
    return title, players, packs, hand


def _number(data: dict[str, Any], table: str, key: str) -> int | None:
    values = data.get(table)
    value = values.get(key) if isinstance(values, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None
