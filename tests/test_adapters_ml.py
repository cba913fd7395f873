"""OpenSpiel's and PettingZoo's own conformance tests on every shipped variant and on a house
rule overlay, and the ISMCTS example end to end (issue 16).  Needs the ``ml`` extra, which the
``test`` extra includes."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test

import interpreter.adapters.openspiel  # noqa: F401  (registers python_bezique)
from interpreter.adapters.pettingzoo import env, raw_env
from interpreter.loader import VariantError, shipped_variant_names
from tests.test_adapters import HOUSE_RULE

ROOT = Path(__file__).resolve().parents[1]
WHICH = [*shipped_variant_names(), "house"]


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("house") / "house.toml"
    path.write_text(HOUSE_RULE, encoding="utf-8")
    return str(path)


def named(which: str, house: str) -> str:
    return house if which == "house" else which


# -- OpenSpiel ---------------------------------------------------------------------------------
@pytest.mark.parametrize("which", WHICH)
def test_openspiel_random_simulation_test_passes(which: str, house: str) -> None:
    game = pyspiel.load_game("python_bezique", {"variant": named(which, house)})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("which", ["bezique", "four-handed-partners", "house"])
def test_openspiel_resample_from_infostate_keeps_what_the_seat_knows(
    which: str, house: str
) -> None:
    """As OpenSpiel's ResampleInfostateTest: for each seat at states along a deal, a resampled
    state has the same information state (text and tensor) and the same seat to act."""
    game = pyspiel.load_game("python_bezique", {"variant": named(which, house)})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(7)
    state = game.new_initial_state()
    moves, elsewhere = 0, False
    while not state.is_terminal():
        if not state.is_chance_node():
            moves += 1
            if moves % 20 == 1:
                for seat in range(game.num_players()):
                    other = state.resample_from_infostate(seat, sampler)
                    assert other.information_state_string(seat) == (
                        state.information_state_string(seat)
                    )
                    assert other.information_state_tensor(seat) == (
                        state.information_state_tensor(seat)
                    )
                    assert other.current_player() == state.current_player()
                    elsewhere |= str(other) != str(state)  # the hidden cards lie elsewhere
        state.apply_action(rng.choice(state.legal_actions()))
    assert elsewhere


def test_openspiel_game_reads_its_parameters() -> None:
    game = pyspiel.load_game("python_bezique", {"variant": "rubicon", "returns": "share"})
    assert str(game) == "python_bezique(returns=share,variant=rubicon)"
    assert game.num_players() == 2
    assert game.num_distinct_actions() == game.spec.space.num_distinct_actions
    assert game.information_state_tensor_size() > game.observation_tensor_size()
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "p2 wins the cut"
    with pytest.raises(VariantError, match="did you mean 'bezique'"):
        pyspiel.load_game("python_bezique", {"variant": "bezque"})
    with pytest.raises(ValueError, match="use one of win, share"):
        pyspiel.load_game("python_bezique", {"returns": "points"})


def test_openspiel_observer_pieces_are_named() -> None:
    game = pyspiel.load_game("python_bezique")
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert observer.dict["plays"].shape == (64, 2 + 32 + 2)
    assert observer.dict["hand"].shape == (32,)


# -- PettingZoo --------------------------------------------------------------------------------
@pytest.mark.parametrize("which", WHICH)
def test_pettingzoo_api_test_passes(which: str, house: str) -> None:
    with warnings.catch_warnings():
        # Warnings that PettingZoo's test silences for its own card and board games by name:
        # a dict observation with an action mask (connect four, chess, the poker games) and
        # the all-zero mask of a seat whose turn it is not.
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should")
        warnings.filterwarnings("ignore", "Action mask numpy array is all zeros")
        api_test(env(variant=named(which, house)), num_cycles=50)


@pytest.mark.parametrize("observation", ["observation", "information_state"])
def test_pettingzoo_rewards_add_up_to_each_sides_margin(observation: str) -> None:
    aec = env(variant="four-handed-partners", observation=observation)  # type: ignore[arg-type]
    aec.reset(seed=11)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, _, _ = aec.last()
        totals[agent] += reward
        if terminated:
            aec.step(None)
            continue
        assert obs is not None
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(int(legal[-1]))
    inner = aec.unwrapped
    assert isinstance(inner, raw_env)
    margins = inner.episode.margins()
    assert list(totals.values()) == pytest.approx(margins)
    assert totals["player_0"] == totals["player_2"] and sum(margins) == pytest.approx(0.0)


def test_pettingzoo_refuses_an_illegal_action_and_changes_nothing() -> None:
    aec = env(variant="bezique")
    aec.reset(seed=1)
    obs, *_ = aec.last()
    assert obs is not None
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = aec.agent_selection, aec.observe(aec.agent_selection)["observation"].tolist()
    with pytest.raises(ValueError, match="is not legal now"):
        aec.step(illegal)
    assert before == (aec.agent_selection, aec.observe(aec.agent_selection)["observation"].tolist())


def test_pettingzoo_the_same_seed_deals_the_same_cards() -> None:
    one, two = env(variant="polish"), env(variant="polish")
    one.reset(seed=5)
    two.reset(seed=5)
    agent = one.agent_selection
    assert agent == two.agent_selection
    assert (one.observe(agent)["observation"] == two.observe(agent)["observation"]).all()


# -- the example --------------------------------------------------------------------------------
def test_the_ismcts_example_plays_against_the_greedy_bot() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from openspiel_ismcts import play
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    result = play("bezique", deals=2, simulations=4, seed=1)
    assert result.deals == 2 and len(result.margins) == 2
    assert "ISMCTS (4 simulations a move) against greedy, 2 deals" in str(result)
