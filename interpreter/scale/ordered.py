"""Shards handed to workers a few at a time, their summaries taken back in the order of their
index: a run of any length keeps a bounded number of shards in flight and in memory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol


class Pending(Protocol):
    """A shard being played: a future of :mod:`concurrent.futures` or of Dask."""

    def result(self) -> object: ...

    def cancel(self) -> object: ...


def in_order(
    count: int, start: Callable[[int], Pending], window: int
) -> Iterator[tuple[int, object]]:
    """Start shards ``0 … count − 1``, at most ``window`` of them not yet taken back, and give
    ``(index, result)`` in the order of the index.  If the caller stops (an error, Ctrl-C),
    the shards not yet started are never started, and those started are cancelled."""
    started: dict[int, Pending] = {}
    next_start = 0
    try:
        for index in range(count):
            while next_start < count and next_start - index < window:
                started[next_start] = start(next_start)
                next_start += 1
            result = started.pop(index).result()
            yield index, result
    finally:
        for pending in started.values():
            pending.cancel()
