"""Play many deals between bots and summarise them; with ``duplicate``, each deal once per
seating of the agents (:mod:`interpreter.arena.duplicate`).

A run is played as shards (:mod:`interpreter.scale.shards`): here one after another in this
process; :mod:`interpreter.scale.local` plays them on several cores and
:mod:`interpreter.scale.cluster` on a Dask cluster, with the same figures."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from interpreter.agents import Agent
from interpreter.arena.duplicate import Board
from interpreter.arena.entrants import entrant
from interpreter.engine import Rules
from interpreter.model import Variant
from interpreter.records import Record
from interpreter.scale.shards import SHARD_DEALS, play_shard, shard_budgets
from interpreter.scale.summary import Summary

__all__ = ["Summary", "check_agents", "simulate"]


def simulate(
    variant: Variant,
    deals: int,
    *,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("random", "random"),
    duplicate: bool = False,
    detail: bool = False,
    shard_deals: int = SHARD_DEALS,
    on_board: Callable[[Board], None] | None = None,
    on_deal: Callable[[], None] | None = None,
    on_record: Callable[[Record], None] | None = None,
    embed_variant: bool = False,
) -> Summary:
    """Play whole games until ``deals`` deals have been played, in shards of ``shard_deals``
    deals, each from its own seeds; a game unfinished at the end of a shard counts for its
    deals but not as a game.  ``agents``: one per seat, each a shipped bot's name, a
    ``module:Class`` from outside the project, or an agent object.  With ``duplicate``, each
    game seed is played once per seating of the agents (a board), boards are whole, and
    ``deals`` deals are played in each seating; ``on_board`` is handed each board's result.
    With ``detail``, the summary also gathers what ``bezique analyze`` reports.
    Reproducible by ``seed`` (and ``shard_deals``).  With ``on_record``, each finished game is
    handed over as a game record (embedding the variant if asked)."""
    rules = Rules(variant)
    check_agents(variant, agents)
    entrants = [entrant(agent) for agent in agents]
    labels = tuple(e.label for e in entrants)
    summary = Summary.empty(variant.name, seed, labels, rules, duplicate=duplicate, detail=detail)
    started = time.perf_counter()
    for index, budget in enumerate(shard_budgets(deals, shard_deals)):
        shard = play_shard(
            rules,
            entrants,
            seed=seed,
            index=index,
            budget=budget,
            duplicate=duplicate,
            detail=detail,
            on_board=on_board,
            on_deal=on_deal,
            on_record=on_record,
            embed_variant=embed_variant,
        )
        summary.merge(shard)
    summary.seconds = time.perf_counter() - started
    return summary


def check_agents(variant: Variant, agents: Sequence[object]) -> None:
    """Refuse a number of agents that is not the number of seats."""
    n = variant.players.count
    if len(agents) != n:
        raise ValueError(f"{variant.name} has {n} players: give {n} agents, got {len(agents)}")
