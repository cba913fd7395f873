"""One entry to play a run's shards: in this process, on the cores of this machine, or on a
Dask cluster; the figures are the same whichever (:mod:`interpreter.scale.shards`)."""

from __future__ import annotations

import time
from collections.abc import Callable

from interpreter.scale.shards import Plan
from interpreter.scale.summary import Summary

BACKENDS = ("processes", "dask")
"""``processes``: this machine, ``--jobs`` worker processes (none with one job); ``dask``: a
Dask cluster."""


def play(
    plan: Plan,
    *,
    jobs: int = 1,
    backend: str = "processes",
    scheduler: str | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``plan`` and time it whole; ``on_progress`` is told the deals played as they are."""
    check(plan, jobs=jobs, backend=backend, scheduler=scheduler)
    started = time.perf_counter()
    if backend == "dask":
        from interpreter.scale.cluster import run_dask

        summary = run_dask(plan, scheduler=scheduler, jobs=jobs, on_progress=on_progress)
    elif jobs > 1:
        from interpreter.scale.local import run_local

        summary = run_local(plan, jobs, on_progress)
    else:
        summary = _in_process(plan, on_progress)
    summary.seconds = time.perf_counter() - started
    return summary


def check(plan: Plan, *, jobs: int, backend: str, scheduler: str | None) -> None:
    """Refuse options that do not go together, before anything is played or written."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: {' or '.join(BACKENDS)}")
    if jobs < 1:
        raise ValueError("--jobs: at least one")
    if scheduler is not None and backend != "dask":
        raise ValueError("--scheduler names a Dask scheduler: give --backend dask too")
    if backend == "dask" and plan.record_dir is not None:
        raise ValueError(
            "--record writes files on this machine: it cannot be used with --backend dask"
        )


def _in_process(plan: Plan, on_progress: Callable[[int], None] | None) -> Summary:
    from interpreter.simulate import simulate

    on_record = None
    if plan.record_dir is not None:
        from interpreter.cli_records import record_writer

        on_record = record_writer(plan.record_dir, plan.variant.name)
    return simulate(
        plan.variant,
        plan.deals,
        seed=plan.seed,
        agents=plan.agents,
        duplicate=plan.duplicate,
        detail=plan.detail,
        shard_deals=plan.shard_deals,
        on_deal=None if on_progress is None else lambda: on_progress(1),
        on_record=on_record,
        embed_variant=plan.embed_variant,
    )
