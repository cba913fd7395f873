"""Scoring in play: brisques, or the points of every card by its rank (counted as tricks are
won or at the end of the hand, with their minimum and the brisque war), the last trick, and the
game's format and target (Hoyle; laws 24, 25; the Britannica; Foster's Sixty-six for the card
points).  :func:`compile` makes its part of the rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from interpreter.engine.events import Reason
from interpreter.engine.state import State
from interpreter.model import Variant
from interpreter.model.scoring import (
    SCORED_USAGES,
    BrisqueTiming,
    BrisqueUsage,
    GameFormat,
    PlayedOut,
    WhichTrick,
    WinCheck,
)

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class ScoringRules:
    value: int  # per brisque
    usage: BrisqueUsage
    timing: BrisqueTiming
    which: WhichTrick  # the last trick
    last_points: int
    format: GameFormat
    target: int
    minimum: int = 0  # brisques a player needs for any of them to count
    war_penalty: int = 0
    war_floor: int = 0
    win_check: WinCheck = WinCheck.END_OF_DEAL
    double_below: int = 0  # a race game's loser under this: two game points
    # The game-points schedule (``ending.game_points``): (points, below, no_trick) steps;
    # ``double_below`` is its step (2, double_below, False).  Empty: games have no worth.
    worth: tuple[tuple[int, int, bool], ...] = ()
    match_target: int = 0  # game points that win a match; 0: one game
    played_out: PlayedOut = PlayedOut.NEXT_DEAL  # a deal played out short of the target
    by_rank: bool = False  # every card counts its rank's points (``rules.card_points``)
    # A false claim of the target (``win_check = "claim"``): the adversary's (points, below,
    # no_trick) steps, measured on the claimant.
    false_claim: tuple[tuple[int, int, bool], ...] = ()
    # Brisques scored at all; as each trick is won, or counted at the end of the hand.
    counted: bool = field(init=False)
    on_trick: bool = field(init=False)
    at_end: bool = field(init=False)
    # Which trick is the last: the last before the stock runs out, or the final one.
    last_on_stock: bool = field(init=False)
    last_final: bool = field(init=False)
    # The target checked after every move, not only at the end of a deal.
    immediate: bool = field(init=False)
    # The target checked when the player to lead claims it (``engine.claim``).
    claimed: bool = field(init=False)
    # What a trick's counting cards score (``tricks.finish``): its brisques, or with card
    # points by rank the points of its cards.
    credit_trick: TrickCredit = field(init=False)

    def __post_init__(self) -> None:
        race = self.format is GameFormat.RACE
        object.__setattr__(self, "immediate", race and self.win_check is WinCheck.IMMEDIATE)
        object.__setattr__(self, "claimed", race and self.win_check is WinCheck.CLAIM)
        object.__setattr__(self, "last_on_stock", self.which is WhichTrick.LAST_STOCK_TRICK)
        object.__setattr__(self, "last_final", self.which is WhichTrick.FINAL)
        counted = self.usage in SCORED_USAGES
        object.__setattr__(self, "counted", counted)
        later = (
            self.timing is BrisqueTiming.END_OF_HAND
            or self.usage is BrisqueUsage.WAR
            or self.minimum > 0
        )
        object.__setattr__(self, "on_trick", counted and not later)
        object.__setattr__(self, "at_end", counted and later)
        credit = _trick_card_points if self.by_rank else _trick_brisques
        object.__setattr__(self, "credit_trick", credit)


def compile(variant: Variant) -> ScoringRules:
    """The scoring part of the rules: ``[brisques]``, ``[last_trick]``, ``[game]``, ``[match]``."""
    return ScoringRules(
        value=variant.brisques.value,
        usage=variant.brisques.usage,
        timing=variant.brisques.timing,
        which=variant.last_trick.which,
        last_points=variant.last_trick.points,
        format=variant.game.format,
        target=variant.game.target,
        minimum=variant.brisques.minimum,
        war_penalty=variant.brisques.war_penalty,
        war_floor=variant.brisques.war_floor,
        win_check=variant.game.win_check,
        double_below=variant.game.double_below,
        worth=worth_steps(variant),
        match_target=0 if variant.match is None else variant.match.target,
        played_out=variant.game.played_out,
        by_rank=bool(variant.brisques.values),
        false_claim=tuple((s.points, s.below, s.no_trick) for s in variant.game.false_claim),
    )


def worth_steps(variant: Variant) -> tuple[tuple[int, int, bool], ...]:
    """The schedule of a game's worth, one home for ``[[game.worth]]`` and ``game.double_below``
    (one game point, two when every loser is under it); a match without either: one point."""
    game = variant.game
    if game.worth:
        return tuple((step.points, step.below, step.no_trick) for step in game.worth)
    if game.double_below:
        return ((1, 0, False), (2, game.double_below, False))
    if variant.match is not None:
        return ((1, 0, False),)
    return ()


def base_worth(steps: tuple[tuple[int, int, bool], ...]) -> int:
    """What a game is worth when no condition of the schedule ``steps`` holds: its step
    without conditions (0 where games have no worth)."""
    return max((points for points, below, no_trick in steps if not (below or no_trick)), default=0)


def credit_brisques(
    rules: Rules, state: State, winner: int, count: int, cards: tuple[int, ...]
) -> None:
    """``winner`` wins ``count`` cards that count: brisques, or under card points by rank
    (``brisques.values``) the counting cards among ``cards``; their points are counted for the
    deal, and scored at once when they score as each trick is won."""
    if not count:
        return
    scoring = rules.scoring
    if scoring.by_rank:
        credit_card_points(rules, state, winner, cards)
        return
    state.table.brisques[winner] += count * scoring.value
    if scoring.on_trick:
        state.score(
            winner,
            count * scoring.value,
            Reason.BRISQUES,
            number=count,
            cards=tuple([rules.face[c] for c in cards]) if cards else (),
        )


TrickCredit = Callable[["Rules", State, int, int, list[int]], None]
"""``credit(rules, state, winner, count, trick)``: the ``count`` counting cards of a trick just
won by ``winner`` (``count`` > 0) are credited to him."""


def _trick_brisques(rules: Rules, state: State, winner: int, count: int, trick: list[int]) -> None:
    """Bézique: the brisques of a trick, counted for the deal and scored at once when they are
    scored as each trick is won (the event does not name the cards)."""
    scoring = rules.scoring
    state.table.brisques[winner] += count * scoring.value
    if scoring.on_trick:
        state.score(winner, count * scoring.value, Reason.BRISQUES, number=count)


def _trick_card_points(
    rules: Rules, state: State, winner: int, count: int, trick: list[int]
) -> None:
    credit_card_points(rules, state, winner, trick)


def credit_card_points(
    rules: Rules, state: State, winner: int, cards: tuple[int, ...] | list[int]
) -> None:
    """Card points by rank: ``winner`` wins ``cards``, and the points of each (Foster's
    Sixty-six: ace 11, ten 10, king 4, queen 3, knave 2)."""
    worth = rules.card_points
    points = 0
    for card in cards:
        points += worth[card]
    state.table.brisques[winner] += points
    if rules.scoring.on_trick:
        counted = tuple([rules.face[c] for c in cards if worth[c]])
        state.score(winner, points, Reason.CARD_POINTS, number=len(counted), cards=counted)


def score_card_points_won(rules: Rules, state: State, seat: int) -> None:
    """Card points counted when the hand is over: ``seat`` scores the points of the cards he
    has won this deal, in his tricks and among his open cards (the event's number: how many of
    them count, as when they are scored trick by trick)."""
    table, worth = state.table, rules.card_points
    points = counted = 0
    for cards in (table.won[seat], table.open[seat]):
        for card in cards:
            if worth[card]:
                points += worth[card]
                counted += 1
    state.score(seat, points, Reason.CARD_POINTS, number=counted)
