"""The expert bot: legal and reproducible in every variant, its solver of the last tricks
exact (against a plain minimax through the engine), stronger than greedy over a fixed set of
duplicate deals, and its hints."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from interpreter.agents import AGENT_NAMES, GreedyAgent, Hint, hint, make_agent
from interpreter.agents.expert import Effort, ExpertAgent
from interpreter.agents.solver import Solver
from interpreter.engine import Game, Move, Phase, Play, Rules
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.play import play_terminal

ROOT = Path(__file__).resolve().parents[1]

TINY = Effort(worlds=2, end_worlds=1, nodes=3_000)
"""A small budget, to keep the tests fast."""

LARGE = ("chinese", "chinese-trump-bezique", "eight-pack")
"""Variants whose deals are long: the expert plays only part of them here."""


def rules_of(name: str) -> Rules:
    return Rules(load_variant(name))


def greedy_until(game: Game, stop: Callable[[Game], bool]) -> None:
    """Greedy moves for every seat until ``stop(game)`` or the end of the first deal."""
    bots = [GreedyAgent(game.rules) for _ in range(game.players)]
    while not game.is_over and not game.deals_finished and not stop(game):
        seat = game.to_act
        assert seat is not None
        game.step(bots[seat].choose(game.view(seat)))


def stock_left(game: Game) -> int:
    seat = game.to_act
    return game.view(seat if seat is not None else 0).stock_size


# -- legal and reproducible ----------------------------------------------------------------------
def expert_moves(name: str, seed: int, start: int = 0, limit: int = 10_000) -> list[Move]:
    """The expert's moves in seat p1 (greedy elsewhere) from the point where the stock is down
    to ``start`` cards (0: from the first move), at most ``limit`` of them; each checked legal."""
    rules = rules_of(name)
    game = Game.new(rules, seed=seed)
    if start:
        greedy_until(game, lambda g: g.phase is not Phase.ELECT and stock_left(g) <= start)
    expert = ExpertAgent(rules, seed, TINY)
    others = GreedyAgent(rules)
    made: list[Move] = []
    while not game.is_over and not game.deals_finished and len(made) < limit:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        move = expert.choose(view) if seat == 0 else others.choose(view)
        assert move in game.legal_moves(), (name, move)
        if seat == 0:
            made.append(move)
        game.step(move)
    return made


@pytest.mark.parametrize("name", shipped_variant_names())
def test_the_expert_makes_only_legal_moves(name: str) -> None:
    if name in LARGE:
        assert expert_moves(name, 1, limit=12)
        assert expert_moves(name, 2, start=2 * rules_of(name).players)
    else:
        assert expert_moves(name, 1)


def test_the_same_seed_gives_the_same_moves() -> None:
    assert expert_moves("bezique", 7) == expert_moves("bezique", 7)
    assert expert_moves("three-handed", 4) == expert_moves("three-handed", 4)


def test_the_expert_is_one_of_the_agents_by_name() -> None:
    assert "expert" in AGENT_NAMES
    assert isinstance(make_agent("expert", rules_of("bezique"), 1), ExpertAgent)
    with pytest.raises(ValueError, match="unknown effort 'hard'; known: normal, strong"):
        ExpertAgent(rules_of("bezique"), 1, "hard")


# -- the solver of the last tricks ----------------------------------------------------------------
def brute_force(game: Game, move: Move, side: int, active: tuple[int, ...]) -> int:
    """The points ``side`` gains with ``move`` to the end of the current duel (or of the last
    tricks), every seat playing its best through the engine: plain minimax over ``copy`` and
    ``step``."""
    rules = game.rules
    deal = game.deals_finished
    start = game.view(0).deal_points

    def gained(g: Game) -> int | None:
        if g.is_over or g.deals_finished != deal:
            points = g.deal_results[deal].points
        elif any(g.view(0).hand_sizes[s] for s in active) or g.view(0).trick:
            return None
        else:
            points = g.view(0).deal_points
        return sum(points[s] - start[s] for s in rules.sides[side])

    def search(g: Game) -> int:
        done = gained(g)
        if done is not None:
            return done
        seat = g.to_act
        assert seat is not None
        values = []
        for move in g.legal_moves():
            after = g.copy()
            after.step(move)
            values.append(search(after))
        return max(values) if rules.side_of[seat] == side else min(values)

    first = game.copy()
    first.step(move)
    return search(first)


def small_endgame(game: Game, cards: int, played: int) -> bool:
    """Whether the last tricks have come down to ``cards`` in the hand of the seat to move,
    with ``played`` cards in the trick already (0: it leads)."""
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    return (
        view.stock_size == 0
        and game.phase is Phase.PLAY
        and 0 < len(view.hand) <= cards
        and len(view.trick) == played
    )


@pytest.mark.parametrize(
    ("name", "cards"),
    [
        ("bezique", 4),  # two players
        ("rubicon", 4),  # four packs; brisques only settle ties
        ("three-handed", 3),  # three players: the other two against the solver's seat
        ("four-handed-partners-modern", 2),  # partners, everybody plays, only_if_winning
        ("four-handed-partners", 3),  # partners, the last tricks as two duels
        ("four-handed", 3),  # four players alone, two duels
    ],
)
def test_the_solver_agrees_with_a_minimax_through_the_engine(name: str, cards: int) -> None:
    rules = rules_of(name)
    solver = Solver(rules)
    checked = 0
    for seed in range(1, 4):
        game = Game.new(rules, seed=seed)
        greedy_until(game, partial(small_endgame, cards=cards, played=seed % 2))
        if game.is_over or game.deals_finished:
            continue
        seat = game.to_act
        assert seat is not None
        position = solver.position(game)
        assert position is not None
        values = solver.values(position, seat)
        assert values is not None
        side = rules.side_of[seat]
        for move in game.legal_moves():
            assert isinstance(move, Play)
            expected = brute_force(game, move, side, position.active)
            assert values[solver.rep[move.card]] == expected, (name, seed, move)
            checked += 1
    assert checked


# -- stronger than greedy -------------------------------------------------------------------------
def test_the_expert_beats_greedy_over_a_fixed_set_of_duplicate_deals() -> None:
    """benchmarks/expert_strength.py on six deals: seeded, so the same deals and the same
    moves every time, and the expert comes out ahead."""
    script = ROOT / "benchmarks" / "expert_strength.py"
    command = [sys.executable, str(script), "--deals", "6", "--variants", "bezique", "--seed", "3"]
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    row = re.search(r"\| expert × greedy \| bezique \| 6 \| ([+-][\d.]+) \(", out)
    assert row is not None, out
    assert float(row[1]) > 0


# -- hints ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", shipped_variant_names())
def test_a_hint_is_a_legal_move_with_a_reason_at_every_stage(name: str) -> None:
    rules = rules_of(name)
    game = Game.new(rules, seed=11)
    stages = [
        lambda g: g.phase is Phase.PLAY and stock_left(g) > 0,  # the first trick
        # a declaring window, or a lead that may declare or close (Schnapsen)
        lambda g: g.phase is Phase.DECLARE or any(not isinstance(m, Play) for m in g.legal_moves()),
        lambda g: g.phase is Phase.PLAY and stock_left(g) == 0,  # the last tricks
    ]
    reasons = []
    for stage in stages:
        greedy_until(game, stage)
        if game.is_over or game.deals_finished:
            continue
        seat = game.to_act
        assert seat is not None
        given = hint(game, seat, effort=TINY)
        assert isinstance(given, Hint)
        assert given.move in game.legal_moves()
        assert len(given.reason) > 10 and "  " not in given.reason
        reasons.append(given.reason)
        game.step(given.move)
    assert len(reasons) >= 2


def test_a_hint_is_only_for_the_seat_to_move() -> None:
    game = Game.new(rules_of("bezique"), seed=2)
    greedy_until(game, lambda g: g.phase is Phase.PLAY)
    seat = game.to_act
    assert seat is not None
    with pytest.raises(ValueError, match=f"p{2 - seat} is not to move"):
        hint(game, 1 - seat)


def test_a_hint_names_what_it_keeps_and_what_it_takes() -> None:
    game = Game.new(rules_of("bezique"), seed=3)
    found: list[str] = []
    while len(found) < 40 and not game.deals_finished:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.PLAY and seat == 0:
            found.append(hint(game, seat, effort=TINY).reason)
        game.step(GreedyAgent(game.rules).choose(game.view(seat)))
    assert any("keeps" in reason and " for the " in reason for reason in found)
    assert any("takes the trick" in reason for reason in found)
    assert any("in the last tricks (worked out exactly)" in reason for reason in found)


def test_a_view_can_sample_worlds_only_while_its_game_is_where_it_was() -> None:
    game = Game.new(rules_of("bezique"), seed=4)
    greedy_until(game, lambda g: g.phase is Phase.PLAY)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    world = view.resample()
    assert world.view(seat) == view
    game.step(game.legal_moves()[0])
    with pytest.raises(ValueError, match="moved on"):
        view.resample()


@pytest.mark.parametrize("name", shipped_variant_names())
def test_hint_works_in_the_terminal_game_with_a_reason(name: str) -> None:
    answers = iter(["hint", "1", "1", "hint", "1", "1", "1", "hint"])

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    screen = StringIO()
    console = Console(file=screen, width=100, highlight=False)
    play_terminal(load_variant(name), seed=5, seat=0, bot="greedy", read=read, console=console)
    hints = re.findall(r"Hint: (\S+(?: \S+)*?) — (.+?)\.\n(?!\s)", screen.getvalue(), re.S)
    assert len(hints) == 3, screen.getvalue()
    for _, why in hints:
        assert len(why) > 10
