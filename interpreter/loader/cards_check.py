"""Checks about cards, for :mod:`interpreter.loader.semantic`: the copies of each card the deck
holds, the ranks a rule names, and the cards every combination needs — in the deck, in enough
copies, and for the bézique a queen and a jack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from interpreter.cards import JOKER, JOKER_SUIT, parse_face
from interpreter.loader.diagnostics import KeyPath
from interpreter.model import Bezique, SameRank, SameSuit, SuitFilter, Variant
from interpreter.model.deck import Deck


@dataclass(frozen=True)
class Problem:
    path: KeyPath
    message: str
    also: tuple[KeyPath, ...] = ()  # the other keys of a problem of several together


def deck_copies(deck: Deck) -> Counter[tuple[str, str]]:
    """Copies of each (rank, suit) in the deck after ``remove`` (never below zero); the
    jokers, if any, are (``JK``, ``""``)."""
    copies: Counter[tuple[str, str]] = Counter()
    for suit in dict.fromkeys(deck.suits):
        for rank in dict.fromkeys(deck.ranks):
            copies[rank, suit] = deck.packs
    for card in deck.remove:
        face = parse_face(card)
        if copies[face.rank, face.suit] > 0:
            copies[face.rank, face.suit] -= 1
    if deck.jokers:
        copies[JOKER, JOKER_SUIT] = deck.jokers
    return copies


def ranks_text(deck: Deck) -> str:
    return " ".join(deck.ranks)


def known_ranks(deck: Deck, path: KeyPath, ranks: Sequence[str]) -> list[Problem]:
    return [
        Problem((*path, index), f"{rank!r} is not a rank of the deck ({ranks_text(deck)})")
        for index, rank in enumerate(ranks)
        if rank not in deck.ranks
    ]


_SUITS_SAID = {SuitFilter.TRUMP: " in the trump suit", SuitFilter.PLAIN: " in the plain suits"}


def _available(copies: Counter[tuple[str, str]], rank: str, suits: Sequence[str], how: str) -> int:
    """How many cards of ``rank`` a combination may use: in any suit, in the trump suit (the
    best choice of trumps), or in the plain suits."""
    per_suit = [copies[rank, suit] for suit in dict.fromkeys(suits)]
    if how == SuitFilter.TRUMP:
        return max(per_suit, default=0)
    if how == SuitFilter.PLAIN:
        return sum(per_suit) - min(per_suit, default=0)
    return sum(per_suit)


def combination_problems(variant: Variant, copies: Counter[tuple[str, str]]) -> list[Problem]:
    deck = variant.deck
    problems: list[Problem] = []
    # The bézique cards must be in the deck only if a combination needs them.
    wanted = any(isinstance(c, Bezique) and c.enabled for c in variant.combinations)
    pairs, bezique_problems = _bezique_pairs(variant, wanted)
    if wanted and not pairs:
        message = "a combination needs the bézique cards, but no queen and jack are set"
        bezique_problems.append(Problem(("bezique",), message))
    for index, combo in enumerate(variant.combinations):
        path: KeyPath = ("combinations", index)
        if not combo.enabled:  # a disabled combination may need cards this deck lacks
            continue
        if isinstance(combo, SameSuit):
            problems += known_ranks(deck, (*path, "ranks"), combo.ranks)
        elif isinstance(combo, SameRank) and combo.of == JOKER:
            if combo.count > deck.jokers:
                message = f"needs {combo.count} jokers but the deck has {deck.jokers}"
                problems.append(Problem((*path, "count"), message))
        elif isinstance(combo, SameRank):
            if combo.of not in deck.ranks:
                message = f"{combo.of!r} is not a rank of the deck ({ranks_text(deck)})"
                problems.append(Problem((*path, "of"), message))
                continue
            have = _available(copies, combo.of, deck.suits, combo.suit)
            if combo.count > have:
                suits = _SUITS_SAID.get(combo.suit, "")
                message = f"needs {combo.count} cards of rank {combo.of}{suits} but the deck has "
                message += f"only {have}"
                problems.append(Problem((*path, "count"), message))
        elif isinstance(combo, Bezique):
            problems += _bezique_count(path, combo, pairs, copies)
    return bezique_problems + problems


def _bezique_pairs(
    variant: Variant, wanted: bool
) -> tuple[list[tuple[KeyPath, str, str]], list[Problem]]:
    """The bézique pairs (where written, queen, jack), and the problems with them: a queen
    that is not a queen, a jack that is not a jack, and (only when they are ``wanted``) cards
    missing from the deck."""
    cards = variant.bezique
    deck = variant.deck
    pairs: list[tuple[KeyPath, str, str]] = []
    problems: list[Problem] = []
    if cards.queen is not None and cards.jack is not None:
        pairs.append((("bezique",), cards.queen, cards.jack))
    elif cards.queen is not None or cards.jack is not None:
        problems.append(Problem(("bezique",), "set both queen and jack, or neither"))
    for index, entry in enumerate(cards.when_trump):
        path: KeyPath = ("bezique", "when_trump", index)
        pairs.append((path, entry.queen, entry.jack))
        for position, suit in enumerate(entry.trumps):
            if suit not in deck.suits:
                message = f"{suit!r} is not a suit of the deck ({' '.join(deck.suits)})"
                problems.append(Problem((*path, "trumps", position), message))
    for path, queen, jack in pairs:
        for key, card in (("queen", queen), ("jack", jack)):
            face = parse_face(card)
            if face.rank != _BEZIQUE_RANKS[key]:
                message = f"{card} is not a {key}: {_BEZIQUE_IS}"
                problems.append(Problem((*path, key), message))
            elif wanted and (face.rank not in deck.ranks or face.suit not in deck.suits):
                problems.append(Problem((*path, key), f"{card} is not in the deck"))
    return pairs, problems


_BEZIQUE_RANKS = {"queen": "Q", "jack": "J"}
_BEZIQUE_IS = "the bézique is a queen and a jack (QS and JD in Hoyle's game)"


def _bezique_count(
    path: KeyPath,
    combo: Bezique,
    pairs: list[tuple[KeyPath, str, str]],
    copies: Counter[tuple[str, str]],
) -> list[Problem]:
    for _, queen, jack in pairs:
        have = [_copies_of(copies, queen), _copies_of(copies, jack)]
        if combo.count > min(have):
            message = (
                f"needs {combo.count} × {queen} and {combo.count} × {jack} but the deck has "
                f"{have[0]} {queen} and {have[1]} {jack}"
            )
            return [Problem((*path, "count"), message)]
    return []


def _copies_of(copies: Counter[tuple[str, str]], card: str) -> int:
    face = parse_face(card)
    return copies[face.rank, face.suit]
