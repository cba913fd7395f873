"""``hint``: advice for the person's next move, from a bot that can say why.

Any agent with an ``explain(view)`` method, giving the move it would make and a short reason,
can give hints; the terminal asks the one named :data:`HINT_AGENT` (the expert bot) when the
registry has it, and says so when it has not."""

from __future__ import annotations

import hashlib
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
    """The bot that gives hints in this game, or None when there is none.  Asked again in
    the same position, it gives the same hint (:class:`SameHintAgain`)."""
    if HINT_AGENT not in names:
        return None
    agent = make(HINT_AGENT, rules, seed)
    if not isinstance(agent, Explainer):
        return None
    return SameHintAgain(lambda position_seed: make(HINT_AGENT, rules, position_seed), seed)


class SameHintAgain:
    """Hints that depend on the game's seed and the position only.

    A bot that samples (the expert deals the hidden cards at random) could advise one move,
    then another when asked again, if it kept one random stream for the whole game.  Each hint
    is asked instead of a bot made for it, seeded from the game's seed and everything the player
    may know (the view, written out): the same position gives the same hint, in this session
    and in any other of the same game."""

    def __init__(self, make: Callable[[int], object], seed: int | None) -> None:
        self.make, self.seed = make, seed

    def explain(self, view: PlayerView) -> tuple[Move, str]:
        digest = hashlib.sha256(f"{self.seed}:{view!r}".encode()).digest()
        agent = self.make(int.from_bytes(digest[:8], "big"))
        if not isinstance(agent, Explainer):  # the registry's bot changed its kind
            raise TypeError(f"the {HINT_AGENT} bot cannot explain its moves")
        return agent.explain(view)
