"""The legal move a text stands for, found without listing every legal move.

:func:`resolve` answers "is this move legal now, and which physical cards does it move?" with
the same checks as the move lists of each rule module: a play is checked against the cards
held and the endgame duties, the seven and carte blanche against their own checks, a waiting
declaration against the window and the ledger.  Only a declaration is looked up among the
declarations on offer, since the way its copies are written is fixed by the enumeration."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import blanche, flow, seven, tricks, window
from interpreter.engine.labels import card_label, entries_by_card
from interpreter.engine.moves import (
    CarteBlanche,
    Draw,
    Elect,
    ExchangeSeven,
    Move,
    Play,
    ScorePending,
    ShowSeven,
    Yield,
    label_face,
)
from interpreter.engine.state import Phase, State

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


def resolve(rules: Rules, state: State, text: str, listed: list[Move] | None = None) -> Move | None:
    """The legal move written ``text`` (canonical), or None if it is not legal now.
    ``listed``: the legal moves, when they are already known."""
    if listed is not None:
        return next((m for m in listed if str(m) == text), None)
    command, *args = text.split()
    phase, player = state.phase, state.to_act
    if phase is Phase.ELECT:
        return Elect(command == "deal") if command in ("deal", "pass") else None
    if phase is Phase.PLAY:
        if rules.declare.on_lead or command in ("close", "claim"):  # from the list
            return resolve(rules, state, text, flow.moves_now(rules, state))
        if command == "play":
            return _play(rules, state, player, args[0])
        if command == "carte-blanche" and blanche.problem(rules, state, player) is None:
            return CarteBlanche()
        if command == "exchange" and rules.sevens.at_play:
            return _exchange(rules, state, player, args[0])
        return None
    if phase is not Phase.DECLARE:
        return None
    return _declaring(rules, state, player, text)


def _declaring(rules: Rules, state: State, player: int, text: str) -> Move | None:
    """The moves of a declaring window."""
    command, *args = text.split()
    match command:
        case "draw":
            return Draw()
        case "yield":
            return Yield() if window.yield_problem(rules, state, player) is None else None
        case "score":
            return _score(rules, state, player, int(args[0]))
        case "exchange":
            return _exchange(rules, state, player, args[0])
        case "show":
            card = seven.show_candidate(rules, state, player)
            if card is None or rules.face[card] != args[0]:
                return None
            if seven.show_problem(rules, state, player, card) is not None:
                return None
            return ShowSeven(card, rules.face[card])
        case "declare":
            found = window.moves(rules, state, player)
            return next((m for m in found if str(m) == text), None)
    return None


def _exchange(rules: Rules, state: State, player: int, label: str) -> Move | None:
    card = seven.exchange_candidate(rules, state, player)
    if card is None or rules.face[card] != label:
        return None
    if seven.exchange_problem(rules, state, player, card) is not None:
        return None
    return ExchangeSeven(card, rules.face[card])


def _play(rules: Rules, state: State, player: int, label: str) -> Move | None:
    table = state.table
    face = label_face(label)
    if not table.stock:
        if label != face:
            return None
        cards = sorted(
            (c for c in table.hands[player] if rules.face[c] == face), key=rules.order.__getitem__
        )
        if not cards:
            return None
        reason = tricks.duty_problem(rules, state, player, cards[0])
        return None if reason is not None else rules.hand_plays[cards[0]]
    if rules.joker_must_trump:
        duty = tricks.joker_duty(rules, state, player)
        if duty and all(rules.face[c] != face for c in duty):
            return None
    if label == face:
        cards = sorted(
            (c for c in table.hands[player] if rules.face[c] == face), key=rules.order.__getitem__
        )
        return rules.hand_plays[cards[0]] if cards else None
    entries = entries_by_card(state, player)
    for card in sorted(table.tables[player], key=rules.order.__getitem__):
        if rules.face[card] == face and card_label(rules, state, player, card, entries) == label:
            return Play(card, label)
    return None


def _score(rules: Rules, state: State, player: int, number: int) -> Move | None:
    entry = next((e for e in state.table.ledger[player] if e.no == number), None)
    if entry is None or window.score_problem(rules, state, player, entry) is not None:
        return None
    return ScorePending(entry.no, entry.combo, entry.points)
