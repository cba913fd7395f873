"""One entry to play a run's shards: in this process, on the cores of this machine, or on a
Dask cluster; the figures are the same whichever (:mod:`interpreter.scale.shards`).

Every shard comes back stamped with the hashes of the engine and the variant it was played
with (:mod:`interpreter.scale.stamp`), and a shard of another engine stops the run.  With a
folder of finished shards (:mod:`interpreter.scale.store`), the shards already there are
read rather than played, and each shard played is kept there as it is added up."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Generator, Sequence

from interpreter.scale.cluster import Cluster
from interpreter.scale.shards import Merged, Merging, Plan, Shardable
from interpreter.scale.stamp import Stamped, check_stamp, play_stamped, stamp_of
from interpreter.scale.store import ShardStore

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
    cluster: Cluster | None = None,
    shards_dir: str | None = None,
    on_note: Callable[[str], None] | None = None,
) -> Merged:
    """Play ``plan`` and time it whole; ``on_progress`` is told the deals played as they are,
    ``on_note`` what is said of the shards of ``shards_dir``."""
    cluster = cluster if cluster is not None else Cluster(scheduler=scheduler)
    check(plan, jobs=jobs, backend=backend, cluster=cluster, shards_dir=shards_dir)
    started = time.perf_counter()
    expected = stamp_of(plan)
    store = None
    done: set[int] = set()
    if shards_dir is not None and isinstance(plan, Plan):
        store = ShardStore.open(shards_dir, plan, expected)
        done = store.finished(on_note)
    todo = [index for index in range(plan.shards) if index not in done]
    summary = plan.empty()
    shards = _shards(plan, todo, jobs, backend, cluster, on_progress)
    with contextlib.closing(shards):
        for index in range(plan.shards):
            if store is not None and index in done:
                shard: Merged = store.load(index)
                if on_progress is not None:
                    on_progress(shard.deals)
            else:
                played, stamped = next(shards)
                shard = check_stamp(expected, stamped, played)
                if store is not None:
                    store.save(played, shard, time.perf_counter() - started)
            summary.merge(shard)
    summary.seconds = time.perf_counter() - started + (store.seconds_before if store else 0.0)
    return summary


def _shards(
    plan: Shardable[Merged],
    todo: Sequence[int],
    jobs: int,
    backend: str,
    cluster: Cluster,
    on_progress: Callable[[int], None] | None,
) -> Generator[tuple[int, Stamped[Merged]]]:
    """The shards ``todo`` played, stamped, in their order."""
    if backend == "dask":
        from interpreter.scale.cluster import dask_shards

        return dask_shards(plan, todo, cluster=cluster, jobs=jobs, on_progress=on_progress)
    if jobs > 1:
        from interpreter.scale.local import local_shards

        return local_shards(plan, todo, jobs, on_progress)
    return _in_process(plan, todo, on_progress)


def check(
    plan: Shardable[Merging],
    *,
    jobs: int,
    backend: str,
    scheduler: str | None = None,
    cluster: Cluster | None = None,
    shards_dir: str | None = None,
) -> None:
    """Refuse options that do not go together, before anything is played or written."""
    cluster = cluster if cluster is not None else Cluster(scheduler=scheduler)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: {' or '.join(BACKENDS)}")
    if jobs < 1:
        raise ValueError("--jobs: at least one")
    given = cluster.given()
    if given and backend != "dask":
        if cluster.scheduler is not None:
            raise ValueError("--scheduler names a Dask scheduler: give --backend dask too")
        raise ValueError(f"{given[0]} is for a Dask cluster: give --backend dask too")
    cluster.check()
    if backend == "dask" and plan.record_dir is not None:
        raise ValueError(
            "--record writes files on this machine: it cannot be used with --backend dask"
        )
    if shards_dir is not None and not isinstance(plan, Plan):
        raise ValueError("--shards-dir keeps the shards of a simulation only")


def _in_process(
    plan: Shardable[Merged], todo: Sequence[int], on_progress: Callable[[int], None] | None
) -> Generator[tuple[int, Stamped[Merged]]]:
    """The shards one after another, in this process."""
    on_deal = None if on_progress is None else lambda: on_progress(1)
    for index in todo:
        yield index, play_stamped(plan, index, on_deal)
