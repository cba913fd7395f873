"""Game for game against the ``schnapsen`` package, at length: the package's shuffles
``--seed`` .. ``--seed + --deals - 1``, each dealt to both engines and played in lockstep,
every decision compared (``tests/schnapsen_reference.py``).  Needs the package:
``pip install --no-deps schnapsen==0.0.5``.

    python benchmarks/versus_schnapsen_games.py --deals 2000 [--seed 0]

Prints progress, then the deals, decisions, tricks and moves of each kind compared; at the
first difference it prints where the engines disagree (the deck, our moves so far) and exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.engine import Rules
from interpreter.loader import load_variant
from tests.schnapsen_reference import PLATFORM, Deal, Difference, compare


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument(
        "--seed",
        "--start",
        dest="start",
        type=int,
        default=0,
        help="the package's first shuffle seed; the deals are seeds S .. S + N - 1",
    )
    args = parser.parse_args()
    rules = Rules(load_variant(PLATFORM))
    step = max(1, args.deals // 10)
    started = time.perf_counter()

    def progress(deal: Deal) -> None:
        done = deal.number - args.start + 1
        if done % step == 0:
            print(f"  {done}/{args.deals} deals agree", file=sys.stderr, flush=True)

    try:
        deals = compare(rules, range(args.start, args.start + args.deals), progress)
    except Difference as difference:
        print(difference)
        return 1
    seconds = time.perf_counter() - started
    kinds = Counter(
        move.split()[0] + (" " + move.split()[1] if move.startswith("declare") else "")
        for deal in deals
        for move in deal.moves
    )
    print(f"{len(deals)} deals agree game for game with the schnapsen package ({seconds:.1f} s)")
    print(f"decisions compared: {sum(d.decisions for d in deals)}")
    print(f"tricks compared:    {sum(d.tricks for d in deals)}")
    print("our moves:          " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
