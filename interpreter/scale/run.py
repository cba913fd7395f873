"""One entry to play a run's shards: in this process, on the cores of this machine, or on a
Dask cluster; the figures are the same whichever (:mod:`interpreter.scale.shards`)."""

from __future__ import annotations

import time
from collections.abc import Callable

from interpreter.scale.shards import Merged, Merging, Shardable

BACKENDS = ("processes", "dask")
"""``processes``: this machine, ``--jobs`` worker processes (none with one job); ``dask``: a
Dask cluster."""


def play(
    plan: Shardable[Merged],
    *,
    jobs: int = 1,
    backend: str = "processes",
    scheduler: str | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Merged:
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


def check(plan: Shardable[Merging], *, jobs: int, backend: str, scheduler: str | None) -> None:
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


def _in_process(plan: Shardable[Merged], on_progress: Callable[[int], None] | None) -> Merged:
    """The shards one after another, in this process."""
    on_deal = None if on_progress is None else lambda: on_progress(1)
    summary = plan.empty()
    for index in range(plan.shards):
        summary.merge(plan.run(index, on_deal))
    return summary
