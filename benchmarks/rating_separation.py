"""The rating after a number of deals, of the random bot and of the expert, simulated through
the store ``bezique play`` rates a person's deals in (issue 37): each deal is played by the
bot in seat p1 against the expert, and rated as a person's deal is (its par difference).

    python benchmarks/rating_separation.py --variants schnapsen,sixty-six,bezique --deals 30

Prints, per variant and bot, the deals, the mean par difference with its 95 % interval, and
whether the two intervals overlap."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from interpreter.engine import Rules
from interpreter.loader import load_variant
from interpreter.rating import RatingStore, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="schnapsen,sixty-six,bezique")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| variant | bot | deals | mean par difference (95 % interval) | apart | seconds |")
    print("|---|---|---:|---:|---|---:|")
    with tempfile.TemporaryDirectory() as folder:
        store = RatingStore(Path(folder) / "ratings.sqlite")
        for name in args.variants.split(","):
            rules = Rules(load_variant(name))
            rows = []
            for bot in ("random", "expert"):
                started = time.process_time()
                rating = simulate(
                    store,
                    name,
                    rules,
                    [bot, "expert"],
                    deals=args.deals,
                    seed=args.seed,
                    player=f"{bot}@{name}",
                )
                rows.append((bot, rating, time.process_time() - started))
            (_, weak, _), (_, strong, _) = rows
            apart = (
                weak.interval is not None
                and strong.interval is not None
                and weak.interval[1] < strong.interval[0]
            )
            for bot, rating, seconds in rows:
                print(
                    f"| {name} | {bot} | {rating.deals} | {rating.mean:+.1f} "
                    f"({rating.between()}) | {'yes' if apart else 'no'} | {seconds:.0f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
