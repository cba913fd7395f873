"""The course of a game: which rule module answers in each phase, and in what order.

Each kind of move has one home: the module that lists it, refuses it with a reason and
carries it out.  ``flow`` only sequences them: the moves of a phase, in a fixed
order; the refusal of a move that is not legal; and what comes after a move (the next player,
the end of a trick, the declaring window, the draw, the next duel or deal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from interpreter.engine import blanche, claim, closing, dealing, drawing, seven, tricks, window
from interpreter.engine.ending import claimed, end_of_deal, finish_now, target_reached
from interpreter.engine.moves import (
    CarteBlanche,
    Claim,
    Close,
    Declare,
    Draw,
    Elect,
    ExchangeSeven,
    Move,
    Play,
    ScorePending,
    ShowSeven,
    Yield,
)
from interpreter.engine.state import Phase, State

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

DRAW: Final = Draw()  # moves are immutable values: one is enough
# The phases, read as names of this module: in CPython 3.11 a member read from its enum class
# costs some 70 ns more (the enum's metaclass has a __getattr__ hook).
_PLAY: Final = Phase.PLAY
_DECLARE: Final = Phase.DECLARE
_ELECT: Final = Phase.ELECT
_OVER: Final = Phase.OVER

_PHASE_OF: Final = {
    "carte-blanche": _PLAY,
    "close": _PLAY,
    "claim": _PLAY,
    "play": _PLAY,
    "declare": _DECLARE,
    "score": _DECLARE,
    "exchange": _DECLARE,
    "show": _DECLARE,
    "yield": _DECLARE,
    "draw": _DECLARE,
    "deal": _ELECT,
    "pass": _ELECT,
}


# -- legal moves ---------------------------------------------------------------------------
def moves_now(rules: Rules, state: State) -> list[Move]:
    """Every legal move now, in a fixed order: carte blanche, then the cards (``play``), a claim
    of the target last; the declarations and waiting ones to score, the seven, passing the
    right, then ``draw`` (``declare``); ``deal`` then ``pass`` (``elect``)."""
    player = state.to_act
    phase = state.phase
    if phase is _PLAY:
        if rules.play_extras:
            return _play_extras(rules, state, player)
        played = tricks.moves(rules, state, player)
        if rules.blanche is None:
            return played
        found = blanche.moves(rules, state, player)
        return found + played if found else played
    if phase is _DECLARE:
        found = window.moves(rules, state, player)
        if rules.seven is not None:
            found += seven.moves(rules, state, player)
        if rules.declare.may_pass:
            found += window.yield_moves(rules, state, player)
        found.append(DRAW)
        return found
    if phase is _ELECT:
        return [Elect(True), Elect(False)]
    return []


def _play_extras(rules: Rules, state: State, player: int) -> list[Move]:
    """A turn to play with more than cards in it: carte blanche, the seven exchanged at a
    turn to play, a declaration on lead (and then only the cards shown may be led, or the
    target claimed), closing the stock, claiming the target."""
    if rules.declare.on_lead:
        if window.leading_shown(state):
            found = window.lead_moves(rules, state, player)
            return found + claim.moves(rules, state, player) if rules.scoring.claimed else found
        found = window.lead_moves(rules, state, player)
    else:
        found = []
    if rules.blanche is not None:
        found = blanche.moves(rules, state, player) + found
    if rules.sevens.at_play:
        found += seven.play_moves(rules, state, player)
    if rules.closing is not None:
        found += closing.moves(rules, state, player)
    found += tricks.moves(rules, state, player)
    if rules.scoring.claimed:  # last: a claim ends the deal, and is never the first choice
        found += claim.moves(rules, state, player)
    return found


# -- refusals ------------------------------------------------------------------------------
def refusal(rules: Rules, state: State, text: str) -> str:
    """Why the move written ``text`` (canonical, see ``moves.normalize``) is not legal now."""
    command, *args = text.split()
    phase, player = state.phase, state.to_act
    if phase is _OVER:
        return "the game is over"
    first = _rule_first(rules, state, command, args)
    if first is not None:
        return first
    wanted = _PHASE_OF[command]
    if wanted is not phase:
        return _wrong_phase(state, wanted)
    match command:
        case "play":
            return tricks.refusal(rules, state, player, args[0])
        case "declare":
            return window.declare_refusal(rules, state, player, args[0], args[1:])
        case "score":
            return window.score_refusal(rules, state, player, int(args[0]))
        case "exchange" | "show":
            return seven.refusal(rules, state, player, args[0], exchange=command == "exchange")
        case "yield":
            return window.yield_refusal(rules, state, player)
    return f"{command} is not possible now"


def _rule_first(rules: Rules, state: State, command: str, args: list[str]) -> str | None:
    """The refusals a rule words before the phase does: moves that are not tied to one phase
    (carte blanche, closing, the seven at a turn to play, declaring on lead), or that the
    variant lacks; None where the phase answers."""
    phase, player = state.phase, state.to_act
    if command == "carte-blanche":
        return blanche.problem(rules, state, player) or "carte blanche cannot be declared now"
    if command == "close":
        return closing.problem(rules, state, player) or "the stock cannot be closed now"
    if command == "claim":
        return claim.problem(rules, state, player) or "the target cannot be claimed now"
    if command in ("exchange", "show") and rules.seven is None:
        return "this variant has no seven of trumps to exchange or show"
    if command == "exchange" and rules.sevens.at_play and phase is _PLAY:
        return seven.refusal(rules, state, player, args[0], exchange=True)
    if command == "declare" and rules.declare.on_lead:
        return window.declare_refusal(rules, state, player, args[0], args[1:])
    if command == "play" and phase is _PLAY and window.leading_shown(state):
        return window.lead_refusal(rules, state)
    return None


def _wrong_phase(state: State, wanted: Phase) -> str:
    player = state.to_act
    if state.phase is _ELECT:
        return f"p{player + 1} won the cut and must first say 'deal' or 'pass'"
    if wanted is _ELECT:
        return "the dealer has already been chosen"
    if state.phase is _DECLARE:
        return f"p{player + 1} may declare now; say 'draw' to go on"
    return "declaring, scoring, the seven and drawing come only after winning a trick"


# -- doing moves ---------------------------------------------------------------------------
Listed = list[Move] | None
"""The legal moves after a move, when working them out was part of the move (a declaring
window that stays open); None otherwise."""


def do(rules: Rules, state: State, move: Move) -> Listed:
    """Carry out a legal move, and everything that follows from it; where the target is
    checked after every move, a side that has reached it wins at once."""
    state.log.append((state.to_act, move, len(state.events)))
    if type(move) is Play:  # the most frequent move first
        listed = _after_play(rules, state, move.card)
    else:
        listed = _other(rules, state, move)
    if rules.scoring.immediate and state.phase is not _OVER and target_reached(rules, state):
        finish_now(rules, state)
        return None
    return listed


def _other(rules: Rules, state: State, move: Move) -> Listed:
    match move:
        case Draw():
            return close_window(rules, state)
        case Yield():
            window.yield_right(rules, state)
            return close_window(rules, state)
        case Elect():
            dealing.elect(rules, state, move.deal)
        case Close():
            closing.close(rules, state)
            drawing.last_tricks(rules, state, state.to_act)
        case Claim():
            claimed(rules, state)
        case Declare() | ScorePending() | ExchangeSeven() | ShowSeven() | CarteBlanche():
            state.table.window.acted = True
            _in_window(rules, state, move)
    return None


def _in_window(
    rules: Rules,
    state: State,
    move: Declare | ScorePending | ExchangeSeven | ShowSeven | CarteBlanche,
) -> None:
    match move:
        case Declare():
            window.declare(rules, state, move)
        case ScorePending():
            window.score_pending(rules, state, move.entry)
        case ExchangeSeven():
            seven.exchange(rules, state, move.card)
        case ShowSeven():
            seven.show(rules, state, move.card)
        case CarteBlanche():
            blanche.claim(rules, state)


def _after_play(rules: Rules, state: State, card: int) -> Listed:
    player = state.to_act
    tricks.play(rules, state, card)
    table = state.table
    if len(table.trick) < len(table.active):
        active = table.active
        state.to_act = active[(active.index(player) + 1) % len(active)]
        return None
    stock_trick = bool(table.stock)
    winner = tricks.finish(rules, state)
    if rules.trick_hooks:  # (one test a trick for Bézique)
        return _after_trick_held(rules, state, winner, stock_trick)
    if rules.scoring.immediate and target_reached(rules, state):
        return None  # the target is reached: nobody declares or draws (``do`` ends the game)
    if stock_trick or rules.declare.after_stock_exhausted:
        window.open_for(rules, state, winner)
        return open_window(rules, state, winner)
    continue_endgame(rules, state)
    return None


def _after_trick_held(rules: Rules, state: State, winner: int, stock_trick: bool) -> Listed:
    """After a trick where declarations are made on lead or their points wait for a trick won:
    the held points count first, so that they may reach the target; then, on lead, the draw
    comes at once unless the seven may be exchanged or shown before it."""
    window.trick_won(rules, state, winner)
    if rules.scoring.immediate and target_reached(rules, state):
        return None
    if rules.draw_at_once:
        return close_window(rules, state)
    if stock_trick or rules.declare.after_stock_exhausted:
        window.open_for(rules, state, winner)
        return open_window(rules, state, winner)
    continue_endgame(rules, state)
    return None


def open_window(rules: Rules, state: State, seat: int) -> Listed:
    """``seat`` may now declare (after his or his partner's trick, before drawing); with
    nothing to declare he simply goes on."""
    state.phase = _DECLARE
    state.to_act = seat
    state.table.window.reopen()
    if not window.may_act(rules, state, seat):
        return close_window(rules, state)
    found = moves_now(rules, state)
    if len(found) == 1:  # nothing but 'draw'
        return close_window(rules, state)
    return found


def close_window(rules: Rules, state: State) -> Listed:
    """The declarer is done: the next declarer of the side, if any, then the draw."""
    table = state.table
    if table.window.queue:
        return open_window(rules, state, table.window.queue.pop(0))
    if table.stock:
        drawing.draw(rules, state)
    else:
        continue_endgame(rules, state)
    return None


def continue_endgame(rules: Rules, state: State) -> None:
    """After a trick of the last tricks: the next trick, the next duel, or the end of the deal."""
    table = state.table
    state.to_act = table.leader
    state.phase = _PLAY
    if not tricks.hands_empty(table):
        return
    if drawing.next_duel(state):
        return
    end_of_deal(rules, state)
