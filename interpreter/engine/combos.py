"""A combination compiled for play (:class:`Combo`), and the shapes of the ways of forming
one that the declarations' sieve reads (:data:`Way`, :data:`Sieve`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from interpreter.model import Bezique, SameRank, SameSuit, SuitFilter, Variant


class Shape(StrEnum):
    """Which cards form a combination."""

    SAME_SUIT = "same_suit"
    SAME_RANK = "same_rank"
    BEZIQUE = "bezique"


@dataclass(frozen=True, slots=True, kw_only=True)
class Combo:
    """One enabled combination, flattened."""

    id: str
    name: str
    kind: str
    cls: str
    rank: int
    points: int
    shape: Shape
    ranks: tuple[str, ...] = ()
    suit: SuitFilter = SuitFilter.ANY
    of: str = ""
    count: int = 1
    distinct: bool = False  # same rank: its cards of different suits (Pinochle)
    jokers: int = 0  # how many of its cards may be jokers
    builds_on: str | None = None  # the combination it is built on, on the table
    first_points: int | None = None  # the player's first one in a deal

    @property
    def needs_trump(self) -> bool:
        return self.shape is not Shape.BEZIQUE and self.suit is not SuitFilter.ANY


SlotShape = tuple[tuple[bool, ...], tuple[int, ...], bool]
"""Of a way's slots: where each equals the one before it, how many are left in each run of
equal slots, and whether no face may fill two of them (``sieve.slot_shape``)."""
Need = tuple[tuple[int, ...], int]
"""Cards a way needs: the numbers of the faces that may fill them (``Rules.face_number``), and
how many."""


class Way:
    """One way of forming a combination: its slots (the faces that may fill each, and all those
    faces once each, in order), their shape (:data:`SlotShape`), and its needs, the rarest
    first.  An object, not a tuple: the compiled build copies a tuple's fields out at every
    read."""

    __slots__ = ("combo", "faces", "needs", "shape", "slots")

    def __init__(
        self,
        combo: Combo,
        slots: tuple[tuple[str, ...], ...],
        shape: SlotShape,
        needs: tuple[Need, ...],
    ) -> None:
        self.combo, self.slots, self.shape, self.needs = (combo, slots, shape, needs)
        self.faces = tuple(dict.fromkeys(face for slot in slots for face in slot))  # in order


Stage = tuple[
    int,
    tuple[int, ...],
    int,
    tuple[tuple[int, tuple[int, ...], int], ...],
    int,
    Way,
]
"""A way of forming a combination as the declarations' sieve tests it: its rarest need (the
number of its face when it is of one face, else -1; the numbers of its faces,
``Rules.face_index``; how many cards of them), its other needs alike, every card it may use
(a mask), and the way itself."""
Sieve = tuple[Stage, ...]
"""The ways of forming every combination under one trump, in order, as the declarations'
sieve tests them (:data:`Stage`)."""


def compile_combo(model: SameSuit | SameRank | Bezique) -> Combo:
    common = {
        "id": model.id,
        "name": model.display_name,
        "kind": model.kind_key,
        "cls": model.class_,
        "rank": model.rank,
        "points": model.points,
        "shape": Shape(model.shape),
        "jokers": model.jokers,
        "builds_on": model.builds_on,
        "first_points": model.first_points,
    }
    if isinstance(model, SameSuit):
        return Combo(**common, ranks=model.ranks, suit=model.suit)  # type: ignore[arg-type]
    if isinstance(model, SameRank):
        return Combo(
            **common,  # type: ignore[arg-type]
            of=model.of,
            count=model.count,
            suit=model.suit,
            distinct=model.distinct_suits,
        )
    return Combo(**common, count=model.count)  # type: ignore[arg-type]


def compile(variant: Variant) -> tuple[Combo, ...]:
    """The combinations' part of the rules: every enabled combination, in the variant's order."""
    return tuple(compile_combo(c) for c in variant.combinations if c.enabled)


def bezique_pairs(variant: Variant) -> dict[str | None, tuple[str, str] | None]:
    """The two faces of the bézique under each trump (and before trumps are known)."""
    return {trump: variant.bezique.pair(trump) for trump in (None, *variant.deck.suits)}
