"""Bots that play through ``PlayerView`` only.

Only the names are defined here; the bots (and the engine they need) are imported when one of
them, or ``make_agent``, is first asked for, so that ``bezique --help`` can list the names
without loading the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.lazy import names_on_first_use

if TYPE_CHECKING:
    from interpreter.agents.base import Agent, RandomAgent
    from interpreter.agents.expert import ExpertAgent
    from interpreter.agents.greedy import GreedyAgent
    from interpreter.agents.reasons import Hint, hint
    from interpreter.agents.registry import make_agent

AGENT_NAMES = ("random", "greedy", "expert")

_HOMES = {
    "Agent": "base",
    "RandomAgent": "base",
    "GreedyAgent": "greedy",
    "ExpertAgent": "expert",
    "Hint": "reasons",
    "hint": "reasons",
    "make_agent": "registry",
}


__getattr__ = names_on_first_use(__name__, _HOMES, globals())


__all__ = [
    "AGENT_NAMES",
    "Agent",
    "ExpertAgent",
    "GreedyAgent",
    "Hint",
    "RandomAgent",
    "hint",
    "make_agent",
]
