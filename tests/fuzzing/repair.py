"""Changes that make a variant agree with its own deck after the deck was reshaped: without
them nearly every odd deck (one rank, no sevens, no bézique cards) is refused for the cards the
shipped combinations and tables need, and never reaches the engine, where the bugs are.

Each combination that needs cards the deck lacks is removed, the seven, bézique cards, open
cards and court ranks are kept to the deck's ranks, and a race game that is left with nothing
to score is given a same-rank combination the deck can make.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.fuzzing.changes import Change

_RANK_LISTS = (
    ("deck", "brisque_ranks"),
    ("carte_blanche", "court_ranks"),
    ("open_cards", "ranks"),
    ("open_cards", "trump_ranks"),
)


def _table(doc: dict[str, Any], key: str) -> dict[str, Any]:
    found = doc.get(key)
    return found if isinstance(found, dict) else {}


@st.composite
def repairs(draw: st.DrawFn, doc: dict[str, Any]) -> list[Change]:
    """The changes that make ``doc``'s rules use only the cards of its deck (none when its
    deck is not written in the shape the schema gives)."""
    deck = _table(doc, "deck")
    ranks, suits = deck.get("ranks", list("ATKQJ987")), deck.get("suits", list("SHDC"))
    packs = deck.get("packs", 2)
    if not (isinstance(ranks, list) and isinstance(suits, list) and isinstance(packs, int)):
        return []
    have = {r + s for r in ranks if isinstance(r, str) for s in suits if isinstance(s, str)}
    changes: list[Change] = [Change(("deck", "endgame_ranks"), []), Change(("deck", "remove"), [])]
    for path in _RANK_LISTS:
        table = _table(doc, path[0])
        if isinstance(table.get(path[1]), list):
            changes.append(Change(path, [r for r in table[path[1]] if r in ranks]))
    seven = doc.get("seven")
    if isinstance(seven, dict) and seven.get("rank", "7") not in ranks:
        repaired = st.one_of(
            st.just(False), st.sampled_from(ranks).map(lambda r: {**seven, "rank": r})
        )
        changes.append(Change(("seven",), draw(repaired) if ranks else False))
    pair = _table(doc, "bezique")
    pairs = [(pair.get("queen", "QS"), pair.get("jack", "JD"))]
    when = pair.get("when_trump", [])
    pairs += [(w.get("queen"), w.get("jack")) for w in when if isinstance(w, dict)]
    bezique = all(q in have and j in have for q, j in pairs)
    if not bezique:
        changes += [Change(("bezique",), {"queen": False, "jack": False, "when_trump": []})]
    combos = doc.get("combinations")
    if isinstance(combos, list):
        kept = [c for c in combos if _makeable(c, ranks, len(suits), packs, bezique)]
        if not any(c.get("enabled", True) and _points(c) > 0 for c in kept) and ranks:
            kept.append(_quartet(ranks[0], len(set(suits)) * packs))
        changes.append(Change(("combinations",), kept))
    return changes


def _points(combo: dict[str, Any]) -> int:
    points = combo.get("points", 0)
    return points if isinstance(points, int) else 0


def _makeable(combo: Any, ranks: list[Any], suits: int, packs: int, bezique: bool) -> bool:
    """Whether the deck holds the cards ``combo`` needs (unsure shapes are kept: the loader
    judges them)."""
    if not isinstance(combo, dict):
        return True
    shape = combo.get("shape")
    if shape == "bezique":
        count = combo.get("count", 1)
        return bezique and (not isinstance(count, int) or count <= packs)
    if shape == "same_suit":
        needed = combo.get("ranks", [])
        return not isinstance(needed, list) or all(r in ranks for r in needed)
    if shape == "same_rank":
        count, suit = combo.get("count", 4), combo.get("suit", "any")
        cards = {"trump": packs, "plain": packs * (suits - 1)}.get(suit, packs * suits)
        return combo.get("of") in ranks and (not isinstance(count, int) or count <= cards)
    return True


def _quartet(rank: str, copies: int) -> dict[str, Any]:
    return {
        "id": "fuzzed_quartet",
        "shape": "same_rank",
        "of": rank,
        "count": max(2, min(4, copies)),
        "class": "quartets",
        "points": 100,
    }
