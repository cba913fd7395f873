"""The seven of trumps: turned up, exchanged for the turn-up, shown, played, or won in a trick
(Hoyle; the Britannica, and its Polish Bézique for the seven won in a trick; Enquire Within
123 iii, iv).

Its legality (:func:`exchange_problem`, :func:`show_problem`), its moves and its effects live
here; the move list and the refusal of an illegal move use the same checks."""

from __future__ import annotations

from typing import Final

from interpreter.engine import opencards, tricks
from interpreter.engine.events import EventKind, Reason
from interpreter.engine.labels import last_trick_cards
from interpreter.engine.moves import Move, label_face
from interpreter.engine.rules import Rules
from interpreter.engine.state import State
from interpreter.model.play import SevenExchange, SevenScore

# The rule values read in every window of a player holding a seven of trumps, as names of
# this module: in CPython 3.11 an enum member read from its class is a slow look-up.
_ANY_TIME: Final = SevenExchange.ANY_TIME
_TRICK_WINNER: Final = SevenExchange.WINNER_OF_TRICK_CONTAINING_IT
_SHOWN: Final = SevenScore.DECLARE_AFTER_WIN


def _held(rules: Rules, state: State, player: int) -> list[int]:
    table = state.table
    hand, declared = table.hands[player], table.tables[player]
    return [c for c in rules.sevens_of(table.trump) if c in hand or c in declared]


def exchange_candidate(rules: Rules, state: State, player: int) -> int | None:
    """The seven ``player`` would exchange: in Polish the one won in the trick just taken,
    otherwise one held, the copy not yet scored first."""
    table = state.table
    seven = rules.seven
    if seven is not None and seven.won_in_trick:
        last = table.last_trick
        if last is None or last[2] != player:  # a partner's trick: the seven is his to use
            return None
        sevens = rules.seven_sets.get(table.trump)
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
    """Why ``player`` may not exchange ``card`` (a seven he holds, or None) now, or None."""
    reason = _exchange_bar(rules, state, player)
    if reason is not None:
        return reason
    if card is None or card != exchange_candidate(rules, state, player):
        table = state.table
        if rules.seven is not None and rules.seven.exchange_when is _TRICK_WINNER:
            last = table.last_trick
            if last is not None and last[2] != player:
                return f"only p{last[2] + 1}, who won the trick holding it, may exchange it"
            return "only the seven of trumps won in the trick just taken may be exchanged"
        return "you do not hold the seven of trumps"
    return None


def _exchange_bar(rules: Rules, state: State, player: int) -> str | None:
    """Why ``player`` may exchange no seven now, whichever he holds, or None."""
    seven, table = rules.seven, state.table
    if seven is None:
        return "the seven of trumps has no value in this variant"
    if not seven.exchange:
        return "the seven of trumps is not exchanged in this variant"
    if table.turn_up is None or not table.stock:
        return "there is no turn-up to exchange for"
    if rules.is_trump_seven(table.turn_up, table.trump):
        return "the turn-up is itself a seven of trumps"
    if seven.exchange_when is _ANY_TIME and not table.won_trick[player]:
        return "the seven of trumps is exchanged only once you have won a trick"
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
    seven = rules.seven
    if seven is None:
        return "the seven of trumps has no value in this variant"
    if seven.score_trigger is not _SHOWN:
        return "the seven of trumps is not shown for points in this variant"
    if card is None:
        return "you hold no seven of trumps that has not scored"
    if card != show_candidate(rules, state, player):
        return "that seven of trumps has already scored"
    return None


def moves(rules: Rules, state: State, player: int) -> list[Move]:
    """The exchange and the showing of the seven now open to ``player``."""
    seven, table = rules.seven, state.table
    if seven is None or table.trump is None:
        return []
    if not seven.won_in_trick:  # (Polish: the seven won in the trick)
        # The common case: no seven of trumps held, in hand or on the table (counted by face
        # as the cards come and go).
        number = rules.seven_number.get(table.trump, -1)
        if number < 0 or not table.held[player][number]:
            return []
    # The candidates are the only sevens the checks let through (``exchange_problem``,
    # ``show_problem``): what is left to ask is whether anything bars every seven.
    found: list[Move] = []
    if _exchange_bar(rules, state, player) is None:
        card = exchange_candidate(rules, state, player)
        if card is not None:
            found.append(rules.exchange_moves[card])
    if seven.shown:  # shown for points: ``show_problem`` bars nothing else
        shown = show_candidate(rules, state, player)
        if shown is not None:
            found.append(rules.show_moves[shown])
    return found


def play_moves(rules: Rules, state: State, player: int) -> list[Move]:
    """The exchange at a turn to play (Hoyle names no moment for it: ``any_time``)."""
    table = state.table
    sevens = rules.seven_set(table.trump)
    if sevens.isdisjoint(table.hands[player]) and sevens.isdisjoint(table.tables[player]):
        return []
    card = exchange_candidate(rules, state, player)
    if card is not None and exchange_problem(rules, state, player, card) is None:
        return [rules.exchange_moves[card]]
    return []


def refusal(rules: Rules, state: State, player: int, label: str, *, exchange: bool) -> str:
    """Why ``exchange LABEL`` or ``show LABEL`` is not legal now."""
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
    if card is None and held and not rules.is_trump_seven(held[0], table.trump):
        return f"{face} is not the seven of trumps"
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
        if rules.brisque[old]:
            tricks.credit_brisques(rules, state, player, 1, (old,))
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
        if rules.seven_taken_barred:
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


def turned_up(rules: Rules, state: State) -> None:
    """A seven of trumps turned up scores for the dealer."""
    table = state.table
    seven, card = rules.seven, table.turn_up
    if seven is None or card is None or not rules.is_trump_seven(card, table.trump):
        return
    table.sevens_scored.add(card)
    state.score(
        state.dealer, seven.turned_up_points, Reason.SEVEN_TURNED_UP, cards=(rules.face[card],)
    )


def played(rules: Rules, state: State, player: int, card: int) -> None:
    """Enquire Within: the seven of trumps scores whenever it is played while the stock lasts."""
    seven, table = rules.seven, state.table
    if (
        seven is not None
        and seven.score_trigger is SevenScore.ON_PLAY
        and table.stock
        and rules.is_trump_seven(card, table.trump)
        and card not in table.sevens_scored
    ):
        table.sevens_scored.add(card)
        state.score(player, seven.points, Reason.SEVEN, cards=(rules.face[card],))


def won(rules: Rules, state: State, winner: int, trick: list[int]) -> None:
    """Polish: the winner of a stock trick holding the seven of trumps scores it."""
    seven, table = rules.seven, state.table
    if seven is None or seven.score_trigger is not SevenScore.ON_TRICK_WON:
        return
    for card in trick:
        if rules.is_trump_seven(card, table.trump) and card not in table.sevens_scored:
            table.sevens_scored.add(card)
            state.score(winner, seven.points, Reason.SEVEN, cards=(rules.face[card],))
