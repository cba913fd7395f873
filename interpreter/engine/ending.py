"""The end of a deal and of the game: end-of-hand brisques, the race check, and the
settlement of a one-deal game."""

from __future__ import annotations

from interpreter.engine.dealing import deal
from interpreter.engine.events import Ending, EventKind, Reason
from interpreter.engine.rules import Rules
from interpreter.engine.settlement import settle
from interpreter.engine.state import DealResult, Phase, State
from interpreter.model.deck import Rotation
from interpreter.model.scoring import BrisqueTiming, BrisqueUsage, GameFormat


def brisques_won(rules: Rules, state: State, seat: int) -> int:
    """Brisque cards a seat has won this deal: in its tricks and among its open cards."""
    table = state.table
    return sum(1 for c in [*table.won[seat], *table.open[seat]] if rules.brisque[c])


def end_of_deal(rules: Rules, state: State) -> None:
    n = state.players
    table = state.table
    scoring = rules.scoring
    if scoring.usage is BrisqueUsage.ALWAYS and scoring.timing is BrisqueTiming.END_OF_HAND:
        for offset in range(1, n + 1):
            seat = (state.dealer + offset) % n
            count = brisques_won(rules, state, seat)
            state.score(seat, count * scoring.value, Reason.BRISQUES, number=count)
    state.deal_results.append(
        DealResult(
            state.deal_no,
            state.dealer,
            tuple(table.points),
            tuple(brisques_won(rules, state, seat) for seat in range(n)),
            table.last_trick_winner,
        )
    )
    state.emit(EventKind.END_OF_DEAL, number=state.deal_no, values=tuple(table.points))
    if scoring.format is GameFormat.SINGLE_DEAL:
        finish_single(rules, state)
        return
    if max(side_totals(rules, state.scores)) >= scoring.target:
        finish_race(rules, state)
        return
    if rules.dealing.rotation is Rotation.LAST_TRICK_WINNER and table.last_trick_winner is not None:
        state.dealer = table.last_trick_winner
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
    brisques = side_totals(rules, state.table.brisques)
    last = state.table.last_trick_winner

    def key(side: int) -> tuple[int, int, int]:
        took_last = last is not None and rules.side_of[last] == side
        return (totals[side], totals[side] - brisques[side], int(took_last))

    ranking = sorted(range(len(rules.sides)), key=key, reverse=True)
    state.winning_side = ranking[0]
    state.winner = rules.sides[ranking[0]][0]
    state.phase = Phase.OVER
    tied = sum(1 for total in totals if total == totals[ranking[0]]) > 1
    state.emit(
        EventKind.GAME_OVER,
        state.winner,
        points=rules.scoring.target,
        what=Ending.TIE_BREAK if tied else Ending.TARGET,
        values=rules.sides[ranking[0]],
    )


def finish_single(rules: Rules, state: State) -> None:
    """A one-deal game ends with its settlement (laws 56–61)."""
    scores = (state.scores[0], state.scores[1])
    brisques = (state.table.brisques[0], state.table.brisques[1])
    settled = settle(rules.settlement, scores, brisques, rules.scoring.usage)
    state.settled = settled
    state.winner = settled.winner
    state.phase = Phase.OVER
    ending = Ending.VOID if settled.winner is None else Ending.SETTLED
    state.emit(EventKind.GAME_OVER, settled.winner, points=settled.value, what=ending)
