"""A run's shards on a Dask cluster (``pip install 'bezique-interpreter[dist]'``): the same plan
and shard indexes as on the cores of one machine (:mod:`interpreter.scale.local`), so the same
figures.

With a scheduler's address, the shards go to the workers of that cluster: every worker must be
able to import this package (and any ``module:Class`` agent) in the same version.  Without one,
a cluster of ``jobs`` worker processes is started on this machine for the run (Dask's
``LocalCluster``), and stopped after it.  docs/analytics.md says how to run a cluster, and why
Dask."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from interpreter.scale.ordered import in_order
from interpreter.scale.shards import Merged, Shardable, run_shard

INSTALL = "pip install 'bezique-interpreter[dist]'"
WINDOW_PER_THREAD = 4
"""Shards in flight per worker thread of the cluster."""
CONNECT_SECONDS = 30


def run_dask(
    plan: Shardable[Merged],
    *,
    scheduler: str | None,
    jobs: int,
    on_progress: Callable[[int], None] | None = None,
) -> Merged:
    """Play ``plan`` on the Dask cluster at ``scheduler`` (a ``LocalCluster`` of ``jobs``
    workers when None); ``on_progress`` is told the deals of each shard as it comes back."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ValueError(
            f"--backend dask needs Dask distributed, which is not installed: {INSTALL}"
        ) from None
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                )
            )
            client: Any = stack.enter_context(Client(cluster))
        else:
            try:
                client = stack.enter_context(Client(scheduler, timeout=CONNECT_SECONDS))
            except (OSError, TimeoutError) as error:
                raise ValueError(
                    f"--scheduler: cannot reach a Dask scheduler at {scheduler!r}: {error}"
                ) from None
        return _run(client, plan, on_progress)
    raise AssertionError("unreachable")  # pragma: no cover


def _run(client: Any, plan: Shardable[Merged], on_progress: Callable[[int], None] | None) -> Merged:
    threads = max(1, sum(client.nthreads().values()))
    shared = client.scatter(plan, broadcast=True)  # sent to each worker once
    summary = plan.empty()

    def start(index: int) -> Any:
        return client.submit(run_shard, shared, index)

    for _, shard in in_order(plan.shards, start, WINDOW_PER_THREAD * threads):
        summary.merge(shard)  # type: ignore[arg-type]  # a future's result is untyped
        if on_progress is not None:
            on_progress(shard.deals)  # type: ignore[attr-defined]
    return summary
