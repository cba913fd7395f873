"""What the table keeps between moves to list them faster (its memo: each seat's ledger
indexed, the declaration numbers of its declared cards, the plays of those cards, kept while
that seat's ledger stays as it is) never changes a move list: at every turn of random games of
every shipped variant, the moves listed are those listed from a copy of the state with nothing
kept, the same moves of the same cards in the same order."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Game, Move, Rules, flow
from interpreter.loader import shipped_variant_names
from tests.support import shipped


def _written(moves: list[Move]) -> list[tuple[str, tuple[int, ...]]]:
    """Each move as written, with the cards it moves (copies with one label compare equal)."""
    return [(str(move), move.ids) for move in moves]


@pytest.mark.parametrize("name", shipped_variant_names())
def test_moves_listed_with_what_is_kept_are_those_listed_afresh(name: str) -> None:
    rules = Rules(shipped(name))
    table_plays = 0
    for seed in range(3):
        game = Game.new(rules, seed=seed)
        choose = random.Random(seed)
        turns = 0
        while not game.is_over and game.deals_finished < 1 and turns < 700:
            listed = game.legal_moves()
            fresh = flow.moves_now(rules, game._state.copy(history=False))
            assert _written(listed) == _written(fresh), f"seed {seed}, turn {turns}"
            table_plays += any("*" in str(move) for move in listed if move.kind == "play")
            game.step(choose.choice(listed))
            turns += 1
    if rules.declare.from_table and not name.startswith("polish"):
        assert table_plays > 5  # declared cards could be played from the table, and were kept
