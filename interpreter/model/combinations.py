"""Combinations ("declarations") and the bézique cards.

A combination has a *shape* that says which cards form it, a *kind* (two combinations of the same
kind cannot reuse a card under the ``once_per_kind`` rule: royal and common marriage are one
kind), and a *class* with a *rank* inside it (the inferior bar: a card declared in a combination
may not later be declared in a combination of lower rank of the same class).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, field_validator

from interpreter.model.base import (
    Block,
    Identifier,
    Points,
    RankLetter,
    RankOrJoker,
    SuitLetter,
    check_card,
)


class SuitFilter(StrEnum):
    TRUMP = "trump"
    PLAIN = "plain"
    ANY = "any"


class _Combination(Block):
    id: Identifier = Field(description="Unique name; an overlay changes a combination by its id.")
    name: str = Field(default="", description="Name shown to players; defaults to the id.")
    kind: Identifier | None = Field(
        default=None,
        description="Reuse kind; combinations of one kind share the same-kind rule. "
        "Defaults to the id.",
    )
    class_: Identifier = Field(
        alias="class", description="Reuse class (e.g. marriages, beziques, quartets)."
    )
    rank: StrictInt = Field(
        default=1,
        ge=1,
        le=20,
        description="Rank inside the class; higher is superior (inferior bar).",
    )
    points: Points = Field(description="Points scored.")
    enabled: StrictBool = Field(default=True, description="False removes it from the game.")
    jokers: StrictInt = Field(
        default=0,
        ge=0,
        le=8,
        description="How many of its cards may be jokers, each standing for a card it lacks "
        "(Haitian: one, in a plain four of a kind); 0: none.",
    )
    builds_on: Identifier | None = Field(
        default=None,
        description="The id of a combination it must be built on: the player adds cards to "
        "one he has scored whose cards all still lie on his table (the Haitian quinte on the "
        "trump marriage).",
    )
    first_points: Points | None = Field(
        default=None,
        description="Points for the player's first one in a deal, when they differ from "
        "`points` (one Haitian reading: the first bésigue 100, later ones 40).",
    )

    @property
    def kind_key(self) -> str:
        return self.kind or self.id

    @property
    def display_name(self) -> str:
        return self.name or self.id.replace("_", " ")


class SameSuit(_Combination):
    """One card of each listed rank, all of one suit (marriage, sequence)."""

    shape: Literal["same_suit"]
    ranks: tuple[RankLetter, ...] = Field(min_length=1, description="Ranks needed, one card each.")
    suit: SuitFilter = Field(default=SuitFilter.ANY, description="trump, plain or any suit.")


class SameRank(_Combination):
    """``count`` cards of one rank (four aces; four trump aces)."""

    shape: Literal["same_rank"]
    of: RankOrJoker = Field(description="The rank; `JK`: jokers (four jokers).")
    count: StrictInt = Field(default=4, ge=2, le=16, description="How many cards of the rank.")
    suit: SuitFilter = Field(
        default=SuitFilter.ANY, description="Which suits count: any, trump only, or plain only."
    )
    distinct_suits: StrictBool = Field(
        default=False,
        description="The cards must be of different suits (Pinochle, Britannica 1911: 'four "
        "aces of different suits'); false: of any suits, two alike allowed (Hoyle: 'of any "
        "suits, e.g. two knaves of spades and two of hearts').",
    )


class Bezique(_Combination):
    """``count`` bézique queens with ``count`` bézique jacks (single, double, triple …)."""

    shape: Literal["bezique"]
    count: StrictInt = Field(default=1, ge=1, le=8, description="How many bézique pairs.")


Combination = Annotated[SameSuit | SameRank | Bezique, Field(discriminator="shape")]


class BeziquePair(Block):
    """The bézique pair for particular trump suits."""

    trumps: tuple[SuitLetter, ...] = Field(min_length=1, description="Trump suits this applies to.")
    queen: str = Field(description="The bézique queen when one of these suits is trumps.")
    jack: str = Field(description="The bézique jack when one of these suits is trumps.")

    @field_validator("queen", "jack")
    @classmethod
    def _cards(cls, value: str) -> str:
        return check_card(value)


class BeziqueCards(Block):
    """Which queen and jack make bézique.  ``when_trump`` entries override the default pair for
    the listed trump suits (Q♣ + J♥ when spades or diamonds are trumps: the variation of
    Enquire Within 124 ii)."""

    queen: str | None = Field(
        default="QS",
        description="The bézique queen; `false`: no bézique until trumps are known.",
    )
    jack: str | None = Field(default="JD", description="The bézique jack.")
    when_trump: tuple[BeziquePair, ...] = Field(
        default=(), description="Other pairs for particular trump suits."
    )

    @field_validator("queen", "jack")
    @classmethod
    def _cards(cls, value: str | None) -> str | None:
        return None if value is None else check_card(value)

    def pair(self, trump: str | None) -> tuple[str, str] | None:
        """The (queen, jack) faces that make bézique with ``trump`` as trumps, if any."""
        if trump is not None:
            for entry in self.when_trump:
                if trump in entry.trumps:
                    return entry.queen, entry.jack
        if self.queen is None or self.jack is None:
            return None
        return self.queen, self.jack
