"""Whether a race game in which nothing has scored can score at all: for each combination that
scores, a deal that hands seat 0 its cards (in a suit, with a turn-up, that make it count) is
played by greedy bots.  A combination that no deal can hand over (more cards than a hand holds,
more copies than the deck has) or that is not scored even then does not count.

Random deals alone cannot tell a rare combination (a double bézique, say) from one that can
never be made; this tells them apart, so the judge reports only the second.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from interpreter.engine import Game, Rules
from interpreter.model import Bezique, Combination, SameRank, SameSuit, SuitFilter
from interpreter.model.play import TrumpMode
from tests.support import deck_order

Deal = tuple[list[str], str]  # the faces seat 0 is dealt, and the trump suit
Player = Callable[[Game], bool]  # plays a game's first deal; whether anything scored


def combinations_score(rules: Rules, play: Player, rng: random.Random) -> list[str]:
    """The ids of the combinations that score in a deal made for them."""
    scored = []
    for combo in rules.variant.active_combinations:
        if combo.points <= 0:
            continue
        for cards, trump in _deals(rules, combo):
            if _scores(rules, cards, trump, play, rng):
                scored.append(combo.id)
                break
    return scored


def _scores(rules: Rules, cards: list[str], trump: str, play: Player, rng: random.Random) -> bool:
    variant = rules.variant
    n = rules.players
    turn_up = _turn_up(rules, cards, trump) if variant.trump.mode is TrumpMode.TURN_UP else None
    if variant.trump.mode is TrumpMode.TURN_UP and turn_up is None:
        return False
    hands = [cards] + [[] for _ in range(n - 1)]
    try:  # the dealer's left, seat 0, receives the first packet
        order = deck_order(variant, hands, dealer=n - 1, turn_up=turn_up)
    except ValueError:  # more cards than a hand holds
        return False
    return play(Game.new(rules, seed=rng.getrandbits(32), deck_order=order, dealer=n - 1))


def _turn_up(rules: Rules, cards: list[str], trump: str) -> str | None:
    """A face of the trump suit left over once ``cards`` are taken."""
    taken = Counter(cards)
    for face, copies in rules.by_face.items():
        if face.endswith(trump) and len(copies) > taken[face]:
            return face
    return None


def _deals(rules: Rules, combo: Combination) -> list[Deal]:
    """The deals that hand seat 0 ``combo``, one per trump suit that may make it count."""
    suits = list(dict.fromkeys(rules.variant.deck.suits))
    found: list[Deal] = []
    for trump in suits:
        cards = _cards(rules, combo, trump, suits)
        if cards is not None and all(
            len(rules.by_face.get(face, ())) >= n for face, n in Counter(cards).items()
        ):
            found.append((cards, trump))
    return found


def _cards(rules: Rules, combo: Combination, trump: str, suits: list[str]) -> list[str] | None:
    if isinstance(combo, Bezique):
        pair = rules.bezique_pair(trump)
        return None if pair is None else [pair[0], pair[1]] * combo.count
    allowed = {
        SuitFilter.TRUMP: [trump],
        SuitFilter.PLAIN: [s for s in suits if s != trump],
        SuitFilter.ANY: suits,
    }[combo.suit]
    if isinstance(combo, SameSuit):
        suit = trump if combo.suit is SuitFilter.ANY else next(iter(allowed), "")
        return [rank + suit for rank in combo.ranks] if suit else None
    assert isinstance(combo, SameRank)
    faces = [combo.of + suit for suit in allowed]
    most = max((len(rules.by_face.get(face, ())) for face in faces), default=0)
    cards = [face for k in range(most) for face in faces if len(rules.by_face.get(face, ())) > k]
    return cards[: combo.count] if len(cards) >= combo.count else None
