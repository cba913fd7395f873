"""This checkout's engine against another checkout's, side by side: deals per second of random
play, as a ratio (this / other), measured in turn so that the machine's drift hits both alike.

    git worktree add /tmp/before <commit>          # the reference, e.g. the last release
    python benchmarks/versus.py /tmp/before [--variants bezique,rubicon] [--deals 600]
        [--rounds 9] [--mode engine|agents]

Each round runs one subprocess per checkout (this one first on odd rounds, the other first on
even ones); each subprocess times its own loop with the process clock (start-up excluded).  The
median of the rounds' ratios is printed per variant, with the spread.

On a shared machine those ratios can wander by ±20 %.  ``--instructions`` counts the machine
instructions instead, under Valgrind (``apt-get install valgrind``; about fifty times slower):
the count of a run of ``--deals`` deals less that of a one-deal run (start-up), for each
checkout.  The count does not drift, so one round is enough; the printed ratio is of speeds
(other's instructions / this one's).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

LOOP = """
import random, sys, time
from interpreter.engine import Game, Rules
from interpreter.loader import load_variant
from interpreter.simulate import simulate
name, deals, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
variant = load_variant(name)
rules = Rules(variant)
started = time.process_time()
if mode == "engine":
    rng = random.Random(1)
    played = 0
    while played < deals:
        game = Game.new(rules, seed=rng.getrandbits(32))
        while not game.is_over and played + len(game.deal_results) < deals:
            game.step(rng.choice(game.legal_moves()))
        played += len(game.deal_results)
else:
    simulate(variant, deals, seed=1, agents=["random"] * rules.players)
print(deals / (time.process_time() - started))
"""


def rate(checkout: Path, variant: str, deals: int, mode: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(
        [sys.executable, "-c", LOOP, variant, str(deals), mode],
        env=env,
        cwd=checkout,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip())


def instructions(checkout: Path, variant: str, deals: int, mode: str) -> int:
    """Instructions to play ``deals`` deals, start-up excluded (Valgrind's callgrind)."""

    def count(n: int) -> int:
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        out = subprocess.run(
            [*command, sys.executable, "-c", LOOP, variant, str(n), mode],
            env=env,
            cwd=checkout,
            check=True,
            capture_output=True,
            text=True,
        )
        line = next(line for line in out.stderr.splitlines() if "Collected :" in line)
        return int(line.rsplit(":", 1)[1])

    return count(deals) - count(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the reference checkout")
    parser.add_argument("--variants", default="bezique,rubicon")
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--mode", choices=("engine", "agents"), default="engine")
    parser.add_argument("--instructions", action="store_true", help="count instructions")
    args = parser.parse_args()
    if args.instructions:
        print("| variant | this: instructions per deal | other | speed ratio this/other |")
        print("|---|---:|---:|---:|")
        for variant in args.variants.split(","):
            ours = instructions(HERE, variant, args.deals, args.mode)
            ref = instructions(args.other, variant, args.deals, args.mode)
            per = args.deals - 1
            print(
                f"| {variant} | {ours / per / 1e6:.2f} M | {ref / per / 1e6:.2f} M "
                f"| {ref / ours:.3f} |",
                flush=True,
            )
        return
    print("| variant | this deals/s | other deals/s | ratio this/other (median) | spread |")
    print("|---|---:|---:|---:|---|")
    for variant in args.variants.split(","):
        mine: list[float] = []
        theirs: list[float] = []
        for round_no in range(args.rounds):
            order = [HERE, args.other] if round_no % 2 == 0 else [args.other, HERE]
            got = {path: rate(path, variant, args.deals, args.mode) for path in order}
            mine.append(got[HERE])
            theirs.append(got[args.other])
        ratios = sorted(a / b for a, b in zip(mine, theirs, strict=True))
        print(
            f"| {variant} | {statistics.median(mine):.0f} | {statistics.median(theirs):.0f} "
            f"| {statistics.median(ratios):.3f} | {ratios[0]:.2f}–{ratios[-1]:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
