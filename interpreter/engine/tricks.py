"""Who wins a trick, and which cards may be played to it in the endgame (catalogue §5.3)."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.model.play import Endgame, HeadReference, TrumpIfVoid


def winning_index(
    cards: Sequence[int], suits: Sequence[str], strength: Sequence[int], trump: str | None
) -> int:
    """Index in ``cards`` of the card that wins the trick.

    The higher card of the suit led or the higher trump wins; of two identical cards the one
    played first wins (a later card must be strictly stronger to take the lead)."""
    best = 0
    best_suit = suits[cards[0]]
    for index in range(1, len(cards)):
        card = cards[index]
        suit = suits[card]
        if suit == best_suit:
            if strength[card] > strength[cards[best]]:
                best = index
        elif suit == trump:
            best, best_suit = index, suit
    return best


def endgame_playable(
    hand: Sequence[int],
    trick: Sequence[int],
    suits: Sequence[str],
    strength: Sequence[int],
    trump: str | None,
    rules: Endgame,
    *,
    exempt: bool = False,
) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` once the stock is exhausted.

    ``exempt``: the best card so far is a partner's and the rules excuse heading it, so only
    the duty to follow suit remains."""
    if not trick:
        return list(hand)
    led = suits[trick[0]]
    if rules.head_reference is HeadReference.CARD_LED:
        best = trick[0]
    else:
        best = trick[winning_index(trick, suits, strength, trump)]
    best_suit = suits[best]
    if exempt:
        same = [card for card in hand if suits[card] == led] if rules.follow_suit else []
        return same or list(hand)

    def beats(card: int) -> bool:
        suit = suits[card]
        if suit == best_suit:
            return strength[card] > strength[best]
        return suit == trump

    if rules.follow_suit:
        same = [card for card in hand if suits[card] == led]
        if same:
            if rules.must_head and best_suit == led:
                higher = [card for card in same if beats(card)]
                return higher or same
            return same
    if trump is None or rules.must_trump_if_void is TrumpIfVoid.NO:
        return list(hand)
    trumps = [card for card in hand if suits[card] == trump]
    if not trumps:
        return list(hand)
    over = [card for card in trumps if beats(card)]
    if over:
        return over
    if rules.must_trump_if_void is TrumpIfVoid.YES:
        return trumps  # he must trump even with a trump that cannot win (modern Rubicon)
    return list(hand)  # only_if_winning: no trump of his wins, so any card (Britannica)


def endgame_reason(
    card: int,
    hand: Sequence[int],
    trick: Sequence[int],
    suits: Sequence[str],
    strength: Sequence[int],
    trump: str | None,
    rules: Endgame,
    *,
    exempt: bool = False,
) -> str:
    """Why ``card`` may not be played to ``trick`` (called only when it may not)."""
    allowed = endgame_playable(hand, trick, suits, strength, trump, rules, exempt=exempt)
    led = suits[trick[0]]
    allowed_suits = {suits[c] for c in allowed}
    if led in allowed_suits and suits[card] != led:
        return f"must follow suit: you hold {_symbol(led)}"
    if led in allowed_suits:
        return "must win the trick when able: play a higher card of the suit led"
    if trump in allowed_suits and suits[card] != trump:
        return f"must trump when void in the suit led: you hold {_symbol(trump)}"
    return "must win the trick when able: play a higher trump"


def _symbol(suit: str | None) -> str:
    from interpreter.cards import SUIT_SYMBOLS

    return SUIT_SYMBOLS.get(suit or "", "?")
