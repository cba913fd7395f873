"""The site's page of variants (``variants/index.md``): one row per variant, linked to its
rulebook, with the variant it extends."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.model import Variant
from interpreter.rulebook.words import number_word


def index_page(variants: Sequence[tuple[Variant, Variant | None]]) -> str:
    """The page listing ``variants``, each given with the variant it extends (or None)."""
    rows = ["| Variant | Players | Packs | Cards each | Based on |", "|---|---|---|---|---|"]
    for variant, parent in variants:
        based = f"[{parent.title}]({parent.name}.md)" if parent else "—"
        players = number_word(variant.players.count)
        if variant.players.partnerships:
            players += ", in partnerships"
        rows.append(
            f"| [{variant.title}]({variant.name}.md) | {players} | {variant.deck.packs} | "
            f"{variant.deal.hand_size} | {based} |"
        )
    return (
        "# The variants\n\nEach page is written from the variant's own data files, so a "
        "rulebook and the game the engine plays cannot disagree. A variant based on another "
        "ends with its differences from it.\n\n" + "\n".join(rows) + "\n"
    )
