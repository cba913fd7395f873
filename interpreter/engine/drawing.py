"""Drawing from the stock after a trick (law 32; Enquire Within 123), and what happens when the
stock is exhausted: the declared cards go back into the hands and the last tricks begin (as
two duels with four players, by the Britannica)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from interpreter.engine import blanche
from interpreter.engine.events import EventKind
from interpreter.engine.state import Phase, State
from interpreter.model.play import EndgameMode

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

_DRAW: Final = EventKind.DRAW
_PLAY: Final = Phase.PLAY


def draw(rules: Rules, state: State) -> None:
    """The winner of the trick draws, then each other player in turn to his left (law 32: a
    card that cannot go round is not drawn)."""
    table = state.table
    winner = table.leader
    n = state.players
    # Methods are called by name, not kept in locals: direct calls once compiled.
    stock, face, deal, events = table.stock, rules.face_alone, state.deal_no, state.events
    places, number, held, received, turn_up, blanche_rules, alone = (
        rules.place,
        rules.face_number,
        table.held,
        table.received,
        table.turn_up,
        rules.blanche,
        rules.alone,
    )
    for offset in range(n):
        seat = (winner + offset) % n
        card = stock.pop()
        table.take(seat, card, places[card])
        held[seat][number[card]] += 1
        received[seat].add(card)
        if card == turn_up:  # the turn-up is public
            table.known[seat].add(card)
            seen = None
        else:
            seen = alone[seat]
        events.append((_DRAW, seat, deal, face[card], 0, "", 0, (), seen))
        if blanche_rules is not None:
            blanche.after_draw(rules, state, seat, card)
    state.phase = _PLAY
    state.to_act = winner
    if len(table.stock) >= n:
        return
    if table.stock:  # law 32: a last card that cannot go round is not drawn
        table.undrawn = table.stock
        table.stock = []
        state.emit(EventKind.UNDRAWN, number=len(table.undrawn))
    exhausted(rules, state, winner)


def exhausted(rules: Rules, state: State, winner: int) -> None:
    """The stock is exhausted: the last tricks begin."""
    state.emit(EventKind.ENDGAME)
    last_tricks(rules, state, winner)


def last_tricks(rules: Rules, state: State, winner: int) -> None:
    """The last tricks begin, the stock exhausted or closed (``winner``: who won the trick
    before them, or who closed)."""
    table = state.table
    n = state.players
    table.turn_up = None
    if rules.endgame.declared_back_to_hand:
        for seat in range(n):
            table.known[seat] |= table.tables[seat]
            table.hands[seat] |= table.tables[seat]
            table.tables[seat].clear()
            table.rank(seat, rules.place)
    if rules.endgame.mode is EndgameMode.PAIRED_DUELS and n == 4:
        # Britannica: the winner of the last trick and the adversary on his left play their
        # cards against each other, then the other two.
        table.active = [winner, (winner + 1) % n]
        table.duels = [((winner + 2) % n, (winner + 3) % n)]
        state.emit(EventKind.DUEL, winner, values=(winner, (winner + 1) % n))


def next_duel(state: State) -> bool:
    """When the current duel is over, the next one begins; False if there is none."""
    table = state.table
    if not table.duels:
        return False
    first, second = table.duels.pop(0)
    table.active = [first, second]
    table.leader = state.to_act = first
    state.emit(EventKind.DUEL, first, values=(first, second))
    return True
