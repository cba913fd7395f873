"""Checks that a variant can be played through, which the schema cannot make: the cut for the
first deal can be decided, and a race game can be won (something in it scores)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from interpreter.cards import parse_face
from interpreter.model import Bezique, SameRank, SameSuit, SuitFilter, Variant
from interpreter.model.combinations import Combination
from interpreter.model.play import TrumpMode, Zone
from interpreter.model.scoring import WhichTrick


def cut_can_be_decided(
    players: int, copies: Counter[tuple[str, str]], ranks: Sequence[str]
) -> bool:
    """Some cut of one card per player has a single highest and a single lowest card (ties
    at either end are cut again, so a deck that always ties would be cut for ever)."""
    per_rank: Counter[str] = Counter()
    for (rank, _), count in copies.items():
        per_rank[rank] += count
    present = [per_rank[rank] for rank in dict.fromkeys(ranks) if per_rank[rank]]
    between = sum(present[1:-1])  # the cards strictly between the highest and lowest rank
    return len(present) >= 2 and (players == 2 or between >= players - 2)


def race_can_end(variant: Variant, scoring: Sequence[Combination]) -> bool:
    """Points can be won in a race game: every deal scores (brisques or card points always
    scored, or the last trick), or some scoring combination can be formed from the cards a
    player may declare from — his hand after playing to the trick, or open cards of its
    ranks."""
    if every_deal_scores(variant):
        return True
    sources = variant.declare.sources
    opens = variant.open_cards
    if not _trumps_can_come(variant):
        # Without a turn-up and with nothing that fixes trumps, only what needs no trumps
        # can be declared — and nothing at all where nothing may come before trumps.
        if not variant.trump.others_before_trumps:
            return False
        scoring = [c for c in scoring if not _needs_trumps(c)]
    for combo in scoring:
        if Zone.HAND in sources and _size(combo) < variant.deal.hand_size:
            return True
        open_ranks = {*opens.ranks, *opens.trump_ranks} if opens is not None else set()
        if Zone.OPEN in sources and set(_ranks_needed(variant, combo)) <= open_ranks:
            return True
    return False


def every_deal_scores(variant: Variant) -> bool:
    """Whether points come in every deal whatever is declared: brisques or card points always
    scored, or the last trick."""
    brisques = variant.brisques
    if brisques.values:  # card points by rank
        if brisques.scored and any(brisques.values.values()):
            return True
    elif brisques.scored and brisques.value and variant.deck.brisque_ranks:
        return True
    return bool(variant.last_trick.points and variant.last_trick.which == WhichTrick.FINAL)


def _trumps_can_come(variant: Variant) -> bool:
    """Trumps are turned up, or some combination in play (scoring or not) can fix them: a
    marriage or sequence of trumps, declared as it is."""
    if variant.trump.mode is TrumpMode.TURN_UP:
        return True
    return any(
        isinstance(combo, SameSuit)
        and combo.enabled
        and combo.suit is SuitFilter.TRUMP
        and combo.builds_on is None
        and len(combo.ranks) < variant.deal.hand_size
        for combo in variant.combinations
    )


def _needs_trumps(combo: Combination) -> bool:
    if isinstance(combo, Bezique):
        return False  # a pair that depends on trumps is left to the pair's own checks
    return combo.suit is not SuitFilter.ANY


def _size(combo: Combination) -> int:
    if isinstance(combo, SameSuit):
        return len(combo.ranks)
    return combo.count * (2 if isinstance(combo, Bezique) else 1)


def _ranks_needed(variant: Variant, combo: Combination) -> list[str]:
    if isinstance(combo, SameSuit):
        return list(combo.ranks)
    if isinstance(combo, SameRank):
        return [combo.of]
    pair = variant.bezique
    return [parse_face(card).rank for card in (pair.queen, pair.jack) if card is not None]
