"""Bots that play through ``PlayerView`` only.

Only the names are defined here; the bots (and the engine they need) are imported when one of
them, or ``make_agent``, is first asked for, so that ``bezique --help`` can list the names
without loading the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.agents.base import Agent, RandomAgent
    from interpreter.agents.greedy import GreedyAgent
    from interpreter.agents.registry import make_agent

AGENT_NAMES = ("random", "greedy")

_HOMES = {"Agent": "base", "RandomAgent": "base", "GreedyAgent": "greedy", "make_agent": "registry"}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = ["AGENT_NAMES", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
