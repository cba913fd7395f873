"""Cards: suits, ranks, faces, physical copies and the card notation.

A *face* is a suit and a rank (``QS`` is the queen of spades).  A multi-pack deck holds several
physical *cards* of each face; every card has an integer id, so that the reuse rules can speak of
"this queen of spades" rather than "a queen of spades".

Notation: a card is its rank letter followed by its suit letter, ``A T K Q J 9 8 7`` and
``S H D C``; the suit symbols ``♠ ♥ ♦ ♣`` and a ``10`` for the ten are accepted on input.

A *joker* (Haitian Bésigue) stands outside the suits: its face is written ``JK`` (``joker`` and
``🃏`` are accepted on input), its suit is the empty string, which no suit, and so no trump
suit, ever equals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SUIT_LETTERS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SYMBOL_TO_LETTER = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
# The outline symbols are accepted too, since people type them.
_SYMBOL_TO_LETTER.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

JOKER = "JK"
"""The face of a joker, as the notation writes it."""
JOKER_SUIT = ""
"""A joker's suit: none (the empty string is no suit of any deck)."""
_JOKER_SPELLINGS = {"JK", "JOKER", "🃏"}

RANK_LETTERS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
RANK_NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "knave",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
    "JK": "joker",
}


class CardSyntaxError(ValueError):
    """A card written in the notation could not be read."""


@dataclass(frozen=True, slots=True, order=True)
class Face:
    """A suit and a rank, without a physical copy: ``Face("S", "Q")`` is the queen of spades."""

    suit: str
    rank: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def pretty(self) -> str:
        """The face with its suit symbol, e.g. ``Q♠`` (a joker is ``JK``)."""
        if self.suit == JOKER_SUIT:
            return JOKER
        return self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def long_name(self) -> str:
        if self.suit == JOKER_SUIT:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


def parse_suit(text: str) -> str:
    """Read a suit letter or symbol; returns the letter."""
    stripped = text.strip()
    letter = _SYMBOL_TO_LETTER.get(stripped, stripped.upper())
    if letter not in SUIT_LETTERS:
        raise CardSyntaxError(f"{text!r} is not a suit (use S H D C or ♠ ♥ ♦ ♣)")
    return letter


def parse_face(text: str) -> Face:
    """Read one card in the notation: ``QS``, ``Q♠``, ``10H``, ``th``; a joker ``JK``."""
    token = text.strip()
    if token.upper() in _JOKER_SPELLINGS:
        return JOKER_FACE
    rank_part, suit_part = token[:-1], token[-1:]
    if len(token) < 2 or (len(rank_part) > 1 and rank_part != "10"):  # 'knave of diamonds'
        raise CardSyntaxError(f"{text!r} is not a card (write rank then suit, e.g. QS or Q♠)")
    rank = "T" if rank_part == "10" else rank_part.upper()
    if rank not in RANK_LETTERS:
        raise CardSyntaxError(
            f"{text!r} is not a card: {rank_part!r} is not a rank (use A K Q J T 9 8 7 …)"
        )
    return Face(parse_suit(suit_part), rank)


JOKER_FACE = Face(JOKER_SUIT, JOKER)
"""The face of every joker: no suit, and ``JK`` for a rank."""


def parse_faces(text: str) -> list[Face]:
    """Read a whitespace-separated list of cards."""
    return [parse_face(token) for token in text.split()]


@dataclass(frozen=True, slots=True)
class Deck:
    """The physical cards of a variant: ``cards[i]`` is the face of card id ``i``.

    ``rank_order`` lists ranks from highest to lowest in play; ``strength`` maps a rank to a
    number that is larger for a stronger card, so comparisons are one integer test.
    """

    suits: tuple[str, ...]
    rank_order: tuple[str, ...]
    cards: tuple[Face, ...]

    @classmethod
    def build(
        cls,
        packs: int,
        suits: Sequence[str],
        rank_order: Sequence[str],
        remove: Iterable[Face] = (),
        jokers: int = 0,
    ) -> Deck:
        """``packs`` piquet-style packs, then each face in ``remove`` taken out once (last copy),
        then ``jokers`` jokers (the last card ids)."""
        cards = [Face(s, r) for _ in range(packs) for s in suits for r in rank_order]
        for face in remove:
            for index in range(len(cards) - 1, -1, -1):
                if cards[index] == face:
                    del cards[index]
                    break
            else:
                raise ValueError(f"cannot remove {face}: not in the deck")
        cards += [JOKER_FACE] * jokers
        return cls(tuple(suits), tuple(rank_order), tuple(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def copies(self, face: Face) -> int:
        return sum(1 for card in self.cards if card == face)

    def name(self, card: int) -> str:
        return str(self.cards[card])

    def strength(self, rank: str) -> int:
        """Larger for a stronger rank; a joker (no rank of the order) is 0, below them all."""
        if rank not in self.rank_order:
            return 0
        return len(self.rank_order) - self.rank_order.index(rank)
