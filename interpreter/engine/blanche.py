"""Carte blanche: a hand dealt without a court card (laws 15, 16, 42, 43; catalogue C18).

It is declared before the player's first card and scores without winning a trick; after each
card drawn that is not a court card the player may show that card and score again, until he
draws a court card.  Per seat, ``state.blank`` is ``""`` (no carte blanche), ``eligible`` (a
blank hand not yet declared), ``claimed`` (declared, waiting for the next draw), ``again``
(a non-court card was drawn and may be shown) or ``over``."""

from __future__ import annotations

from interpreter.engine.rules import Rules
from interpreter.engine.state import Event, Phase, State, score
from interpreter.model.play import CarteBlancheWindow


def _court(rules: Rules, card: int) -> bool:
    blank = rules.variant.carte_blanche
    return blank is not None and rules.rank[card] in blank.court_ranks


def after_deal(rules: Rules, state: State) -> None:
    if rules.variant.carte_blanche is None:
        return
    for seat in range(state.players):
        if not any(_court(rules, card) for card in state.hands[seat]):
            state.blank[seat] = "eligible"


def may_claim(rules: Rules, state: State, player: int) -> bool:
    status = state.blank[player]
    if state.phase is not Phase.PLAY or status not in ("eligible", "again"):
        return False
    blank = rules.variant.carte_blanche
    if status == "eligible" and blank is not None:
        if blank.window is CarteBlancheWindow.BEFORE_FIRST_TRICK:
            return state.trick_no == 0 and not state.played[player]
        return not state.played[player]
    return True


def claim(rules: Rules, state: State) -> None:
    player = state.to_act
    blank = rules.variant.carte_blanche
    assert blank is not None
    first = state.blank[player] == "eligible"
    shown = (
        sorted(state.hands[player] | state.tables[player]) if first else [state.last_drawn[player]]
    )
    state.known[player].update(shown)
    state.blank[player] = "claimed" if blank.repeat_on_noncourt_draw else "over"
    what = "carte blanche" if first else "carte blanche again"
    text = f"{what}: " + " ".join(rules.pretty(c) for c in shown)
    state.events.append(Event("carte_blanche", player, text, deal=state.deal_no))
    score(state, player, blank.points, "carte_blanche", what)


def after_play(state: State, player: int) -> None:
    """Playing a card ends the first window, and lapses the right to show a drawn card."""
    state.played[player] = True
    if state.blank[player] == "eligible":
        state.blank[player] = "over"
    elif state.blank[player] == "again":
        state.blank[player] = "claimed"


def after_draw(rules: Rules, state: State, seat: int, card: int) -> None:
    if state.blank[seat] not in ("claimed", "again"):
        return
    if _court(rules, card):
        state.blank[seat] = "over"
    else:
        state.blank[seat] = "again"
        state.last_drawn[seat] = card
