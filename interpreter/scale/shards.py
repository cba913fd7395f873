"""A simulation cut into shards, so that it can be played anywhere, in any order, and give the
same figures.

A run of ``deals`` deals with seed ``S`` is cut into shards of ``shard_deals`` deals (the last
one smaller).  Shard ``k`` draws its game seeds and its bots' seeds from its own generator,
``random.Random("S:k")`` (Python seeds it from the SHA-512 of that text: the same numbers in
every process and on every machine), so a shard's figures depend on ``S``, ``k`` and its budget
only.  It plays whole games until it has played its budget of deals; its last game, cut short
there, counts for its deals but not as a game.  In duplicate play a shard plays whole boards
until each seating has played its budget (the last board may play a few deals more).  The
shards' summaries are added up in the order of their index (:meth:`Summary.merge`), and since
every figure is a count or a sum of whole numbers, the result is the same on one core, on
several, or on a cluster.

:func:`run_shard` is what a worker runs: a module-level function of a :class:`Plan`, which
pickles, and a shard index.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol, Self, TypeVar

from interpreter.arena.duplicate import Board, seatings
from interpreter.arena.entrants import Entrant, entrant
from interpreter.engine import Game, Rules
from interpreter.model import Variant
from interpreter.records import Record
from interpreter.scale.summary import Summary
from interpreter.scale.table import Table

SHARD_DEALS = 1000
"""Deals per shard unless a run says otherwise (with ``--duplicate``: in each seating)."""


def shard_budgets(deals: int, shard_deals: int = SHARD_DEALS) -> Iterator[int]:
    """The deals of each shard, in order: ``shard_deals`` each, the last one the rest."""
    if deals < 1 or shard_deals < 1:
        raise ValueError("a run needs at least one deal, and a shard at least one")
    for start in range(0, deals, shard_deals):
        yield min(shard_deals, deals - start)


def shard_count(deals: int, shard_deals: int = SHARD_DEALS) -> int:
    return -(-deals // shard_deals)


def shard_random(seed: int, index: int) -> random.Random:
    """The generator of shard ``index`` of the run seeded ``seed``."""
    return random.Random(f"{seed}:{index}")


@dataclass(frozen=True)
class Plan:
    """A run, as sent to workers: everything a shard needs, and nothing that does not pickle
    (agents are named: a shipped bot or ``module:Class``)."""

    variant: Variant
    deals: int
    seed: int
    agents: tuple[str, ...]
    duplicate: bool = False
    detail: bool = False
    shard_deals: int = SHARD_DEALS
    record_dir: str | None = None  # each finished game's record is written there
    embed_variant: bool = False

    @property
    def shards(self) -> int:
        return shard_count(self.deals, self.shard_deals)

    def budget(self, index: int) -> int:
        return min(self.shard_deals, self.deals - index * self.shard_deals)

    def empty(self) -> Summary:
        """The summary of nothing played, to merge the shards' into."""
        return Summary.empty(
            self.variant.name,
            self.seed,
            self.agents,
            Rules(self.variant),
            duplicate=self.duplicate,
            detail=self.detail,
        )

    def run(
        self,
        index: int,
        on_deal: Callable[[], None] | None = None,
        on_game: Callable[[Game], None] | None = None,
        on_board: Callable[[Board], None] | None = None,
    ) -> Summary:
        """Play shard ``index`` (in a worker): its summary; ``on_game`` is handed each game
        the shard plays, in order, once it is over or cut short, ``on_board`` each board of
        duplicate play."""
        on_record = None
        if self.record_dir is not None:
            from interpreter.cli_records import record_writer

            on_record = record_writer(self.record_dir, self.variant.name)
        return play_shard(
            Rules(self.variant),
            [entrant(agent) for agent in self.agents],
            seed=self.seed,
            index=index,
            budget=self.budget(index),
            duplicate=self.duplicate,
            detail=self.detail,
            on_board=on_board,
            on_deal=on_deal,
            on_game=on_game,
            on_record=on_record,
            embed_variant=self.embed_variant,
        )


class Merging(Protocol):
    """What a shard gives back: added up with the others' in the order of their index."""

    @property
    def deals(self) -> int: ...

    seconds: float

    def merge(self, other: Self) -> None: ...


Merged = TypeVar("Merged", bound=Merging)
_Given = TypeVar("_Given", bound=Merging, covariant=True)


class Shardable(Protocol[_Given]):
    """A run cut into shards (:class:`Plan`, or two plans played side by side)."""

    @property
    def shards(self) -> int: ...

    @property
    def record_dir(self) -> str | None: ...

    def empty(self) -> _Given: ...

    def run(self, index: int, on_deal: Callable[[], None] | None = None) -> _Given: ...


def run_shard(
    plan: Shardable[Merged], index: int, on_deal: Callable[[], None] | None = None
) -> Merged:
    """Play shard ``index`` of ``plan`` (what a worker runs)."""
    return plan.run(index, on_deal)


YOUNG_THRESHOLD = 20_000
"""Allocations between two collections of the youngest generation while a shard plays (700
by default): a deal allocates some thousands of short-lived containers (events, moves, views)
that reference counting frees, and each collection walks the young objects for nothing.
Measured: 5.1 % of the machine instructions of random two-pack deals (``docs/figures.md``)."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The cycle collector's youngest generation collected less often, then as it was."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def play_shard(
    rules: Rules,
    entrants: Sequence[Entrant],
    *,
    seed: int,
    index: int,
    budget: int,
    duplicate: bool = False,
    detail: bool = False,
    on_board: Callable[[Board], None] | None = None,
    on_deal: Callable[[], None] | None = None,
    on_game: Callable[[Game], None] | None = None,
    on_record: Callable[[Record], None] | None = None,
    embed_variant: bool = False,
) -> Summary:
    """Play one shard: whole games (or boards) from the shard's own seeds until ``budget``
    deals have been played (in each seating)."""
    with fewer_collections():
        labels = tuple(e.label for e in entrants)
        summary = Summary.empty(
            rules.variant.name, seed, labels, rules, duplicate=duplicate, detail=detail
        )
        table = Table(summary, rules, on_deal, on_record, embed_variant)
        seeds = shard_random(seed, index)
        board = summary.duplicate
        if board is not None:
            orders = seatings(rules)
            while board.deals < budget * len(orders):
                game_seed = seeds.getrandbits(63)
                agent_seeds = [seeds.getrandbits(63) for _ in entrants]
                games = []
                for number, seated in enumerate(orders):
                    who = [entrants[e] for e in seated]
                    seated_seeds = [agent_seeds[e] for e in seated]
                    bots = [entrants[e].make(rules, agent_seeds[e]) for e in seated]
                    note = f"board {board.boards + 1}, seating {number + 1} of {len(orders)}"
                    if index:  # boards are counted in each shard
                        note = f"shard {index + 1}, {note}"
                    played = table.play(game_seed, who, bots, None, note, seated_seeds)
                    games.append((seated, played))
                result = board.add_board(games)
                if on_board is not None:
                    on_board(result)
        else:
            while summary.deals < budget:
                game_seed = seeds.getrandbits(63)
                bot_seeds = [seeds.getrandbits(63) for _ in entrants]
                bots = [e.make(rules, s) for e, s in zip(entrants, bot_seeds, strict=True)]
                game = table.play(game_seed, entrants, bots, budget, "", bot_seeds)
                if on_game is not None:
                    on_game(game)
        return summary
