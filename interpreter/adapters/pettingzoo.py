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
* Seeding follows Gymnasium: ``reset(seed=n)`` seeds the environment's generator, and a later
  ``reset()`` deals on from it, so a run seeded once is reproduced whole; a ``reset()`` never
  seeded deals from fresh randomness.  ``options`` are accepted and ignored.
* Every misuse raises ``ValueError`` saying what is wrong and changes nothing, under
  ``python -O`` too: an action that is not an integer, is out of the space or is illegal now;
  an unknown agent; a seed that is not a non-negative integer; a step before ``reset`` or
  after the deal's last agent has left.

Needs the ``ml`` extra.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from interpreter.adapters import tensors, texts
from interpreter.adapters.episode import CHANCE, Episode, load_spec

Observed = Literal["observation", "information_state"]
ObservationDict = dict[str, np.ndarray[Any, Any]]
RENDER_MODES = ("human", "ansi")


def env(
    variant: str = "bezique",
    observation: Observed = "observation",
    render_mode: str | None = None,
) -> AECEnv[str, ObservationDict, int]:
    """The environment of a variant, wrapped as PettingZoo's classic games are (calls out of
    order refused), every misuse a ``ValueError``."""
    return OrderChecked(raw_env(variant, observation, render_mode))


class OrderChecked(wrappers.OrderEnforcingWrapper[str, ObservationDict, int]):  # type: ignore[misc]
    """PettingZoo's order enforcing, which refuses a step, an observation or a render before
    ``reset`` with a ``ValueError`` (PettingZoo's own raises ``AssertionError``), and leaves a
    step after the deal's end to the environment, which refuses it (PettingZoo's own only
    logs a warning)."""

    def _check_reset(self, call: str) -> None:
        if not self._has_reset:
            raise ValueError(f"call reset() before {call}")

    def step(self, action: Any) -> None:
        self._check_reset("step()")
        self._has_updated = True
        self.env.step(action)

    def observe(self, agent: str) -> ObservationDict | None:
        self._check_reset("observe()")
        return self.env.observe(agent)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        self._check_reset("render()")
        return self.env.render()  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._check_reset("agent_iter()")
        return super().agent_iter(max_iter)


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
        self._rng = random.Random()  # fresh randomness until reset(seed=...) seeds it
        self._margins: list[float] = [0.0] * self.spec.players
        self._dealt = False
        self.agents: list[str] = []

    def _seat(self, agent: object) -> int:
        if agent not in self.possible_agents:
            raise ValueError(
                f"there is no agent {agent!r}: the agents are {', '.join(self.possible_agents)}"
            )
        return self.possible_agents.index(str(agent))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal again; ``seed`` (a non-negative integer) seeds the generator that deals this
        deal and, unless seeded again, the next ones."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
                raise ValueError(f"seed={seed!r}: a seed is a non-negative integer, or None")
            self._rng = random.Random(int(seed))
        self._dealt = True
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
        seat = self._seat(agent)
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
        if not self.agents:
            raise ValueError(
                "the deal is over and every agent has left: reset() to deal again"
                if self._dealt
                else "call reset() before step()"
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} has finished: its only action is None")
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is an action only for finished agents")
        self.episode.apply(self._index(action))  # an illegal action raises, changing nothing
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

    def _index(self, action: object) -> int:
        """The action as an index of the space, or ``ValueError``."""
        last = self.spec.space.num_distinct_actions - 1
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise ValueError(f"action {action!r}: an action is an integer from 0 to {last}")
        if not 0 <= action <= last:
            raise ValueError(f"there is no action {action}: actions are 0 to {last}")
        return int(action)

    def render(self) -> str | None:
        """The acting seat's view in words (``ansi``: returned; ``human``: printed)."""
        if not self._dealt:
            raise ValueError("call reset() before render()")
        seat = self.possible_agents.index(self.agent_selection)
        text = texts.observation_string(self.episode, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
