"""How long a deal's review and par take, per variant, on one core (process time).

Each deal is the first of a game between ``random`` (p1, the seat reviewed: the most
decisions to weigh) and the expert, recorded; the review weighs every card p1 played and deals
it again for the par, as ``bezique review RECORD --seat 1`` does.  The goal (issue 37): a
two-pack deal's review and par within 5 s of the deal's end in pure Python, a Rubicon deal's
within 15 s.

    python benchmarks/review_speed.py [--variants bezique,rubicon] [--deals 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from interpreter.engine import Rules
from interpreter.loader import load_variant
from interpreter.review import bots_deal, review


def measure(name: str, deals: int) -> list[float]:
    variant = load_variant(name)
    rules = Rules(variant)
    times = []
    for seed in range(1, deals + 1):
        record, game = bots_deal(name, rules, ["random"] + ["expert"] * (rules.players - 1), seed)
        started = time.process_time()
        review(record, game, seat=0)
        times.append(time.process_time() - started)
        print(f"  {name} deal {seed}: {times[-1]:.1f} s", flush=True)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="bezique,rubicon")
    parser.add_argument("--deals", type=int, default=5)
    args = parser.parse_args()
    rows = []
    for name in args.variants.split(","):
        times = measure(name, args.deals)
        rows.append((name, len(times), statistics.median(times), max(times)))
    print("| variant | deals | review and par, median | slowest |")
    print("|---|---:|---:|---:|")
    for name, count, median, slowest in rows:
        print(f"| {name} | {count} | {median:.1f} s | {slowest:.1f} s |")


if __name__ == "__main__":
    main()
