"""Tricks: which card may be played, who wins, and what the winner takes (Hoyle; Britannica;
Enquire Within 123 v, vi; law 55).

While the stock lasts any card held may be played.  In the last tricks the endgame duties
narrow the choice step by step (:func:`_narrowing`): each step keeps the cards that satisfy one
duty and names it, so the move list (the cards left after every step) and the refusal of a
card (the first step that left it out) come from the same walk."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, Protocol

from interpreter.cards import JOKER_SUIT, SUIT_SYMBOLS
from interpreter.engine import blanche, opencards, seven
from interpreter.engine.events import EventKind, Reason
from interpreter.engine.labels import card_label, card_labels, entries_by_card, groups
from interpreter.engine.moves import Move, Play, label_face
from interpreter.engine.parts import from_blocks
from interpreter.engine.state import State, Table
from interpreter.model import Variant
from interpreter.model.play import EndgameMode, HeadReference, JokerLed, TrumpIfVoid

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


# -- the compiled part -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EndgameRules:
    follow_suit: bool
    must_head: bool
    must_trump_if_void: TrumpIfVoid
    head_reference: HeadReference
    partner_exempt: bool
    mode: EndgameMode
    declared_back_to_hand: bool


def compile(variant: Variant) -> EndgameRules:
    """The endgame duties' part of the rules: ``[endgame]``."""
    return from_blocks(EndgameRules, variant.endgame)


def joker_must_trump(variant: Variant) -> bool:
    """Whether a joker led while the stock lasts must be trumped by those who can."""
    return bool(variant.deck.jokers) and variant.play.joker_led is JokerLed.MUST_TRUMP


class Duties(Protocol):
    """The endgame duties (``[endgame]``; the compiled rules or the model block)."""

    @property
    def follow_suit(self) -> bool: ...
    @property
    def must_head(self) -> bool: ...
    @property
    def must_trump_if_void(self) -> TrumpIfVoid: ...
    @property
    def head_reference(self) -> HeadReference: ...


def winning_index(
    cards: Sequence[int], suits: tuple[str, ...], strength: tuple[int, ...], trump: str | None
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


# -- the endgame duties ----------------------------------------------------------------------
Narrowing = list[tuple[list[int], str, str | None]]
"""The steps of the endgame duties: the cards still allowed once a duty is obeyed, and the
duty in a player's words (a template, with the suit it names put in only when a refusal
is written: listing the moves formats nothing)."""

# Rule values read on every turn of the last tricks, as names of this module: in CPython 3.11
# an enum member read from its class is a slow look-up (the enum's metaclass hooks it).
_CARD_LED: Final = HeadReference.CARD_LED
_NO_TRUMP: Final = TrumpIfVoid.NO
_MUST_TRUMP: Final = TrumpIfVoid.YES

_FOLLOW: Final = "must follow suit: you hold {}"
_HEAD: Final = "must win the trick when able: play a higher card of the suit led"
_TRUMP: Final = "must trump when void in the suit led: you hold {}"
_OVER_TRUMP: Final = "must win the trick when able: play a higher trump"


def _narrowing(
    hand: Sequence[int],
    trick: Sequence[int],
    suits: tuple[str, ...],
    strength: tuple[int, ...],
    trump: str | None,
    duties: Duties,
    exempt: bool,
) -> Narrowing:
    """The duties that bind this player, in order (:data:`Narrowing`).  ``exempt``: the best
    card so far is a partner's and the rules excuse heading it, so only the duty to follow
    suit remains."""
    steps: Narrowing = []
    if not trick:
        return steps
    led = suits[trick[0]]
    if duties.head_reference is _CARD_LED:
        best = trick[0]
    else:
        best = trick[winning_index(trick, suits, strength, trump)]
    if duties.follow_suit and led != JOKER_SUIT:  # a joker led has no suit to follow
        same = [card for card in hand if suits[card] == led]
        if same:
            steps.append((same, _FOLLOW, led))
            if duties.must_head and suits[best] == led and not exempt:
                higher = _beating(same, best, suits, strength, trump)
                if higher:
                    steps.append((higher, _HEAD, None))
            return steps
    if exempt or trump is None or duties.must_trump_if_void is _NO_TRUMP:
        return steps
    if led != JOKER_SUIT and any(suits[card] == led for card in hand):
        return steps  # not void in the suit led (no duty to follow): no duty to trump either
    _trumping(steps, hand, best, suits, strength, trump, duties.must_trump_if_void)
    return steps


def _trumping(
    steps: Narrowing,
    hand: Sequence[int],
    best: int,
    suits: tuple[str, ...],
    strength: tuple[int, ...],
    trump: str,
    duty: TrumpIfVoid,
) -> None:
    """The duty to trump of a player void in the suit led: to trump, and to win with a trump
    when he can."""
    trumps = [card for card in hand if suits[card] == trump]
    if not trumps:
        return
    over = _beating(trumps, best, suits, strength, trump)
    if over:
        steps.append((trumps, _TRUMP, trump))
        steps.append((over, _OVER_TRUMP, None))
    elif duty is _MUST_TRUMP:
        # He must trump even with a trump that cannot win (modern Rubicon); under
        # only_if_winning no trump of his wins, so any card may go (Britannica).
        steps.append((trumps, _TRUMP, trump))


def _beating(
    cards: list[int],
    best: int,
    suits: tuple[str, ...],
    strength: tuple[int, ...],
    trump: str | None,
) -> list[int]:
    """The cards that would beat ``best``: higher in its suit, or a trump when it is none."""
    best_suit, top = suits[best], strength[best]
    found = []
    for card in cards:
        suit = suits[card]
        if (strength[card] > top) if suit == best_suit else (suit == trump):
            found.append(card)
    return found


def endgame_playable(
    hand: Sequence[int],
    trick: Sequence[int],
    suits: tuple[str, ...],
    strength: tuple[int, ...],
    trump: str | None,
    duties: Duties,
    *,
    exempt: bool = False,
) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` once the stock is exhausted."""
    steps = _narrowing(hand, trick, suits, strength, trump, duties, exempt)
    return steps[-1][0] if steps else list(hand)


def endgame_reason(
    card: int,
    hand: Sequence[int],
    trick: Sequence[int],
    suits: tuple[str, ...],
    strength: tuple[int, ...],
    trump: str | None,
    duties: Duties,
    *,
    exempt: bool,
) -> str | None:
    """The duty that forbids playing ``card`` to ``trick``, or None if it may be played."""
    for allowed, duty, suit in _narrowing(hand, trick, suits, strength, trump, duties, exempt):
        if card not in allowed:
            return duty.format(SUIT_SYMBOLS[suit]) if suit is not None else duty
    return None


def partner_leads(rules: Rules, state: State, player: int) -> bool:
    """The best card of the trick so far is a partner's, and the rules excuse heading it."""
    table = state.table
    if not table.trick or not rules.endgame.partner_exempt:
        return False
    best = winning_index(table.trick, rules.suit, rules.end_strength, table.trump)
    return table.trick_players[best] in rules.partners(player)


def duty_args(rules: Rules, state: State, player: int) -> tuple[list[int], bool]:
    """The player's hand in display order, and whether he is excused from heading the trick."""
    card_at = rules.card_at
    hand = [card_at[place] for place in state.table.ranked[player]]
    return hand, partner_leads(rules, state, player)


def duty_problem(rules: Rules, state: State, player: int, card: int) -> str | None:
    """The endgame duty that forbids ``player`` to play ``card`` now, or None."""
    table = state.table
    hand, exempt = duty_args(rules, state, player)
    return endgame_reason(
        card,
        hand,
        table.trick,
        rules.suit,
        rules.end_strength,
        table.trump,
        rules.endgame,
        exempt=exempt,
    )


# -- the play of a card ----------------------------------------------------------------------
def moves(rules: Rules, state: State, player: int) -> list[Move]:
    """The cards ``player`` may play now: any card held while the stock lasts (the hand, then
    the declared cards on the table), the cards the duties allow in the last tricks."""
    table = state.table
    if not table.stock:
        if not table.trick:  # a lead: no duty binds it, any card of the hand may go
            return _plays_at(rules, table.ranked[player])
        hand, exempt = duty_args(rules, state, player)
        cards = endgame_playable(
            hand,
            table.trick,
            rules.suit,
            rules.end_strength,
            table.trump,
            rules.endgame,
            exempt=exempt,
        )
        places = rules.place  # the cards allowed, still in display order
        return _plays_at(rules, [places[card] for card in cards])
    if rules.joker_must_trump:
        trumps = joker_duty(rules, state, player)
        if trumps:
            return _hand_plays(rules, trumps & table.hands[player]) + _table_plays(
                rules, state, player, trumps & table.tables[player]
            )
    found = _plays_at(rules, table.ranked[player])
    if table.tables[player]:
        found += _table_plays(rules, state, player, table.tables[player])
    return found


def _table_plays(rules: Rules, state: State, player: int, cards: set[int]) -> list[Move]:
    """One play per label of the declared ``cards`` on ``player``'s table, the first card of
    each label in display order (a list the caller must not change: kept until the cards or
    the player's ledger change)."""
    table = state.table
    if table.open[player]:  # an open card's label depends on the trick just won too
        ordered = sorted(cards, key=rules.order.__getitem__)
        return _labelled_plays(ordered, card_labels(rules, state, player, ordered))
    # Without open cards, a declared card's label depends only on the player's ledger: the
    # play of each card is kept for the ledger as it is, and the list for the cards as they
    # are (compared with a copy kept of them: nothing is made when they are the same).
    version = table.ledger_versions[player]
    kept = table.memo.get(("table plays", player))
    if kept is not None and kept[0] == version:
        if kept[1] == cards:
            return kept[2]  # type: ignore[no-any-return]
        plays: dict[int, Play] = kept[3]
    else:
        plays = {}
    found: list[Move] = []
    labels: set[str] = set()
    entries: Mapping[int, str] | None = None
    for card in sorted(cards, key=rules.order.__getitem__):
        move = plays.get(card)
        if move is None:
            if entries is None:
                entries = entries_by_card(state, player)
            move = plays[card] = _play_of(card, card_label(rules, state, player, card, entries))
        if move.label not in labels:
            labels.add(move.label)
            found.append(move)
    table.memo[("table plays", player)] = (version, set(cards), found, plays)
    return found


def _labelled_plays(ordered: list[int], labels: list[str]) -> list[Move]:
    """One play per label, the first of ``ordered`` cards with it."""
    found: list[Move] = []
    seen: set[str] = set()
    for card, label in zip(ordered, labels, strict=True):
        if label not in seen:
            seen.add(label)
            found.append(_play_of(card, label))
    return found


def _play_of(card: int, label: str) -> Play:
    """The play of a declared ``card`` under ``label``.  Moves are values, the same in every
    variant: one made is kept here (a cache of this module, not of the rules or the state)."""
    move = _MADE.get((card, label))
    if move is None:
        if len(_MADE) >= _TABLE_PLAYS_KEPT:
            _MADE.clear()
        move = _MADE[card, label] = Play(card, label)
    return move


_MADE: Final[dict[tuple[int, str], Play]] = {}
_TABLE_PLAYS_KEPT: Final = 4096  # a bound on the moves kept (labels name declarations by number)


def joker_duty(rules: Rules, state: State, player: int) -> set[int]:
    """With ``play.joker_led = "must_trump"``: the trumps ``player`` holds (hand and table)
    when a joker has been led while the stock lasts — he must play one of them; else empty."""
    table = state.table
    trick, trump = table.trick, table.trump
    if not trick or not table.stock or rules.suit[trick[0]] != JOKER_SUIT:
        return set()  # (without trumps no card held is one: the set below is empty)
    held = table.hands[player] | table.tables[player]
    return {card for card in held if rules.suit[card] == trump}


def _hand_plays(rules: Rules, cards: Iterable[int]) -> list[Move]:
    """One play per face of ``cards``, its first copy, in display order."""
    places = rules.place
    return _plays_at(rules, sorted([places[card] for card in cards]))


def _plays_at(rules: Rules, places: list[int]) -> list[Move]:
    """One play per face of the cards at ``places`` (in display order, like ``Table.ranked``),
    its first copy."""
    # The copies of a face lie next to each other in display order (``Rules.place``): a
    # face's first place is where the face changes.  A plain loop: for a hand's eight to
    # twenty cards it is twice as fast as building a dictionary in C.
    face_at, play_at = rules.face_at, rules.play_at
    found: list[Move] = []
    last = -1
    for place in places:
        face = face_at[place]
        if face != last:
            found.append(play_at[place])
            last = face
    return found


def refusal(rules: Rules, state: State, player: int, label: str) -> str:
    """Why ``play LABEL`` is not legal now."""
    table = state.table
    face = label_face(label)
    if not table.stock:
        cards = [c for c in sorted(table.hands[player]) if rules.face[c] == face]
        if not cards:
            return f"you do not hold {face}"
        if label != face:
            return f"you hold {face} only as {face}: the declared cards are back in the hand"
        return duty_problem(rules, state, player, cards[0]) or f"{face} may be played"
    trumps = joker_duty(rules, state, player) if rules.joker_must_trump else None
    if trumps:
        held = labels_held(rules, state, player)
        trump = rules.suit[next(iter(trumps))]  # the trumps he holds: he must play one
        if label in held and rules.suit[held[label][0]] != trump:
            return f"a joker was led: you must trump, you hold {SUIT_SYMBOLS[trump]}"
    return not_held(label, labels_held(rules, state, player))


def labels_held(rules: Rules, state: State, player: int) -> dict[str, list[int]]:
    """Every label under which ``player`` holds cards, with the cards: those that may form a
    declaration (a partner's included, where they may), then the rest of his hand and table."""
    labels: dict[str, list[int]] = {}
    for grouped in groups(rules, state, player).values():
        for label, cards in grouped:
            labels[label] = list(cards)
    listed = {card for cards in labels.values() for card in cards}
    table = state.table
    entries = entries_by_card(state, player)
    for card in sorted((table.hands[player] | table.tables[player]) - listed):
        labels.setdefault(card_label(rules, state, player, card, entries), []).append(card)
    return labels


def not_held(label: str, labels: dict[str, list[int]]) -> str:
    face = label_face(label)
    copies = sorted(held for held in labels if label_face(held) == face)
    if copies:
        return f"you hold {face} only as {', '.join(copies)}"
    return f"you do not hold {face}"


def play(rules: Rules, state: State, card: int) -> None:
    player = state.to_act
    table = state.table
    if rules.blanche is not None:
        blanche.after_play(state, player)
    table.held[player][rules.face_number[card]] -= 1
    declared = card in table.tables[player]
    if declared:
        table.tables[player].discard(card)
    else:
        table.give(player, card, rules.place[card])
        if table.known[player]:
            table.forget(player, card, rules.face)
    table.public.add(card)
    table.trick.append(card)
    table.trick_players.append(player)
    # The event as a game keeps it (``events.RawEvent``: kind, player, deal, cards, points,
    # what, number, values, seen_by), those a play leaves unused at their defaults.
    state.events.append((_PLAY, player, state.deal_no, rules.face_alone[card], 0, "", 0, (), None))
    if (declared or not table.stock) and table.ledger_changes:
        # Law 46, a partner's waiting declarations included (no ledger has changed in the
        # deal: nothing is waiting).
        for seat, entries in enumerate(table.ledger):
            for index in range(len(entries)):
                entry = entries[index]
                if card in entry.cards and entry.waiting:
                    lose(state, seat, index)
    if rules.sevens.on_play:
        seven.played(rules, state, player, card)


_PLAY: Final = EventKind.PLAY
_TRICK: Final = EventKind.TRICK


def lose(state: State, seat: int, index: int) -> None:
    """A waiting declaration is lost (laws 46–48); it stays on the ledger, as declared."""
    entries = state.table.ledger[seat]
    entry = entries[index]
    entries[index] = replace(entry, lost=True)
    state.table.ledger_changed(seat)
    state.emit(EventKind.LOST, seat, what=entry.combo, number=entry.no)


def finish(rules: Rules, state: State) -> int:
    """Settle a full trick: the winner takes it (and his brisques or card points, and the
    last-trick bonus); returns the winner."""
    table = state.table
    stock_trick = bool(table.stock)
    strength = rules.strength if stock_trick else rules.end_strength
    trick, seats = table.trick, table.trick_players
    winner = seats[winning_index(trick, rules.suit, strength, table.trump)]
    if rules.open_cards is None:
        table.won[winner].extend(trick)
    else:
        opencards.take(rules, state, winner, trick)
    counts = rules.counts  # the brisques, or the cards worth points by their rank
    brisques = 0
    for card in trick:
        if counts[card]:
            brisques += 1
    table.trick_no += 1
    face = rules.face
    faces = tuple([face[card] for card in trick])
    table.last_trick = (tuple(trick), tuple(seats), winner)
    state.events.append((_TRICK, winner, state.deal_no, faces, 0, "", table.trick_no, (), None))
    if rules.dealing.heaped:
        # The played cards lie in a heap until a brisque is won with them (law 25).
        table.heap = [] if brisques else [*table.heap, *trick]
    table.trick, table.trick_players = [], []
    table.leader = state.to_act = winner
    scoring = rules.scoring
    if brisques:
        scoring.credit_trick(rules, state, winner, brisques, trick)
    if stock_trick:
        if rules.sevens.on_win:
            seven.won(rules, state, winner, trick)
        if scoring.last_on_stock and len(table.stock) < 2 * state.players:
            table.last_trick_winner = winner  # "the last trick" is the 24th under this rule
            state.score(winner, scoring.last_points, Reason.LAST_TRICK, number=1)
    # The last trick of the hand (or of each duel, when the last tricks are two duels).
    elif scoring.last_final and hands_empty(table):
        table.last_trick_winner = winner
        if table.closed is None or rules.last_after_close:  # (Foster: none after closing)
            state.score(winner, scoring.last_points, Reason.LAST_TRICK)
    return winner


def hands_empty(table: Table) -> bool:
    """Whether every seat playing to tricks has played his last card (a plain loop: ``all`` of
    a generator costs a frame at every trick of the last tricks)."""
    hands = table.hands
    for seat in table.active:  # noqa: SIM110
        if hands[seat]:
            return False
    return True
