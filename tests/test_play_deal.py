"""``Game.play_deal``: a deal played through by choosers of the legal moves is the deal that
``legal_moves()`` and ``step`` play, move for move, and it stops where the deal ends."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Sequence

import pytest

from interpreter.engine import Game, Move, Rules
from interpreter.loader import load_variant, shipped_variant_names
from tests.test_engine_docs import _example


def _choosers(players: int, seed: int) -> list[random.Random]:
    return [random.Random(seed * 10 + seat) for seat in range(players)]


@pytest.mark.parametrize("name", shipped_variant_names())
def test_a_deal_played_through_is_the_deal_played_move_by_move(name: str) -> None:
    rules = Rules(load_variant(name))
    through, by_step = Game.new(rules, seed=11), Game.new(rules, seed=11)
    through_rngs, step_rngs = _choosers(rules.players, 1), _choosers(rules.players, 1)
    for deal in range(1, 3):
        if through.is_over:
            break
        through.play_deal([rng.choice for rng in through_rngs])
        while not by_step.is_over and by_step.deals_finished < deal:
            seat = by_step.to_act
            assert seat is not None
            by_step.step(step_rngs[seat].choice(by_step.legal_moves()))
        assert through == by_step  # the same state, history and generator included
        assert through.deals_finished == deal or through.is_over
        assert through.legal_moves() == by_step.legal_moves()
        assert through.moves_made == by_step.moves_made


def test_it_stops_at_the_end_of_the_deal_and_the_next_deal_goes_on_from_there() -> None:
    game = Game.new(load_variant("bezique"), seed=3)
    rng = random.Random(3)
    game.play_deal([rng.choice, rng.choice])
    assert game.deals_finished == 1 and not game.is_over
    assert game.deal_no == 2  # the next deal is dealt, waiting for its first card
    assert [str(move).split()[0] for move in game.legal_moves()] == ["play"] * len(
        game.legal_moves()
    )
    game.play_deal([rng.choice, rng.choice])
    assert game.deals_finished == 2


def test_an_over_game_plays_nothing() -> None:
    game = Game.new(load_variant("bezique"), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.play_deal([rng.choice, rng.choice])
    made = game.moves_made
    game.play_deal([rng.choice, rng.choice])
    assert game.moves_made == made


def test_a_view_taken_before_reads_the_game_as_it_was() -> None:
    game = Game.new(load_variant("bezique"), seed=5, dealer=1)
    view, then = game.view(0), game.copy().view(0)  # nothing read from the view yet
    rng = random.Random(5)
    game.play_deal([rng.choice, rng.choice])
    assert game.deals_finished == 1
    assert view.hand == then.hand and view.legal_moves == then.legal_moves
    assert view.stock_size == then.stock_size == 48


def test_moves_taken_back_are_forgotten_before_the_deal_goes_on() -> None:
    """After ``undo``, playing the deal through is playing it from there: taking moves back
    then walks the new line, not the one taken back (whose states ``undo`` kept)."""
    rules = Rules(load_variant("bezique"))
    game = Game.new(rules, seed=8, dealer=1)
    rng = random.Random(8)
    for _ in range(40):
        game.step(rng.choice(game.legal_moves()))
    while game.moves_made > 10:
        game.undo()  # keeps a state every few moves of the line taken back
    game.play_deal([rng.choice, rng.choice])  # another line from move 10
    made = game._state.log[:]
    while game.moves_made > 24:
        game.undo()
    replay = Game.new(rules, seed=8, dealer=1)
    for _, move, _ in made[:24]:
        replay.step(move)
    assert game == replay


def test_a_chooser_that_fails_leaves_the_game_as_it_was() -> None:
    game = Game.new(load_variant("bezique"), seed=4, dealer=1)
    rng = random.Random(4)
    for _ in range(9):
        game.step(rng.choice(game.legal_moves()))
    assert game.legal_moves()  # listed, and kept
    turns = 0

    def failing(moves: Sequence[Move]) -> Move:
        nonlocal turns
        turns += 1
        if turns == 5:
            raise RuntimeError("the bot gave up")
        return moves[0]

    with pytest.raises(RuntimeError, match="gave up"):
        game.play_deal([failing, failing])
    copy = game.copy()
    copy._moves = None  # listed again from the state, nothing kept
    assert game.legal_moves() == copy.legal_moves()
    assert game.moves_made == 9 + 4
    game.step(game.legal_moves()[0])  # and it plays on


def test_the_engine_guide_example_prints_what_the_guide_says() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_example("whole deals"), "docs/engine.md", "exec"), {"__name__": "example"})
    lines = out.getvalue().splitlines()
    assert lines[0] == "deal 1: (220, 70)"
    assert lines[-1] == "p1 wins (p1 1020, p2 790) after 7 deal(s): p1 reaches 1000"
    assert len(lines) == 8
