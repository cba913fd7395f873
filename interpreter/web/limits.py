"""Rates the server allows: tables created per address, moves per seat, live connections in
all.  Each refusal is a 429 with a sentence saying what was too much and when to try again."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class Rate:
    """At most ``burst`` events at once per key, coming back at ``per_second``."""

    def __init__(
        self, burst: float, per_second: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)
        self.lock = threading.Lock()

    def wait(self, key: str) -> float:
        """Take one event for ``key``: 0 when allowed, else the seconds to wait."""
        now = self.clock()
        with self.lock:
            tokens, when = self.buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - when) * self.per_second)
            if tokens < 1:
                self.buckets[key] = (tokens, now)
                return (1 - tokens) / self.per_second
            self.buckets[key] = (tokens - 1, now)
            if len(self.buckets) > 100_000:  # forget the full buckets of the quiet
                self.buckets = {k: v for k, v in self.buckets.items() if v[0] < self.burst - 1}
            return 0.0


class Limits:
    """The rates of one server: tables created per address (``tables``: at once, then per
    second), moves per seat (``moves``), and live connections in all."""

    def __init__(
        self,
        tables: tuple[float, float] = (20, 1 / 30),
        moves: tuple[float, float] = (40, 20),
        live_in_all: int = 4000,
    ) -> None:
        self.tables = Rate(*tables)
        self.moves = Rate(*moves)
        self.live_in_all = live_in_all
