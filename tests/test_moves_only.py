"""A simulation hands a shipped bot that reads only its legal moves (the random bot) the moves
without making a view: it must choose exactly what it chooses from a view."""

from __future__ import annotations

import random

import pytest

from interpreter.agents.base import MovesOnly, RandomAgent
from interpreter.arena.entrants import Entrant
from interpreter.engine import Move, PlayerView, Rules
from interpreter.loader import load_variant
from interpreter.scale import table
from interpreter.scale.summary import Summary


class _Viewing(RandomAgent):
    """The random bot asked with a view (its ``choose`` is its own)."""

    def choose(self, view: PlayerView) -> Move:
        return self.choose_among(view.legal_moves)


def _played(name: str, bot: type[RandomAgent]) -> dict[str, object]:
    """Five games at a table of trusted bots of the class ``bot``, seeded seat by seat."""
    rules = Rules(load_variant(name))
    n = rules.players
    labels = tuple(f"p{seat + 1}" for seat in range(n))
    summary = Summary.empty(name, 0, labels, rules, duplicate=False, detail=True)
    seated = table.Table(summary, rules, None, None, False)
    for game in range(5):
        bots = [bot(100 * game + seat) for seat in range(n)]
        entrants = [Entrant(label, lambda rules, seed: RandomAgent(seed), True) for label in labels]
        seated.play(game, entrants, bots, None, "")
    return {key: value for key, value in summary.as_json().items() if "second" not in key}


@pytest.mark.parametrize("name", ["bezique", "rubicon", "four-handed-partners", "polish"])
def test_the_random_bot_chooses_the_same_moves_without_a_view(name: str) -> None:
    handed = _played(name, RandomAgent)  # handed the moves
    assert handed == _played(name, _Viewing)  # asked with a view
    assert handed["games"] == 5


def _entrant(trusted: bool) -> Entrant:
    return Entrant("random", lambda rules, seed: RandomAgent(seed), trusted=trusted)


class _Peeking(RandomAgent):
    """A random bot that also reads the view: it must be asked with one."""

    def __init__(self) -> None:
        super().__init__(1)
        self.seen: list[int] = []

    def choose(self, view: PlayerView) -> Move:
        self.seen.append(view.stock_size)
        return super().choose(view)


def test_only_a_shipped_bot_that_reads_nothing_but_its_moves_is_handed_them() -> None:
    assert table._among(_entrant(True), RandomAgent(1)) is not None
    assert table._among(_entrant(False), RandomAgent(1)) is None  # an outside bot: checked
    assert table._among(_entrant(True), _Peeking()) is None  # its own choose reads the view


def test_a_moves_only_bot_chooses_the_same_from_a_view_and_from_the_moves() -> None:
    from interpreter.engine import Game

    game = Game.new(load_variant("bezique"), seed=3)
    rng = random.Random(3)
    for _ in range(60):
        seat = game.to_act
        assert seat is not None
        one, two = RandomAgent(seat), RandomAgent(seat)
        assert one.choose(game.view(seat)) == two.choose_among(game.legal_moves())
        game.step(rng.choice(game.legal_moves()))
    with pytest.raises(NotImplementedError):
        MovesOnly().choose_among(game.legal_moves())
