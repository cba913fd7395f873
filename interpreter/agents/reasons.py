"""Hints: the expert's move with a reason a player understands, from what its search found
(the sentence is written by :mod:`~interpreter.agents.decision`).

:func:`hint` is the API: ``hint(game, seat)`` gives a :class:`Hint` (the move and the
reason) for the seat to move, from that seat's view only."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.agents.expert import Effort, ExpertAgent
from interpreter.engine import Game, Move


@dataclass(frozen=True, slots=True)
class Hint:
    """A move and why."""

    move: Move
    reason: str


def hint(game: Game, seat: int, seed: int | None = 0, effort: str | Effort = "normal") -> Hint:
    """The expert's move for ``seat`` (who must be the one to move) and its reason, from
    what ``seat`` may know.  Raises ``ValueError`` when ``seat`` is not to move."""
    if game.is_over or game.to_act != seat:
        who = "nobody" if game.to_act is None else f"p{game.to_act + 1}"
        raise ValueError(f"p{seat + 1} is not to move (the move is {who}'s)")
    move, why = ExpertAgent(game.rules, seed, effort).explain(game.view(seat))
    return Hint(move, why)
