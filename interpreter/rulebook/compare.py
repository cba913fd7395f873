"""All variants side by side."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.model import Variant
from interpreter.rulebook.words import points


def _trumps(v: Variant) -> str:
    return "turn-up" if v.trump.mode.value == "turn_up" else "first marriage"


def _reuse(v: Variant) -> str:
    if v.reuse.mode.value == "once_per_kind":
        return "once per kind" + (", 2nd double" if v.reuse.multi_bezique_extension else "")
    return f"re-forming, marriages: {v.reuse.marriage_repair.value.replace('_', ' ')}"


def _endgame(v: Variant) -> str:
    e = v.endgame
    duties = ["follow"] if e.follow_suit else []
    if e.must_head:
        duties.append("head")
    duties.append(
        {"no": "free to trump", "yes": "trump", "only_if_winning": "trump to win"}[
            e.must_trump_if_void.value
        ]
    )
    text = ", ".join(duties)
    return text + ("; two duels" if e.mode.value == "paired_duels" else "")


def _game(v: Variant) -> str:
    if v.game.format.value == "race":
        return f"{v.game.target} up"
    s = v.settlement
    if s is None:
        return "one deal"
    return f"one deal; rubicon {s.rubicon_threshold}, game {s.game_bonus}"


def comparison(variants: Sequence[Variant]) -> str:
    """Markdown: a table of the main rules, then a table of combination points."""
    rows = [
        "| Variant | Players | Deck | Hand | Trumps | Declaring | Reuse | Last tricks | "
        "Last trick | Brisques | Game |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for v in variants:
        players = str(v.players.count) + (" (partners)" if v.players.partnerships else "")
        size = v.deck.packs * len(v.deck.suits) * len(v.deck.ranks) - len(v.deck.remove)
        declaring = {
            "one": "one a trick",
            "disjoint_many": "several, no shared card",
            "one_per_kind": "one per kind",
        }[v.declare.scores_per_trick.value]
        if "open" in {z.value for z in v.declare.sources}:
            declaring += ", open cards"
        brisques = {
            "always": f"{v.brisques.value} each",
            "none": "—",
            "tie_and_rubicon_only": "ties, rubicon",
            "tie_only": "ties",
        }[v.brisques.usage.value]
        last = str(v.last_trick.points) if v.last_trick.points else "—"
        rows.append(
            f"| [{v.name}](variants/{v.name}.md) | {players} | {v.deck.packs} packs, {size} | "
            f"{v.deal.hand_size} | {_trumps(v)} | {declaring} | {_reuse(v)} | {_endgame(v)} | "
            f"{last} | {brisques} | {_game(v)} |"
        )
    names: list[str] = []
    for v in variants:
        for c in v.combinations:
            if c.enabled and c.display_name not in names:
                names.append(c.display_name)
    extras = ["carte blanche", "seven of trumps"]
    head = "| Combination | " + " | ".join(v.name for v in variants) + " |"
    table = [head, "|---|" + "---:|" * len(variants)]
    for name in [*names, *extras]:
        cells = []
        for v in variants:
            value = _points_of(v, name)
            cells.append(points(value) if value is not None else "—")
        table.append(f"| {name} | " + " | ".join(cells) + " |")
    return (
        "## The rules\n\n"
        + "\n".join(rows)
        + "\n\n## Points for each combination\n\n"
        + "\n".join(table)
        + "\n"
    )


def _points_of(v: Variant, name: str) -> int | None:
    if name == "carte blanche":
        return v.carte_blanche.points if v.carte_blanche else None
    if name == "seven of trumps":
        return v.seven.points if v.seven else None
    for c in v.combinations:
        if c.enabled and c.display_name == name:
            return c.points
    return None
