"""PettingZoo: every variant as an AEC environment, made as PettingZoo's own games are.

``env(variant="bezique")`` (a shipped variant's name, or a variant file's path: an overlay of
house rules is an environment too) plays **one deal** per episode (see :mod:`.episode`); the
shuffle and the cut come from the generator seeded by ``reset(seed=...)``.

* Agents ``player_0`` … are the seats, ``player_0`` being the engine's ``p1``.
* Each observation is ``{"observation": the seat's tensor, "action_mask": int8 flags}``: the
  observation tensor, or with ``observation="information_state"`` the information-state
  tensor (:mod:`.tensors`); the mask has a 1 for each legal action of the seat to act (all 0
  for the others).  Actions are the variant's action space (:mod:`.actions`).
* Rewards come from the deal's points, as they are scored: after each step every agent is
  rewarded with the change in its side's points less the mean of all sides' points, so an
  agent's rewards over the episode add up to its side's margin over the average side (in
  points; partners get the same).  Points scored when the cards are dealt (a turned-up seven,
  the six-pack count) arrive with the first step.
* An illegal action raises ``ValueError`` naming it and changes nothing.

Needs the ``ml`` extra.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from interpreter.adapters import tensors
from interpreter.adapters.episode import CHANCE, Episode, load_spec

Observed = Literal["observation", "information_state"]
ObservationDict = dict[str, np.ndarray[Any, Any]]
RENDER_MODES = ("human", "ansi")


def env(
    variant: str = "bezique",
    observation: Observed = "observation",
    render_mode: str | None = None,
) -> AECEnv[str, ObservationDict, int]:
    """The environment of a variant, wrapped as PettingZoo's classic games are (actions out of
    the space refused, steps before ``reset`` refused)."""
    inner = raw_env(variant, observation, render_mode)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(inner))


class raw_env(AECEnv[str, ObservationDict, int]):  # type: ignore[misc]
    """One deal of a variant as a PettingZoo AEC environment (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "bezique_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "bezique",
        observation: Observed = "observation",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if observation not in ("observation", "information_state"):
            raise ValueError(
                f"observation={observation!r}: use 'observation' or 'information_state'"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r}: use 'human', 'ansi' or None")
        self.spec = load_spec(variant)
        self.render_mode = render_mode
        self.recall = observation == "information_state"
        pieces = (tensors.information_pieces if self.recall else tensors.observation_pieces)(
            self.spec
        )
        self.pieces = pieces
        size, actions = tensors.size(pieces), self.spec.space.num_distinct_actions
        self.possible_agents = [f"player_{seat}" for seat in range(self.spec.players)]
        top = float(np.finfo(np.float32).max)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-top, top, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.episode = Episode(self.spec)
        self._rng = random.Random()
        self._margins: list[float] = [0.0] * self.spec.players

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed)
        self.episode = Episode(self.spec)
        self._deal()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._margins = [0.0] * self.spec.players
        self.agent_selection = self.possible_agents[self.episode.current_player]

    def _deal(self) -> None:
        """Take every chance node's outcome from the seeded generator."""
        episode = self.episode
        while episode.current_player == CHANCE:
            outcomes = episode.chance_outcomes()
            actions = [action for action, _ in outcomes]
            weights = [p for _, p in outcomes]
            episode.apply(self._rng.choices(actions, weights)[0])

    def observe(self, agent: str) -> ObservationDict:
        seat = self.possible_agents.index(agent)
        values = (tensors.information_state if self.recall else tensors.observation)(
            self.episode, seat
        )
        vector = np.zeros(tensors.size(self.pieces), np.float32)
        if values:
            vector[list(values)] = list(values.values())
        mask = np.zeros(self.spec.space.num_distinct_actions, np.int8)
        if self.episode.current_player == seat:
            mask[list(self.episode.legal())] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is an action only for finished agents")
        self.episode.apply(int(action))  # an illegal action raises here, before any change
        self._cumulative_rewards[agent] = 0.0
        margins = self.episode.margins()
        self.rewards = {
            other: margins[seat] - self._margins[seat]
            for seat, other in enumerate(self.possible_agents)
        }
        self._margins = margins
        if self.episode.is_over:
            self.terminations = {other: True for other in self.agents}
            seat = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[self.episode.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The acting seat's view in words (``ansi``: returned; ``human``: printed)."""
        seat = self.possible_agents.index(self.agent_selection)
        text = tensors.observation_string(self.episode, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
