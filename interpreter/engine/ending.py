"""The end of a deal and of the game: end-of-hand brisques, the race check, and the
settlement of a one-deal game."""

from __future__ import annotations

from interpreter.engine.dealing import deal
from interpreter.engine.rules import Rules
from interpreter.engine.settlement import settle
from interpreter.engine.state import DealResult, Event, Phase, State, score
from interpreter.model.deck import Rotation
from interpreter.model.scoring import BrisqueTiming, BrisqueUsage, GameFormat, Settlement


def brisques_won(rules: Rules, state: State, seat: int) -> int:
    """Brisque cards a seat has won this deal: in its tricks and among its open cards."""
    return sum(1 for c in [*state.won[seat], *state.open[seat]] if rules.brisque[c])


def end_of_deal(rules: Rules, state: State) -> None:
    n = state.players
    brisques = rules.variant.brisques
    if brisques.usage is BrisqueUsage.ALWAYS and brisques.timing is BrisqueTiming.END_OF_HAND:
        for offset in range(1, n + 1):
            seat = (state.dealer + offset) % n
            count = brisques_won(rules, state, seat)
            score(state, seat, count * brisques.value, "brisques", f"{count} brisque(s) in tricks")
    state.deal_history.append(tuple(state.deal_points))
    state.deal_results.append(
        DealResult(
            state.deal_no,
            state.dealer,
            tuple(state.deal_points),
            tuple(brisques_won(rules, state, seat) for seat in range(n)),
            state.last_trick_winner,
        )
    )
    state.events.append(
        Event(
            "end_of_deal",
            None,
            "deal scores " + " ".join(str(p) for p in state.deal_points),
            deal=state.deal_no,
        )
    )
    if rules.variant.game.format is GameFormat.SINGLE_DEAL:
        finish_single(rules, state)
        return
    target = rules.variant.game.target
    if max(side_totals(rules, state.scores)) >= target:
        finish_race(rules, state)
        return
    rotation = rules.variant.deal.rotation
    if rotation is Rotation.LAST_TRICK_WINNER and state.last_trick_winner is not None:
        state.dealer = state.last_trick_winner
    else:
        state.dealer = (state.dealer + 1) % n
    deal(rules, state)


def side_totals(rules: Rules, points: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Each side's combined points (a side is one seat unless there are partnerships)."""
    return tuple(sum(points[seat] for seat in side) for side in rules.sides)


def finish_race(rules: Rules, state: State) -> None:
    """The side with more points wins; a tie goes to the higher score less the brisques of
    the last deal, then to the side that won the last trick (Enquire Within 123 x)."""
    totals = side_totals(rules, state.scores)
    brisques = side_totals(rules, state.deal_brisques)
    last = state.last_trick_winner

    def key(side: int) -> tuple[int, int, int]:
        took_last = last is not None and rules.side_of[last] == side
        return (totals[side], totals[side] - brisques[side], int(took_last))

    ranking = sorted(range(len(rules.sides)), key=key, reverse=True)
    state.winning_side = ranking[0]
    state.winner = rules.sides[ranking[0]][0]
    state.phase = Phase.OVER
    tied = sum(1 for total in totals if total == totals[ranking[0]]) > 1
    how = " on the tie-break" if tied else ""
    who = " and ".join(f"p{seat + 1}" for seat in rules.sides[ranking[0]])
    verb = "reach" if len(rules.sides[ranking[0]]) > 1 else "reaches"
    state.events.append(
        Event("game_over", state.winner, f"{who} {verb} {rules.variant.game.target}{how}")
    )


def finish_single(rules: Rules, state: State) -> None:
    """A one-deal game ends with its settlement (laws 56–61)."""
    variant = rules.variant
    scores = (state.scores[0], state.scores[1])
    brisques = (state.deal_brisques[0], state.deal_brisques[1])
    settled = settle(variant.settlement or Settlement(), scores, brisques, variant.brisques.usage)
    state.settled = settled
    state.winner = settled.winner
    state.phase = Phase.OVER
    who = "void game" if settled.winner is None else f"p{settled.winner + 1} wins"
    state.events.append(
        Event("game_over", settled.winner, f"{who}: {settled.explanation}", settled.value)
    )
