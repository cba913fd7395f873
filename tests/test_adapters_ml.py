"""OpenSpiel's and PettingZoo's own conformance tests on every shipped variant and on a house
rule overlay, and the ISMCTS example end to end (issue 16).  Needs the ``ml`` extra, which the
``test`` extra includes."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def strings_and_tensors(game: pyspiel.Game, seed: int) -> list[dict[str, set[tuple[float, ...]]]]:
    """Every (string, tensor) pair each seat is shown along a random deal, information state
    and observation alike, as {kind+string: {tensors}}, one dict per seat."""
    rng = random.Random(seed)
    seen: list[dict[str, set[tuple[float, ...]]]] = [{} for _ in range(game.num_players())]
    state = game.new_initial_state()
    while True:
        if not state.is_chance_node():
            for seat, pairs in enumerate(seen):
                info = "info:" + state.information_state_string(seat)
                pairs.setdefault(info, set()).add(tuple(state.information_state_tensor(seat)))
                view = "obs:" + state.observation_string(seat)
                pairs.setdefault(view, set()).add(tuple(state.observation_tensor(seat)))
        if state.is_terminal():
            return seen
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("which", WHICH)
def test_openspiel_equal_strings_mean_equal_tensors(which: str, house: str) -> None:
    """Two equal information-state strings are one information state, so they go with one
    tensor; and so do two equal observation strings.  (OpenSpiel's random_sim_test does not
    check this.)  In Polish bezique and the four-handed partnership game another seat's move
    ending or handing over its declaring window once changed the tensor and not the string."""
    game = pyspiel.load_game("python_bezique", {"variant": named(which, house)})
    for seed in (0, 1):
        for seat, pairs in enumerate(strings_and_tensors(game, seed)):
            split = [text for text, tensors in pairs.items() if len(tensors) > 1]
            assert not split, f"seed {seed}, p{seat + 1}: {split[0]!r} has several tensors"


def test_openspiel_a_declaring_turn_ended_without_a_draw_shows_in_the_other_seats_string() -> None:
    """Polish bezique's last tricks: a seat's ``draw`` ends its declaring turn and no card is
    drawn; the engine's history leaves it out for the others, the string's last line shows it."""
    game = pyspiel.load_game("python_bezique", {"variant": "polish"})
    rng = random.Random(0)
    state = game.new_initial_state()
    found = False
    while not state.is_terminal() and not found:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        actor = state.current_player()
        moves = {state.action_to_string(actor, a): a for a in state.legal_actions()}
        endgame = state.episode.view(actor).stock_size == 0
        if endgame and "draw" in moves and len(moves) > 1:
            other = 1 - actor
            before = state.information_state_string(other)
            state.apply_action(moves["draw"])
            after = state.information_state_string(other)
            assert before.splitlines()[:-1] == after.splitlines()[:-1]  # no line for the draw
            assert before.splitlines()[-1] == f"now: declare, p{actor + 1} to act"
            assert after.splitlines()[-1] == f"now: play, p{actor + 1} to act"
            found = True
        else:
            state.apply_action(rng.choice(list(moves.values())))
    assert found


@pytest.mark.parametrize("which", ["bezique", "three-handed", "four-handed-partners"])
def test_the_deal_or_pass_choice_says_who_won_the_cut(which: str) -> None:
    """At the cut winner's choice to deal or pass, every seat's observation string names him
    (as the tensor does), in OpenSpiel and in PettingZoo's ``ansi`` render."""
    game = pyspiel.load_game("python_bezique", {"variant": which})
    for winner in range(game.num_players()):
        state = game.new_initial_state()
        state.apply_action(winner)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        assert state.current_player() == winner
        assert state.legal_actions() == [0, 1]  # deal, pass
        for seat in range(game.num_players()):
            text = state.observation_string(seat)
            assert f"p{winner + 1} won the cut" in text and f"p{winner + 1} to act" in text
    aec = env(variant=which, render_mode="ansi")
    aec.reset(seed=4)
    winner = aec.agent_selection
    shown = aec.render()
    assert shown is not None
    assert f"p{int(winner.split('_')[1]) + 1} won the cut" in shown


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


def first_hand(aec: Any, seed: int | None) -> list[float]:
    """Reset (with ``seed`` if given), let the cut winner deal, and return what the seat to
    act then sees (its hand among it)."""
    if seed is None:
        aec.reset()
    else:
        aec.reset(seed=seed)
    aec.step(0)  # deal
    return list(aec.observe(aec.agent_selection)["observation"])


def test_pettingzoo_a_run_seeded_once_is_reproduced_whole() -> None:
    """As Gymnasium's environments: ``reset(seed=3)`` seeds the generator, later ``reset()``
    deal on from it, so the same calls deal the same three deals; the deals differ."""
    runs = []
    for _ in range(2):
        aec = env(variant="bezique")
        runs.append([first_hand(aec, seed) for seed in (3, None, None)])
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][1] != runs[0][2] != runs[0][0]


def test_pettingzoo_an_environment_never_seeded_deals_fresh_cards() -> None:
    one, two = env(variant="bezique"), env(variant="bezique")
    assert first_hand(one, None) != first_hand(two, None)


def dealt(call: Callable[[Any], object]) -> Callable[[Any], object]:
    """``call`` on an environment that has dealt."""

    def run(aec: Any) -> object:
        aec.reset(seed=1)
        return call(aec)

    return run


def step_after_the_end(aec: Any) -> None:
    aec.reset(seed=2)
    for _ in aec.agent_iter():
        obs, _, done, _, _ = aec.last()
        aec.step(None if done else int(np.flatnonzero(obs["action_mask"])[-1]))
    aec.step(0)


MISUSES: dict[str, tuple[str, Callable[[Any], object]]] = {
    # what: (what the message says, the call on a new environment)
    "step before reset": ("call reset", lambda aec: aec.step(0)),
    "observe before reset": ("call reset", lambda aec: aec.observe("player_0")),
    "render before reset": ("call reset", lambda aec: aec.render()),
    "a fractional action": ("an action is an integer", dealt(lambda aec: aec.step(2.5))),
    "a text action": ("an action is an integer", dealt(lambda aec: aec.step("2"))),
    "a boolean action": ("an action is an integer", dealt(lambda aec: aec.step(True))),
    "an action past the space": ("there is no action 853", dealt(lambda aec: aec.step(853))),
    "a negative action": ("there is no action -1", dealt(lambda aec: aec.step(-1))),
    "an unknown agent observed": ("no agent 'bob'", dealt(lambda aec: aec.observe("bob"))),
    "an unknown agent's space": ("no agent 'bob'", lambda aec: aec.action_space("bob")),
    "a text seed": ("a seed is a non-negative integer", lambda aec: aec.reset(seed="a")),
    "a negative seed": ("a seed is a non-negative integer", lambda aec: aec.reset(seed=-3)),
    "a step after the end": ("the deal is over", step_after_the_end),
}


@pytest.mark.parametrize("misuse", list(MISUSES))
def test_pettingzoo_every_misuse_is_a_value_error(misuse: str) -> None:
    match, call = MISUSES[misuse]
    with pytest.raises(ValueError, match=match):
        call(env(variant="bezique"))


def test_pettingzoo_misuse_is_refused_under_python_O_too() -> None:
    """Asserts are gone under ``python -O``: the checks are not asserts, so a fractional action
    is not taken for its integer part (0.5 for 0, deal; 1.0 for 1, pass), and an action past
    the space is still refused."""
    script = (
        "from interpreter.adapters.pettingzoo import env\n"
        "aec = env(variant='bezique')\n"
        "aec.reset(seed=1)\n"
        "for action in (0.5, 1.0, 10**6):\n"
        "    try:\n"
        "        aec.step(action)\n"
        "    except ValueError as error:\n"
        "        print('refused', error)\n"
        "    else:\n"
        "        print('taken', action)\n"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 3 and all(line.startswith("refused") for line in lines), done.stdout


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
