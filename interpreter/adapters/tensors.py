"""What a seat sees, as numbers: the observation and the information-state tensors.

Both are flat vectors of floats made of named pieces, laid out in the order of
:func:`observation_pieces` and :func:`information_pieces` (docs/research.md lists them).  Seats
are counted from the observer: ``0`` is the seat itself, ``1`` the next seat, and so on, so one
network can play every seat.  Faces are in the order of ``ActionSpace.faces``.

* The **observation** is the seat's ``PlayerView``: its hand, the cards lying declared or open
  on the table, the cards known to be in other hands, the trick and the last trick, the heap,
  the trump and turn-up, the stock, the declarations made and the deal's points.
* The **information state** adds what the seat has seen and may remember (perfect recall): the
  cards it has received this deal, and every card played this deal in order (who played it,
  from hand or table, and whether it led).  Its text form (:mod:`.texts`) is the deal's
  whole history as the seat saw it.

Neither holds anything the seat has not seen.  Once the episode is over only the seat, the
cut, the dealer, the final points and the recall are filled in: a race game has already dealt
its next hand, which no tensor shows.

Pure Python: the values come as (index, value) pairs for the adapters to write into arrays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from math import prod
from typing import TypeVar

from interpreter.adapters.actions import SCORE_SLOTS
from interpreter.adapters.episode import Episode, Spec
from interpreter.adapters.texts import information_string
from interpreter.engine import Phase, PlayerView

POINTS_SCALE = 1000.0
"""Points are divided by this."""

STAGES = ("dealing", "elect", "play", "declare", "over")

Pieces = list[tuple[str, tuple[int, ...]]]
Values = dict[int, float]


def observation_pieces(spec: Spec) -> Pieces:
    """The observation tensor's pieces: (name, shape), in order."""
    n = spec.players
    faces = len(spec.space.faces)
    combos = len(spec.rules.combos)
    suits = len(spec.rules.variant.deck.suits)
    return [
        ("seat", (n,)),
        ("stage", (len(STAGES),)),
        ("to_act", (n,)),
        ("dealer", (n,)),
        ("cut", (n,)),
        ("trump", (suits,)),
        ("turn_up", (faces,)),
        ("stock", (1,)),
        ("trick_no", (1,)),
        ("hand", (faces,)),
        ("table", (n, faces)),
        ("open", (n, faces)),
        ("known", (n, faces)),
        ("hand_sizes", (n,)),
        ("trick", (n, faces)),
        ("trick_by", (n, n)),
        ("last_trick", (n, faces)),
        ("last_trick_by", (n, n)),
        ("last_winner", (n,)),
        ("heap", (faces,)),
        ("deal_points", (n,)),
        ("declared", (n, combos, 3)),
        ("waiting", (SCORE_SLOTS, combos)),
    ]


def information_pieces(spec: Spec) -> Pieces:
    """The information-state tensor's pieces: the observation's, then the recall."""
    faces = len(spec.space.faces)
    return [
        *observation_pieces(spec),
        ("received", (faces,)),
        ("plays", (spec.n_cards, spec.players + faces + 2)),
    ]


def size(pieces: Pieces) -> int:
    return sum(prod(shape) for _, shape in pieces)


class Writer:
    """Puts values at (piece, index…) positions of a flat tensor."""

    def __init__(self, pieces: Pieces) -> None:
        self.at: dict[str, tuple[int, tuple[int, ...]]] = {}
        offset = 0
        for name, shape in pieces:
            self.at[name] = (offset, shape)
            offset += prod(shape)
        self.values: Values = {}

    def put(self, name: str, *index: int, value: float = 1.0) -> None:
        offset, shape = self.at[name]
        flat = 0
        for i, dim in zip(index, shape, strict=True):
            assert 0 <= i < dim, (name, index, shape)
            flat = flat * dim + i
        if value:
            self.values[offset + flat] = value

    def add(self, name: str, *index: int) -> None:
        offset, shape = self.at[name]
        flat = 0
        for i, dim in zip(index, shape, strict=True):
            flat = flat * dim + i
        self.values[offset + flat] = self.values.get(offset + flat, 0.0) + 1.0


def observation(episode: Episode, seat: int) -> Values:
    """The observation tensor of ``seat``, as {index: value} (absent indices are 0)."""
    writer = Writer(observation_pieces(episode.spec))
    _observe(episode, seat, writer)
    return writer.values


def information_state(episode: Episode, seat: int) -> Values:
    """The information-state tensor of ``seat``, as {index: value}."""
    spec = episode.spec
    writer = Writer(information_pieces(spec))
    _observe(episode, seat, writer)
    for face, copies in enumerate(episode.received[seat]):
        writer.put("received", face, value=copies)
    n = spec.players
    faces = len(spec.space.faces)
    for k, (who, face, tabled, led) in enumerate(episode.plays):
        writer.put("plays", k, (who - seat) % n)
        writer.put("plays", k, n + face)
        writer.put("plays", k, n + faces, value=float(tabled))
        writer.put("plays", k, n + faces + 1, value=float(led))
    return writer.values


def _observe(episode: Episode, seat: int, w: Writer) -> None:
    spec = episode.spec
    n = spec.players

    def rel(other: int) -> int:
        return (other - seat) % n

    w.put("seat", seat)
    if episode.cut is not None:
        w.put("cut", rel(episode.cut))
    game = episode.game
    if game is None:
        w.put("stage", 0)
        return
    if episode.is_over:
        w.put("stage", STAGES.index("over"))
        w.put("dealer", rel(game.deal_results[0].dealer))
        for other, points in enumerate(episode.points()):
            w.put("deal_points", rel(other), value=points / POINTS_SCALE)
        return
    view = game.view(seat)
    w.put("stage", STAGES.index(view.phase.value))
    if view.to_act is not None:
        w.put("to_act", rel(view.to_act))
    if view.phase is not Phase.ELECT:
        w.put("dealer", rel(view.dealer))
    _cards(spec, view, seat, w)
    if view.last_trick_winner is not None:
        w.put("last_winner", rel(view.last_trick_winner))
    for other, points in enumerate(view.deal_points):
        w.put("deal_points", rel(other), value=points / POINTS_SCALE)
    _declarations(spec, view, seat, w)


def _cards(spec: Spec, view: PlayerView, seat: int, w: Writer) -> None:
    n = spec.players
    face_no = spec.space.face_no
    suits = spec.rules.variant.deck.suits
    if view.trump is not None:
        w.put("trump", suits.index(view.trump))
    if view.turn_up is not None:
        w.put("turn_up", face_no[str(view.turn_up)])
    w.put("stock", 0, value=view.stock_size / spec.n_cards)
    w.put("trick_no", 0, value=view.trick_no / spec.n_cards)
    _count(w, "hand", (face_no[str(face)] for _, face in view.hand))
    for other in range(n):
        r = (other - seat) % n
        _count(w, "table", (face_no[str(face)] for _, face in view.table[other]), r)
        _count(w, "open", (face_no[str(face)] for _, face in view.open[other]), r)
        _count(w, "known", (face_no[str(face)] for face in view.known[other]), r)
        w.put("hand_sizes", r, value=view.hand_sizes[other] / spec.rules.hand_size)
    for k, (who, face) in enumerate(view.trick):
        w.put("trick", k, face_no[str(face)])
        w.put("trick_by", k, (who - seat) % n)
    for k, (who, face) in enumerate(view.last_trick):
        w.put("last_trick", k, face_no[str(face)])
        w.put("last_trick_by", k, (who - seat) % n)
    _count(w, "heap", (face_no[str(face)] for face in view.heap))


def _count(w: Writer, name: str, faces: Iterable[int], *row: int) -> None:
    for face in faces:
        w.add(name, *row, face)


def _declarations(spec: Spec, view: PlayerView, seat: int, w: Writer) -> None:
    n = spec.players
    combo_no = {combo.id: k for k, combo in enumerate(spec.rules.combos)}
    for other, entries in enumerate(view.entries):
        r = (other - seat) % n
        for entry in entries:
            state = 0 if entry.scored else 2 if entry.lost else 1
            w.add("declared", r, combo_no[entry.combo], state)
    waiting = sorted((e.no, e.combo) for e in view.entries[seat] if not e.scored and not e.lost)
    for slot, (_, combo) in enumerate(waiting[:SCORE_SLOTS]):
        w.put("waiting", slot, combo_no[combo])


def indistinguishable(one: Episode, other: Episode, seat: int) -> bool:
    """Whether ``seat`` cannot tell the two episodes apart: the same seat to act, and the same
    information state (as text and as tensor)."""
    return (
        one.current_player == other.current_player
        and information_string(one, seat) == information_string(other, seat)
        and information_state(one, seat) == information_state(other, seat)
    )


WORLD_ATTEMPTS = 100
"""Worlds drawn by :func:`resample` before it gives up."""

Built = TypeVar("Built")


def resample(
    episode: Episode,
    seat: int,
    rng: random.Random,
    build: Callable[[list[int], list[str]], tuple[Built, Episode]],
) -> Built:
    """Something holding an episode that ``seat`` cannot tell from ``episode``, made by
    ``build(chance, moves)`` from the chance outcomes and moves (as text) of a world of the
    engine's ``Game.resample``.  A world whose moves, played again by their text, leave the seat
    seeing something else (the engine plays the lowest of two interchangeable copies, and which
    copy a seat had seen can differ between worlds) is thrown away and another drawn."""
    for _ in range(WORLD_ATTEMPTS):
        chance, moves = episode.world(seat, rng)
        try:
            made, other = build(chance, moves)
        except ValueError:  # a move of the world that its text does not make again
            continue
        if indistinguishable(episode, other, seat):
            return made
    raise RuntimeError(f"no world that p{seat + 1} cannot tell from this one was found")
