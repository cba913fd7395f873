"""What the table keeps of each hand as cards come and go (``Table.ranked``: the hand's places
in display order; ``Table.held``: the cards in hand or declared, counted by face;
``Table.opened``: the open cards of Polish, counted likewise) must always be what the hands,
tables and open cards say.  The plays listed and the first sieve of declarations are
read off them, so a writer that forgot them would list wrong moves.

Checked after every move of random games of every shipped variant, and in the copies, undone
games and resampled worlds that searching bots use."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Game, Rules
from interpreter.engine.state import Table
from interpreter.loader import shipped_variant_names
from tests.support import shipped, variant_with


def _problems(rules: Rules, table: Table) -> list[str]:
    found = []
    for seat in range(table.players):
        ranked = sorted(rules.place[card] for card in table.hands[seat])
        if table.ranked[seat] != ranked:
            found.append(f"p{seat + 1}: ranked {table.ranked[seat]}, hand {ranked}")
        counts = [0] * rules.n_faces
        for card in table.hands[seat] | table.tables[seat]:
            counts[rules.face_number[card]] += 1
        if (table.hands[seat] or table.held[seat]) and table.held[seat] != counts:
            found.append(f"p{seat + 1}: held {table.held[seat]}, cards {counts}")
        opened = [0] * rules.n_faces
        for card in table.open[seat]:
            opened[rules.face_number[card]] += 1
        if (table.hands[seat] or table.opened[seat]) and table.opened[seat] != opened:
            found.append(f"p{seat + 1}: opened {table.opened[seat]}, open cards {opened}")
    return found


def _random_game(rules: Rules, seed: int, moves: int) -> tuple[Game, list[str]]:
    """A game of random moves, its tables checked after each one."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    problems = []
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.step(legal[rng.randrange(len(legal))])
        problems += _problems(rules, game._state.table)
    return game, problems


@pytest.mark.parametrize("name", shipped_variant_names())
def test_kept_hands_follow_every_move(name: str) -> None:
    rules = Rules(shipped(name))
    for seed in range(3):
        _, problems = _random_game(rules, seed, 600)
        assert problems == [], problems[:3]


def test_kept_hands_after_the_seven_is_exchanged_and_declared_cards_go_back() -> None:
    """A race of two-pack deals plays exchanges of the seven, declarations and the return of
    declared cards to the hand in every deal: checked in many games."""
    rules = Rules(variant_with("bezique", **{"game.target": 3000}))
    seen = {"exchange": 0, "declare": 0}
    for seed in range(12):
        game, problems = _random_game(rules, 100 + seed, 400)
        assert problems == [], problems[:3]
        for _, move, _ in game._state.log:
            if move.kind in seen:
                seen[move.kind] += 1
    assert seen["exchange"] and seen["declare"], seen  # the moves that move cards were played


@pytest.mark.parametrize("name", ["bezique", "rubicon", "four-handed-partners", "polish"])
def test_kept_hands_in_copies_undone_games_and_resampled_worlds(name: str) -> None:
    rules = Rules(shipped(name))
    game, _ = _random_game(rules, 7, 40)
    copy = game.copy()
    assert _problems(rules, copy._state.table) == []
    legal = copy.legal_moves()
    copy.step(legal[-1])  # the copy moves on; the original's tables stay as they were
    assert _problems(rules, game._state.table) == []
    for _ in range(5):
        game.undo()
        assert _problems(rules, game._state.table) == []
    for seat in range(rules.players):
        world = game.resample(seat, random.Random(seat))
        assert _problems(rules, world._state.table) == []


def test_kept_open_cards_when_the_seven_of_trumps_is_exchanged_from_them() -> None:
    """Polish with the seven among the open trump ranks: a seven won in a trick lies open,
    and exchanging it takes it from the open cards."""
    rules = Rules(variant_with("polish", **{"open_cards.trump_ranks": ["T", "7"]}))
    exchanged = 0
    for seed in range(30):
        game, problems = _random_game(rules, 200 + seed, 300)
        assert problems == [], problems[:3]
        exchanged += sum(move.kind == "exchange" for _, move, _ in game._state.log)
    assert exchanged  # the exchanges from the open cards were played
