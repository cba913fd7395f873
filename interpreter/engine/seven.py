"""The seven of trumps: turned up, exchanged for the turn-up, shown, played, or won in a trick
(Hoyle; the Britannica, and its Polish Bézique for the seven won in a trick; Enquire Within
123 iii, iv) — or the low trump of another rank (``seven.rank``): Sixty-six's nine, exchanged
at any time by a player who has won a trick but not as the last card of the stock (Foster),
Schnapsen's knave, exchanged by the player to lead.

Its legality (:func:`exchange_problem`, :func:`show_problem`), its moves and its effects live
here; the move list and the refusal of an illegal move use the same checks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from interpreter.cards import RANK_NAMES
from interpreter.engine import opencards
from interpreter.engine.events import EventKind, Reason
from interpreter.engine.labels import last_trick_cards
from interpreter.engine.moves import ExchangeSeven, Move, ShowSeven, label_face
from interpreter.engine.parts import from_blocks
from interpreter.engine.scoring import credit_brisques
from interpreter.engine.state import Phase, State
from interpreter.model import Variant
from interpreter.model.play import SevenExchange, SevenScore

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

# The rule values read in every window of a player holding a seven of trumps, as names of
# this module: in CPython 3.11 an enum member read from its class is a slow look-up.
_TRICK_WINNER: Final = SevenExchange.WINNER_OF_TRICK_CONTAINING_IT
_SHOWN: Final = SevenScore.DECLARE_AFTER_WIN
_PLAY: Final = Phase.PLAY
_NONE: Final[frozenset[int]] = frozenset()


# -- the compiled part -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SevenRules:
    """``[seven]``: what the seven of trumps scores, and when it is exchanged."""

    rank: str
    turned_up_points: int
    exchange: bool
    exchange_points: int
    exchange_when: SevenExchange
    points: int
    score_trigger: SevenScore
    turn_up_declarable: bool
    exchange_needs_trick: bool = False
    exchange_min_stock: int = 1  # cards in the stock, the turn-up counted
    # As flags, for the hot paths: only the seven won in the trick just taken is exchanged
    # (Polish); the seven is shown for its points after a trick won (not when it has none);
    # it is exchanged only by the player to lead, before he plays.
    won_in_trick: bool = field(init=False)
    shown: bool = field(init=False)
    lead_only: bool = field(init=False)
    name: str = field(init=False)  # "seven of trumps", "nine of trumps"
    itself: str = field(init=False)  # the refusal when the turn-up is itself one

    def __post_init__(self) -> None:
        won = self.exchange_when is SevenExchange.WINNER_OF_TRICK_CONTAINING_IT
        object.__setattr__(self, "won_in_trick", won)
        shown = self.score_trigger is SevenScore.DECLARE_AFTER_WIN and self.points != 0
        object.__setattr__(self, "shown", shown)
        lead_only = self.exchange_when is SevenExchange.LEADER_BEFORE_LEAD
        object.__setattr__(self, "lead_only", lead_only)
        name = f"{RANK_NAMES[self.rank]} of trumps"  # (the loader: a rank of the deck)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "itself", f"the turn-up is itself a {name}")


@dataclass(frozen=True, slots=True)
class Sevens:
    """The physical sevens of trumps and what the hot paths ask of them, whether or not the
    variant gives the seven a value (then every flag is false and every table empty)."""

    on_play: bool  # it scores as it is played (Enquire Within)
    on_win: bool  # it scores as the trick holding it is won (Polish)
    at_play: bool  # exchanged at a turn to play: any of them (Hoyle), or to lead (Schnapsen)
    taken_barred: bool  # the turn-up it takes is barred from that trick's declarations
    by_trump: dict[str | None, tuple[int, ...]]  # per trump suit, the sevens, lowest id first
    sets: dict[str | None, frozenset[int]]  # the same, as sets
    number: dict[str | None, int]  # the face number of the seven of each trump suit
    exchange_moves: dict[int, ExchangeSeven]  # the moves on each seven, made once
    show_moves: dict[int, ShowSeven]


def compile(
    variant: Variant,
    by_face: dict[str, tuple[int, ...]],
    face: tuple[str, ...],
    face_number: tuple[int, ...],
) -> tuple[SevenRules | None, Sevens]:
    """The seven's part of the rules: its options (None without ``[seven]``) and its cards."""
    rules = None if variant.seven is None else from_blocks(SevenRules, variant.seven)
    suits = variant.deck.suits
    by_trump: dict[str | None, tuple[int, ...]] = {
        trump: by_face.get(rules.rank + trump, ()) if rules is not None else () for trump in suits
    }
    cards = [card for sevens in by_trump.values() for card in sevens]
    if not cards:  # a deck without the seven's rank (the loader refuses it): no seven at all
        rules = None
    trigger = None if rules is None else rules.score_trigger
    sevens = Sevens(
        on_play=trigger is SevenScore.ON_PLAY,
        on_win=trigger is SevenScore.ON_TRICK_WON,
        at_play=rules is not None
        and rules.exchange_when in (SevenExchange.ANY_TIME, SevenExchange.LEADER_BEFORE_LEAD),
        taken_barred=rules is not None and not rules.turn_up_declarable,
        by_trump=by_trump,
        sets={trump: frozenset(cards) for trump, cards in by_trump.items()},
        number={trump: face_number[cards[0]] for trump, cards in by_trump.items() if cards},
        exchange_moves={card: ExchangeSeven(card, face[card]) for card in cards},
        show_moves={card: ShowSeven(card, face[card]) for card in cards},
    )
    return rules, sevens


def _is_trump_seven(rules: Rules, card: int, trump: str | None) -> bool:
    return card in rules.sevens.sets.get(trump, _NONE)


# -- the rule --------------------------------------------------------------------------------


def _held(rules: Rules, state: State, player: int) -> list[int]:
    table = state.table
    hand, declared = table.hands[player], table.tables[player]
    return [c for c in rules.sevens.by_trump.get(table.trump, ()) if c in hand or c in declared]


def exchange_candidate(rules: Rules, state: State, player: int) -> int | None:
    """The seven ``player`` would exchange: in Polish the one won in the trick just taken,
    otherwise one held, the copy not yet scored first."""
    table = state.table
    seven = rules.seven
    if seven is not None and seven.won_in_trick:
        last = table.last_trick
        if last is None or last[2] != player:  # a partner's trick: the seven is his to use
            return None
        sevens = rules.sevens.sets.get(table.trump)
        if sevens:
            for card in last[0]:
                if card in sevens:
                    return card
        return None
    held = _held(rules, state, player)
    scored = table.sevens_scored
    for card in held:
        if card not in scored:
            return card
    return held[0] if held else None


def exchange_problem(rules: Rules, state: State, player: int, card: int | None) -> str | None:
    """Why ``player`` may not exchange ``card`` (a seven he holds, or None) now, or None.

    Asked only of a variant with a ``[seven]``: ``flow.refusal`` answers for the others."""
    seven = rules.seven
    assert seven is not None
    reason = _exchange_bar(seven, rules, state, player)
    if reason is not None:
        return reason
    if card is None or card != exchange_candidate(rules, state, player):
        if seven.exchange_when is _TRICK_WINNER:
            last = state.table.last_trick
            if last is not None and last[2] != player:
                return f"only p{last[2] + 1}, who won the trick holding it, may exchange it"
            return f"only the {seven.name} won in the trick just taken may be exchanged"
        return f"you do not hold the {seven.name}"
    return None


def _exchange_bar(seven: SevenRules, rules: Rules, state: State, player: int) -> str | None:
    """Why ``player`` may exchange no seven now, whichever he holds, or None."""
    table = state.table
    if not seven.exchange:
        return f"the {seven.name} is not exchanged in this variant"
    reason = _moment_bar(seven, state, player)
    if reason is not None:
        return reason
    if table.turn_up is None or not table.stock:
        return "there is no turn-up to exchange for"
    if _is_trump_seven(rules, table.turn_up, table.trump):
        return seven.itself
    return None


def _moment_bar(seven: SevenRules, state: State, player: int) -> str | None:
    """Why the moment does not allow the exchange, where the rules name one: only the player
    to lead, before he plays (Schnapsen); only a player who has won a trick (Foster's
    Sixty-six); only while enough cards are left in the stock (Foster: not when the nine is
    the last card; Schnapsen: more than two cards)."""
    table = state.table
    if seven.lead_only and (state.phase is not _PLAY or table.trick):
        return f"the {seven.name} is exchanged only by the player to lead, before he plays"
    if seven.exchange_needs_trick and not (table.won[player] or table.open[player]):
        return f"the {seven.name} is exchanged only by a player who has won a trick"
    least = seven.exchange_min_stock
    if table.stock and len(table.stock) < least:  # (an empty stock: no turn-up, said after)
        return (
            f"the {seven.name} is exchanged only while {least} cards or more are left in "
            f"the stock, the turn-up counted ({len(table.stock)} left)"
        )
    return None


def show_candidate(rules: Rules, state: State, player: int) -> int | None:
    """The seven of trumps ``player`` could show: one held and not yet scored (copies of it
    are interchangeable)."""
    scored = state.table.sevens_scored
    for card in _held(rules, state, player):
        if card not in scored:
            return card
    return None


def show_problem(rules: Rules, state: State, player: int, card: int | None) -> str | None:
    """Why ``player`` may not show ``card`` now, or None (only asked with a ``[seven]``)."""
    seven = rules.seven
    assert seven is not None
    if not seven.shown:  # not shown after a trick, or for no points
        return f"the {seven.name} is not shown for points in this variant"
    if card is None:
        return f"you hold no {seven.name} that has not scored"
    if card != show_candidate(rules, state, player):
        return f"that {seven.name} has already scored"
    return None


def moves(rules: Rules, state: State, player: int) -> list[Move]:
    """The exchange and the showing of the seven now open to ``player`` (asked only with a
    ``[seven]``)."""
    seven, table = rules.seven, state.table
    assert seven is not None
    if table.trump is None:  # (trumps not yet made: Chinese Bézique's first marriage)
        return []
    # The common case: no seven of trumps held, in hand or on the table (counted by face as
    # the cards come and go); in Polish the seven is the one won in the trick.
    if not seven.won_in_trick and not table.held[player][rules.sevens.number[table.trump]]:
        return []
    # The candidates are the only sevens the checks let through (``exchange_problem``,
    # ``show_problem``): what is left to ask is whether anything bars every seven.
    found: list[Move] = []
    card = exchange_candidate(rules, state, player)
    if card is not None and _exchange_bar(seven, rules, state, player) is None:
        found.append(rules.sevens.exchange_moves[card])
    if seven.shown:  # shown for points: ``show_problem`` bars nothing else
        shown = show_candidate(rules, state, player)
        if shown is not None:
            found.append(rules.sevens.show_moves[shown])
    return found


def play_moves(rules: Rules, state: State, player: int) -> list[Move]:
    """The exchange at a turn to play (Hoyle names no moment for it: ``any_time``; Schnapsen's
    is the leader's, before he plays: ``leader_before_lead``)."""
    table = state.table
    sevens = rules.sevens.sets.get(table.trump, _NONE)
    if sevens.isdisjoint(table.hands[player]) and sevens.isdisjoint(table.tables[player]):
        return []
    card = exchange_candidate(rules, state, player)
    if card is not None and exchange_problem(rules, state, player, card) is None:
        return [rules.sevens.exchange_moves[card]]
    return []


def refusal(rules: Rules, state: State, player: int, label: str, *, exchange: bool) -> str:
    """Why ``exchange LABEL`` or ``show LABEL`` is not legal now (asked only with a
    ``[seven]``: ``flow.refusal`` answers for the others)."""
    assert rules.seven is not None
    face = label_face(label)
    table = state.table
    held = sorted(c for c in table.hands[player] | table.tables[player] if rules.face[c] == face)
    won = last_trick_cards(state)
    if exchange:
        card = next(
            (c for c in (*held, *won) if c == exchange_candidate(rules, state, player)), None
        )
    else:
        card = next((c for c in held if c == show_candidate(rules, state, player)), None)
    if card is None and held and not _is_trump_seven(rules, held[0], table.trump):
        return f"{face} is not the {rules.seven.name}"
    if card is None and not held and not exchange:
        return f"you do not hold {face}"
    check = exchange_problem if exchange else show_problem
    return check(rules, state, player, card) or f"{label} is not written as the move list shows it"


def exchange(rules: Rules, state: State, card: int) -> None:
    player = state.to_act
    table = state.table
    old = table.stock[0]
    table.stock[0] = card
    table.turn_up = card
    table.public.update((card, old))
    won = table.won[player]
    if card in won or card in table.open[player]:  # Polish: from the trick just won
        if card in won:
            won.remove(card)
        else:  # the seven's rank is among the open cards
            opencards.give_up(rules, state, player, card)
        opencards.take(rules, state, player, [old])
        if rules.counts[old]:
            credit_brisques(rules, state, player, 1, (old,))
    else:
        if card in table.hands[player]:
            table.give(player, card, rules.place[card])
            table.forget(player, card, rules.face)
        table.tables[player].discard(card)
        table.take(player, old, rules.place[old])
        held = table.held[player]
        held[rules.face_number[card]] -= 1
        held[rules.face_number[old]] += 1
        table.known[player].add(old)
        if rules.sevens.taken_barred:
            table.window.taken = old  # not in this trick's declarations (Enquire Within)
    state.emit(EventKind.EXCHANGE, player, cards=(rules.face[card], rules.face[old]))
    seven = rules.seven
    if seven is not None and card not in table.sevens_scored:
        table.sevens_scored.add(card)
        state.score(player, seven.exchange_points, Reason.SEVEN_EXCHANGE, cards=(rules.face[card],))


def show(rules: Rules, state: State, card: int) -> None:
    player = state.to_act
    seven = rules.seven
    assert seven is not None
    table = state.table
    table.sevens_scored.add(card)
    table.public.add(card)
    if card in table.hands[player]:
        table.known[player].add(card)
    state.emit(EventKind.SHOW, player, cards=(rules.face[card],))
    state.score(player, seven.points, Reason.SEVEN, cards=(rules.face[card],))


def turned_up(rules: Rules, state: State, card: int) -> None:
    """A seven of trumps turned up (``card``) scores for the dealer."""
    table = state.table
    if not _is_trump_seven(rules, card, table.trump):
        return
    seven = rules.seven
    assert seven is not None  # (a variant without ``[seven]`` has no seven of trumps)
    table.sevens_scored.add(card)
    state.score(
        state.dealer, seven.turned_up_points, Reason.SEVEN_TURNED_UP, cards=(rules.face[card],)
    )


def played(rules: Rules, state: State, player: int, card: int) -> None:
    """Enquire Within: the seven of trumps scores whenever it is played while the stock lasts
    (called only under that rule, ``Sevens.on_play``)."""
    seven, table = rules.seven, state.table
    assert seven is not None
    scored = table.sevens_scored
    if table.stock and _is_trump_seven(rules, card, table.trump) and card not in scored:
        scored.add(card)
        state.score(player, seven.points, Reason.SEVEN, cards=(rules.face[card],))


def won(rules: Rules, state: State, winner: int, trick: list[int]) -> None:
    """Polish: the winner of a stock trick holding the seven of trumps scores it (called only
    under that rule, ``Sevens.on_win``)."""
    seven, table = rules.seven, state.table
    assert seven is not None
    for card in trick:
        if _is_trump_seven(rules, card, table.trump) and card not in table.sevens_scored:
            table.sevens_scored.add(card)
            state.score(winner, seven.points, Reason.SEVEN, cards=(rules.face[card],))
