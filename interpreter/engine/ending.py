"""The end of a deal and of the game: end-of-hand brisques, the race check, and the
settlement of a one-deal game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine.dealing import deal
from interpreter.engine.events import Ending, EventKind, Reason
from interpreter.engine.scoring import base_worth, score_card_points_won
from interpreter.engine.settlement import settle
from interpreter.engine.state import DealResult, Phase, State
from interpreter.model.deck import Rotation
from interpreter.model.scoring import BrisqueUsage, GameFormat, PlayedOut

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


def brisques_won(rules: Rules, state: State, seat: int) -> int:
    """Brisque cards a seat has won this deal: in its tricks and among its open cards."""
    table, brisque = state.table, rules.brisque
    count = 0
    for cards in (table.won[seat], table.open[seat]):  # plain loops: C once compiled
        for card in cards:
            if brisque[card]:
                count += 1
    return count


def end_of_deal(rules: Rules, state: State) -> None:
    scoring = rules.scoring
    if scoring.at_end:
        count_brisques(rules, state)
    _deal_over(rules, state)
    if scoring.format is GameFormat.SINGLE_DEAL:
        finish_single(rules, state)
        return
    if target_reached(rules, state):
        finish_race(rules, state)
    elif state.table.closed is not None:
        _closer_failed(rules, state)
    elif scoring.played_out is PlayedOut.NEXT_DEAL:
        _next_deal(rules, state)
    else:
        finish_played_out(rules, state)


def _deal_over(rules: Rules, state: State) -> None:
    table = state.table
    state.deal_results.append(
        DealResult(
            state.deal_no,
            state.dealer,
            tuple(table.points),
            tuple(brisques_won(rules, state, seat) for seat in range(state.players)),
            table.last_trick_winner,
        )
    )
    state.emit(EventKind.END_OF_DEAL, number=state.deal_no, values=tuple(table.points))


def _next_deal(rules: Rules, state: State) -> None:
    table = state.table
    if rules.dealing.rotation is Rotation.LAST_TRICK_WINNER and table.last_trick_winner is not None:
        state.dealer = table.last_trick_winner
    else:
        state.dealer = (state.dealer + 1) % state.players
    deal(rules, state)


def count_brisques(rules: Rules, state: State) -> None:
    """The brisques (or, with card points by rank, the points of the cards won) counted at the
    end of the hand, the non-dealer's first (Enquire Within 123 ix, x), and in a race won the
    moment the target is reached, only until a side reaches it: each player's, unless he won
    fewer than ``brisques.minimum`` brisques; in a brisque war only the side with more of them
    scores (each side on a tie), and every other side whose score is above ``war_floor`` loses
    ``war_penalty``, charged to its first seat after the dealer."""
    n = state.players
    scoring = rules.scoring
    counts = [brisques_won(rules, state, seat) for seat in range(n)]
    losers: set[int] = set()
    if scoring.usage is BrisqueUsage.WAR:
        per_side = side_totals(rules, counts)
        best = max(per_side)
        losers = {side for side, count in enumerate(per_side) if count < best}
    order = [(state.dealer + offset) % n for offset in range(1, n + 1)]
    for seat in order:
        count = counts[seat]
        if rules.side_of[seat] in losers or count < scoring.minimum:
            continue
        if scoring.by_rank:  # the points of every card won, by its rank
            score_card_points_won(rules, state, seat)
        else:
            state.score(seat, count * scoring.value, Reason.BRISQUES, number=count)
        if scoring.immediate and target_reached(rules, state):
            return  # the first to count out wins: the others do not count (Enquire Within 123 x)
    for side in sorted(losers):
        if side_totals(rules, state.scores)[side] <= scoring.war_floor:
            continue
        seat = next(s for s in order if rules.side_of[s] == side)
        won = sum(counts[s] for s in rules.sides[side])
        state.score(seat, -scoring.war_penalty, Reason.BRISQUE_WAR, number=won)


def target_reached(rules: Rules, state: State) -> bool:
    """A side has reached the target of a race game (asked after every move where the target
    is checked at once: without partners, the seats' scores are the sides')."""
    if rules.seats_are_sides:
        return max(state.scores) >= rules.scoring.target
    return max(side_totals(rules, state.scores)) >= rules.scoring.target


def finish_now(rules: Rules, state: State) -> None:
    """``game.win_check = "immediate"``: a side has reached the target in the middle of a
    deal, which ends there and then."""
    _deal_over(rules, state)
    finish_race(rules, state)


def side_totals(rules: Rules, points: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Each side's combined points (a side is one seat unless there are partnerships)."""
    return tuple(sum(points[seat] for seat in side) for side in rules.sides)


def finish_race(rules: Rules, state: State) -> None:
    """The side with more points wins; a tie goes to the higher score less the brisques of
    the last deal (when brisques are scored at all), then to the side that won the last trick
    (Enquire Within 123 x)."""
    totals = side_totals(rules, state.scores)
    scoring = rules.scoring
    brisques = side_totals(rules, state.table.brisques) if scoring.counted else (0,) * len(totals)
    last = state.table.last_trick_winner

    def key(side: int) -> tuple[int, int, int]:
        took_last = last is not None and rules.side_of[last] == side
        return (totals[side], totals[side] - brisques[side], int(took_last))

    ranking = sorted(range(len(rules.sides)), key=key, reverse=True)
    side = ranking[0]
    tied = sum(1 for total in totals if total == totals[side]) > 1
    _race_won(rules, state, side, Ending.TIE_BREAK if tied else Ending.TARGET)


def _race_won(rules: Rules, state: State, side: int, ending: Ending) -> None:
    """``side`` has the target: the game is his, worth the schedule on the others' points and
    tricks; unless his adversary closed the stock (the closer failed), or he closed it and is
    paid as the deal stood then."""
    totals = side_totals(rules, state.scores)
    worth = game_points(rules, state, totals, side)
    closed = state.table.closed
    if closed is not None:  # the closer is paid as he closed, or his adversary the forfeit
        if rules.side_of[closed.closer] != side:
            _closer_failed(rules, state, worth)
            return
        if rules.closing is not None and rules.closing.at_close:
            at_close = side_totals(rules, closed.points)
            worth = _worth(rules.scoring.worth, rules, side, at_close, closed.tricks)
    _game_won(rules, state, side, ending, worth)


def claimed(rules: Rules, state: State) -> None:
    """The player to lead has claimed the target (``game.win_check = "claim"``): the deal
    stops.  A true claim wins as the target reached; a false one gives the adversary
    ``game.false_claim`` measured on the claimant, or, if the claimant had closed the stock,
    the closer's forfeit when that is more."""
    player = state.to_act
    side = rules.side_of[player]
    state.emit(EventKind.CLAIM, player, points=rules.scoring.target)
    _deal_over(rules, state)
    totals = side_totals(rules, state.scores)
    if totals[side] >= rules.scoring.target:
        _race_won(rules, state, side, Ending.CLAIM)
        return
    adversary = next(s for s in range(len(rules.sides)) if s != side)
    tricks = tuple(bool(won) for won in state.table.won)
    worth = _worth(rules.scoring.false_claim, rules, adversary, totals, tricks)
    closed, closing = state.table.closed, rules.closing
    if closed is not None and closing is not None and rules.side_of[closed.closer] == side:
        at_close = side_totals(rules, closed.points)
        worth = max(worth, _worth(closing.forfeit, rules, side, at_close, closed.tricks))
    _game_won(rules, state, adversary, Ending.FALSE_CLAIM, worth)


def _closer_failed(rules: Rules, state: State, worth: int = 0) -> None:
    """The closer did not reach the target first (the deal played out, or his adversary there
    before him): the adversary wins the forfeit, measured on him as he stood at the close, or
    the game's own worth (``worth``) if it is more (Schnapsen: 'at least two')."""
    closed, closing = state.table.closed, rules.closing
    assert closed is not None and closing is not None
    closer = rules.side_of[closed.closer]
    side = next(s for s in range(len(rules.sides)) if s != closer)
    # The forfeit's conditions read the adversary (every side but the closer's).
    at_close = side_totals(rules, closed.points)
    measured = _worth(closing.forfeit, rules, closer, at_close, closed.tricks)
    _game_won(rules, state, side, Ending.CLOSER_FAILED, max(measured, worth))


def finish_played_out(rules: Rules, state: State) -> None:
    """A deal played to its last card with no side at the target is the game all the same
    (``game.played_out``): the last trick's winner takes it for the schedule's base worth
    (Schnapsen), or it is void (Sixty-six: 65 all, or neither at 66)."""
    last = state.table.last_trick_winner
    if rules.scoring.played_out is PlayedOut.LAST_TRICK and last is not None:
        base = base_worth(rules.scoring.worth)
        _game_won(rules, state, rules.side_of[last], Ending.LAST_TRICK, base)
        return
    if rules.scoring.match_target:  # no game points: the next game of the match
        state.emit(EventKind.GAME_WON, None, points=rules.scoring.target, what=Ending.VOID)
        state.scores = [0] * state.players
        _next_deal(rules, state)
        return
    state.phase = Phase.OVER
    state.emit(EventKind.GAME_OVER, None, points=rules.scoring.target, what=Ending.VOID)


def _game_won(rules: Rules, state: State, side: int, ending: Ending, worth: int) -> None:
    """``side`` wins a game worth ``worth``: the game, or in a match one game of it."""
    scoring = rules.scoring
    if scoring.match_target:
        if not state.match_points:
            state.match_points = [0] * len(rules.sides)
        state.match_points[side] += worth
        state.emit(
            EventKind.GAME_WON,
            rules.sides[side][0],
            points=scoring.target,
            what=ending,
            number=worth,
            values=rules.sides[side],
        )
        if state.match_points[side] < scoring.match_target:
            state.scores = [0] * state.players  # the next game of the match
            _next_deal(rules, state)
            return
        ending, worth = Ending.MATCH, state.match_points[side]
    state.winning_side = side
    state.winner = rules.sides[side][0]
    state.phase = Phase.OVER
    state.emit(
        EventKind.GAME_OVER,
        state.winner,
        points=scoring.match_target if ending is Ending.MATCH else scoring.target,
        what=ending,
        number=worth,
        values=rules.sides[side],
    )


def game_points(rules: Rules, state: State, totals: tuple[int, ...], side: int) -> int:
    """What a race game won by ``side`` is worth, where games have a worth (a schedule,
    ``game.double_below`` or a match; else 0): the most points among the steps of the schedule
    whose conditions hold for every other side: fewer points than ``below`` (the Turkish
    rubikon, the Haitian anbatab, Schnapsen's 33), no trick taken in the last deal
    (Schnapsen's schwarz)."""
    tricks = tuple(bool(won) for won in state.table.won)
    return _worth(rules.scoring.worth, rules, side, totals, tricks)


def _worth(
    steps: tuple[tuple[int, int, bool], ...],
    rules: Rules,
    side: int,
    totals: tuple[int, ...],
    tricks: tuple[bool, ...],
) -> int:
    """The most points among ``steps`` whose conditions hold for every side but ``side``:
    fewer points (``totals``, per side) than the step's ``below``, no trick taken
    (``tricks``, per seat)."""
    others = [other for other in range(len(rules.sides)) if other != side]
    worth = 0
    for step, below, no_trick in steps:
        if below and not all(totals[other] < below for other in others):
            continue
        if no_trick and any(tricks[seat] for o in others for seat in rules.sides[o]):
            continue
        worth = max(worth, step)
    return worth


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
