"""``Game.play_deal``: a deal played through by choosers of the legal moves is the deal that
``legal_moves()`` and ``step`` play, move for move, and it stops where the deal ends."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable, Sequence

import pytest

from interpreter.agents.base import RandomAgent
from interpreter.arena.entrants import Entrant
from interpreter.engine import EventKind, Game, Move, PlayerView, Rules
from interpreter.loader import load_variant, load_variant_text, shipped_variant_names
from interpreter.scale import table
from interpreter.scale.summary import Summary
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


def _by_step(game: Game, rngs: list[random.Random]) -> None:
    """Play the deal on move by move, as a loop of ``legal_moves()`` and ``step`` does."""
    finished = game.deals_finished
    while not game.is_over and game.deals_finished == finished:
        seat = game.to_act
        assert seat is not None
        game.step(rngs[seat].choice(game.legal_moves()))


def test_a_game_won_in_mid_deal_stops_there() -> None:
    """Under ``win_check = "immediate"`` the side that reaches the target wins at once: the
    deal is cut short, as it is move by move."""
    variant = load_variant_text(
        'extends = "bezique"\nname = "quick"\n'
        '[game]\nformat = "race"\ntarget = 300\nwin_check = "immediate"\n'
    )
    rules = Rules(variant)
    through, by_step = Game.new(rules, seed=2), Game.new(rules, seed=2)
    through_rngs, step_rngs = _choosers(2, 2), _choosers(2, 2)
    while not through.is_over:
        through.play_deal([rng.choice for rng in through_rngs])
        _by_step(by_step, step_rngs)
        assert through == by_step
    assert by_step.is_over and max(through.scores) >= 300
    last = through.deal_no
    tricks = [e for e in through.events if e.kind is EventKind.TRICK and e.deal == last]
    assert 0 < len(tricks) < 32  # the last deal was not played out


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


def test_a_chooser_that_reads_the_game_sees_this_turn() -> None:
    """A chooser may read a view or the legal moves while it chooses: they are this turn's,
    and a view it keeps shows the moment it was made."""
    rules = Rules(load_variant("bezique"))
    game, by_step = Game.new(rules, seed=6), Game.new(rules, seed=6)
    rngs, step_rngs = _choosers(2, 6), _choosers(2, 6)
    kept: list[tuple[PlayerView, PlayerView]] = []  # a view unread, and one of a copy

    def reading(seat: int) -> Callable[[Sequence[Move]], Move]:
        def choose(moves: Sequence[Move]) -> Move:
            assert game.legal_moves() == list(moves)
            kept.append((game.view(seat), game.copy().view(seat)))
            return rngs[seat].choice(moves)

        return choose

    game.play_deal([reading(0), reading(1)])
    _by_step(by_step, step_rngs)
    assert game == by_step and len(kept) == game.moves_made
    for view, then in kept:
        assert view.legal_moves == then.legal_moves and view.hand == then.hand
        assert view.stock_size == then.stock_size and view.scores == then.scores


def test_the_simulation_table_plays_a_run_cut_in_mid_game_as_move_by_move() -> None:
    """The table of a simulation hands the deals to the game for bots that read only their
    moves: a run cut after seven deals of a race to 1000 counts the same deals, calls its
    progress once a deal and leaves the game where move-by-move play leaves it."""

    class Viewing(RandomAgent):  # asked with a view: played move by move
        def choose(self, view: PlayerView) -> Move:
            return self.choose_among(view.legal_moves)

    def run(bot: type[RandomAgent]) -> tuple[dict[str, object], int, Game]:
        rules = Rules(load_variant("bezique"))
        summary = Summary.empty("bezique", 0, ("a", "b"), rules, duplicate=False, detail=True)
        ticks = 0

        def tick() -> None:
            nonlocal ticks
            ticks += 1

        seated = table.Table(summary, rules, tick, None, False)
        entrants = [Entrant(label, lambda rules, seed: RandomAgent(seed), True) for label in "ab"]
        game = seated.play(4, entrants, [bot(1), bot(2)], 7, "")
        figures = {k: v for k, v in summary.as_json().items() if "second" not in k}
        return figures, ticks, game

    handed, ticks, game = run(RandomAgent)
    assert table._among(Entrant("a", lambda r, s: RandomAgent(s), True), RandomAgent(1))
    assert (handed, ticks) == run(Viewing)[:2]
    assert handed["deals"] == ticks == 7 and game.deals_finished == 7 and not game.is_over
    assert game == run(Viewing)[2]


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
    assert lines[-1] == "p1 wins (p1 1020, p2 790) after 7 deals: p1 reaches 1000"
    assert len(lines) == 8
