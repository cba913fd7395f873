"""``hint``: advice for the person's next move, from a bot that can say why.

Any agent with an ``explain(view)`` method, giving the move it would make and a short reason,
can give hints; the terminal asks the one named :data:`HINT_AGENT` (the expert bot) when the
registry has it, and says so when it has not."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from interpreter.agents import AGENT_NAMES, make_agent
from interpreter.agents.reasons import Explainer, advise, can_explain
from interpreter.engine import Move, PlayerView, Rules

HINT_AGENT = "expert"
"""The agent asked for hints, when the registry knows it."""

NO_HINTS = "Hints come with the expert bot, which this version does not have."

__all__ = ["HINT_AGENT", "NO_HINTS", "Explainer", "SameHintAgain", "hinter"]


def hinter(
    rules: Rules,
    names: Sequence[str] = AGENT_NAMES,
    make: Callable[[str, Rules, int | None], object] = make_agent,
) -> Explainer | None:
    """The bot that gives hints in this game, or None when there is none.  Asked again in
    the same position, it gives the same hint (:class:`SameHintAgain`)."""
    if HINT_AGENT not in names:
        return None
    if not can_explain(make(HINT_AGENT, rules, None)):
        return None
    return SameHintAgain(lambda seed: make(HINT_AGENT, rules, seed))


class SameHintAgain:
    """Hints that depend on the position only, as the player sees it.

    A bot that samples (the expert deals the hidden cards at random) could advise one move,
    then another when asked again, if it kept one random stream for the whole game.  Each hint
    is asked instead of a bot made for it and seeded from everything the player may know
    (:func:`interpreter.agents.reasons.advise`, which ``interpreter.agents.hint`` calls too):
    the same position gives the same hint, in this session, in any other, in the browser and
    from the API."""

    def __init__(self, make: Callable[[int], object]) -> None:
        self.make = make

    def explain(self, view: PlayerView) -> tuple[Move, str]:
        return advise(view, self.make)
