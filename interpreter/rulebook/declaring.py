"""Rulebook sections on declaring: who, when, what scores, and when a card may score again."""

from __future__ import annotations

from typing import Any, assert_never

from interpreter.model import Bezique, Combination, SameRank, SameSuit, SuitFilter, Variant
from interpreter.model.enforcement import table_rule
from interpreter.model.play import (
    CarteBlancheWindow,
    Declare,
    DeclareRight,
    DeclareWhen,
    FreshCard,
    HeldUntil,
    MarriageRepair,
    PartnerCards,
    PerTrick,
    ReformTrigger,
    ReuseMode,
    Seven,
    SevenExchange,
    SevenScore,
    TrumpFixedOn,
    TrumpMode,
    Zone,
)
from interpreter.rulebook import combos
from interpreter.rulebook.page import Page
from interpreter.rulebook.words import (
    card,
    listing,
    number_word,
    per_member,
    points,
    rank_name,
    rank_plural,
    suit_name,
)

V = Any


def declarations(page: Page) -> str:
    v = page.variant
    declare = v.declare
    right = per_member(
        declare.right,
        {
            DeclareRight.TRICK_WINNER: "Only the **winner of a trick** may declare",
            DeclareRight.WINNER_OR_PARTNER: "The **winner of a trick, and then his partner**, "
            "may each declare from his own cards",
            DeclareRight.WINNER_MAY_PASS: "The **winner of a trick** may declare, or pass the "
            "right to declare to his partner (who then declares alone)",
        },
    )
    when = "immediately after the trick and before drawing"
    if declare.after_stock_exhausted:
        when += "; declaring goes on in the last tricks too"
    else:
        when += "; once the stock is exhausted nobody declares any more"
    zones = set(declare.sources)
    if zones == {Zone.HAND, Zone.TABLE}:
        source = (
            "A combination is made of cards held in the hand or already lying face up on "
            "the table; declared cards are laid face up on the table and still belong to "
            "the hand: they may be played from there."
        )
    elif zones == {Zone.OPEN}:
        source = (
            "**Only open cards declare.** No card held in the hand ever takes part; a "
            "combination is made of the player's open cards."
        )
    else:
        places = sorted(per_member(z, _ZONE_WORDS) for z in zones)
        source = f"Combinations are made of cards from: {listing(places)}."
    source += per_member(
        declare.declared_to,
        {
            Zone.HAND: "",
            Zone.TABLE: "",
            Zone.OPEN: " Declared cards stay where they are, among the open cards.",
            Zone.TRICK: "",
        },
    )
    per = _per_trick(declare)
    opening = per_member(
        declare.when,
        {
            DeclareWhen.AFTER_TRICK_WIN: f"{right}, {when}. A player is never bound to declare.",
            DeclareWhen.ON_LEAD: _on_lead(v),
        },
    )
    if declare.when is DeclareWhen.ON_LEAD:
        per = ""  # (one at each lead, said in the opening)
    text = [opening, source, per, _held(declare)]
    if declare.must_use_trick_card:
        text.append("**Every declaration must include a card of the trick just won.**")
    if declare.partner_consultation:
        text.append(table_rule("A player may ask his partner whether he has anything to declare."))
    # The sources of these rules of declaring, before the combinations and their own sources.
    text.append(page.texts("declare"))
    text.append(combos.table(page))
    text.append(_bezique_cards(page))
    before = _before_trumps(v)
    if before:
        text.append(before)
    return "\n\n".join(t for t in text if t)


def _on_lead(v: Variant) -> str:
    """Declaring on lead (Sixty-six, Schnapsen): who, when, and the card led."""
    rank = v.declare.lead_rank
    led = "one of them" if rank is None else f"the {rank_name(rank)}"
    later = (
        "Declaring goes on once the stock is exhausted."
        if v.declare.after_stock_exhausted
        else "Once the stock is exhausted nobody declares any more."
    )
    return (
        "**A combination is declared by the player to lead, as he leads**: he shows its "
        f"cards and leads {led} at once; never when following, and one combination at each "
        f"lead. {later} A player is never bound to declare."
    )


def _held(declare: Declare) -> str:
    """When a declaration's points count."""
    return per_member(
        declare.held_until,
        {
            HeldUntil.AT_ONCE: "",
            HeldUntil.FIRST_TRICK_WON: "**A declaration's points count only once its player "
            "has won a trick**: at once if he has, else as he wins his first.",
            HeldUntil.NEXT_TRICK_WON: "**A declaration's points count when its player next "
            "wins a trick**, even if he won tricks before; held points not yet counted at "
            "the end of the deal are lost.",
        },
    )


_ZONE_WORDS = {Zone.HAND: "hand", Zone.TABLE: "table", Zone.OPEN: "open", Zone.TRICK: "trick"}
"""Where the cards of a combination come from, in the words of the list of places."""


def _before_trumps(v: Variant) -> str:
    """What may be declared before trumps are fixed, where no card turned up fixes them."""
    trump = v.trump
    match trump.mode:
        case TrumpMode.TURN_UP:
            return ""
        case TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE if trump.others_before_trumps:
            waiting = [_a(c.display_name) for c in v.combinations if _waits_for_trumps(v, c)]
            if not waiting:
                return "Every combination may be declared before trumps are fixed."
            fixed = per_member(
                trump.fixed_on, {TrumpFixedOn.SCORED: "scored", TrumpFixedOn.DECLARED: "declared"}
            )
            return (
                f"Until trumps are fixed, {listing(waiting, 'or')} cannot be declared: it needs "
                f"trumps to be known (the first marriage or sequence {fixed} is the one in "
                "trumps). The other combinations may be declared before."
            )
        case TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE:
            return (
                "Until trumps are fixed **nothing may be declared but the marriage that fixes "
                "them**: no bézique, no four of a kind."
            )
    assert_never(trump.mode)


def _waits_for_trumps(v: Variant, combo: Combination) -> bool:
    """Whether ``combo`` (in play) cannot be formed while there are no trumps: a plain-suit or
    trump-only combination that does not itself fix trumps, or a bézique whose cards trumps
    decide."""
    if not combo.enabled:
        return False
    match combo:
        case SameSuit():
            return combo.suit is SuitFilter.PLAIN
        case SameRank():
            return combo.suit is not SuitFilter.ANY
        case Bezique():
            return v.bezique.pair(None) is None
    assert_never(combo)


def _per_trick(declare: Declare) -> str:
    """How many combinations score after one trick, and what becomes of those not scored."""
    lost = " Anything left undeclared when the player draws is lost: it cannot be claimed later."
    match declare.scores_per_trick:
        case PerTrick.ONE if not declare.pending_allowed:
            return "**Only one combination may be declared after each trick.**"
        case PerTrick.ONE:
            return (
                "**One combination is scored after each trick.** Others may be shown at the "
                "same time and announced *to score*; they are scored after a later trick won, "
                "before drawing, so long as their cards are still there."
            )
        case PerTrick.DISJOINT_MANY:
            per = (
                "Several combinations may be scored after one trick, provided no card is in "
                "two of them."
            )
        case PerTrick.ONE_PER_KIND:
            per = (
                "A card won may at once complete **as many combinations of different kinds** "
                "as it will form: all are scored after the same trick."
            )
        case _:
            assert_never(declare.scores_per_trick)
    return per if declare.pending_allowed else per + lost


def _bezique_cards(page: Page) -> str:
    if not any(isinstance(c, Bezique) for c in page.variant.active_combinations):
        return ""  # (no bézique is played: Schnapsen)
    bezique = page.variant.bezique
    queen, jack = bezique.queen, bezique.jack
    if queen is not None and jack is not None:
        text = f"**Bézique** is the {card(queen)} with the {card(jack)}"
    else:
        text = "There is **no bézique until trumps are fixed**; then bézique is"
    pairs = [
        f"when {listing((suit_name(t) for t in entry.trumps), 'or')} are trumps, "
        f"{card(entry.queen)} with {card(entry.jack)}"
        for entry in bezique.when_trump
    ]
    if pairs:
        join = "; but " if bezique.queen is not None else ": "
        text += join + "; ".join(pairs)
    double = _double_from_single(page.variant)
    return text + ". " + page.texts("bezique") + (f"\n\n{double}" if double else "")


def _double_from_single(v: Variant) -> str:
    """How a double bézique grows from a declared single (Enquire Within 124 ii), where both
    are played."""
    by_count = {c.count: c for c in v.combinations if c.enabled and isinstance(c, Bezique)}
    single, double = by_count.get(1), by_count.get(2)
    if single is None or double is None:
        return ""
    return (
        f"A {single.display_name} already declared may be used again in a "
        f"**{double.display_name}**: a second pair added to it makes the {double.display_name}, "
        f"which scores its full {points(double.points)}. All its cards must lie on the table "
        f"together when it is declared: a card of the first pair already played to a trick "
        "no longer counts. *Source: Enquire Within 124 ii: 'Bézique having been declared, may "
        "be again used to form Double Bézique ... All four cards must be visible on the table "
        "together'.*"
    )


def reuse(page: Page) -> str:
    v = page.variant
    r = v.reuse
    match r.mode:
        case ReuseMode.ONCE_PER_KIND:
            text = _once_per_kind(v)
        case ReuseMode.REFORM:
            text = _formed_again(v)
        case _:
            assert_never(r.mode)
    if r.inferior_bar:
        text.append(_no_going_down(v))
    fresh_text = per_member(
        v.declare.fresh_card_required,
        {
            FreshCard.NEVER: "A declaration need not bring a card never declared before: "
            "cards declared before may form a new combination by themselves, within the "
            "rules above"
            + (
                " (it must still include a card of the trick just won)."
                if v.declare.must_use_trick_card
                else "."
            ),
            FreshCard.SAME_CLASS: "**A new card each time:** every declaration must contain at "
            "least one card never declared before in a combination of the same family.",
            FreshCard.ALWAYS: "**A new card each time:** every declaration must contain at least "
            "one card never declared before in any combination.",
            FreshCard.FROM_HAND: "**A card from the hand each time:** every declaration must take "
            "at least one card from the hand; cards already lying on the table alone do not "
            "make one.",
        },
    )
    text.append(fresh_text)
    partner = per_member(
        r.partner_cards,
        {
            PartnerCards.OWN_ONLY: "",
            PartnerCards.EITHER_HAND_FOR_MULTI_BEZIQUE: "A double or triple bézique may be made "
            "up from **either partner's declared cards**.",
            PartnerCards.PARTNER_TABLE: "A player may build on his **partner's declared "
            "cards**: a combination may take cards from his partner's table with at least one "
            "of his own, but not one his partner could not declare himself (the king and queen "
            "of his partner's sequence do not marry), and a double or triple bézique is made "
            "from one player's cards only.",
        },
    )
    if partner:
        text.append(partner)
    return "\n\n".join([*text, page.texts("reuse")])


def _once_per_kind(v: Variant) -> list[str]:
    """A card scores once in each kind: the kinds shared by several combinations, and the
    second double bézique."""
    text = ["**A card scores once in each kind of combination.**" + _once_example(v)]
    for names in combos.kind_groups(v):
        group = listing(f"the {name}" for name in names)
        text.append(
            f"{group[:1].upper()}{group[1:]} count as one kind: a card that scored in one "
            "of them cannot score in another."
        )
    if v.reuse.multi_bezique_extension:
        text.append(
            "One exception: a bézique already used in a double bézique may make a "
            "**second double bézique** with a fresh pair."
        )
    return text


def _once_example(v: Variant) -> str:
    """The example of the once-per-kind rule, from the variant's own combinations: the queen of
    its first marriage and the other kinds a card of her rank may score in."""
    enabled = [c for c in v.combinations if c.enabled]
    marriage = next((c for c in enabled if isinstance(c, SameSuit) and len(c.ranks) == 2), None)
    if marriage is None:
        return ""
    rank = marriage.ranks[-1]
    others: dict[str, str] = {}
    for c in enabled:
        if c.kind_key != marriage.kind_key and c.kind_key not in others and _holds(v, c, rank):
            others[c.kind_key] = _a(c.display_name)
    name = rank_name(rank)
    text = f" A {name} once married cannot be married again"
    if not others:
        return text + "."
    return f"{text}, but the same {name} may still score in " + listing(others.values(), "or") + "."


def _holds(v: Variant, combo: Combination, rank: str) -> bool:
    """Whether a card of ``rank`` can be part of ``combo``."""
    match combo:
        case SameSuit():
            return rank in combo.ranks
        case SameRank():
            return combo.of == rank
        case Bezique():
            queens = [v.bezique.queen, *(pair.queen for pair in v.bezique.when_trump)]
            jacks = [v.bezique.jack, *(pair.jack for pair in v.bezique.when_trump)]
            return any(card is not None and card[0] == rank for card in (*queens, *jacks))
    assert_never(combo)


def _formed_again(v: Variant) -> list[str]:
    """Combinations formed again: when, the marriages that may be made again, and those that
    may be formed again by adding cards."""
    r = v.reuse
    played = per_member(
        r.reform_trigger,
        {ReformTrigger.DECLARED_CARD_PLAYED: True, ReformTrigger.ANY_NEW_CARD: False},
    )
    trigger = (
        "once a card of it has been played and another put in its place"
        if played
        else "whenever a new card joins cards already declared"
    )
    text = [
        f"**Combinations may be formed again**: the same combination scores anew {trigger}. "
        "Four queens declared, one played, a fifth queen added to the three left: four "
        "queens again. The very same cards never score the same combination twice."
    ]
    repair = per_member(
        r.marriage_repair,
        {
            MarriageRepair.NONE: "A king or queen once married cannot marry again.",
            MarriageRepair.WIDOW: "A king or queen whose partner has been played may **marry "
            "again** (the marriage of a widow); remarrying while the first partner is still on "
            "the table is not allowed.",
            MarriageRepair.CROSS_PAIR: "Two marriages of one suit on the table may be "
            "**re-paired**: each king with the other queen, for two more marriages.",
        },
    )
    kinds = set(r.repair_kinds)
    names = [c.display_name for c in v.combinations if c.enabled and c.kind_key in kinds]
    concerns = (
        f"This concerns {listing(f'the {name}' for name in names)}."
        if names
        else "No combination is concerned."
    )
    text.append(f"{repair} {concerns}")
    added = [
        c.display_name
        for c in v.combinations
        if c.enabled and c.class_ in r.reform_with_added and c.kind_key not in kinds
    ]
    if added and played:
        text.append(
            f"{listing(f'The {name}' for name in added)} may also be formed again **by "
            "adding cards**, without a card being played first: the cards of one may serve "
            "in another, equal or superior, with a card added (law 38 read literally)."
        )
    return text


def _no_going_down(v: V) -> str:
    """The inferior bar, with the families of combinations and an example from the data."""
    families = combos.families(v)
    text = (
        "**No going down:** a card declared in a combination may not later be declared in an "
        "inferior combination of the same family."
    )
    if not families:
        return text + " (No family here has combinations of two ranks.)"
    orders = "; ".join(
        " → ".join(listing((c.display_name for c in rank), "or") for rank in family)
        for family in families
    )
    low, high = (_a(c.display_name) for c in combos.going_down(families[0]))
    return (
        f"{text} The families, the inferior first: {orders}. So cards that scored in {high} "
        f"cannot then make {low}; {low} first and {high} after is allowed."
    )


def _a(name: str) -> str:
    """A combination's name with its article: "a sequence", but "four kings"."""
    first = name.split()[0]
    numbers = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
    return name if first in numbers or first.isdigit() else f"a {name}"


def seven_heading(variant: Variant) -> str:
    """``The seven of trumps``, or the low trump of another rank: ``The nine of trumps``."""
    rank = "7" if variant.seven is None else variant.seven.rank
    return f"The {rank_name(rank)} of trumps"


def seven(page: Page) -> str:
    s = page.variant.seven
    if s is None:
        return "The seven of trumps has no special value in this game."
    seven_name = f"{rank_name(s.rank)} of trumps"
    text = []
    turn_up = per_member(
        page.variant.trump.mode,
        {TrumpMode.TURN_UP: True, TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE: False},
    )
    if s.turned_up_points and turn_up:
        text.append(
            f"If the turn-up is a {rank_name(s.rank)}, the dealer scores {s.turned_up_points}."
        )
    side = per_member(
        page.variant.declare.right,
        {
            DeclareRight.TRICK_WINNER: "after winning a trick",
            DeclareRight.WINNER_OR_PARTNER: "after he or his partner wins a trick",
            DeclareRight.WINNER_MAY_PASS: "after winning a trick",
        },
    )
    if s.exchange:
        text += _exchange(s, seven_name, side)
    text.append(_shown(page.variant, s, seven_name, side))
    return "\n\n".join([*text, page.texts("seven")])


def _exchange(s: Seven, seven_name: str, side: str) -> list[str]:
    """Who may exchange the low trump for the turn-up, when, and what it scores."""
    who = per_member(
        s.exchange_when,
        {
            SevenExchange.AFTER_OWN_TRICK_WIN: "A player holding the " + seven_name + " may, "
            f"{side} and before drawing, exchange it for the turn-up",
            SevenExchange.WINNER_OF_TRICK_CONTAINING_IT: "The winner of the trick that holds "
            "the " + seven_name + " may exchange it for the turn-up (a scoring turn-up taken "
            "so becomes one of his open cards)",
            SevenExchange.ANY_TIME: "A player holding the " + seven_name + " may exchange it "
            "for the turn-up at any of his turns while the stock lasts"
            + ("" if s.exchange_needs_trick else ", before his first trick too"),
            SevenExchange.LEADER_BEFORE_LEAD: "A player holding the " + seven_name + " may "
            "exchange it for the turn-up when it is his turn to lead, before he plays",
        },
    )
    scores = f", scoring {s.exchange_points}." if s.exchange_points else ", for no points."
    text = [who + scores]
    if s.exchange_needs_trick:
        text.append("He may exchange it only once he has won a trick in the deal.")
    if s.exchange_min_stock == 2:
        text.append("He may not exchange it when the turn-up is the last card of the stock.")
    elif s.exchange_min_stock > 2:
        text.append(
            f"He may exchange it only while {number_word(s.exchange_min_stock)} cards or more "
            "are left in the stock, the turn-up counted."
        )
    if not s.turn_up_declarable:
        text.append("The card so taken may not be part of a declaration made after the same trick.")
    return text


def _shown(v: Variant, s: Seven, seven_name: str, side: str) -> str:
    """What a low trump not exchanged scores, and when."""
    copies = v.deck.packs  # one seven of each suit in each pack
    plural = f"{rank_plural(s.rank)} of trumps"
    if copies == 1:
        others = f"The {seven_name}"
    elif s.exchange:
        others = (
            f"The other {seven_name}"
            if copies == 2
            else f"Each of the other {number_word(copies - 1)} {plural}"
        )
    else:
        others = f"Each of the {number_word(copies)} {plural}"
    if not s.points:
        return f"{others} scores nothing {'else' if s.exchange else ''}".rstrip() + "."
    trigger = per_member(
        s.score_trigger,
        {
            SevenScore.DECLARE_AFTER_WIN: f"{others} scores {s.points} when its holder shows "
            f"it {side}.",
            SevenScore.ON_PLAY: f"A {seven_name} scores {s.points} for the player who plays it "
            "to a trick while the stock lasts, whether or not he wins the trick.",
            SevenScore.ON_TRICK_WON: f"A {seven_name} not exchanged scores {s.points} for the "
            "winner of the trick that holds it.",
        },
    )
    return trigger + f" Each {rank_name(s.rank)} scores once."


def carte_blanche(page: Page) -> str:
    cb = page.variant.carte_blanche
    if cb is None:
        return ""
    courts = listing(rank_plural(r) for r in cb.court_ranks)
    window = per_member(
        cb.window,
        {
            CarteBlancheWindow.BEFORE_OWN_FIRST_PLAY: "before playing his first card",
            CarteBlancheWindow.BEFORE_FIRST_TRICK: "before the first trick",
        },
    )
    text = [
        f"A hand dealt with no {courts} is a **carte blanche**, worth {cb.points}. It is "
        f"declared {window}, by showing the cards one by one"
        + (
            ", and scores without winning a trick."
            if not cb.requires_trick_win
            else ", and scores on winning a trick."
        ),
    ]
    if cb.repeat_on_noncourt_draw:
        text.append(
            f"After that, each card drawn that is not one of the {courts} may be shown "
            f"for another {cb.points}, until a court card is drawn."
        )
    return "\n\n".join([*text, page.texts("carte_blanche")])


def open_cards(page: Page) -> str:
    oc = page.variant.open_cards
    if oc is None:
        return ""
    plain = listing(rank_plural(r) for r in oc.ranks)
    trumps = listing(rank_plural(r) for r in oc.trump_ranks)
    text = [
        f"Whenever {plain}"
        + (f", or {trumps} of trumps," if oc.trump_ranks else "")
        + " are played to a trick, the winner of the trick lays them face up in front of him: "
        "these are his **open cards**. Other cards go into his tricks.",
        "Open cards are seen by everybody, **can never be played again**, and serve only for "
        "declaring; they stay on the table to the end of the hand, through the last tricks.",
        "So a card counts for declaring only once it has been *won*: holding the fourth king "
        "in your hand is no use — you must win a trick containing a king.",
    ]
    return "\n\n".join([*text, page.texts("open_cards")])
