"""What the last tricks tell about the cards a player cannot hold.

In the last tricks every card is played under the endgame duties, so a card played says which
cards its player did not hold then: a card of another suit says he had none of the suit led, a
low card that he had no higher one, and so on.  Duties only grow with the cards held, so a card
``f`` was not in the hand exactly when the duties refuse the card played from a hand of just
that card and ``f`` (:func:`forbidden`).  Resampling deals such cards elsewhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.cards import JOKER_SUIT
from interpreter.engine.events import DEAL, EventKind, as_event
from interpreter.engine.state import State
from interpreter.engine.tricks import endgame_reason, winning_index

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


def forbidden(rules: Rules, state: State, faces: set[str]) -> dict[int, set[str]]:
    """For each seat, the faces among ``faces`` that its plays in this deal's last tricks show
    it did not hold (and so does not hold now)."""
    out: dict[int, set[str]] = {}
    ids = {face: cards[0] for face, cards in rules.by_face.items()}
    trick: list[int] = []
    seats: list[int] = []
    endgame = False
    trump: str | None = None  # as it was then (a joker led must be trumped only once fixed)
    for raw in state.events:
        if raw[DEAL] != state.deal_no:
            continue
        event = as_event(raw)
        if event.kind is EventKind.ENDGAME:
            endgame = True
        elif event.kind is EventKind.TURN_UP:
            trump = rules.suit[ids[event.cards[0]]]
        elif event.kind is EventKind.TRUMPS:
            trump = event.what
        elif event.kind is EventKind.TRICK:
            trick, seats = [], []
        elif event.kind is EventKind.PLAY and event.player is not None:
            card = ids[event.cards[0]]
            if endgame and trick:
                out.setdefault(event.player, set()).update(
                    _refusing(rules, state, event.player, card, trick, seats, faces, ids)
                )
            elif trick and rules.joker_must_trump and _joker_untrumped(rules, trick, card, trump):
                # A joker led while the stock lasted, and no trump played to it: he had none.
                held = {face for face in faces if rules.suit[ids[face]] == trump}
                out.setdefault(event.player, set()).update(held)
            trick.append(card)
            seats.append(event.player)
    return out


def _joker_untrumped(rules: Rules, trick: list[int], card: int, trump: str | None) -> bool:
    return trump is not None and rules.suit[trick[0]] == JOKER_SUIT and rules.suit[card] != trump


def _refusing(
    rules: Rules,
    state: State,
    player: int,
    card: int,
    trick: list[int],
    seats: list[int],
    faces: set[str],
    ids: dict[str, int],
) -> set[str]:
    """The faces that, held with ``card``, would have made playing it illegal."""
    trump = state.table.trump
    exempt = False
    if rules.endgame.partner_exempt:
        best = winning_index(trick, rules.suit, rules.end_strength, trump)
        exempt = seats[best] in rules.partners(player)
    refused = set()
    for face in faces:
        other = ids[face]
        if other == card:
            continue
        reason = endgame_reason(
            card,
            [card, other],
            trick,
            rules.suit,
            rules.end_strength,
            trump,
            rules.endgame,
            exempt=exempt,
        )
        if reason is not None:
            refused.add(face)
    return refused
