"""Claiming the target in the middle of a deal (``game.win_check = "claim"``, Sixty-six's
"out"): who may claim and when, and the refusal of each claim that is not allowed.

A player who believes that his points have reached the target says so when it is his turn to
lead, even after showing a marriage and before leading from it; the deal stops there.  He
wins if the claim is true; if it is false his adversary wins ``game.false_claim``
(casinospiegel.net, '66': "Wer sich irrt und beim Nachzählen nicht 66 Punkte erreicht,
verliert zwei Striche"; Pagat, 'Sechsundsechzig').  What a claim is worth is reckoned by the
ending (``ending.claim``); here is the move and its check."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from interpreter.engine.moves import Claim, Move
from interpreter.engine.state import Phase, State

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

CLAIM: Final = Claim()
_PLAY: Final = Phase.PLAY


def problem(rules: Rules, state: State, player: int) -> str | None:
    """Why ``player`` may not claim the target now, or None (a false claim is allowed: it
    is the claimant's risk)."""
    if not rules.scoring.claimed:
        return "in this variant the target is not claimed: it is counted for you"
    if state.phase is not _PLAY or state.table.trick:
        return "only the player to lead may claim the target, before he leads"
    return None


def moves(rules: Rules, state: State, player: int) -> list[Move]:
    return [CLAIM] if problem(rules, state, player) is None else []
