"""Trumps, the play of the stock, declaring, reuse, the seven of trumps, carte blanche and the
endgame."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, StrictBool, StrictInt

from interpreter.model.base import Block, Identifier, Points, RankLetter


class TrumpMode(StrEnum):
    TURN_UP = "turn_up"
    FIRST_MARRIAGE_OR_SEQUENCE = "first_marriage_or_sequence"


class TrumpFixedOn(StrEnum):
    SCORED = "scored"
    DECLARED = "declared"


class Trump(Block):
    """How the trump suit is fixed."""

    mode: TrumpMode = Field(
        default=TrumpMode.TURN_UP,
        description="turn_up: the card after the deal fixes trumps; first_marriage_or_sequence: "
        "the first marriage (or a sequence before any marriage) fixes them (law 41).",
    )
    fixed_on: TrumpFixedOn = Field(
        default=TrumpFixedOn.SCORED,
        description="With no turn-up: whether trumps are fixed when the marriage is scored or "
        "merely declared.",
    )
    others_before_trumps: StrictBool = Field(
        default=True,
        description="With no turn-up: combinations that do not fix trumps may be declared "
        "before trumps are fixed; false: only the marriage (or sequence) that fixes them "
        "(Haitian).",
    )


class Lead(StrEnum):
    """Who leads to the first trick: the player on the dealer's left, the first dealt to
    (Hoyle: "the non-dealer leads"; Britannica: "the player first dealt to has the first
    lead").  The former value ``non_dealer`` named the same seat and was merged into this."""

    DEALER_LEFT = "dealer_left"


class IdenticalCards(StrEnum):
    FIRST_PLAYED_WINS = "first_played_wins"


class TrickPiles(StrEnum):
    """How won tricks lie.  The former value ``face_up_pile`` (tricks left face up in a pile)
    was merged into ``face_up_unsearchable``: either way only the last trick can be seen."""

    FACE_UP_UNSEARCHABLE = "face_up_unsearchable"
    HEAP_UNTIL_BRISQUE = "heap_until_brisque"


class StockObligations(StrEnum):
    NONE = "none"


class DrawOrder(StrEnum):
    WINNER_THEN_LEFT = "winner_then_left"


class OddStockCard(StrEnum):
    NOT_DRAWN = "not_drawn"


class JokerLed(StrEnum):
    ANY_CARD = "any_card"
    MUST_TRUMP = "must_trump"


class Play(Block):
    """The play of tricks while cards remain in the stock."""

    lead: Lead = Field(
        default=Lead.DEALER_LEFT,
        description="Who leads to the first trick: the player on the dealer's left (with two "
        "players, the dealer's opponent).",
    )
    identical_cards: IdenticalCards = Field(
        default=IdenticalCards.FIRST_PLAYED_WINS,
        description="Two identical winning cards: the one played first wins.",
    )
    obligations: StockObligations = Field(
        default=StockObligations.NONE,
        description="Duties while the stock lasts: none (any card may be played).",
    )
    draw_order: DrawOrder = Field(
        default=DrawOrder.WINNER_THEN_LEFT,
        description="The trick winner draws first, then each player to his left.",
    )
    odd_stock_card: OddStockCard = Field(
        default=OddStockCard.NOT_DRAWN,
        description="A last stock card that cannot go round is not drawn (law 32).",
    )
    tricks: TrickPiles = Field(
        default=TrickPiles.FACE_UP_UNSEARCHABLE,
        description="How won tricks lie: face up but not to be searched, so that only the "
        "last trick can be seen (as with a face-up pile); or in a heap until a brisque is "
        "played (law 25).",
    )
    joker_led: JokerLed = Field(
        default=JokerLed.ANY_CARD,
        description="A joker led while the stock lasts wins unless trumped: the others may "
        "play any card (any_card), or must trump if they can (must_trump, one Haitian source).",
    )


class DeclareRight(StrEnum):
    TRICK_WINNER = "trick_winner"
    WINNER_OR_PARTNER = "winner_or_partner"
    WINNER_MAY_PASS = "winner_may_pass"


class DeclareWhen(StrEnum):
    AFTER_TRICK_WIN = "after_trick_win"
    ON_LEAD = "on_lead"


class HeldUntil(StrEnum):
    AT_ONCE = "at_once"
    FIRST_TRICK_WON = "first_trick_won"
    NEXT_TRICK_WON = "next_trick_won"


class PerTrick(StrEnum):
    ONE = "one"
    DISJOINT_MANY = "disjoint_many"
    ONE_PER_KIND = "one_per_kind"


class FreshCard(StrEnum):
    NEVER = "never"
    SAME_CLASS = "same_class"
    ALWAYS = "always"
    FROM_HAND = "from_hand"


class Zone(StrEnum):
    HAND = "hand"
    TABLE = "table"
    OPEN = "open"
    TRICK = "trick"


class Declare(Block):
    """Who may declare, when, how many at a time, and from which cards."""

    right: DeclareRight = Field(
        default=DeclareRight.TRICK_WINNER, description="Who may declare after a trick."
    )
    scores_per_trick: PerTrick = Field(
        default=PerTrick.ONE,
        description="one: one combination scored per trick won (Hoyle, law 43); disjoint_many: "
        "several if no card is shared (Britannica); one_per_kind: several of different kinds, "
        "sharing cards (the Britannica's compound declarations in Polish Bézique).",
    )
    pending_allowed: StrictBool = Field(
        default=True,
        description="Further combinations may be shown 'to score' and scored after a later "
        "trick won (Hoyle; laws 44–48).",
    )
    fresh_card_required: FreshCard = Field(
        default=FreshCard.SAME_CLASS,
        description="A declaration must contain a card never declared before: never, in the "
        "same class (Foster), or always (Britannica); from_hand: a card from the hand, not "
        "only cards lying on the table (Haitian).",
    )
    after_stock_exhausted: StrictBool = Field(
        default=False, description="Declarations continue in the last tricks (Polish)."
    )
    sources: tuple[Zone, ...] = Field(
        default=(Zone.HAND, Zone.TABLE),
        description="Zones whose cards may form a declaration.",
    )
    declared_to: Zone = Field(
        default=Zone.TABLE, description="Where declared cards lie: the table (still playable)."
    )
    must_use_trick_card: StrictBool = Field(
        default=False, description="Every declaration includes a card of the trick just won."
    )
    partner_consultation: StrictBool = Field(
        default=False,
        description="Partners may ask each other whether they have anything to declare "
        "(Enquire Within 129 ii).",
    )
    when: DeclareWhen = Field(
        default=DeclareWhen.AFTER_TRICK_WIN,
        description="after_trick_win: by the winner of a trick, before drawing (Bézique); "
        "on_lead: by the player to lead, who shows the combination and leads one of its "
        "cards at once, never when following (Sixty-six, Schnapsen).",
    )
    lead_rank: RankLetter | None = Field(
        default=None,
        description="The rank of the declared cards that must be led, declaring on lead (the "
        "schnapsen package leads the king); none: any of them (the sources).",
    )
    held_until: HeldUntil = Field(
        default=HeldUntil.AT_ONCE,
        description="When a declaration's points count: at once; once its player has won a "
        "trick, at once if he has (Sixty-six, Schnapsen: first_trick_won); or when he next "
        "wins one, even after earlier tricks (the schnapsen package: next_trick_won).",
    )


class ReuseMode(StrEnum):
    ONCE_PER_KIND = "once_per_kind"
    REFORM = "reform"


class ReformTrigger(StrEnum):
    DECLARED_CARD_PLAYED = "declared_card_played"
    ANY_NEW_CARD = "any_new_card"


class MarriageRepair(StrEnum):
    NONE = "none"
    WIDOW = "widow"
    CROSS_PAIR = "cross_pair"


class PartnerCards(StrEnum):
    OWN_ONLY = "own_only"
    PARTNER_TABLE = "partner_table"
    EITHER_HAND_FOR_MULTI_BEZIQUE = "either_hand_for_multi_bezique"


class Reuse(Block):
    """When a card already declared may score again (Hoyle; Enquire Within 125; laws 34–38)."""

    mode: ReuseMode = Field(
        default=ReuseMode.ONCE_PER_KIND,
        description="once_per_kind: a card scores once in each kind of combination (ordinary "
        "game); reform: the same combination may be formed again with a substituted card "
        "(Rubicon).",
    )
    inferior_bar: StrictBool = Field(
        default=True,
        description="A card declared in a combination may not later be declared in an inferior "
        "combination of the same class.",
    )
    reform_trigger: ReformTrigger = Field(
        default=ReformTrigger.DECLARED_CARD_PLAYED,
        description="With reform: re-forming needs a declared card to have been played first.",
    )
    marriage_repair: MarriageRepair = Field(
        default=MarriageRepair.NONE,
        description="Re-pairing of declared kings and queens: none; widow, a king or queen "
        "whose partner has been played may marry again (the Britannica's Grand Bézique); "
        "cross_pair, two marriages of one suit make two more, each king with the other queen "
        "(Hoyle's Rubicon).",
    )
    repair_kinds: tuple[Identifier, ...] = Field(
        default=("marriage",),
        description="Combination kinds that `marriage_repair` governs instead of re-forming.",
    )
    multi_bezique_extension: StrictBool = Field(
        default=False,
        description="A bézique already used in a double may be used in a second double "
        "(Britannica).",
    )
    partner_cards: PartnerCards = Field(
        default=PartnerCards.OWN_ONLY,
        description="Use of a partner's declared cards: none; partner_table, any combination "
        "but a multiple bézique may take cards from the partner's table, with at least one of "
        "the player's own, within what the partner could declare (bicyclecards.com); "
        "either_hand_for_multi_bezique, only double and triple bézique (Britannica).",
    )
    reform_with_added: tuple[Identifier, ...] = Field(
        default=(),
        description="With reform: classes whose combinations may be formed again with added "
        "cards, no declared card played first (law 38 read literally: `beziques`).",
    )


class SevenExchange(StrEnum):
    AFTER_OWN_TRICK_WIN = "after_own_trick_win"
    WINNER_OF_TRICK_CONTAINING_IT = "winner_of_trick_containing_it"
    ANY_TIME = "any_time"
    LEADER_BEFORE_LEAD = "leader_before_lead"


class SevenScore(StrEnum):
    DECLARE_AFTER_WIN = "declare_after_win"
    ON_PLAY = "on_play"
    ON_TRICK_WON = "on_trick_won"


class Seven(Block):
    """The seven of trumps (Hoyle; Britannica; Enquire Within 123 iii, iv), or the low trump of
    another rank exchanged for the turn-up (Sixty-six's nine, Schnapsen's knave)."""

    rank: RankLetter = Field(
        default="7",
        description="The rank that is 'the seven': the low trump exchanged for the turn-up "
        "(the nine in Sixty-six and Pinochle, the knave in Schnapsen).",
    )
    turned_up_points: Points = Field(
        default=10, description="Dealer's score when the turn-up is a seven."
    )
    exchange: StrictBool = Field(
        default=True, description="The seven of trumps may be exchanged for the turn-up."
    )
    exchange_points: Points = Field(default=10, description="Points for the exchange.")
    exchange_when: SevenExchange = Field(
        default=SevenExchange.AFTER_OWN_TRICK_WIN,
        description="When the exchange may be made: after the holder wins a trick, before "
        "drawing (after_own_trick_win); by the winner of the trick that holds the seven "
        "(winner_of_trick_containing_it, Polish); at any of the holder's turns while "
        "the turn-up lasts, before a trick is won too (any_time: Hoyle names no moment and "
        "no condition; Foster's Sixty-six); or by the player to lead, before he plays "
        "(leader_before_lead: Schnapsen).",
    )
    exchange_needs_trick: StrictBool = Field(
        default=False,
        description="The holder must first have won a trick in the deal (Foster's Sixty-six); "
        "after_own_trick_win needs one anyway.",
    )
    exchange_min_stock: StrictInt = Field(
        default=1,
        ge=1,
        le=256,
        description="The exchange is barred when fewer cards than this are left in the stock, "
        "the turn-up counted: 2 bars it when the turn-up is the last card (Foster's "
        "Sixty-six), 3 asks for more than two cards (Schnapsen).",
    )
    turn_up_declarable: StrictBool = Field(
        default=True,
        description="The turn-up taken by the exchange may be declared after the same trick; "
        "false: not in that trick's declarations (Enquire Within 123 iii).",
    )
    points: Points = Field(
        default=10, description="Points for a seven of trumps not exchanged (the duplicate)."
    )
    score_trigger: SevenScore = Field(
        default=SevenScore.DECLARE_AFTER_WIN,
        description="How that seven scores: shown after winning a trick (Hoyle, Britannica), "
        "or whenever played to a trick (Enquire Within).",
    )


class CarteBlancheWindow(StrEnum):
    BEFORE_OWN_FIRST_PLAY = "before_own_first_play"
    BEFORE_FIRST_TRICK = "before_first_trick"


class CarteBlanche(Block):
    """A hand without a court card (laws 15, 16, 42, 43)."""

    points: Points = Field(default=50, description="Points for a hand without a court card.")
    court_ranks: tuple[RankLetter, ...] = Field(
        default=("K", "Q", "J"), description="A hand with none of these ranks is blank."
    )
    window: CarteBlancheWindow = Field(
        default=CarteBlancheWindow.BEFORE_OWN_FIRST_PLAY,
        description="Declared before the player's first card (law 15); Foster's window, "
        "before the first trick, is refused as not supported yet.",
    )
    repeat_on_noncourt_draw: StrictBool = Field(
        default=True,
        description="Scored again on each card drawn that is not a court card, until a court "
        "card is drawn (law 16).",
    )
    requires_trick_win: StrictBool = Field(
        default=False,
        description="Scored without winning a trick (law 42); `true` is refused as not "
        "supported yet.",
    )


class OpenCards(Block):
    """Polish bézique's open cards: scoring cards won in tricks lie face up, unplayable, and
    only they (with the trick just won) may form declarations."""

    ranks: tuple[RankLetter, ...] = Field(
        default=("A", "K", "Q", "J"), description="Ranks that are open cards in every suit."
    )
    trump_ranks: tuple[RankLetter, ...] = Field(
        default=("T",), description="Ranks that are open cards only in the trump suit."
    )


class TrumpIfVoid(StrEnum):
    """The duty of a player void in the suit led, in the last tricks.

    ``no``: any card (Hoyle: "if not, he is at liberty to trump").  ``only_if_winning``: he
    must win the trick by trumping if he can, and is free when no trump of his would win
    (Britannica: "must win the trick if he can by trumping"; its three-hand rule, "if not able
    to follow suit, nor to win the trick by trumping, may throw away any card"; Enquire
    Within 123 vi).  ``yes``: he must trump whenever he holds a trump — a winning one if he
    has one, else any trump, even one that cannot win (the modern Rubicon summary: "If the
    player cannot follow suit, then he/she must trump in … only then may he/she play any
    card").  With two players a trump always wins a trick of another suit, so ``yes`` and
    ``only_if_winning`` differ only when three or more play to a trick."""

    NO = "no"
    YES = "yes"
    ONLY_IF_WINNING = "only_if_winning"


class HeadReference(StrEnum):
    CURRENT_WINNING_CARD = "current_winning_card"
    CARD_LED = "card_led"


class EndgameMode(StrEnum):
    ALL_PLAYERS = "all_players"
    PAIRED_DUELS = "paired_duels"


class RevokePenalty(StrEnum):
    FORFEIT_ENDGAME_TRICKS = "forfeit_endgame_tricks"
    REPLAY = "replay"
    NONE = "none"


class Endgame(Block):
    """The play once the stock is exhausted (Hoyle; Britannica; Enquire Within 123 v–vii;
    law 55)."""

    follow_suit: StrictBool = Field(default=True, description="Must follow suit if able.")
    must_head: StrictBool = Field(
        default=True,
        description="Must win the trick if able with a card of the suit led (Britannica, "
        "Enquire Within 123 vi, law 55; Hoyle asks only to follow suit).",
    )
    must_trump_if_void: TrumpIfVoid = Field(
        default=TrumpIfVoid.YES,
        description="Void in the suit led: must trump, even with a trump that cannot win "
        "(yes); must trump only when a trump would win (only_if_winning); or is free (no).",
    )
    head_reference: HeadReference = Field(
        default=HeadReference.CURRENT_WINNING_CARD,
        description="What a player must beat: the best card so far, or the card led.",
    )
    partner_exempt: StrictBool = Field(
        default=False,
        description="No duty to beat a partner's winning card (bicyclecards.com: false).",
    )
    mode: EndgameMode = Field(
        default=EndgameMode.ALL_PLAYERS,
        description="Four players: all play to each trick, or two duels (Britannica).",
    )
    revoke_penalty: RevokePenalty = Field(
        default=RevokePenalty.FORFEIT_ENDGAME_TRICKS,
        description="The penalty the laws set for a revoke; the engine never allows one, so "
        "this is printed in the rulebook only.",
    )
    declared_back_to_hand: StrictBool = Field(
        default=True, description="Declared cards are taken back into the hand."
    )
