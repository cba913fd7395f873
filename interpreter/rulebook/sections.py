"""The sections of a rulebook page, each a pure function of the page's variant.

``tests/test_schema_honesty.py`` checks that changing any field changes the page."""

from __future__ import annotations

from typing import Any, assert_never

from interpreter.engine import Game
from interpreter.model import Bezique, Combination, SameRank, SameSuit, SuitFilter, Variant
from interpreter.model.deck import CutRule, FirstRecipient, Rotation
from interpreter.model.play import (
    DeclareWhen,
    DrawOrder,
    IdenticalCards,
    JokerLed,
    Lead,
    OddStockCard,
    StockObligations,
    TrickPiles,
    TrumpFixedOn,
    TrumpMode,
)
from interpreter.model.scoring import GameFormat, WinCheck
from interpreter.rulebook.page import Page
from interpreter.rulebook.scoring import brisques_heading
from interpreter.rulebook.words import (
    cards,
    listing,
    number_word,
    ordinal,
    per_member,
    rank_name,
    rank_plural,
    seat,
    suit_name,
)

V = Any  # a variant (or one of its blocks)


def _deck_size(v: V) -> int:
    deck = v.deck
    size: int = deck.packs * len(deck.suits) * len(deck.ranks) - len(deck.remove) + deck.jokers
    return size


def _stock_left_over(v: Variant) -> bool:
    """Whether the stock after the deal leaves a card that cannot go round (the engine deals
    one, so that the count is the engine's)."""
    stock = Game.new(v, seed=0, dealer=0).view(0).stock_size
    return stock % v.players.count != 0


def sequence_fixes_trumps(v: Variant) -> bool:
    """A sequence may be declared before any marriage, and so fix trumps (law 41): a
    combination of more than two cards of the trump suit that is not built on another."""
    return any(combo.enabled and _fixes_trumps(combo) for combo in v.combinations)


def _fixes_trumps(combo: Combination) -> bool:
    """Whether a combination, declared before any marriage, would fix trumps."""
    match combo:
        case SameSuit():
            in_trumps = per_member(
                combo.suit, {SuitFilter.TRUMP: True, SuitFilter.PLAIN: False, SuitFilter.ANY: False}
            )
            return in_trumps and len(combo.ranks) > 2 and combo.builds_on is None
        case SameRank() | Bezique():
            return False
    assert_never(combo)


def overview(page: Page) -> str:
    v = page.variant
    players = v.players.count
    pairs = v.players.partnerships
    who = f"{number_word(players)} players"
    if pairs:
        sides = " against ".join(" and ".join(seat(s) for s in side) for side in pairs)
        who += f" in partnerships ({sides}; partners sit opposite)"
    elif players > 2:
        who += ", each for himself"
    deck = v.deck
    size = _deck_size(v)
    jokers = f" and {number_word(deck.jokers)} joker{'s' if deck.jokers > 1 else ''}"
    cards_line = (
        f"{number_word(deck.packs)} pack{'s' if deck.packs > 1 else ''} of "
        f"{len(deck.suits) * len(deck.ranks)}{jokers if deck.jokers else ''} shuffled "
        f"together: {size} cards"
    )
    hand = v.deal.hand_size
    packets = ", ".join(str(p) for p in v.deal.packets)
    trump = per_member(
        v.trump.mode,
        {
            TrumpMode.TURN_UP: "the card turned up "
            + ("after the deal" if v.deal.turn_up_after is None else "between the packets"),
            TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE: "the first marriage scored"
            + (" (or a sequence scored before any marriage)" if sequence_fixes_trumps(v) else ""),
        },
    )
    rows = [
        ("Players", who),
        ("Cards", cards_line),
        ("Hand", f"{hand} cards each, dealt {packets}"),
        ("Trumps", trump),
        ("Goal", _goal(v)),
    ]
    if page.parent is not None:
        rows.append(("Based on", f"{page.parent_link()}, with the differences listed below"))
    table = "| At a glance | |\n|---|---|\n" + "\n".join(f"| {k} | {w} |" for k, w in rows)
    return f"{page.summary()}\n\n{table}\n\n*Variant name `{v.name}`.* {page.texts('')}"


def _goal(v: Variant) -> str:
    match v.game.format:
        case GameFormat.RACE:
            who = "the first side" if v.players.partnerships else "the first"
            added = ", partners' scores added" if v.players.partnerships else ""
            reach = per_member(
                v.game.win_check,
                {
                    WinCheck.IMMEDIATE: f"{who} to reach {v.game.target} points{added}, the "
                    "moment it is reached",
                    WinCheck.END_OF_DEAL: f"{v.game.target} points or more at the end of a "
                    f"deal{added} (the higher score if more than one), over as many deals as "
                    "it takes",
                    WinCheck.CLAIM: f"{who} to claim {v.game.target} points{added} and have them",
                },
            )
            goal = reach
            if v.match is not None:
                goal += f"; a match is won with {v.match.target} game points"
            return goal
        case GameFormat.SINGLE_DEAL:
            return "one deal is a game; the higher score wins, valued by the settlement below"
    assert_never(v.game.format)


def the_cards(page: Page) -> str:
    v = page.variant
    deck = v.deck
    order = " > ".join(rank_name(r) for r in deck.ranks)
    suits = ", ".join(suit_name(s) for s in deck.suits)
    ten_high = (
        "T" in deck.ranks
        and "K" in deck.ranks
        and (list(deck.ranks).index("T") < list(deck.ranks).index("K"))
    )
    text = [
        f"Each pack has the suits {suits} and, in each suit, the ranks {cards_rank(deck.ranks)}."
        f" In play and in cutting the cards rank **{order}**"
        + (" — the ten ranks above the king." if ten_high else "."),
    ]
    if deck.remove:
        text.append(f"Taken out of the deck: {cards(deck.remove)}.")
    brisques = listing(rank_plural(r) for r in deck.brisque_ranks)
    what = "every card won is" if page.variant.brisques.values else "they are"
    text.append(
        f"The {brisques} are the **brisques**; what {what} worth is told under "
        f"*{brisques_heading(page.variant)}*."
    )
    if deck.endgame_ranks:
        end = " > ".join(rank_name(r) for r in deck.endgame_ranks)
        text.append(f"In the last tricks the order changes to **{end}**.")
    if deck.jokers:
        are = "jokers are" if deck.jokers > 1 else "joker is"
        text.append(
            f"**{number_word(deck.jokers).capitalize()} {are}** added to the packs, written "
            "JK. A joker belongs to no suit and has no rank: it serves only in the "
            "combinations that take one (see *Declarations*), and in play it wins a trick "
            "only when it is led and nobody trumps it. In the cut a joker is the lowest card."
        )
    return "\n\n".join([*text, page.texts("deck")])


def cards_rank(ranks: Any) -> str:
    return " ".join(r for r in ranks)


def dealing(page: Page) -> str:
    v = page.variant
    cut, deal = v.cut, v.deal
    two = v.players.count == 2
    high, low = ("higher", "lower") if two else ("highest", "lowest")
    other = "his opponent" if two else "another"
    leader = "the dealer's opponent" if two else "the player on the dealer's left"
    who = per_member(
        cut.rule,
        {
            CutRule.HIGH_CHOOSES: f"The players cut; the one with the {high} card has the "
            f"**choice** (the 'preference'): he decides whether he deals or lets {other} deal. "
            f"{leader[0].upper()}{leader[1:]} leads, and the lead is as a rule a "
            "disadvantage (the Britannica's hints), so the choice is usually to deal.",
            CutRule.HIGH_DEALS: f"The players cut; the {high} card deals.",
            CutRule.LOW_DEALS: f"The players cut; the {low} card deals.",
        },
    )
    first = per_member(
        deal.first_recipient, {FirstRecipient.DEALER_LEFT: "the player on the dealer's left"}
    )
    if v.players.count == 2:
        first = "the dealer's opponent"
    packets = ", ".join(str(p) for p in deal.packets)
    text = [
        who + " Cut cards of equal rank cut again.",
        f"The dealer gives each player **{deal.hand_size} cards**, in packets of {packets}, "
        f"starting with {first} and going round to the left.",
        *_stock(v),
    ]
    guess = deal.count_guess
    if guess:
        text.append(
            f"**The count.** Before dealing, the dealer lifts a packet off the pack, aiming at "
            f"exactly the {guess.target} cards the deal needs, and his opponent guesses how many "
            f"he has lifted. An exact lift scores the dealer {guess.dealer_exact}; an exact guess "
            f"scores the opponent {guess.guesser_exact}."
        )
        text.append(page.texts("deal.count_guess"))
    text.append(_next_dealer(v))
    return "\n\n".join([*text, *(page.texts(block) for block in ("cut", "deal", "trump"))])


def _stock(v: Variant) -> list[str]:
    """The turn-up, if any, and the stock."""
    match v.trump.mode:
        case TrumpMode.TURN_UP:
            text = [_turn_up(v)]
            if v.deck.jokers:
                text.append(
                    "A joker is never turned up: the first card after the deal that is not a "
                    "joker is, and the jokers above it stay at the top of the stock."
                )
            return text
        case TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE:
            fixed = per_member(
                v.trump.fixed_on,
                {TrumpFixedOn.SCORED: "scored", TrumpFixedOn.DECLARED: "declared"},
            )
            sequence = f" A sequence {fixed} before any marriage fixes trumps the same way."
            return [
                "No card is turned up: the rest of the pack is the **stock**. There are **no "
                f"trumps** until the first marriage is {fixed}; its suit becomes trumps and it "
                "counts as a marriage in trumps." + (sequence if sequence_fixes_trumps(v) else "")
            ]
    assert_never(v.trump.mode)


def _turn_up(v: Variant) -> str:
    """Where the turn-up is taken: after the deal, or between two rounds of packets."""
    deal, players = v.deal, v.players.count
    after = deal.turn_up_after
    stock = (
        "The rest of the cards, face down, make the **stock**, with the turn-up at its "
        "bottom; it is the last card drawn."
    )
    if after is None:
        turned = players * deal.hand_size + 1
        return f"The next card — the {ordinal(turned)} — is turned up: its suit is **trumps**. " + (
            stock
        )
    turned = players * sum(deal.packets[:after]) + 1
    first = ", ".join(str(p) for p in deal.packets[:after])
    rest = ", ".join(str(p) for p in deal.packets[after:])
    when = f"after the packets of {first}" if after else "before the first packet"
    return (
        f"The turn-up is taken {when}: the next card — the {ordinal(turned)} — is turned up, "
        f"and its suit is **trumps**; then the packets of {rest} are dealt. {stock}"
    )


def _next_dealer(v: Variant) -> str:
    """Who deals the next hand, if there is one."""
    match v.deal.rotation:
        case Rotation.LEFT if v.players.count == 2:
            rotation = "The deal passes to the other player after each hand."
        case Rotation.LEFT:
            rotation = "The deal passes to the left after each hand."
        case Rotation.LAST_TRICK_WINNER:
            rotation = "The winner of the last trick deals the next hand."
        case _:
            assert_never(v.deal.rotation)
    return per_member(
        v.game.format,
        {
            GameFormat.RACE: rotation,
            GameFormat.SINGLE_DEAL: "One deal is the whole game; in a series of games, "
            + (rotation[0].lower() + rotation[1:]).replace("each hand", "each game"),
        },
    )


def stock_play(page: Page) -> str:
    v = page.variant
    play = v.play
    leader = per_member(play.lead, {Lead.DEALER_LEFT: "the player on the dealer's left"})
    if v.players.count == 2:
        leader = "the dealer's opponent"
    text = [
        f"The first trick is led by {leader}; after that the winner of each trick leads.",
        "While there are cards in the stock **there is no duty to follow suit, to win, or to "
        "trump**: any card may be played, and a player may trump while holding the suit led.",
        "A trick goes to the highest trump in it or, without trumps, to the highest card of the "
        "suit led. Of two identical cards the one **played first** wins.",
    ]
    others = "his opponent" if v.players.count == 2 else "the others in turn to his left"
    first = "the winner of the trick first, then "
    order = per_member(play.draw_order, {DrawOrder.WINNER_THEN_LEFT: first + others})
    declares = per_member(
        v.declare.when,
        {
            DeclareWhen.AFTER_TRICK_WIN: "After each trick its winner may declare (see "
            "*Declarations*); then each player draws",
            DeclareWhen.ON_LEAD: "After each trick each player draws",
        },
    )
    text.append(
        f"{declares} one card from the stock, {order}, so that every hand is back to "
        f"{v.deal.hand_size} cards."
    )
    if v.deck.jokers:
        duty = per_member(
            play.joker_led,
            {
                JokerLed.ANY_CARD: "the others may play any card",
                JokerLed.MUST_TRUMP: "**the others must trump it if they can**",
            },
        )
        text.append(
            f"A joker led wins the trick unless it is trumped, and {duty}; of two jokers the "
            "one led wins. A joker played to a trick led by another card never wins it."
        )
    piles = per_member(
        play.tricks,
        {
            TrickPiles.FACE_UP_UNSEARCHABLE: "Won tricks lie face up before their winner but may "
            "not be looked through.",
            TrickPiles.HEAP_UNTIL_BRISQUE: "Played cards lie face up in a heap between the "
            "players until a trick with a brisque is won: its winner then takes up the whole "
            "heap and turns it down.",
        },
    )
    text.append(piles)
    # Each of these has one value, which the sentences above state.
    per_member(play.obligations, {StockObligations.NONE: None})
    per_member(play.identical_cards, {IdenticalCards.FIRST_PLAYED_WINS: None})
    odd = per_member(
        play.odd_stock_card,
        {OddStockCard.NOT_DRAWN: "If a last card of the stock cannot go round, it is not drawn."},
    )
    if _stock_left_over(v):  # the stock does not divide by the players: a card cannot go round
        text.append(odd)
    return "\n\n".join([*text, page.texts("play")])
