"""Helpers for the tests: variants with options changed, games dealt from known cards, and the
``bezique`` command run as a person runs it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from interpreter.cards import parse_face
from interpreter.engine import Game, IllegalMoveError, Phase, Rules
from interpreter.loader import load_variant
from interpreter.model import Variant, variant_data, variant_from_data

ROOT = Path(__file__).resolve().parent.parent


def bezique(
    *args: str,
    answers: str | Sequence[str] = "",
    cwd: Path = ROOT,
    paths: Sequence[Path] = (),
    columns: int | None = None,
) -> subprocess.CompletedProcess[str]:
    """``bezique ARGS`` in a process of its own, its output read through pipes (not a terminal).

    ``answers`` is its input, a sequence of them one a line; then the input ends.  This
    checkout's sources come first on its path, then ``paths`` (outside bots, say); ``columns``
    is the screen's width (unset: the command's own default), and ``NO_COLOR`` is unset."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in (ROOT, *paths))}
    for name in ("COLUMNS", "NO_COLOR"):
        env.pop(name, None)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    if not isinstance(answers, str):
        answers = "".join(f"{answer}\n" for answer in answers)
    return subprocess.run(
        [sys.executable, "-m", "interpreter.cli", *args],
        input=answers,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )


@cache
def shipped(name: str) -> Variant:
    return load_variant(name)


def variant_with(base: str = "bezique", /, **changes: Any) -> Variant:
    """The shipped variant ``base`` with dotted keys changed: ``variant_with(**{"a.b": 1})``.

    The variant goes through the one serialiser (``variant_data`` → ``variant_from_data``), so
    with no changes it is the shipped variant itself; a key under a table the variant lacks
    (``seven.points`` where there is no seven) brings the table in with its defaults."""
    data = variant_data(shipped(base))
    for dotted, value in changes.items():
        node = data
        *parents, leaf = dotted.split(".")
        for key in parents:
            if not isinstance(node.get(key), dict):
                node[key] = {}
            node = node[key]
        node[leaf] = value
    return variant_from_data(data)


def deck_order(
    variant: Variant,
    hands: Sequence[Sequence[str]],
    *,
    dealer: int = 1,
    turn_up: str | None = None,
    stock: Iterable[str] = (),
) -> list[str]:
    """A full deck order (top first) that deals ``hands[seat]`` to each seat, turns up
    ``turn_up`` and then has ``stock`` on top of the stock (drawn in that order, the trick
    winner first).  The remaining cards follow in a fixed order."""
    rules = Rules(variant)
    n = rules.players
    remaining = list(rules.face)
    for face in [c for h in hands for c in h] + ([turn_up] if turn_up else []) + list(stock):
        remaining.remove(str(parse_face(face)))
    queues = [[str(parse_face(c)) for c in hand] for hand in hands]
    for queue in queues:
        if len(queue) > rules.hand_size:
            raise ValueError("hand too large")
        while len(queue) < rules.hand_size:
            queue.append(_take_filler(remaining))
    order: list[str] = []
    first = (dealer + 1) % n
    turned = variant.trump.mode.value == "turn_up"
    face_up = (str(parse_face(turn_up)) if turn_up else _take_filler(remaining)) if turned else ""
    after = variant.deal.turn_up_after
    for index, size in enumerate(variant.deal.packets):
        if index == after:  # the turn-up between packets (Schnapsen)
            order.append(face_up)
        for offset in range(n):
            seat = (first + offset) % n
            order.extend(queues[seat][:size])
            del queues[seat][:size]
    if turned and after is None:
        order.append(face_up)
    order.extend(str(parse_face(c)) for c in stock)
    order.extend(remaining)
    return order


def _take_filler(remaining: list[str]) -> str:
    """A low plain card for padding (nines and eights first), so fillers rarely matter."""
    for rank in ("9", "8"):
        for index, face in enumerate(remaining):
            if face[0] == rank and face[1] in "CH":
                return remaining.pop(index)
    return remaining.pop()


def dealt(
    variant: Variant,
    hands: Sequence[Sequence[str]],
    *,
    dealer: int = 1,
    turn_up: str | None = None,
    stock: Iterable[str] = (),
) -> Game:
    order = deck_order(variant, hands, dealer=dealer, turn_up=turn_up, stock=stock)
    return Game.new(variant, deck_order=order, dealer=dealer, seed=0)


def run(game: Game, *moves: str) -> None:
    """Apply each move text in turn (checked).

    The engine draws by itself when drawing is the only move left, so a scripted ``draw`` is
    applied only while the declaring window is still open."""
    for move in moves:
        if move == "draw" and game.phase is not Phase.DECLARE:
            continue
        game.apply(move)


def random_game(name: str, seed: int, moves: int) -> Game:
    """A game of the shipped variant ``name`` after ``moves`` random moves (fewer if it ends),
    reproducible by ``seed``."""
    game = Game.new(Rules(shipped(name)), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.step(rng.choice(game.legal_moves()))
    return game


def texts(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def scored(game: Game, seat: int) -> list[tuple[str, int]]:
    """(what, points) of every scoring event of ``seat``, in order."""
    return [(e.what, e.points) for e in game.events if e.kind == "score" and e.player == seat]


def points(game: Game) -> tuple[int, ...]:
    """Each seat's points from everything but brisques (the examples count declarations)."""
    totals = [0] * game.rules.players
    for event in game.events:
        if event.kind == "score" and event.what != "brisques" and event.player is not None:
            totals[event.player] += event.points
    return tuple(totals)


def two_singles(variant: Variant) -> Game:
    """Seat 0 scores a bézique after each of two tricks, each with a fresh pair, and wins a
    third trick holding both pairs (Foster's double-bézique case)."""
    hands = [["QS", "QS", "JD", "JD", "AC", "7H"], ["7C", "8C", "7D"]]
    game = dealt(variant, hands, turn_up="8H", stock=["AC", "9S", "AD"])
    run(game, "play AC", "play 7C", "declare bezique QS JD", "draw")
    run(game, "play AC", "play 8C", "declare bezique QS JD", "draw", "play AD", "play 7D")
    return game


ONE_PACK_OF_24 = """\

    [deck]
    packs = 1
    ranks = ["A", "T", "K", "Q", "J", "9"]

    [deal]
    hand_size = 6
    packets = [3, 3]
"""
"""The deck and deal of the marriage family's overlays of bezique (Sixty-six's 24 cards, six
each in two packets of three), indented as the overlays written with :func:`write` are."""


def write(folder: Path, name: str, text: str) -> Path:
    """Write ``text`` (dedented) to ``folder/name``, making the folders it needs."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def refused(game: Game, move: str) -> str:
    """The reason the game gives for refusing ``move`` (which it must refuse)."""
    with pytest.raises(IllegalMoveError) as error:
        game.apply(move)
    return error.value.reason


def hand(game: Game, seat: int) -> list[str]:
    """The faces in ``seat``'s hand, as its view shows them."""
    return [str(face) for _, face in game.view(seat).hand]
