"""Hints: the expert's move with a reason a player understands, from what its search found
(the sentence is written by :mod:`~interpreter.agents.decision`).

:func:`hint` is the API: ``hint(game, seat)`` gives a :class:`Hint` (the move and the
reason) for the seat to move, from that seat's view only.  Every hint — this function's,
``bezique play``'s ``hint`` command's, the browser game's *Hint* button's — is worked out by
:func:`advise`, whose bot is seeded by :func:`hint_seed` from the seat's view alone: the same
position gives the same hint whichever way it is asked, and the hint owes nothing to the
game's seed (which a table keeps secret until the game ends) nor to any card the seat has not
seen."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, cast

from interpreter.agents.expert import Effort, ExpertAgent
from interpreter.engine import Game, Move, PlayerView


@dataclass(frozen=True, slots=True)
class Hint:
    """A move and why."""

    move: Move
    reason: str


class Explainer(Protocol):
    """A bot that can say what it would play and why, from what the player may know."""

    def explain(self, view: PlayerView) -> tuple[Move, str]:
        """The move this bot would make in ``view`` and why, in a few words."""
        ...


def can_explain(bot: object) -> bool:
    """Whether ``bot`` is an :class:`Explainer` (by its method: a runtime-checkable Protocol
    is what the compiled build cannot make)."""
    return callable(getattr(bot, "explain", None))


def hint_seed(view: PlayerView) -> int:
    """The seed of the bot that gives the hint in ``view``: from everything the seat may know
    (the view, written out) and nothing else.  A bot that samples the hidden cards could
    otherwise advise one move, then another when asked again in the same position."""
    digest = hashlib.sha256(repr(view).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def advise(view: PlayerView, make: Callable[[int], object]) -> tuple[Move, str]:
    """The hint in ``view``: the move and reason of the bot ``make(hint_seed(view))``."""
    bot = make(hint_seed(view))
    if not can_explain(bot):
        raise TypeError(f"{type(bot).__name__} cannot explain its moves")
    return cast(Explainer, bot).explain(view)


def hint(game: Game, seat: int, effort: str | Effort = "normal") -> Hint:
    """The expert's move for ``seat`` (who must be the one to move) and its reason, from
    what ``seat`` may know: the hint ``bezique play`` and the browser game give in this
    position.  Raises ``ValueError`` when ``seat`` is not to move."""
    if game.is_over or game.to_act != seat:
        who = "nobody" if game.to_act is None else f"p{game.to_act + 1}"
        raise ValueError(f"p{seat + 1} is not to move (the move is {who}'s)")
    rules = game.rules
    move, why = advise(game.view(seat), lambda seed: ExpertAgent(rules, seed, effort))
    return Hint(move, why)
