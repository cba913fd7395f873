"""The table of combinations, as a player reads it, and the same combinations as data for
variant authors (their ids, kinds, classes and ranks) in a block that stays closed until
opened."""

from __future__ import annotations

import html
from collections.abc import Iterable
from itertools import pairwise
from typing import Any, assert_never

from interpreter.cards import JOKER
from interpreter.model import Bezique, Combination, SameRank, SameSuit, SuitFilter, Variant
from interpreter.rulebook.page import Page
from interpreter.rulebook.words import listing, per_member, points, rank_name, rank_plural

V = Any

SAMPLE_TRUMP = "H"
"""The trump suit of the examples: hearts."""


def example(v: Variant, combo: Combination) -> list[str] | None:
    """Cards (``KH``) that form the combination with hearts as trumps; None where the
    combination has no cards to show (a bézique with no pair for that trump)."""
    match combo:
        case SameSuit():
            suit = per_member(combo.suit, _SAMPLE_SUIT)
            return [rank + suit for rank in combo.ranks]
        case SameRank():
            return _same_rank_example(v, combo)
        case Bezique():
            pair = v.bezique.pair(SAMPLE_TRUMP)
            if pair is None:
                return None
            return [pair[0]] * combo.count + [pair[1]] * combo.count
    assert_never(combo)


_SAMPLE_SUIT = {SuitFilter.TRUMP: SAMPLE_TRUMP, SuitFilter.PLAIN: "S", SuitFilter.ANY: "S"}
"""The suit of the example of a same-suit combination, by the suits that count."""


def _same_rank_example(v: Variant, combo: SameRank) -> list[str]:
    if combo.of == JOKER:
        return [JOKER] * combo.count
    suits = list(v.deck.suits)
    spread = [suits[i % len(suits)] for i in range(combo.count)]
    chosen = per_member(
        combo.suit,
        {
            SuitFilter.TRUMP: [SAMPLE_TRUMP] * combo.count,
            SuitFilter.PLAIN: spread,
            SuitFilter.ANY: spread,
        },
    )
    return [combo.of + suit for suit in chosen]


def cards_words(combo: Combination) -> str:
    """What a combination is made of, in words."""
    match combo:
        case SameSuit():
            which = per_member(combo.suit, _OF_ONE_SUIT)
            if len(set(combo.ranks)) == 1 < len(combo.ranks):  # four aces of one suit
                return f"{len(combo.ranks)} {rank_plural(combo.ranks[0])} {which}"
            return f"{listing(rank_name(r) for r in combo.ranks)} {which}"
        case SameRank():
            if combo.of == JOKER:
                return f"{combo.count} {rank_plural(combo.of)}"
            if combo.distinct_suits:
                return f"{combo.count} {rank_plural(combo.of)} of different suits"
            return f"{combo.count} {rank_plural(combo.of)} {per_member(combo.suit, _OF_SUITS)}"
        case Bezique():
            times = {1: "", 2: "two of each: ", 3: "three of each: ", 4: "four of each: "}
            each = times.get(combo.count, f"{combo.count} of each: ")
            return f"{each}the bézique queen and knave"
    assert_never(combo)


_OF_ONE_SUIT = {
    SuitFilter.TRUMP: "of trumps",
    SuitFilter.PLAIN: "of one plain suit",
    SuitFilter.ANY: "of one suit",
}
"""The suit of a same-suit combination, in words."""
_OF_SUITS = {
    SuitFilter.TRUMP: "of trumps",
    SuitFilter.PLAIN: "of plain suits",
    SuitFilter.ANY: "of any suits",
}
"""The suits of a same-rank combination, in words."""


def _extra_words(v: V, combo: V) -> str:
    """What a combination allows or needs beyond its cards: jokers standing in, and the
    combination on the table it is built on."""
    words = ""
    if combo.jokers:
        many = "a joker" if combo.jokers == 1 else f"up to {combo.jokers} jokers"
        words += f" ({many} may stand for a missing card)"
    if combo.builds_on is not None:
        base = next((c for c in v.combinations if c.id == combo.builds_on), None)
        name = base.display_name if base is not None else combo.builds_on
        words += f", made by adding to a {name} of the player's still on the table"
    return words


def table(page: Page) -> str:
    """The combinations in play with their points and cards, then those left out, their
    sources and notes."""
    v = page.variant
    rows = ["| Combination | Points | Cards |", "|---|---:|---|"]
    off = []
    for combo in v.combinations:
        if not combo.enabled:
            off.append(f"{combo.display_name} ({points(combo.points)})")
            continue
        cards = example(v, combo)
        words = cards_words(combo) + _extra_words(v, combo)
        if cards is None:
            shown = f"{words} (none until trumps are fixed)"
        elif page.site:
            shown = f'<span class="card-faces">{page.faces(cards)}</span> {words}'
        else:
            shown = f"{words}: {page.faces(cards)}"
        worth = points(combo.points)
        if combo.first_points is not None:
            worth = f"{points(combo.first_points)} the first, then {worth}"
        rows.append(f"| {combo.display_name} | {worth} | {shown} |")
    text = "The examples take hearts as trumps.\n\n" + "\n".join(rows)
    if off:
        sourced = all(c.source for c in v.combinations if not c.enabled)
        some = " (some tables play them by agreement: see the sources below)" if sourced else ""
        text += f"\n\nLeft out of this variant{some}: " + listing(off) + "."
    sources = [
        f"{c.display_name}: {page.combination_text(c.id, 'source', c.source)}"
        for c in v.combinations
        if c.source
    ]
    notes = [
        f"{c.display_name}: {page.combination_text(c.id, 'note', c.note)}"
        for c in v.combinations
        if c.note
    ]
    if sources:
        text += "\n\n*Sources: " + "; ".join(sources) + ".*"
    if notes:
        text += "\n\n" + "\n\n".join(f"*{n}*" for n in notes)
    return text + "\n\n" + authors_block(v)


def authors_block(v: V) -> str:
    """The combinations as an overlay names them, in a closed ``<details>`` block (plain
    HTML, so that it reads the same on the site and in any Markdown viewer)."""
    head = ("Combination", "id", "kind", "class", "rank", "enabled")
    rows = [
        (
            c.display_name,  # literal already (``Page.of``)
            f"<code>{c.id}</code>",
            f"<code>{c.kind_key}</code>",
            f"<code>{c.class_}</code>",
            str(c.rank),
            "true" if c.enabled else "false",
        )
        for c in v.combinations
    ]
    intro = (
        "An overlay changes a combination by its <code>id</code> (a new id adds one) and "
        "switches it off with <code>enabled = false</code>. Combinations of one "
        "<code>kind</code> share the rule that a card scores once in each kind; within a "
        "<code>class</code>, a higher <code>rank</code> is the superior combination (a card "
        "may not go down to an inferior one)."
    )
    return details("For variant authors: the combinations as data", intro, head, rows)


def details(
    summary: str,
    intro: str,
    head: Iterable[str] = (),
    rows: Iterable[Iterable[str]] = (),
) -> str:
    """A closed block for variant authors: a paragraph (HTML) and a table of HTML cells, with
    no blank line (a blank line would end the HTML block in CommonMark viewers)."""
    lines = ['<details class="for-authors">', f"<summary>{html.escape(summary)}</summary>"]
    lines.append(f"<p>{intro}</p>")
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = ["<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows]
    if body:
        lines += ["<table>", f"<thead><tr>{cells}</tr></thead>", "<tbody>", *body, "</tbody>"]
        lines.append("</table>")
    return "\n".join([*lines, "</details>"])


def kind_groups(v: V) -> list[list[str]]:
    """The names of combinations in play that share a kind, for each kind shared by two or
    more."""
    groups: dict[str, list[str]] = {}
    for combo in v.combinations:
        if combo.enabled:
            groups.setdefault(combo.kind_key, []).append(combo.display_name)
    return [names for names in groups.values() if len(names) > 1]


def families(v: V) -> list[list[list[Any]]]:
    """For each class with combinations of two ranks or more in play: its combinations, rank
    by rank, the lowest first."""
    classes: dict[str, dict[int, list[Any]]] = {}
    for combo in v.combinations:
        if combo.enabled:
            ranks = classes.setdefault(combo.class_, {})
            ranks.setdefault(combo.rank, []).append(combo)
    return [[ranks[r] for r in sorted(ranks)] for ranks in classes.values() if len(ranks) > 1]


def going_down(family: list[list[Any]]) -> tuple[Any, Any]:
    """An inferior and a superior combination of a family to show the rule with: of two
    neighbouring ranks, and from the same suits where the data allows (the marriage in trumps
    and the sequence in trumps)."""
    pairs = [(low, high) for lows, highs in pairwise(family) for low in lows for high in highs]
    for low, high in pairs:
        if getattr(low, "suit", None) == getattr(high, "suit", None):
            return low, high
    return pairs[0]
