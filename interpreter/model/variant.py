"""The root of a variant: every rule block in one frozen model."""

from __future__ import annotations

from pydantic import Field, StrictInt

from interpreter.model.base import Block, Identifier
from interpreter.model.combinations import BeziqueCards, Combination
from interpreter.model.deck import Cut, Deal, Deck, Players
from interpreter.model.penalties import Penalty
from interpreter.model.play import (
    CarteBlanche,
    Declare,
    Endgame,
    OpenCards,
    Play,
    Reuse,
    Seven,
    Trump,
)
from interpreter.model.scoring import Brisques, Closing, Game, LastTrick, Match, Settlement

SCHEMA_VERSION = 1


class Variant(Block):
    """A whole variant of Bézique, as data."""

    schema_version: StrictInt = Field(
        default=SCHEMA_VERSION, ge=1, le=SCHEMA_VERSION, description="Version of this schema."
    )
    name: str = Field(
        pattern=r"^[a-z][a-z0-9-]*$", max_length=64, description="Short name, e.g. `bezique`."
    )
    title: str = Field(description="Title of the rulebook, e.g. 'Bézique (two-pack)'.")
    summary: str = Field(default="", description="One paragraph for the rulebook's overview.")
    players: Players = Field(default_factory=Players)
    deck: Deck = Field(default_factory=Deck)
    cut: Cut = Field(default_factory=Cut)
    deal: Deal = Field(default_factory=Deal)
    trump: Trump = Field(default_factory=Trump)
    play: Play = Field(default_factory=Play)
    declare: Declare = Field(default_factory=Declare)
    reuse: Reuse = Field(default_factory=Reuse)
    bezique: BeziqueCards = Field(default_factory=BeziqueCards)
    combinations: tuple[Combination, ...] = Field(
        default=(), description="The combinations that score, keyed by `id`."
    )
    seven: Seven | None = Field(
        default=None,
        description="The seven of trumps; absent where sevens have no significance (an overlay "
        "removes it with `seven = false`).",
    )
    carte_blanche: CarteBlanche | None = Field(
        default=None, description="A hand without a court card scores (Rubicon, six-pack)."
    )
    open_cards: OpenCards | None = Field(default=None, description="Polish bézique's open cards.")
    endgame: Endgame = Field(default_factory=Endgame)
    last_trick: LastTrick = Field(default_factory=LastTrick)
    brisques: Brisques = Field(default_factory=Brisques)
    game: Game = Field(default_factory=Game)
    settlement: Settlement | None = Field(
        default=None, description="The valuation of a one-deal game (laws 56–61)."
    )
    penalties: tuple[Penalty, ...] = Field(
        default=(),
        description="Penalties the sources set for mistakes at the table (drawing out of "
        "turn, too many cards), printed in the rulebook; the engine allows none of these "
        "mistakes, so none is ever due.",
    )
    closing: Closing | None = Field(
        default=None,
        description="Closing the stock (Sixty-six, Schnapsen); absent: the stock is drawn to "
        "its end.",
    )
    match: Match | None = Field(
        default=None,
        description="A match of several race games (Turkish: to 16 game points); absent: one game.",
    )

    def combination(self, combination_id: Identifier) -> Combination:
        for combo in self.combinations:
            if combo.id == combination_id:
                return combo
        raise KeyError(combination_id)

    @property
    def active_combinations(self) -> tuple[Combination, ...]:
        return tuple(c for c in self.combinations if c.enabled)
