"""The game-points schedule (``[[game.worth]]``), issue 36, design commit 5 (the schedule only).

SCH-TJGER, SCH-BCLINS (Schnapsen), FOSTER-66: the winner scores 1 game point; 2 when the loser
has fewer than 33 ("schneider"); 3 when the loser took no trick ("schwarz").  ``game.double_below``
(Turkish, Haitian) is one step of the same schedule.  The overlays extend the shipped Bézique,
a race, and the worth is asked of ``ending.game_points`` at a stated score."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from interpreter.engine import Ending, EventKind, Game
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


# -- a deal played out short of the target (``game.played_out``) ------------------------------
# Bézique to 1000 never gets there in one deal, so every deal below is played out short of it.
PLAYED_OUT = (
    SCHEDULE
    + """
    [game]
    played_out = "{rule}"
"""
)


def _played_out(tmp_path: Path, rule: str, extra: str = "") -> Game:
    text = textwrap.dedent(PLAYED_OUT.format(rule=rule)) + textwrap.dedent(extra)
    return Game.new(load_variant(write(tmp_path, "played.toml", text)), seed=3)


def _play_out(game: Game, seed: int = 3) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))


def test_schnapsen_a_deal_played_out_goes_to_the_last_trick_for_one_game_point(
    tmp_path: Path,
) -> None:
    """Schnapsen (Schnopsn online; the ``schnapsen`` package): when all cards are played and
    nobody has announced 66, the winner of the last trick wins the game, for one game point
    whatever the loser's points or tricks."""
    for seed in range(3):
        game = _played_out(tmp_path, "last_trick")
        _play_out(game, seed)
        outcome = game.outcome
        assert outcome is not None and outcome.deals == 1
        assert outcome.ending is Ending.LAST_TRICK
        assert max(outcome.scores) < 1000
        last = game.view(0).last_trick_winner
        assert last is not None and outcome.winner == last and outcome.game_points == 1
        assert (
            outcome.reason
            == f"p{last + 1} wins the last trick, nobody at 1000, a game worth 1 game point"
        )


def test_sixty_six_a_deal_played_out_short_of_the_target_is_void(tmp_path: Path) -> None:
    """Sixty-six (Foster): 65 all, nobody at 66, and the deal scores for nobody."""
    game = _played_out(tmp_path, "higher_total")
    _play_out(game)
    outcome = game.outcome
    assert outcome is not None and outcome.winner is None and outcome.ending is Ending.VOID
    assert outcome.deals == 1 and outcome.reason == "a deal played out with nobody at 1000: void"


def test_a_match_of_deals_each_a_game_worth_its_game_points(tmp_path: Path) -> None:
    """With ``[match]`` each deal is one game of it, the scores starting again at each: the
    first to three game points wins the match, one point for each deal's last trick."""
    game = _played_out(tmp_path, "last_trick", "\n    [match]\n    target = 3\n")
    _play_out(game)
    won = [e for e in game.events if e.kind is EventKind.GAME_WON]
    assert all(e.what == "last_trick" and e.number == 1 for e in won)
    outcome = game.outcome
    assert outcome is not None and outcome.ending is Ending.MATCH
    assert outcome.deals == outcome.games == len(won) and 3 in outcome.match_points
    assert max(outcome.match_points) == 3 and sum(outcome.match_points) == len(won)


def test_a_void_deal_of_a_match_gives_nobody_a_point(tmp_path: Path) -> None:
    game = _played_out(tmp_path, "higher_total", "\n    [match]\n    target = 3\n")
    rng = random.Random(3)
    while game.deals_finished < 2:
        game.step(rng.choice(game.legal_moves()))
    won = [e for e in game.events if e.kind is EventKind.GAME_WON]
    assert [(e.what, e.player, e.number) for e in won] == [("void", None, 0)] * 2
    assert won[0].text == "void game: no game points, the next game"
    assert not game.is_over and game.scores == tuple(game._state.table.points)


def test_rulebook_says_what_a_deal_played_out_gives(tmp_path: Path) -> None:
    text = render(
        load_variant(
            write(tmp_path, "p.toml", textwrap.dedent(PLAYED_OUT.format(rule="last_trick")))
        )
    )
    assert "**Each deal is a game**, won by the player with 1000 points or more" in text
    assert "goes to **the winner of the last trick**, for 1 game point." in text
    text = render(
        load_variant(
            write(tmp_path, "p.toml", textwrap.dedent(PLAYED_OUT.format(rule="higher_total")))
        )
    )
    assert "is **void**: nobody scores for it." in text


def test_loader_refuses_played_out_for_a_one_deal_game(tmp_path: Path) -> None:
    text = 'extends = "rubicon"\nname = "bad"\n\n[game]\nplayed_out = "last_trick"\n'
    (error,) = _errors(tmp_path, text)
    assert "game.played_out: a one-deal game is valued by its [settlement]" in error


def test_without_a_schedule_the_rulebook_promises_no_game_points_for_the_last_trick(
    tmp_path: Path,
) -> None:
    """A deal played out goes to the last trick's winner; where games have no worth (no
    schedule, no match) the engine gives none, and the rulebook says none."""
    text = 'extends = "bezique"\nname = "played"\n\n[game]\nplayed_out = "last_trick"\n'
    variant = load_variant(write(tmp_path, "played.toml", text))
    page = render(variant)
    assert "goes to **the winner of the last trick**." in page
    assert "game point" not in page.split("the winner of the last trick**")[1].split("\n")[0]
    game = Game.new(variant, seed=3)
    _play_out(game)
    outcome = game.outcome
    assert outcome is not None and outcome.game_points == 0


def test_the_game_points_of_a_match_are_in_every_view() -> None:
    """Schnapsen's Bummerl: each seat sees the game points standing, none before a game is
    won; a game of several deals (Bézique) has none to show."""
    assert Game.new(shipped("bezique"), seed=1).view(0).match_points == ()
    game = Game.new(shipped("schnapsen"), seed=1)
    assert game.view(0).match_points == (0, 0) == game.view(1).match_points
    rng = random.Random(1)
    while not any(e.kind is EventKind.GAME_WON for e in game.events):
        game.step(rng.choice(game.legal_moves()))
    won = next(e for e in game.events if e.kind is EventKind.GAME_WON)
    expected = [0, 0]
    assert won.player is not None
    expected[won.player] = won.number
    assert game.view(0).match_points == tuple(expected) == game.view(1).match_points
