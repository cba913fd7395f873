"""Making an agent by its name (the names are :data:`interpreter.agents.AGENT_NAMES`)."""

from __future__ import annotations

from interpreter.agents import AGENT_NAMES
from interpreter.agents.base import Agent, RandomAgent
from interpreter.agents.expert import ExpertAgent
from interpreter.agents.greedy import GreedyAgent
from interpreter.engine import Rules


def make_agent(name: str, rules: Rules, seed: int | None = None) -> Agent:
    """An agent by name; raises ``ValueError`` naming the known agents."""
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(rules, seed)
    if name == "expert":
        return ExpertAgent(rules, seed)
    raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(AGENT_NAMES)}")
