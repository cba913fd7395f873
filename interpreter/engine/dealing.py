"""The start of a game and of each deal: the cut, the deal, the turn-up, and scoring."""

from __future__ import annotations

from interpreter.engine import blanche
from interpreter.engine.rules import Rules
from interpreter.engine.state import Event, Phase, State, score
from interpreter.model.deck import CutRule
from interpreter.model.play import TrumpMode


# -- start, cut and deal -------------------------------------------------------------------
def start(rules: Rules, state: State, dealer: int | None) -> None:
    if dealer is not None:
        state.dealer = dealer % state.players
        deal(rules, state)
        return
    cut(rules, state)
    if state.phase is not Phase.ELECT:
        deal(rules, state)


def cut(rules: Rules, state: State) -> None:
    """Each player cuts a card; ties cut again.  The rule says who deals or who chooses."""
    n = state.players
    while True:
        cards = state.rng.sample(range(rules.n_cards), n)
        strengths = [rules.strength[c] for c in cards]
        high, low = max(strengths), min(strengths)
        if strengths.count(high) == 1 and strengths.count(low) == 1:
            break
    state.events.append(
        Event(
            "cut",
            None,
            "cut: " + " ".join(f"p{i + 1} {rules.pretty(c)}" for i, c in enumerate(cards)),
        )
    )
    rule = rules.variant.cut.rule
    if rule is CutRule.LOW_DEALS:
        state.dealer = strengths.index(low)
    elif rule is CutRule.HIGH_DEALS:
        state.dealer = strengths.index(high)
    else:
        state.cut_winner = strengths.index(high)
        state.phase = Phase.ELECT
        state.to_act = state.cut_winner


def deal(rules: Rules, state: State) -> None:
    """Deal the next hand: from the next fixed deck order if any, else a fresh shuffle."""
    state.reset_deal()
    state.deal_no += 1
    n = state.players
    if state.deal_orders:
        order = state.deal_orders.pop(0)
    else:
        order = list(range(rules.n_cards))
        state.rng.shuffle(order)
    first = (state.dealer + 1) % n
    position = 0
    for size in rules.variant.deal.packets:
        for offset in range(n):
            seat = (first + offset) % n
            state.hands[seat].update(order[position : position + size])
            position += size
    state.events.append(
        Event(
            "deal",
            state.dealer,
            f"deal {state.deal_no}, dealer p{state.dealer + 1}",
            deal=state.deal_no,
        )
    )
    for seat in range(n):
        cards = " ".join(
            rules.name(c) for c in sorted(state.hands[seat], key=rules.order.__getitem__)
        )
        state.events.append(Event("hand", seat, cards, deal=state.deal_no))
    rest = order[position:]
    if rules.variant.trump.mode is TrumpMode.TURN_UP:
        turn_up, rest = rest[0], rest[1:]
        state.turn_up = turn_up
        state.trump = rules.suit[turn_up]
        state.stock = [turn_up, *reversed(rest)]
        state.events.append(
            Event("turn_up", state.dealer, f"turn-up {rules.pretty(turn_up)}", deal=state.deal_no)
        )
        seven = rules.seven
        if seven is not None and rules.is_trump_seven(turn_up, state.trump):
            state.sevens_scored.add(turn_up)
            score(
                state,
                state.dealer,
                seven.turned_up_points,
                "seven_turned_up",
                f"turned-up seven {rules.pretty(turn_up)}",
            )
    else:
        state.stock = list(reversed(rest))
    count_guess(rules, state)
    blanche.after_deal(rules, state)
    state.leader = first
    state.to_act = first
    state.phase = Phase.PLAY


def count_guess(rules: Rules, state: State) -> None:
    """The six-pack deal-count bonuses (catalogue E46, E47): the dealer lifts a packet off the
    pack, hoping for exactly the cards the deal needs; the non-dealer guesses its size.  The
    engine makes both a chance event, each within three cards of the target, unless the game
    was created with ``count_guess=(lifted, guessed)``."""
    rule = rules.variant.deal.count_guess
    if rule is None:
        return
    if state.count_override is not None:
        lifted, guessed = state.count_override
        state.count_override = None
    else:
        lifted = rule.target + state.rng.randint(-3, 3)
        guessed = rule.target + state.rng.randint(-3, 3)
    guesser = (state.dealer + 1) % state.players
    state.events.append(
        Event(
            "count",
            state.dealer,
            f"p{state.dealer + 1} lifts {lifted} cards; p{guesser + 1} guesses {guessed}",
            deal=state.deal_no,
        )
    )
    if lifted == rule.target:
        score(state, state.dealer, rule.dealer_exact, "deal_count", f"lifted exactly {lifted}")
    if guessed == lifted:
        score(state, guesser, rule.guesser_exact, "count_guess", f"guessed {guessed} exactly")
