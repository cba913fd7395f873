"""Players, deck, cut and deal."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, StrictInt, field_validator

from interpreter.model.base import Block, RankLetter, SuitLetter, check_card


class Players(Block):
    """Who plays: the number of seats and any partnerships."""

    count: StrictInt = Field(default=2, ge=2, le=4, description="Number of players at the table.")
    partnerships: tuple[tuple[StrictInt, ...], ...] = Field(
        default=(),
        description="Seats that play as one side, e.g. [[0, 2], [1, 3]]; empty when each plays "
        "for himself.",
    )


class Deck(Block):
    """The cards: packs, suits, ranks in order, brisques."""

    packs: StrictInt = Field(default=2, ge=1, le=8, description="Number of 32-card piquet packs.")
    suits: tuple[SuitLetter, ...] = Field(
        default=("S", "H", "D", "C"), description="Suits of each pack."
    )
    ranks: tuple[RankLetter, ...] = Field(
        default=("A", "T", "K", "Q", "J", "9", "8", "7"),
        description="Ranks of each pack, highest first: the order in play and in cutting.",
    )
    remove: tuple[str, ...] = Field(
        default=(), description="Cards taken out of the deck, one copy per entry (e.g. ['8C'])."
    )
    brisque_ranks: tuple[RankLetter, ...] = Field(
        default=("A", "T"), description="Ranks that are brisques (counted in tricks won)."
    )
    endgame_ranks: tuple[RankLetter, ...] = Field(
        default=(),
        description="Rank order in the last tricks, highest first; empty means the same as "
        "`ranks`; Hoyle notes that some put the ten below the knave there.",
    )
    jokers: StrictInt = Field(
        default=0,
        ge=0,
        le=8,
        description="Jokers added to the packs (Haitian Bésigue: four), written `JK`: cards "
        "outside the suits, which serve in the combinations that allow them (`jokers` of a "
        "combination) and win a trick only when led and not trumped.",
    )

    @field_validator("remove")
    @classmethod
    def _cards(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_card(card) for card in value)


class CutRule(StrEnum):
    HIGH_CHOOSES = "high_chooses"
    HIGH_DEALS = "high_deals"
    LOW_DEALS = "low_deals"


class Cut(Block):
    """How the first dealer is chosen."""

    rule: CutRule = Field(
        default=CutRule.HIGH_CHOOSES,
        description="Who deals first: the higher cut chooses (Hoyle, law 6), the higher cut "
        "deals (Britannica) or the lower cut deals (cardgametutorials.com).",
    )


class FirstRecipient(StrEnum):
    """Who receives the first packet: always the player on the dealer's left, who is the
    dealer's opponent when two play (Hoyle, law 10; Enquire Within 128).  The former value
    ``non_dealer`` named the same seat and was merged into this one."""

    DEALER_LEFT = "dealer_left"


class Rotation(StrEnum):
    """Who deals the next hand: the player on the dealer's left (with two players the deal
    alternates, Britannica; the former value ``alternate`` never differed from ``left`` and was
    merged into it), or the winner of the last trick."""

    LEFT = "left"
    LAST_TRICK_WINNER = "last_trick_winner"


class CountGuess(Block):
    """The six-pack deal-count bonuses."""

    target: StrictInt = Field(default=24, ge=1, description="Cards the dealer aims to lift.")
    dealer_exact: StrictInt = Field(
        default=250, ge=0, description="Dealer's bonus for lifting exactly."
    )
    guesser_exact: StrictInt = Field(
        default=150, ge=0, description="Non-dealer's bonus for guessing."
    )


class Deal(Block):
    """How the cards are dealt, and who deals next."""

    hand_size: StrictInt = Field(default=8, ge=1, le=20, description="Cards dealt to each player.")
    packets: tuple[StrictInt, ...] = Field(
        default=(3, 2, 3),
        description="Packet sizes dealt round the table in turn; they add up to `hand_size`.",
    )
    turn_up_after: StrictInt | None = Field(
        default=None,
        ge=0,
        le=20,
        description="With a turn-up: the number of rounds of packets dealt before the next "
        "card is turned up, the rest of the packets dealt after it (Schnapsen: 1, three cards "
        "each, the turn-up, two each); absent: the card after the whole deal.",
    )
    first_recipient: FirstRecipient = Field(
        default=FirstRecipient.DEALER_LEFT,
        description="Who receives the first packet: the player on the dealer's left (with two "
        "players, the dealer's opponent).",
    )
    rotation: Rotation = Field(
        default=Rotation.LEFT,
        description="Who deals the next hand of a race game: the player on the dealer's left "
        "(with two players the deal alternates), or the winner of the last trick.",
    )
    count_guess: CountGuess | None = Field(
        default=None,
        description="The six-pack deal-count bonuses (an uncredited handbook; Herring).",
    )


__all__ = ["Cut", "CutRule", "Deal", "Deck", "FirstRecipient", "Players", "Rotation"]
