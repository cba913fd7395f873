"""All variants side by side: the comparison page of the site.

A row of the points table is one combination, known by what it is — its shape, its ranks or
rank, which suits count and how many cards — not by its name: Rubicon's "marriage in trumps" and
the two-pack game's "royal marriage" are one row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_never

from interpreter.model import Bezique, Combination, SameRank, SameSuit, Variant
from interpreter.model.play import (
    EndgameMode,
    MarriageRepair,
    PerTrick,
    ReuseMode,
    TrumpIfVoid,
    TrumpMode,
    Zone,
)
from interpreter.model.scoring import BrisqueUsage, GameFormat, WinCheck
from interpreter.rulebook.words import listing, per_member, points

CUE = (
    "*These tables are wider than a phone's screen: scroll them sideways. The first column "
    "stays in view.*\n{: .scroll-cue }"
)
"""Shown above each table on narrow screens (``docs/assets/site.css`` hides it elsewhere)."""

Key = tuple[Any, ...]


def identity(combo: Combination) -> Key:
    """What a combination is, whatever its name: ``("same_suit", ("K", "Q"), "trump")``."""
    match combo:
        case SameSuit():
            return (combo.shape, tuple(combo.ranks), combo.suit.value)
        case SameRank():
            return (combo.shape, combo.of, combo.count, combo.suit.value, combo.distinct_suits)
        case Bezique():
            return (combo.shape, combo.count)
    assert_never(combo)


def comparison_page(variants: Sequence[Variant]) -> str:
    """The whole comparison page (its title and both tables), for ``comparison.md``.  It keeps
    the site's navigation and gives up the table of contents, for width."""
    return (
        "---\nhide:\n  - toc\n---\n\n# All variants compared\n\nEvery cell is generated from "
        "the variants' data; each variant's name leads to its rulebook.\n\n" + comparison(variants)
    )


def comparison(variants: Sequence[Variant]) -> str:
    """Markdown: a table of the main rules, then a table of the points of each combination."""
    return (
        "## The rules\n\n"
        + CUE
        + "\n\n"
        + _rules(variants)
        + "\n\n## Points for each combination\n\n"
        + CUE
        + "\n\n"
        + _points(variants)
        + "\n"
    )


def _rules(variants: Sequence[Variant]) -> str:
    rows = [
        "| Variant | Players | Deck | Hand | Trumps | Declaring | Using cards again | "
        "Last tricks | Last trick | Brisques | Game |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for v in variants:
        players = str(v.players.count) + (" (partners)" if v.players.partnerships else "")
        size = (
            v.deck.packs * len(v.deck.suits) * len(v.deck.ranks)
            - len(v.deck.remove)
            + v.deck.jokers
        )
        jokers = f" + {v.deck.jokers} jokers" if v.deck.jokers else ""
        declaring = per_member(
            v.declare.scores_per_trick,
            {
                PerTrick.ONE: "one a trick",
                PerTrick.DISJOINT_MANY: "several, no shared card",
                PerTrick.ONE_PER_KIND: "one of each kind",
            },
        )
        if Zone.OPEN in v.declare.sources:
            declaring += ", open cards"
        brisques = per_member(
            v.brisques.usage,
            {
                BrisqueUsage.ALWAYS: f"{v.brisques.value} each",
                BrisqueUsage.NONE: "—",
                BrisqueUsage.TIE_AND_RUBICON_ONLY: "ties, rubicon",
                BrisqueUsage.TIE_ONLY: "ties",
                BrisqueUsage.WAR: f"war: {v.brisques.value} each to the side with more",
            },
        )
        if v.brisques.minimum:
            brisques += f", none under {v.brisques.minimum}"
        last = str(v.last_trick.points) if v.last_trick.points else "—"
        rows.append(
            f"| [{v.name}](variants/{v.name}.md) | {players} | {v.deck.packs} packs{jokers}, "
            f"{size} | "
            f"{v.deal.hand_size} | {_trumps(v)} | {declaring} | {_reuse(v)} | {_endgame(v)} | "
            f"{last} | {brisques} | {_game(v)} |"
        )
    return "\n".join(rows)


def _points(variants: Sequence[Variant]) -> str:
    names: dict[Key, list[str]] = {}  # identity -> its names, the most used first
    uses: dict[tuple[Key, str], int] = {}
    for v in variants:
        for c in v.combinations:
            if c.enabled:
                key = identity(c)
                names.setdefault(key, [])
                if c.display_name not in names[key]:
                    names[key].append(c.display_name)
                uses[key, c.display_name] = uses.get((key, c.display_name), 0) + 1
    head = "| Combination | " + " | ".join(f"[{v.name}](variants/{v.name}.md)" for v in variants)
    table = [head + " |", "|---|" + "---:|" * len(variants)]
    for key, called in names.items():
        ordered = sorted(called, key=lambda name: -uses[key, name])  # stable: first seen wins ties
        label = ordered[0] + (f" (also: {listing(ordered[1:], 'or')})" if ordered[1:] else "")
        if key[0] == "same_rank" and key[-1]:  # four of a kind of four different suits
            label += ", of different suits"
        cells = [_points_for(v, key) for v in variants]
        table.append(f"| {label} | " + " | ".join(cells) + " |")
    for label, value in (("carte blanche", _carte_blanche), ("seven of trumps", _seven)):
        table.append(f"| {label} | " + " | ".join(value(v) for v in variants) + " |")
    return "\n".join(table)


def _points_for(v: Variant, key: Key) -> str:
    for c in v.combinations:
        if c.enabled and identity(c) == key:
            first = f"{points(c.first_points)} the first, " if c.first_points is not None else ""
            joker = " (a joker may stand in)" if c.jokers else ""
            return f"{first}{points(c.points)}{joker}"
    return "—"


def _carte_blanche(v: Variant) -> str:
    return points(v.carte_blanche.points) if v.carte_blanche else "—"


def _seven(v: Variant) -> str:
    return points(v.seven.points) if v.seven else "—"


def _trumps(v: Variant) -> str:
    return per_member(
        v.trump.mode,
        {TrumpMode.TURN_UP: "turn-up", TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE: "first marriage"},
    )


def _reuse(v: Variant) -> str:
    match v.reuse.mode:
        case ReuseMode.ONCE_PER_KIND:
            second = ", a second double bézique" if v.reuse.multi_bezique_extension else ""
            return "once in each kind" + second
        case ReuseMode.REFORM:
            repair = per_member(
                v.reuse.marriage_repair,
                {
                    MarriageRepair.NONE: "",
                    MarriageRepair.WIDOW: "; widows remarry",
                    MarriageRepair.CROSS_PAIR: "; marriages re-pair",
                },
            )
            return "formed again" + repair
    assert_never(v.reuse.mode)


def _endgame(v: Variant) -> str:
    e = v.endgame
    duties = ["follow"] if e.follow_suit else []
    if e.must_head:
        duties.append("win")
    duties.append(
        per_member(
            e.must_trump_if_void,
            {
                TrumpIfVoid.NO: "free to trump",
                TrumpIfVoid.YES: "trump",
                TrumpIfVoid.ONLY_IF_WINNING: "trump to win",
            },
        )
    )
    text = ", ".join(duties)
    return text + per_member(
        e.mode, {EndgameMode.ALL_PLAYERS: "", EndgameMode.PAIRED_DUELS: "; two duels"}
    )


def _game(v: Variant) -> str:
    match v.game.format:
        case GameFormat.RACE:
            return _race(v)
        case GameFormat.SINGLE_DEAL:
            s = v.settlement
            if s is None:
                return "one deal"
            return f"one deal; rubicon {s.rubicon_threshold}, game {s.game_bonus}"
    assert_never(v.game.format)


def _race(v: Variant) -> str:
    text = f"{v.game.target} up"
    text += per_member(
        v.game.win_check,
        {WinCheck.END_OF_DEAL: "", WinCheck.IMMEDIATE: ", at once", WinCheck.CLAIM: ", claimed"},
    )
    if v.game.double_below:
        text += f"; double under {v.game.double_below}"
    if v.game.worth:
        text += "; worth " + "/".join(str(step.points) for step in v.game.worth)
    if v.match is not None:
        text += f"; match to {v.match.target}"
    return text
