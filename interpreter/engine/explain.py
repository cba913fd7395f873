"""Why a move is not legal now, in words a player understands.

It is called only after the move was not found among the legal moves, and it reuses the checks
of the legal-move generator (``ledger.problem``, ``tricks.endgame_reason``) so that the reason
given is the reason the generator left the move out."""

from __future__ import annotations

import difflib

from interpreter.engine import flow, ledger
from interpreter.engine.moves import label_face
from interpreter.engine.rules import Rules
from interpreter.engine.state import Phase, State
from interpreter.model.play import PerTrick


def why_not(rules: Rules, state: State, text: str) -> str:
    command, *args = text.split()
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    if phase is Phase.ELECT:
        return f"p{state.to_act + 1} won the cut and must first say 'deal' or 'pass'"
    if command in ("deal", "pass"):
        return "the dealer has already been chosen"
    player = state.to_act
    if command == "carte-blanche":
        return _blank(rules, state, player)
    if command == "play":
        if phase is Phase.DECLARE:
            return f"p{player + 1} may declare now; say 'draw' to go on"
        return _play(rules, state, player, args[0])
    if phase is not Phase.DECLARE:
        return "declaring, scoring, the seven and drawing come only after winning a trick"
    if command == "draw":
        return "draw is not possible now"
    if command == "yield":
        if not rules.partners(player):
            return "there is no partner to pass the declaration to"
        if player != state.leader:
            return "only the winner of the trick may pass the right to declare"
        if state.window_acted:
            return "the right to declare is passed before declaring anything"
        return "in this variant the right to declare is not passed to the partner"
    if command == "declare":
        return _declare(rules, state, player, args[0], args[1:])
    if command == "score":
        return _score(rules, state, player, int(args[0]))
    if command == "exchange":
        return _seven(rules, state, player, args[0], exchange=True)
    return _seven(rules, state, player, args[0], exchange=False)


def _holding(rules: Rules, state: State, player: int) -> dict[str, list[int]]:
    labels: dict[str, list[int]] = {}
    for grouped in ledger.groups(rules, state, player).values():
        for label, cards in grouped:
            labels[label] = cards
    return labels


def _not_held(label: str, labels: dict[str, list[int]]) -> str:
    face = label_face(label)
    copies = sorted(held for held in labels if label_face(held) == face)
    if copies:
        return f"you hold {face} only as {', '.join(copies)}"
    return f"you do not hold {face}"


def _play(rules: Rules, state: State, player: int, label: str) -> str:
    labels = _holding(rules, state, player)
    if not state.stock:
        face = label_face(label)
        cards = [c for c in state.hands[player] if rules.face[c] == face]
        if not cards:
            return f"you do not hold {face}"
        if label != face or not state.trick:
            return f"you hold {face} only as {face}: the declared cards are back in the hand"
        return flow.endgame_refusal(rules, state, player, cards[0])
    return _not_held(label, labels)


def _declare(rules: Rules, state: State, player: int, combo_id: str, tokens: list[str]) -> str:
    combo = rules.combo_by_id.get(combo_id)
    if combo is None:
        close = difflib.get_close_matches(combo_id, list(rules.combo_by_id), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"there is no combination {combo_id!r} in this variant{hint}"
    labels = _holding(rules, state, player)
    used: dict[str, int] = {}
    cards: list[int] = []
    for token in tokens:
        pool = labels.get(token, [])
        taken = used.get(token, 0)
        if taken >= len(pool):
            return _not_held(token, labels) if not pool else f"you hold only {len(pool)} {token}"
        used[token] = taken + 1
        cards.append(pool[taken])
    if combo.needs_trump and state.trump is None:
        return f"{combo.name} needs trumps, and no trump suit is fixed yet"
    if not ledger.forms(rules, combo, state.trump, cards):
        shown = " ".join(rules.pretty(c) for c in cards)
        return f"{shown} do not form {combo.name}"
    declare = rules.variant.declare
    if (
        declare.scores_per_trick is PerTrick.ONE
        and state.window_scored
        and not declare.pending_allowed
    ):
        return "only one combination may be scored after each trick"
    reason = ledger.problem(rules, state, player, combo, frozenset(cards))
    if reason is not None:
        return reason
    return (
        f"write the cards as the move list shows them: {combo_id} is declared with your "
        "copies in a different order"
    )


def _score(rules: Rules, state: State, player: int, number: int) -> str:
    entry = next((e for e in state.ledger[player] if e.no == number), None)
    if entry is None or entry.scored:
        waiting = [str(e.no) for e in state.ledger[player] if not e.scored]
        return f"declaration {number} is not waiting to score" + (
            f"; waiting: {', '.join(waiting)}" if waiting else ""
        )
    if state.window_scored:
        return "you have already scored a combination after this trick"
    return flow.pending_problem(rules, state, player, entry) or "it cannot be scored now"


def _seven(rules: Rules, state: State, player: int, label: str, *, exchange: bool) -> str:
    seven = rules.seven
    if seven is None:
        return "the seven of trumps has no value in this variant"
    face = label_face(label)
    held = [c for c in state.hands[player] | state.tables[player] if rules.face[c] == face]
    if not held:
        return f"you do not hold {face}"
    if not rules.is_trump_seven(held[0], state.trump):
        return f"{face} is not the seven of trumps"
    if exchange:
        if not seven.exchange:
            return "the seven of trumps is not exchanged in this variant"
        if state.turn_up is None:
            return "there is no turn-up to exchange for"
        return "the turn-up is itself a seven of trumps"
    if all(c in state.sevens_scored for c in held):
        return f"{face} has already scored"
    return "the seven of trumps is not shown for points in this variant"


def _blank(rules: Rules, state: State, player: int) -> str:
    if rules.variant.carte_blanche is None:
        return "there is no carte blanche in this variant"
    status = state.blank[player]
    if status == "":
        return "your hand was dealt with a court card: no carte blanche"
    if status == "over":
        return (
            "carte blanche is over: it is declared before your first card, and again only "
            "for each card drawn until a court card is drawn"
        )
    if status == "claimed":
        return "carte blanche may be shown again only for a card just drawn that is no court card"
    if state.phase is not Phase.PLAY:
        return "carte blanche is declared when it is your turn to play"
    return "carte blanche must be declared before the first trick"
