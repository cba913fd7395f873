"""The start of a game and of each deal: the cut, the election, the deal, the turn-up and the
six-pack count (an uncredited handbook; Herring, Rules for 6-pack Bezique)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from interpreter.cards import JOKER_SUIT
from interpreter.engine import blanche, seven
from interpreter.engine.events import DEAL, KIND, VALUES, EventKind, Reason
from interpreter.engine.parts import from_blocks
from interpreter.engine.state import Phase, Snapshot, State, Table
from interpreter.model import Variant
from interpreter.model.deck import CountGuess, CutRule, Rotation
from interpreter.model.play import TrickPiles, TrumpMode

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


# -- the compiled part -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealRules:
    rule: CutRule
    hand_size: int
    packets: tuple[int, ...]
    rotation: Rotation
    count_guess: CountGuess | None
    tricks: TrickPiles
    turn_up_after: int | None = None  # rounds of packets dealt before the turn-up
    heaped: bool = field(init=False)  # the played cards lie in a heap until a brisque is won

    def __post_init__(self) -> None:
        object.__setattr__(self, "heaped", self.tricks is TrickPiles.HEAP_UNTIL_BRISQUE)


def compile(variant: Variant) -> DealRules:
    """The deal's part of the rules: ``[cut]``, ``[deal]`` and the lead and trick piles of
    ``[play]``."""
    return from_blocks(DealRules, variant.cut, variant.deal, variant.play)


def start(rules: Rules, state: State, dealer: int | None) -> None:
    if dealer is not None:
        state.dealer = dealer % state.players
        deal(rules, state)
        return
    cut(rules, state)
    if state.phase is Phase.ELECT:
        state.snapshot = Snapshot.of(state, deals=False)
    else:
        deal(rules, state)


def cut(rules: Rules, state: State) -> None:
    """Each player cuts a card; ties cut again.  The rule says who deals or who chooses."""
    n = state.players
    rng = state.chance.generator()
    while True:
        cards = rng.sample(range(rules.n_cards), n)
        strengths = [rules.strength[c] for c in cards]
        high, low = max(strengths), min(strengths)
        if strengths.count(high) == 1 and strengths.count(low) == 1:
            break
    rule = rules.dealing.rule
    chooser = None
    if rule is CutRule.LOW_DEALS:
        state.dealer = strengths.index(low)
    elif rule is CutRule.HIGH_DEALS:
        state.dealer = strengths.index(high)
    else:
        chooser = state.cut_winner = strengths.index(high)
        state.phase = Phase.ELECT
        state.to_act = chooser
    state.emit(EventKind.CUT, chooser, cards=tuple(rules.face[c] for c in cards))


# -- the election: the winner of the cut deals or lets the other deal --------------------------
def elect(rules: Rules, state: State, deal_self: bool) -> None:
    chooser = state.cut_winner if state.cut_winner is not None else state.to_act
    state.dealer = chooser if deal_self else (chooser + 1) % state.players
    state.emit(EventKind.ELECT, chooser, number=int(deal_self))
    deal(rules, state)


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)`` with its calls inlined: the very same draws and order (the
    Fisher–Yates walk of CPython's ``random``, each index below ``i + 1`` by rejection on just
    enough bits), a deal's 64 to 256 calls fewer."""
    bits = rng.getrandbits
    walk = _WALKS.get(len(cards))
    if walk is None:
        walk = _WALKS[len(cards)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1)
        )
    for i, n, k in walk:
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


_WALKS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""The Fisher–Yates walk for each deck size: each position from the last, how many places it
may swap with, and how many bits a draw below that takes."""


def deal(rules: Rules, state: State) -> None:
    """Deal the next hand: from the next fixed deck order if any, else a fresh shuffle."""
    n = state.players
    # The new deal's table first: the snapshot need not copy the finished deal's (dealing
    # again from the snapshot lays a new table anyway).
    table = state.table = Table.empty(n)
    state.snapshot = Snapshot.of(state, deals=True, table_empty=True)
    state.deal_no += 1
    if state.deal_orders:
        order = state.deal_orders.pop(0)
    else:
        order = list(range(rules.n_cards))
        shuffle(state.chance.generator(), order)
    table.order = order
    dealing = rules.dealing
    if dealing.turn_up_after is not None:
        order = between_packets(order, dealing.packets, dealing.turn_up_after, n)
    first = (state.dealer + 1) % n
    position = 0
    for size in dealing.packets:
        for offset in range(n):
            seat = (first + offset) % n
            table.hands[seat].update(order[position : position + size])
            position += size
    number = rules.face_number
    for seat in range(n):
        table.rank(seat, rules.place)
        held = table.held[seat] = [0] * rules.n_faces
        table.opened[seat] = [0] * rules.n_faces
        for card in table.hands[seat]:
            held[number[card]] += 1
    state.emit(EventKind.DEAL, state.dealer, number=state.deal_no)
    face, card_at = rules.face, rules.card_at
    for seat in range(n):
        table.received[seat].update(table.hands[seat])
        faces = tuple([face[card_at[place]] for place in table.ranked[seat]])  # as kept
        state.emit(EventKind.HAND, seat, cards=faces, seen_by=rules.alone[seat])
    rest = order[position:]
    if rules.declare.mode is TrumpMode.TURN_UP:
        # A joker fixes no suit: the first card that is not one is turned up, and the jokers
        # above it stay at the top of the stock (a choice of ours; no source says).
        at = 0
        if rules.jokers:
            at = next(i for i, card in enumerate(rest) if rules.suit[card] != JOKER_SUIT)
        turn_up, rest = rest[at], rest[:at] + rest[at + 1 :]
        table.turn_up = turn_up
        table.trump = rules.suit[turn_up]
        table.stock = [turn_up, *reversed(rest)]
        table.public.add(turn_up)
        state.emit(EventKind.TURN_UP, state.dealer, cards=(rules.face[turn_up],))
        seven.turned_up(rules, state, turn_up)
    else:
        table.stock = list(reversed(rest))
    count_guess(rules, state)
    blanche.after_deal(rules, state)
    table.leader = first
    state.to_act = first
    state.phase = Phase.PLAY


def between_packets(order: list[int], packets: tuple[int, ...], after: int, n: int) -> list[int]:
    """The deck as the packets take it when the turn-up lies between packets (Schnapsen: three
    cards each, the next card turned up, then two each): the card after ``after`` rounds of
    packets moved to follow the whole deal, where the turn-up is taken."""
    at = n * sum(packets[:after])
    dealt = n * sum(packets)
    return [*order[:at], *order[at + 1 : dealt + 1], order[at], *order[dealt + 1 :]]


def count_of(state: State) -> tuple[int, int] | None:
    """The six-pack count of the deal being played (lifted, guessed), which is public; None
    where the variant has none."""
    for event in reversed(state.events):
        if event[KIND] is EventKind.COUNT and event[DEAL] == state.deal_no:
            lifted, guessed, _ = event[VALUES]
            return lifted, guessed
        if event[KIND] is EventKind.DEAL:
            break
    return None


def count_guess(rules: Rules, state: State) -> None:
    """The six-pack deal-count bonuses (an uncredited handbook; Herring): the dealer lifts a
    packet off the pack, hoping for exactly the cards the deal needs; the non-dealer guesses its
    size.  The engine makes both a chance event, each within three cards of the target, unless
    the game was created with ``count_guess=(lifted, guessed)``."""
    rule = rules.dealing.count_guess
    if rule is None:
        return
    if state.count_override is not None:
        lifted, guessed = state.count_override
        state.count_override = None
    else:
        rng = state.chance.generator()
        lifted = rule.target + rng.randint(-3, 3)
        guessed = rule.target + rng.randint(-3, 3)
    guesser = (state.dealer + 1) % state.players
    state.emit(EventKind.COUNT, state.dealer, values=(lifted, guessed, guesser))
    if lifted == rule.target:
        state.score(state.dealer, rule.dealer_exact, Reason.DEAL_COUNT, number=lifted)
    if guessed == lifted:
        state.score(guesser, rule.guesser_exact, Reason.COUNT_GUESS, number=guessed)
