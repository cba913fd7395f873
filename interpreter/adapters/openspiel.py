"""OpenSpiel: importing this module registers the Python game ``python_bezique``.

``pyspiel.load_game("python_bezique", {"variant": "rubicon"})`` plays one deal of a shipped
variant, or of any variant file (``{"variant": "house.toml"}``, a path without ``,``, ``=``
or parentheses, which OpenSpiel's game strings cannot hold).  Parameters:

* ``variant``: a shipped variant's name or a variant file's path (default ``bezique``).
* ``returns``: ``win`` (default) gives +1 to each seat of the side that wins the deal and
  shares −1 among the others (0 to all when drawn); ``share`` gives each side's share of the
  deal's points less an equal share.  The deal's winner is the game's own result when the deal
  ends the game (one-deal variants: the settlement, brisques and all), otherwise the side with
  the most points in the deal.

Chance nodes, the action space and the tensors are those of :mod:`.episode`, :mod:`.actions`
and :mod:`.tensors`; docs/research.md describes them.  Needs the ``ml`` extra.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from interpreter.adapters import tensors, texts
from interpreter.adapters.episode import CHANCE, TERMINAL, Episode, Returns, Spec, load_spec

SHORT_NAME = "python_bezique"
RETURNS: tuple[Returns, ...] = ("win", "share")
DEFAULTS = {"variant": "bezique", "returns": "win"}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Bézique family (rules as data)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class BeziqueGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a variant, as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        unknown = sorted(set(given) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"unknown parameters {unknown}: python_bezique takes {list(DEFAULTS)}")
        returns = str(given["returns"])
        if returns not in RETURNS:
            raise ValueError(f"returns={returns!r}: use one of {', '.join(RETURNS)}")
        self.spec: Spec = load_spec(str(given["variant"]))
        self.returns_kind: Returns = "share" if returns == "share" else "win"
        rules = self.spec.rules
        if len({len(side) for side in rules.sides}) > 1:
            raise ValueError("python_bezique needs sides of one size (its returns add up to 0)")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.space.num_distinct_actions,
            max_chance_outcomes=self.spec.max_chance_outcomes,
            num_players=rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.spec.max_game_length,
        )
        super().__init__(GAME_TYPE, info, given)

    def new_initial_state(self) -> BeziqueState:
        return BeziqueState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(self.spec, iig_obs_type, params)


class BeziqueState(pyspiel.State):  # type: ignore[misc]
    """A state of the deal: an :class:`~interpreter.adapters.episode.Episode`."""

    def __init__(self, game: BeziqueGame) -> None:
        super().__init__(game)
        self.episode = Episode(game.spec)
        self.returns_kind = game.returns_kind

    def current_player(self) -> int:
        player = self.episode.current_player
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.episode.legal()) if player == self.episode.current_player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.episode.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.episode.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        episode = self.episode
        if player == int(pyspiel.PlayerId.CHANCE):
            return _chance_text(episode, action)
        move = episode.legal().get(action) if player == episode.current_player else None
        return str(move) if move is not None else episode.spec.space.describe(action)

    def is_terminal(self) -> bool:
        return self.episode.is_over

    def returns(self) -> list[float]:
        return self.episode.returns(self.returns_kind)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> BeziqueState:
        """A state that ``player_id`` cannot tell from this one (OpenSpiel's ISMCTS asks for
        it): the unseen cards dealt again, by the engine's ``Game.resample``."""
        seed = int(probability_sampler() * 2**53) if probability_sampler else None
        game = self.get_game()

        def build(chance: list[int], moves: list[str]) -> tuple[BeziqueState, Episode]:
            state: BeziqueState = game.new_initial_state()
            for outcome in chance:
                state.apply_action(outcome)
            for line in moves:
                state.apply_action(state.episode.index_of(line.split(" ", 1)[1]))
            return state, state.episode

        return tensors.resample(self.episode, player_id, random.Random(seed), build)

    def __str__(self) -> str:
        return _state_text(self.episode)


class Observer:
    """OpenSpiel's observer: the information-state tensor for a perfect-recall observation
    type, the observation tensor otherwise; always for one seat, public and private parts."""

    def __init__(self, spec: Spec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"python_bezique observers take no parameters; got {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("python_bezique observes one seat's public and private information")
        self.recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        pieces = (tensors.information_pieces if self.recall else tensors.observation_pieces)(spec)
        self.tensor = np.zeros(tensors.size(pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        offset = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + length].reshape(shape)
            offset += length

    def set_from(self, state: BeziqueState, player: int) -> None:
        self.tensor.fill(0.0)
        values = (tensors.information_state if self.recall else tensors.observation)(
            state.episode, player
        )
        if values:
            self.tensor[list(values)] = list(values.values())

    def string_from(self, state: BeziqueState, player: int) -> str:
        if self.recall:
            return texts.information_string(state.episode, player)
        return texts.observation_string(state.episode, player)


def _chance_text(episode: Episode, outcome: int) -> str:
    spec = episode.spec
    if episode.stage == "cut":
        return f"p{outcome + 1} wins the cut"
    if episode.stage == "deck":
        return f"card {len(episode.order) + 1} is {spec.space.faces[outcome]}"
    target = spec.count_target or 0
    what = "the dealer lifts" if not episode.counts else "the guess is"
    return f"{what} {target - 3 + outcome}"


def _state_text(episode: Episode) -> str:
    """The whole state, hidden cards included (OpenSpiel's ``ToString``)."""
    spec = episode.spec
    game = episode.game
    if game is None:
        cut = "" if episode.cut is None else f"p{episode.cut + 1} won the cut; "
        return f"{spec.variant}: {cut}{len(episode.order)} of {spec.n_cards} cards dealt"
    if episode.is_over:
        return f"{spec.variant}: deal over, points {list(episode.points())}"
    lines = [f"{spec.variant}: {game.phase.value}, p{(game.to_act or 0) + 1} to act"]
    for seat in range(spec.players):
        view = game.view(seat)
        hand = " ".join(str(face) for _, face in view.hand)
        table = " ".join(str(face) for _, face in view.table[seat])
        lines.append(f"p{seat + 1}: {hand} | table {table} | points {view.deal_points[seat]}")
    lines.extend(game.public_history(None)[-3:])
    return "\n".join(lines)


pyspiel.register_game(GAME_TYPE, BeziqueGame)
