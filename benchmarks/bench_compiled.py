"""Pure Python against the compiled build: random-versus-random deals per second through
``interpreter.simulate.simulate``, in rounds.

    python benchmarks/bench_compiled.py --build pure=.venv/bin/python \\
        --build compiled=.venv-compiled/bin/python [--rounds 7] [--deals 300] \\
        [--variants bezique,rubicon,polish,four-handed-partners] [--instructions]

Each ``--build`` names a Python interpreter; the first is the reference.  Each measurement is a
fresh subprocess of that interpreter started in an empty folder (so that a source tree in the
current folder cannot shadow the installed package), timing ``simulate`` with the process
clock (start-up excluded).  The builds take turns within each round, in alternating order, so
that a change in the machine's load falls on both.  Printed per variant and build: the median
deals per second with the lowest and highest, and the speed-up against the reference (the
median of the rounds' ratios, with the lowest and highest).

On a shared machine the rates wander.  ``--instructions`` counts machine instructions instead,
under Valgrind (``apt-get install valgrind``; about fifty times slower): the count of a run of
``--deals`` deals less that of a one-deal run (start-up), once per build, since the count does
not drift.  The speed-up printed is then the ratio of the counts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile

VARIANTS = "bezique,rubicon,polish,four-handed-partners"

LOOP = """
import json, sys, time
import interpreter
from interpreter.engine import Rules
from interpreter.loader import load_variant
from interpreter.simulate import simulate
name, deals, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
variant = load_variant(name)
agents = ["random"] * Rules(variant).players
started = time.process_time()
simulate(variant, deals, seed=seed, agents=agents)
spent = time.process_time() - started
print(json.dumps({"rate": deals / spent, "compiled": interpreter.compiled()}))
"""


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as empty:
        return subprocess.run(command, cwd=empty, check=True, capture_output=True, text=True)


def rate(python: str, variant: str, deals: int, seed: int) -> tuple[float, bool]:
    """Deals per second of process time, and whether that interpreter runs the compiled build."""
    got = json.loads(_run([python, "-c", LOOP, variant, str(deals), str(seed)]).stdout)
    return float(got["rate"]), bool(got["compiled"])


def instructions(python: str, variant: str, deals: int) -> int:
    """Instructions to play ``deals`` deals, start-up excluded (Valgrind's callgrind)."""

    def count(n: int) -> int:
        valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        out = _run([*valgrind, python, "-c", LOOP, variant, str(n), "1"])
        line = next(line for line in out.stderr.splitlines() if "Collected :" in line)
        return int(line.rsplit(":", 1)[1])

    return count(deals) - count(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="append", required=True, metavar="NAME=PYTHON")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--variants", default=VARIANTS)
    parser.add_argument("--instructions", action="store_true", help="count instructions")
    args = parser.parse_args()
    # Not resolved: a virtual environment's python is a link that must keep its own path.
    builds = {n: os.path.abspath(p) for n, p in (b.split("=", 1) for b in args.build)}
    names = list(builds)
    reference = names[0]
    variants = args.variants.split(",")
    kinds = {name: rate(python, variants[0], 1, 0)[1] for name, python in builds.items()}
    print("builds: " + ", ".join(f"{n} ({'compiled' if kinds[n] else 'pure'})" for n in names))
    if args.instructions:
        print("| variant | " + " | ".join(f"{n}: instructions per deal" for n in names), end="")
        print(" | speed-up |")
        print("|---|" + "---:|" * (len(names) + 1))
        for variant in variants:
            counts = {n: instructions(builds[n], variant, args.deals) for n in names}
            per = args.deals - 1
            cells = " | ".join(f"{counts[n] / per / 1e6:.2f} M" for n in names)
            ups = ", ".join(f"{counts[reference] / counts[n]:.2f}" for n in names[1:])
            print(f"| {variant} | {cells} | {ups} |", flush=True)
        return
    print(
        "| variant | build | deals/s median | lowest–highest | speed-up median | lowest–highest |"
    )
    print("|---|---|---:|---:|---:|---:|")
    for variant in variants:
        rates: dict[str, list[float]] = {n: [] for n in names}
        for round_no in range(args.rounds):
            for name in names if round_no % 2 == 0 else reversed(names):
                rates[name].append(rate(builds[name], variant, args.deals, round_no)[0])
        for name in names:
            got = rates[name]
            ratios = sorted(a / b for a, b in zip(got, rates[reference], strict=True))
            print(
                f"| {variant} | {name} | {statistics.median(got):.0f} "
                f"| {min(got):.0f}–{max(got):.0f} | {statistics.median(ratios):.2f} "
                f"| {ratios[0]:.2f}–{ratios[-1]:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
