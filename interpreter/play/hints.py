"""``hint``: advice for the person's next move, from a bot that can say why.

Any agent with an ``explain(view)`` method, giving the move it would make and a short reason,
can give hints; the terminal asks the one named :data:`HINT_AGENT` (the expert bot) when the
registry has it, and says so when it has not."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from interpreter.agents import AGENT_NAMES, make_agent
from interpreter.engine import Move, PlayerView, Rules

HINT_AGENT = "expert"
"""The agent asked for hints, when the registry knows it."""

NO_HINTS = "Hints come with the expert bot, which this version does not have."


@runtime_checkable
class Explainer(Protocol):
    """A bot that can say what it would play and why, from what the player may know."""

    def explain(self, view: PlayerView) -> tuple[Move, str]:
        """The move this bot would make in ``view`` and why, in a few words."""
        ...


def hinter(
    rules: Rules,
    seed: int | None,
    names: Sequence[str] = AGENT_NAMES,
    make: Callable[[str, Rules, int | None], object] = make_agent,
) -> Explainer | None:
    """The bot that gives hints in this game, or None when there is none."""
    if HINT_AGENT not in names:
        return None
    agent = make(HINT_AGENT, rules, seed)
    return agent if isinstance(agent, Explainer) else None
