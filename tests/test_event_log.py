"""The events a game keeps (plain tuples) and the events it gives (named tuples): the same
events, read afresh after a move is taken back, and separately in copies."""

from __future__ import annotations

import random
import sys
import threading

import pytest

from interpreter.engine import Event, EventKind, Game, as_event
from interpreter.loader import load_variant
from tests.support import random_game


def _played(name: str, seed: int, moves: int) -> Game:
    return random_game(name, seed, moves)


@pytest.mark.parametrize("name", ["bezique", "rubicon", "four-handed-partners", "chinese"])
def test_events_are_the_kept_ones_as_named_tuples(name: str) -> None:
    game = _played(name, 3, 150)
    events = game.events
    assert len(events) == game.event_count == len(game.raw_events())
    assert all(type(event) is Event for event in events)
    assert [tuple(event) for event in events] == [tuple(raw) for raw in game.raw_events()]
    assert [as_event(raw) for raw in game.raw_events(40)] == list(events[40:])
    assert game.events_since(40) == events[40:]
    assert all(type(event) is Event for event in game.events_since(40))
    plays = [event for event in events if event.kind is EventKind.PLAY]
    assert plays and all(event.player is not None and len(event.cards) == 1 for event in plays)


def test_events_read_before_an_undo_are_not_given_after_it() -> None:
    game = _played("bezique", 5, 60)
    before = game.events  # read (and kept by the game)
    again = Game.new(load_variant("bezique"), seed=5)
    rng = random.Random(5)
    for _ in range(59):
        again.step(rng.choice(again.legal_moves()))
    game.undo()
    assert game.events == again.events
    assert len(game.events) < len(before)
    assert game.events == before[: len(game.events)]


def test_a_copy_reads_its_own_events() -> None:
    game = _played("rubicon", 7, 40)
    read = game.events
    other = game.copy()
    assert other.events == read
    rng = random.Random(1)
    for _ in range(20):
        other.step(rng.choice(other.legal_moves()))
    moved = other.events
    assert moved[: len(read)] == read
    assert len(moved) > len(read) and other.event_count == len(moved)
    assert game.events == read  # the original has not moved
    game.step(game.legal_moves()[0])
    assert game.events[: len(read)] == read and other.events == moved


def test_two_threads_reading_the_events_at_once_read_them_right() -> None:
    finished = _played("bezique", 3, 10_000)
    assert finished.is_over
    count = finished.event_count
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can
    try:
        for _ in range(40):
            game = finished.copy()  # nothing read yet
            start = threading.Barrier(2)
            lengths: list[int] = []

            def read(
                game: Game = game, start: threading.Barrier = start, lengths: list[int] = lengths
            ) -> None:
                start.wait()
                lengths.append(len(game.events))

            threads = [threading.Thread(target=read) for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert lengths == [count, count] and len(game.events) == count
    finally:
        sys.setswitchinterval(switch)
