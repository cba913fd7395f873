"""Closing the stock (Sixty-six, Schnapsen): who may close and when, what closing does to the
deal, and the state it leaves for the ending to read.

Foster's Complete Hoyle, Sixty-six: "the player whose turn it is to lead ... may turn down the
trump card, which is called closing ... After the game is closed, the players must follow suit
... and no more cards are drawn"; the closer undertakes to make sixty-six, and if he fails his
adversary scores.  What he owes is reckoned at the end of the game (``ending``); here is the
move, its check with the reason of each refusal, and its effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from interpreter.engine.events import EventKind
from interpreter.engine.moves import Close, Move
from interpreter.engine.state import Closed, Phase, State
from interpreter.model import Variant
from interpreter.model.scoring import ClosedWorth
from interpreter.wording import plural

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

CLOSE: Final = Close()
_PLAY: Final = Phase.PLAY


@dataclass(frozen=True, slots=True)
class ClosingRules:
    """``[closing]``: when the stock may be closed, and what the closer owes."""

    after_tricks: int
    min_stock: int
    last_trick: bool  # the last trick still scores after a close
    at_close: bool  # a winning closer is paid on the deal as it stood at the close
    forfeit: tuple[tuple[int, int, bool], ...]  # (points, below, no_trick) steps


def compile(variant: Variant) -> ClosingRules | None:
    closing = variant.closing
    if closing is None:
        return None
    return ClosingRules(
        after_tricks=closing.after_tricks,
        min_stock=closing.min_stock,
        last_trick=closing.last_trick,
        at_close=closing.worth_at is ClosedWorth.CLOSE,
        forfeit=tuple((s.points, s.below, s.no_trick) for s in closing.forfeit),
    )


def problem(rules: Rules, state: State, player: int) -> str | None:
    """Why ``player`` may not close the stock now, or None."""
    closing, table = rules.closing, state.table
    if closing is None:
        return "this variant has no closing of the stock"
    if state.phase is not _PLAY or table.trick:
        return "only the player to lead may close the stock, before he leads"
    if table.lead_from is not None:
        return "a combination has been declared at this lead: lead one of its cards"
    if table.closed is not None:
        return "the stock is already closed"
    if not table.stock:
        return "the stock is exhausted: there is nothing to close"
    if table.trick_no < closing.after_tricks:
        after = plural(closing.after_tricks, "trick")
        return f"the stock may be closed only after {after} of the deal"
    if len(table.stock) < closing.min_stock:
        return (
            f"the stock may be closed only while {closing.min_stock} cards or more are left "
            f"in it, the turn-up counted ({len(table.stock)} left)"
        )
    return None


def moves(rules: Rules, state: State, player: int) -> list[Move]:
    return [CLOSE] if problem(rules, state, player) is None else []


def close(rules: Rules, state: State) -> None:
    """The player to lead closes: the stock, turn-up and all, is set aside unseen; the deal
    as it stands is kept for the ending (``Table.closed``).  ``flow`` then begins the last
    tricks, as when the stock runs out."""
    table = state.table
    player = state.to_act
    table.closed = Closed(player, tuple(table.points), tuple(bool(won) for won in table.won))
    table.closed_stock = tuple(table.stock)
    table.stock = []
    state.emit(EventKind.CLOSE, player)
