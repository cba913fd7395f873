"""The deck and the seats compiled for play: per-card tables indexed by card id, read by the
engine's hot paths instead of the cards' faces (:class:`~interpreter.engine.rules.Rules`
holds them)."""

from __future__ import annotations

from typing import TypeVar

from interpreter.cards import JOKER_SUIT, Deck, Face, parse_face
from interpreter.engine.moves import Play
from interpreter.model import Variant


def deck(variant: Variant) -> Deck:
    """The variant's physical cards, in id order."""
    model = variant.deck
    removed = [parse_face(text) for text in model.remove]
    return Deck.build(model.packs, model.suits, model.ranks, removed, model.jokers)


def strengths(cards: tuple[Face, ...], order: tuple[str, ...]) -> tuple[int, ...]:
    """Each card's strength in the rank ``order`` (strongest first).  A joker has no rank in
    the order: strength 0, below every card (it wins a trick only when led, as the card of a
    suit nobody else holds)."""
    return tuple(len(order) - order.index(f.rank) if f.rank in order else 0 for f in cards)


def display_order(
    cards: tuple[Face, ...], suits: tuple[str, ...], strength: tuple[int, ...]
) -> tuple[int, ...]:
    """Display and move-list order: by suit, strongest first (the jokers last).  Unique per
    card (the id breaks ties between copies), so that sorting never depends on the iteration
    order of a set."""
    keys = []
    for card, face in enumerate(cards):
        suit = suits.index(face.suit) if face.suit != JOKER_SUIT else len(suits)
        keys.append((suit * 100 - strength[card]) * 100_000 + card)
    return tuple(keys)


def copies_by_face(face: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """The copies of each face, lowest id first."""
    found: dict[str, list[int]] = {}
    for card, name in enumerate(face):
        found.setdefault(name, []).append(card)
    return {name: tuple(cards) for name, cards in found.items()}


def face_masks(by_face: dict[str, tuple[int, ...]]) -> dict[str, int]:
    """Each face as the set of its copies, one bit per card."""
    return {face: sum(1 << card for card in copies) for face, copies in by_face.items()}


def ranked(face: tuple[str, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    """The cards in display order, the copies of a face next to each other (each card sorts
    where its face's first copy does), which the listing of plays relies on."""
    first_order: dict[str, int] = {}
    for card in sorted(range(len(face)), key=order.__getitem__):
        first_order.setdefault(face[card], order[card])
    return tuple(sorted(range(len(face)), key=lambda c: (first_order[face[c]], c)))


def places(card_at: tuple[int, ...]) -> tuple[int, ...]:
    """Each card's place in display order (the inverse of ``card_at``)."""
    return tuple(sorted(range(len(card_at)), key=card_at.__getitem__))


def face_numbers(face: tuple[str, ...], card_at: tuple[int, ...]) -> dict[str, int]:
    """Each face's number, in display order: a seat's cards are counted by it."""
    return {name: n for n, name in enumerate(dict.fromkeys(face[c] for c in card_at))}


def brisques(cards: tuple[Face, ...], ranks: tuple[str, ...]) -> tuple[bool, ...]:
    """Whether each card is a brisque (an ace or a ten, by the variant's ranks)."""
    return tuple([f.rank in ranks for f in cards])


def card_points(
    cards: tuple[Face, ...], values: dict[str, int], brisque: tuple[bool, ...], value: int
) -> tuple[int, ...]:
    """What each card counts when won in a trick: the points of its rank (``brisques.values``,
    a rank not listed counting nothing), or without them ``value`` for a brisque (Bézique)."""
    if values:
        return tuple([values.get(f.rank, 0) for f in cards])
    return tuple(map(value.__mul__, brisque))  # (a bool is 0 or 1)


def counting(brisque: tuple[bool, ...], points: tuple[int, ...], by_rank: bool) -> tuple[bool, ...]:
    """Whether each card counts when won in a trick: a brisque, or with card points by rank a
    card worth something."""
    return tuple([p > 0 for p in points]) if by_rank else brisque


def as_sets(by_face: dict[str, tuple[int, ...]]) -> dict[str, frozenset[int]]:
    """The copies of each face, as a set."""
    return {name: frozenset(ids) for name, ids in by_face.items()}


Item = TypeVar("Item")


def alone(items: tuple[Item, ...]) -> tuple[tuple[Item], ...]:
    """Each item in a tuple of its own (made once: events name cards and seats this way)."""
    return tuple([(item,) for item in items])


def picked(items: tuple[Item, ...], indices: tuple[int, ...]) -> tuple[Item, ...]:
    """``items`` at ``indices``, in their order."""
    return tuple([items[i] for i in indices])


def numbered(faces: tuple[str, ...], numbers: dict[str, int]) -> tuple[int, ...]:
    """Each face's number."""
    return tuple([numbers[name] for name in faces])


def hand_plays(face: tuple[str, ...]) -> tuple[Play, ...]:
    """The move that plays each card from the hand (its label is just its face)."""
    return tuple(Play(card, name) for card, name in enumerate(face))


def sides(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The partnerships, or each seat on its own."""
    players = variant.players
    if players.partnerships:
        return tuple(tuple(side) for side in players.partnerships)
    return tuple((seat,) for seat in range(players.count))


def side_of(sides: tuple[tuple[int, ...], ...], players: int) -> tuple[int, ...]:
    """The side (an index into ``sides``) of each seat."""
    return tuple(next(i for i, side in enumerate(sides) if seat in side) for seat in range(players))


def partners(
    sides: tuple[tuple[int, ...], ...], side_of: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """The other seats of each seat's side (none when each plays for himself)."""
    return tuple(
        tuple(other for other in sides[side] if other != seat) for seat, side in enumerate(side_of)
    )
