"""The research adapters' pure core (issue 16): moves as integers, one deal as an episode with
its chance made explicit, and tensors that show a seat only what it has seen.  These tests need
no numpy; tests/test_adapters_ml.py runs OpenSpiel's and PettingZoo's own conformance tests."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.adapters import tensors
from interpreter.adapters.actions import ActionSpace, ActionSpaceError
from interpreter.adapters.episode import CHANCE, Episode, Spec, load_spec
from interpreter.engine import Game, Play
from interpreter.loader import VariantError, shipped_variant_names

ROOT = Path(__file__).resolve().parents[1]

HOUSE_RULE = """\
extends = "bezique"
name = "house"
title = "Bézique with four tens"
summary = "The two-pack game with four tens scoring 90."

[[combinations]]
id = "four_tens"
name = "four tens"
shape = "same_rank"
of = "T"
class = "quartets"
points = 90
source = "Parlett: any four tens 90, 'if agreed'"
"""


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A house rule written as an overlay file: an environment like any shipped variant."""
    path = tmp_path_factory.mktemp("house") / "house.toml"
    path.write_text(HOUSE_RULE, encoding="utf-8")
    return str(path)


def variants(house: str) -> list[str]:
    return [*shipped_variant_names(), house]


def deal_at_random(episode: Episode, rng: random.Random) -> None:
    """Take each chance node's outcome at random, by its probability."""
    while episode.current_player == CHANCE:
        outcomes = episode.chance_outcomes()
        episode.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])


def random_episode(spec: Spec, seed: int) -> tuple[Episode, random.Random]:
    rng = random.Random(seed)
    episode = Episode(spec)
    deal_at_random(episode, rng)
    return episode, rng


# -- the action space ---------------------------------------------------------------------------
def test_the_action_space_is_fixed_per_variant_and_says_what_each_index_means() -> None:
    spec = load_spec("bezique")
    space, again = spec.space, ActionSpace(spec.rules)
    assert (
        space.num_distinct_actions
        == again.num_distinct_actions
        == sum(block.size for block in space.blocks)
    )
    assert [space.describe(i) for i in range(space.num_distinct_actions)] == again.labels
    names = [block.name for block in space.blocks]
    assert names == [
        "elect",
        "blanche",
        "play",
        "declare",
        "score",
        "exchange",
        "show",
        "yield",
        "draw",
    ]
    assert space.describe(0) == "deal" and space.describe(space.num_distinct_actions - 1) == "draw"
    play = space.blocks[names.index("play")]
    # Two packs: each of the 32 faces from the hand, or one of its two copies on the table.
    assert play.size == 32 * 3
    assert space.describe(play.start) == "play AS"
    assert space.describe(play.start + 1) == "play AS from the table (copy 1)"
    with pytest.raises(ActionSpaceError, match="there is no action"):
        space.describe(space.num_distinct_actions)


@pytest.mark.parametrize("which", [*shipped_variant_names(), "house"])
def test_every_legal_move_has_exactly_one_index_and_back(which: str, house: str) -> None:
    spec = load_spec(house if which == "house" else which)
    space = spec.space
    seen_tabled = False
    for seed in range(2):
        game = Game.new(spec.rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and not game.deals_finished:
            view = game.view(game.to_act or 0)
            legal = space.legal_actions(view)
            assert len(legal) == len(view.legal_moves)  # distinct moves, distinct indices
            assert list(legal) == sorted(legal)
            mask = space.legal_mask(view)
            assert [i for i, flag in enumerate(mask) if flag] == list(legal)
            for index, move in legal.items():
                assert move in view.legal_moves
                assert space.action_index(move, view) == index
                assert space.move_for(index, view) == move
                seen_tabled |= isinstance(move, Play) and "*" in move.label
            game.step(rng.choice(view.legal_moves))
    # Declared cards played from the table were indexed, where declared cards lie there (not
    # Polish's open cards, not the cards shown on lead, which stay in the hand).
    declare = spec.rules.declare
    assert seen_tabled or not declare.from_table or declare.on_lead


def test_an_index_that_names_no_legal_move_is_refused_and_changes_nothing() -> None:
    episode, _ = random_episode(load_spec("bezique"), 1)
    space = episode.spec.space
    illegal = next(i for i in range(space.num_distinct_actions) if i not in episode.legal())
    before = (list(episode.actions), str(episode.game and episode.game.public_history(None)))
    with pytest.raises(ValueError, match="is not legal now"):
        episode.apply(illegal)
    with pytest.raises(ValueError, match="there is no action"):
        episode.apply(space.num_distinct_actions)
    with pytest.raises(ActionSpaceError, match="is not legal now"):
        space.move_for(illegal, episode.view(episode.current_player))
    assert before == (
        list(episode.actions),
        str(episode.game and episode.game.public_history(None)),
    )


# -- the episode -----------------------------------------------------------------------------
def test_chance_is_explicit_cut_then_each_card_then_the_six_pack_count() -> None:
    spec = load_spec("chinese")
    episode = Episode(spec)
    assert episode.chance_outcomes() == [(0, 0.5), (1, 0.5)]  # the cut
    episode.apply(1)
    first = episode.chance_outcomes()
    assert len(first) == 32 and all(p == pytest.approx(1 / 32) for _, p in first)
    for _ in range(spec.n_cards):
        outcomes = episode.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        episode.apply(outcomes[-1][0])
    assert [p for _, p in episode.chance_outcomes()] == [pytest.approx(1 / 7)] * 7  # lifted
    episode.apply(3)  # exactly the target: the dealer scores for lifting it
    episode.apply(0)
    assert episode.current_player == 1  # the winner of the cut elects (law 6)
    episode.apply(episode.index_of("deal"))
    assert episode.game is not None and episode.view(0).dealer == 1
    faces = spec.space.faces
    assert episode.game.deck_order == tuple(sorted(faces * 6, key=faces.index, reverse=True))
    assert episode.points() == (0, 250)  # the dealer lifted exactly 24


def test_the_same_actions_make_the_same_episode_and_it_pickles_as_its_actions() -> None:
    one, rng = random_episode(load_spec("rubicon"), 4)
    for _ in range(30):
        one.apply(rng.choice(list(one.legal())))
    two = pickle.loads(pickle.dumps(one))
    assert two.actions == one.actions
    assert two.game is not None and one.game is not None
    assert two.game.public_history(None) == one.game.public_history(None)
    assert tensors.information_state(two, 1) == tensors.information_state(one, 1)
    copied = one.copy()
    copied.apply(next(iter(copied.legal())))
    assert len(one.actions) + 1 == len(copied.actions)  # a copy moves on alone


@pytest.mark.parametrize("name", ["bezique", "four-handed-partners", "three-handed", "rubicon"])
def test_an_episode_is_one_deal_and_its_returns_add_up_to_zero(name: str) -> None:
    episode, rng = random_episode(load_spec(name), 2)
    while not episode.is_over:
        assert episode.returns() == [0.0] * episode.spec.players
        episode.apply(rng.choice(list(episode.legal())))
    game = episode.game
    assert game is not None and game.deals_finished == 1
    assert episode.points() == game.deal_results[0].points
    for kind in ("win", "share"):
        returns = episode.returns(kind)
        assert sum(returns) == pytest.approx(0.0) and max(returns) <= 1.0
    assert sum(episode.margins()) == pytest.approx(0.0)
    rules = episode.spec.rules
    for seat in range(rules.players):  # partners share their returns
        assert episode.returns()[seat] == episode.returns()[rules.sides[rules.side_of[seat]][0]]


def test_a_variant_that_is_not_one_is_named_with_the_loaders_message() -> None:
    with pytest.raises(VariantError, match="did you mean 'bezique'"):
        load_spec("bezque")


# -- the tensors -----------------------------------------------------------------------------
def in_world(episode: Episode, world: Game) -> Episode:
    """The episode with its game swapped for a world of the engine's ``Game.resample``."""
    other = episode.copy()
    other.game = world
    return other


@pytest.mark.parametrize("which", [*shipped_variant_names(), "house"])
def test_no_tensor_shows_a_card_its_seat_has_not_seen(which: str, house: str) -> None:
    """Two worlds that the seat cannot tell apart (``Game.resample``) give it equal tensors,
    though the cards it has not seen lie elsewhere."""
    spec = load_spec(house if which == "house" else which)
    episode, rng = random_episode(spec, 3)
    moved, hidden_moved = 0, False
    every = 15 if spec.rules.hand_size > 6 else 1  # (a Sixty-six game may end at a claim)
    while not episode.is_over:
        moved += 1
        game = episode.game
        assert game is not None
        if (moved - 1) % every == 0:
            for seat in range(spec.players):
                mine = (
                    tensors.observation(episode, seat),
                    tensors.information_state(episode, seat),
                )
                for draw in range(2):
                    world = in_world(episode, game.resample(seat, random.Random(draw)))
                    theirs = (
                        tensors.observation(world, seat),
                        tensors.information_state(world, seat),
                    )
                    assert theirs == mine
                    other = (seat + 1) % spec.players
                    hidden_moved |= tensors.observation(world, other) != tensors.observation(
                        episode, other
                    )
        episode.apply(rng.choice(list(episode.legal())))
    assert hidden_moved  # the worlds did deal the unseen cards differently


def test_the_tensors_have_named_pieces_of_fixed_size() -> None:
    spec = load_spec("four-handed")
    episode, rng = random_episode(spec, 5)
    pieces = dict(tensors.information_pieces(spec))
    assert pieces["table"] == (4, 32) and pieces["plays"] == (128, 4 + 32 + 2)
    size = tensors.size(tensors.information_pieces(spec))
    for _ in range(40):
        values = tensors.information_state(episode, 2)
        assert all(0 <= index < size for index in values)
        episode.apply(rng.choice(list(episode.legal())))
    assert len(episode.plays) > 20
    _, face, tabled, led = episode.plays[0]
    assert led and not tabled and 0 <= face < 32


def test_the_core_adapters_need_no_numpy() -> None:
    probe = (
        "import sys, interpreter, interpreter.adapters.tensors;"
        "print('numpy' in sys.modules, 'pyspiel' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert out.split() == ["False", "False"]
