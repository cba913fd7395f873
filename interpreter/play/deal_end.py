"""The end of a deal on the screen: what each seat scored and for what (combinations, the
seven, brisques, the last trick), the deal's totals, the game's, and who deals next; and the
end of the game.  The terminal and the browser (:mod:`interpreter.web`) show the same lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import assert_never

from interpreter.engine import DealResult, Event, EventKind, Game, Reason
from interpreter.play.text import plural, together


def reason_words(reason: Reason) -> str:
    """How the breakdown names points that are not a combination (brisques and the last trick
    are listed apart, after the others)."""
    match reason:
        case Reason.BRISQUES:
            return "brisques"
        case Reason.LAST_TRICK:
            return "last trick"
        case Reason.SEVEN:
            return "seven of trumps shown"
        case Reason.SEVEN_EXCHANGE:
            return "seven of trumps exchanged"
        case Reason.SEVEN_TURNED_UP:
            return "seven of trumps turned up"
        case Reason.CARTE_BLANCHE:
            return "carte blanche"
        case Reason.DEAL_COUNT:
            return "the count lifted exactly"
        case Reason.COUNT_GUESS:
            return "the count guessed"
        case Reason.BRISQUE_WAR:
            return "brisque war"
        case Reason.CARD_POINTS:
            return "card points"
    assert_never(reason)


REASONS = {reason: reason_words(reason) for reason in Reason}
"""Every reason for points other than a combination, in words."""
_APART = (Reason.BRISQUES, Reason.LAST_TRICK, Reason.CARD_POINTS)
"""The reasons listed after the others, in their own words."""


def breakdown(game: Game, deal: int, names: Sequence[str]) -> list[str]:
    """The lines that close deal number ``deal`` (which must be finished)."""
    result = next(r for r in game.deal_results if r.deal == deal)
    scored = [e for e in game.events if e.deal == deal and e.kind is EventKind.SCORE]
    lines = [f"End of deal {deal}. Points scored in it:"]
    for seat in range(game.players):
        items = _items(game, [e for e in scored if e.player == seat], result, seat)
        lines.append(f"{names[seat]}: {result.points[seat]}" + (f" — {items}" if items else ""))
    lines.append(_game_line(game, deal, names))
    following = _next_deal(game.events, deal)
    if following is not None and following.player is not None:
        lines.append(f"Deal {following.number} is dealt by {names[following.player]}.")
    return lines


def _game_line(game: Game, deal: int, names: Sequence[str]) -> str:
    """The game's totals once deal number ``deal`` is over (and the sides' with partners)."""
    finished = [r for r in game.deal_results if r.deal <= deal]
    totals = [sum(r.points[seat] for r in finished) for seat in range(game.players)]
    line = "Game: " + " · ".join(together(f"{names[s]} {totals[s]}") for s in range(game.players))
    sides = game.rules.sides
    if any(len(side) > 1 for side in sides):
        line += "; sides " + " · ".join(
            together(_side(side)) + f" {sum(totals[s] for s in side)}" for side in sides
        )
    if not game.is_over:
        line += f" (first to {game.variant.game.target})"
    return line + "."


def _side(side: Sequence[int]) -> str:
    """``p1 + p3``."""
    return " + ".join(f"p{s + 1}" for s in side)


def game_over(game: Game, names: Sequence[str]) -> list[str]:
    """The lines that close a finished game: the final scores (and the sides'), and the value
    of a one-deal game."""
    outcome = game.outcome
    assert outcome is not None, "the game is over"
    final = " · ".join(f"{names[s]} {score}" for s, score in enumerate(outcome.scores))
    if len(outcome.sides[0]) > 1:
        final += "; sides " + " · ".join(
            _side(side) + f" {total}"
            for side, total in zip(outcome.sides, outcome.side_scores, strict=True)
        )
    lines = [f"Game over: {final}."]
    if outcome.settlement is not None:
        lines.append(outcome.settlement.explanation)
    return lines


def _items(game: Game, scored: list[Event], result: DealResult, seat: int) -> str:
    """``royal marriage 40, common marriage 2 × 20, 9 brisques 90, last trick 10`` (or
    ``card points 64`` where every card counts by its rank)."""
    names = game.rules.combo_names
    totals: dict[str, list[int]] = {}
    for event in scored:
        if event.what in _APART:
            continue
        totals.setdefault(_label(event.what, names), []).append(event.points)
    items = [_times(label, points) for label, points in totals.items()]
    won = result.brisques[seat]
    if won and not game.rules.scoring.by_rank:
        points = sum(e.points for e in scored if e.what == Reason.BRISQUES)
        brisques = plural(won, "brisque")
        items.append(f"{brisques} {points}" if points else f"{brisques} (not scored)")
    counted = sum(e.points for e in scored if e.what == Reason.CARD_POINTS)
    if counted:
        items.append(f"card points {counted}")
    last = sum(e.points for e in scored if e.what == Reason.LAST_TRICK)
    if last:
        items.append(f"last trick {last}")
    return ", ".join(together(item) for item in items)


def _label(what: str, names: Mapping[str, str]) -> str:
    """What points were scored for: a reason in words, or a combination by its name (an id
    that is neither fails)."""
    return REASONS[Reason(what)] if what in REASONS else names[what]


def _times(label: str, points: list[int]) -> str:
    if len(points) == 1:
        return f"{label} {points[0]}"
    if len(set(points)) == 1:
        return f"{label} {len(points)} × {points[0]}"
    return f"{label} {sum(points)} ({len(points)} times)"


def _next_deal(events: Sequence[Event], deal: int) -> Event | None:
    """The event that begins the deal after ``deal``, once it has been dealt."""
    return next(
        (e for e in events if e.kind is EventKind.DEAL and e.number == deal + 1),
        None,
    )
