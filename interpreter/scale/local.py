"""A run's shards on the cores of this machine: a pool of worker processes, started with
``spawn`` (a fresh interpreter that imports what it needs, the same way on every system), each
handed the plan and a shard index, as :mod:`interpreter.scale.cluster` hands them to a
cluster, and giving back the shard stamped (:mod:`interpreter.scale.stamp`).

Workers tell the progress of their deals through a queue, a few times a second; they leave
Ctrl-C to the main process, which stops them."""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from interpreter.scale.shards import Merged, Shardable
from interpreter.scale.stamp import Stamped, play_stamped

WINDOW_PER_JOB = 4
"""Shards in flight per worker: enough to keep every worker busy behind a slow shard."""
_REPORT_EVERY = 0.2  # seconds between a worker's reports of its deals

_progress: Any = None  # in a worker: the queue of deal counts, or None


def local_shards(
    plan: Shardable[Merged],
    todo: Sequence[int],
    jobs: int,
    on_progress: Callable[[int], None] | None = None,
) -> Generator[tuple[int, Stamped[Merged]]]:
    """Play shards ``todo`` of ``plan`` on ``jobs`` worker processes, in their order;
    ``on_progress`` is told each number of deals played, as workers report them.  Closed
    before its end (an error, Ctrl-C), it stops the workers."""
    from interpreter.scale.ordered import in_order

    context = multiprocessing.get_context("spawn")
    queue = context.Queue() if on_progress is not None else None
    listener = None
    if queue is not None and on_progress is not None:
        listener = threading.Thread(target=_listen, args=(queue, on_progress), daemon=True)
        listener.start()
    pool = ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=_start_worker, initargs=(queue,)
    )
    try:
        for position, shard in in_order(
            len(todo), lambda at: pool.submit(_play, plan, todo[at]), WINDOW_PER_JOB * jobs
        ):
            yield todo[position], shard  # type: ignore[misc]  # a future's result is untyped
    except BaseException:
        _stop(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if queue is not None and listener is not None:
            queue.put(None)
            listener.join()
            queue.close()
            queue.join_thread()


def _start_worker(queue: Any) -> None:
    global _progress
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    _progress = queue


def _play(plan: Shardable[Merged], index: int) -> Stamped[Merged]:
    """A worker's task: one shard, its deals reported as they are played."""
    queue = _progress
    if queue is None:
        return play_stamped(plan, index)
    unsent = [0, time.monotonic()]

    def dealt() -> None:
        unsent[0] += 1
        now = time.monotonic()
        if now - unsent[1] >= _REPORT_EVERY:
            queue.put(unsent[0])
            unsent[:] = [0, now]

    stamped = play_stamped(plan, index, on_deal=dealt)
    if unsent[0]:
        queue.put(unsent[0])
    return stamped


def _listen(queue: Any, on_progress: Callable[[int], None]) -> None:
    while (count := queue.get()) is not None:
        on_progress(count)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the workers at once (after an error or Ctrl-C), without waiting for their shards:
    the executor has no public way to, so its processes are terminated one by one."""
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()
