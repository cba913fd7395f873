"""The sections of a rulebook page, each a pure function of the page's variant.

``tests/test_schema_honesty.py`` checks that changing any field changes the page."""

from __future__ import annotations

from typing import Any

from interpreter.rulebook.page import Page
from interpreter.rulebook.words import (
    cards,
    listing,
    number_word,
    ordinal,
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


def sequence_fixes_trumps(v: V) -> bool:
    """A sequence may be declared before any marriage, and so fix trumps (law 41): a
    combination of more than two cards of the trump suit that is not built on another."""
    return any(
        combo.enabled
        and combo.shape == "same_suit"
        and combo.suit.value == "trump"
        and len(combo.ranks) > 2
        and combo.builds_on is None
        for combo in v.combinations
    )


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
    trump = (
        "the card turned up after the deal"
        if v.trump.mode.value == "turn_up"
        else "the first marriage scored"
        + (" (or a sequence scored before any marriage)" if sequence_fixes_trumps(v) else "")
    )
    if v.game.format.value == "race":
        goal = f"first to {v.game.target} points, over as many deals as it takes"
        if pairs:
            goal = f"the first side to {v.game.target} points, partners' scores added"
        if v.match is not None:
            goal += f"; a match is won with {v.match.target} game points"
    else:
        goal = "one deal is a game; the higher score wins, valued by the settlement below"
    rows = [
        ("Players", who),
        ("Cards", cards_line),
        ("Hand", f"{hand} cards each, dealt {packets}"),
        ("Trumps", trump),
        ("Goal", goal),
    ]
    if page.parent is not None:
        rows.append(("Based on", f"{page.parent_link()}, with the differences listed below"))
    table = "| At a glance | |\n|---|---|\n" + "\n".join(f"| {k} | {w} |" for k, w in rows)
    return f"{page.summary()}\n\n{table}\n\n*Variant name `{v.name}`.* {page.texts('')}"


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
    text.append(
        f"The {brisques} are the **brisques**; what they are worth is told under "
        "*Last trick and brisques*."
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
    rule = cut.rule.value
    who = {
        "high_chooses": "The players cut; the one with the higher card chooses whether to deal.",
        "high_deals": "The players cut; the higher card deals.",
        "low_deals": "The players cut; the lower card deals.",
    }[rule]
    first = {"dealer_left": "the player on the dealer's left"}[deal.first_recipient.value]
    if v.players.count == 2:
        first = "the dealer's opponent"
    packets = ", ".join(str(p) for p in deal.packets)
    text = [
        who + " Cut cards of equal rank cut again.",
        f"The dealer gives each player **{deal.hand_size} cards**, in packets of {packets}, "
        f"starting with {first} and going round to the left.",
    ]
    turned = v.players.count * deal.hand_size + 1
    fixed = "scored" if v.trump.fixed_on.value == "scored" else "declared"  # without turn-up
    if v.trump.mode.value == "turn_up":
        text.append(
            f"The next card — the {ordinal(turned)} — is turned up: its suit is **trumps**. The "
            "rest of the cards, face down, make the **stock**, with the turn-up at its bottom; "
            "it is the last card drawn."
        )
        if v.deck.jokers:
            text.append(
                "A joker is never turned up: the first card after the deal that is not a "
                "joker is, and the jokers above it stay at the top of the stock."
            )
    else:
        text.append(
            "No card is turned up: the rest of the pack is the **stock**. There are **no trumps** "
            f"until the first marriage is {fixed}; its suit becomes trumps and it counts as a "
            "marriage in trumps."
            + (
                f" A sequence {fixed} before any marriage fixes trumps the same way."
                if sequence_fixes_trumps(v)
                else ""
            )
        )
    guess = deal.count_guess
    if guess:
        text.append(
            f"**The count.** Before dealing, the dealer lifts a packet off the pack, aiming at "
            f"exactly the {guess.target} cards the deal needs, and his opponent guesses how many "
            f"he has lifted. An exact lift scores the dealer {guess.dealer_exact}; an exact guess "
            f"scores the opponent {guess.guesser_exact}."
        )
        text.append(page.texts("deal.count_guess"))
    rotation = {
        "left": "The deal passes to the left after each hand.",
        "last_trick_winner": "The winner of the last trick deals the next hand.",
    }[deal.rotation.value]
    if deal.rotation.value == "left" and v.players.count == 2:
        rotation = "The deal passes to the other player after each hand."
    if v.game.format.value == "race":
        text.append(rotation)
    else:
        text.append(f"One deal is the whole game. ({rotation})")
    return "\n\n".join([*text, *(page.texts(block) for block in ("cut", "deal", "trump"))])


def stock_play(page: Page) -> str:
    v = page.variant
    play = v.play
    leader = {"dealer_left": "the player on the dealer's left"}[play.lead.value]
    if v.players.count == 2:
        leader = "the dealer's opponent"
    text = [
        f"The first trick is led by {leader}; after that the winner of each trick leads.",
        "While there are cards in the stock **there is no duty to follow suit, to win, or to "
        "trump**: any card may be played, and a player may trump while holding the suit led.",
        "A trick goes to the highest trump in it or, without trumps, to the highest card of the "
        "suit led. Of two identical cards the one **played first** wins.",
    ]
    order = {
        "winner_then_left": "the winner of the trick first, then the others in turn to his left"
    }[play.draw_order.value]
    text.append(
        f"After each trick its winner may declare (see *Declarations*); then each player draws "
        f"one card from the stock, {order}, so that every hand is back to "
        f"{v.deal.hand_size} cards."
    )
    if v.deck.jokers:
        duty = {
            "any_card": "the others may play any card",
            "must_trump": "**the others must trump it if they can**",
        }[play.joker_led.value]
        text.append(
            f"A joker led wins the trick unless it is trumped, and {duty}; of two jokers the "
            "one led wins. A joker played to a trick led by another card never wins it."
        )
    piles = {
        "face_up_unsearchable": "Won tricks lie face up before their winner but may not be "
        "looked through.",
        "heap_until_brisque": "Played cards lie face up in a heap between the players until a "
        "trick with a brisque is won: its winner then takes up the whole heap and turns it "
        "down.",
    }[play.tricks.value]
    text.append(piles)
    if play.obligations.value != "none" or play.identical_cards.value != "first_played_wins":
        text.append("")
    if play.odd_stock_card.value == "not_drawn":
        text.append("If a last card of the stock cannot go round, it is not drawn.")
    return "\n\n".join([*text, page.texts("play")])
