"""The game-points schedule (``[[game.worth]]``), issue 36, design commit 5 (the schedule only).

SCH-TJGER, SCH-BCLINS (Schnapsen), FOSTER-66: the winner scores 1 game point; 2 when the loser
has fewer than 33 ("schneider"); 3 when the loser took no trick ("schwarz").  ``game.double_below``
(Turkish, Haitian) is one step of the same schedule.  The overlays extend the shipped Bézique,
a race, and the worth is asked of ``ending.game_points`` at a stated score."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import Game
from interpreter.engine.ending import game_points
from interpreter.loader import VariantError, load_variant
from interpreter.rulebook import render
from tests.support import shipped, write

SCHEDULE = """\
    extends = "bezique"
    name = "worth"

    [[game.worth]]
    points = 1

    [[game.worth]]
    points = 2
    below = 33

    [[game.worth]]
    points = 3
    no_trick = true
"""


def _worth(tmp_path: Path, loser: int, loser_tricks: bool) -> int:
    variant = load_variant(write(tmp_path, "worth.toml", SCHEDULE))
    game = Game.new(variant, seed=1)
    state = game._state
    state.table.won[1] = [0] if loser_tricks else []
    return game_points(game.rules, state, (66, loser), 0)


def test_schnapsen_loser_at_33_one_point(tmp_path: Path) -> None:
    assert _worth(tmp_path, 33, loser_tricks=True) == 1


def test_schnapsen_loser_at_32_schneider_two(tmp_path: Path) -> None:
    assert _worth(tmp_path, 32, loser_tricks=True) == 2


def test_schnapsen_no_trick_schwarz_three(tmp_path: Path) -> None:
    assert _worth(tmp_path, 0, loser_tricks=False) == 3


def test_double_below_is_a_step_of_the_schedule() -> None:
    turkish = shipped("turkish")
    game = Game.new(turkish, seed=1)
    rules, state = game.rules, game._state
    below = turkish.game.double_below
    assert rules.scoring.worth == ((1, 0, False), (2, below, False))
    assert game_points(rules, state, (below, below - 1), 0) == 2
    assert game_points(rules, state, (below, below), 0) == 1


def test_rulebook_states_the_schedule(tmp_path: Path) -> None:
    text = render(load_variant(write(tmp_path, "worth.toml", SCHEDULE)))
    assert "**2 game points** when the loser has fewer than 33 points" in text
    assert "**3 game points** when the loser took no trick in the last deal" in text


def _errors(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(VariantError) as caught:
        load_variant(write(tmp_path, "bad.toml", text))
    return [str(d) for d in caught.value.diagnostics]


def test_loader_refuses_a_schedule_without_a_base_step(tmp_path: Path) -> None:
    text = 'extends = "bezique"\nname = "bad"\n\n[[game.worth]]\npoints = 2\nbelow = 33\n'
    (error,) = _errors(tmp_path, text)
    assert error.startswith(f"{tmp_path / 'bad.toml'}:")
    assert "game.worth: no step always holds" in error


def test_loader_refuses_double_below_with_a_schedule(tmp_path: Path) -> None:
    text = 'extends = "turkish"\nname = "bad"\n\n[[game.worth]]\npoints = 1\n'
    errors = _errors(tmp_path, text)
    assert any("game.double_below: double_below = 1500 is the step" in e for e in errors)


def test_loader_refuses_zero_points(tmp_path: Path) -> None:
    text = 'extends = "bezique"\nname = "bad"\n\n[[game.worth]]\npoints = 0\n'
    errors = _errors(tmp_path, text)
    assert any("game.worth[0].points" in e for e in errors)
