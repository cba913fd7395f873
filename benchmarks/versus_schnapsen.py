"""Our deals per second against the games per second of a pure-Python Schnapsen engine.

The goal (the project's speed issue): a deal of ours, random bots in every seat, as fast as a
game of the reference, the Schnapsen platform ``schnapsen==0.0.5`` from PyPI, with its random
bots.  A two-pack deal is 32 tricks; a Schnapsen game ends at 66 points, after about 8.

    python benchmarks/versus_schnapsen.py [--variants bezique,rubicon] [--rounds 5]
        [--seconds 3] [--engine] [--json] [--ours-only] [--count N]

The reference is installed in its own virtual environment, ``benchmarks/.reference-venv``
(created with ``python -m venv`` and pip on the first run, reused afterwards).  Ours is the
package imported by the Python running this script (a compiled build, if one is installed).

Each measurement is a subprocess pinned to one CPU, and they run one after another, never
together: per round the reference once (first on odd rounds, last on even ones), then each
variant through ``interpreter.simulate.simulate`` (what ``bezique simulate VARIANT --agents
random`` runs) and, with ``--engine``, through the bare engine (a uniform choice among
``legal_moves()``, applied with ``step``).  Each loop runs for ``--seconds`` of wall time and
its speed is counted in CPU time of the loop (start-up and imports excluded), which a busy
machine disturbs less.  Printed per variant: the ratio ours (deals/s) ÷ reference (games/s),
the median of the rounds and their spread, and the same per trick: ours (tricks/s) ÷ reference
(tricks/s) = ratio × (tricks per deal ÷ tricks per Schnapsen game), both trick counts played
out and counted (the reference's from the history its bots are shown at the end of a game).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine import Rules
    from interpreter.model import Variant

REFERENCE = "schnapsen==0.0.5"
REFERENCE_VENV = Path(__file__).resolve().parent / ".reference-venv"
VARIANTS = "bezique,rubicon,chinese,eight-pack,polish,three-handed,four-handed,four-handed-partners"
TRICK_COUNT_GAMES = 2000  # reference games played (untimed) to count its tricks per game
TRICK_COUNT_DEALS = 20  # our deals played (untimed) to count tricks per deal

# Run by the reference venv's Python: argv = budget seconds, fixed count (0: budget), seed,
# games to count tricks over.  Prints one JSON object.
REFERENCE_LOOP = """
import json, random, sys, time
from importlib.metadata import version
from schnapsen.bots import RandBot
from schnapsen.game import SchnapsenGamePlayEngine

budget, count = float(sys.argv[1]), int(sys.argv[2])
seed, trick_games = int(sys.argv[3]), int(sys.argv[4])
engine = SchnapsenGamePlayEngine()
seeds = random.Random(seed)

def play(bot=RandBot):
    new = lambda: random.Random(seeds.getrandbits(63))
    engine.play_game(bot(new()), bot(new()), new())

def more():
    return games < count if count else time.perf_counter() - wall < budget

games, wall, cpu = 0, time.perf_counter(), time.process_time()
while more():
    play()
    games += 1
cpu = time.process_time() - cpu

class Counting(RandBot):
    tricks = 0
    def notify_game_end(self, won, perspective):
        if won:  # the winner's history holds every trick (a trump exchange is not a trick)
            Counting.tricks += sum(
                1 for _, trick in perspective.get_game_history()
                if trick is not None and not trick.is_trump_exchange()
            )

for _ in range(trick_games):
    play(Counting)
print(json.dumps({
    "version": version("schnapsen"), "games": games, "cpu_seconds": cpu,
    "per_second": games / cpu, "tricks": Counting.tricks / trick_games if trick_games else None,
}))
"""


# ---- the measured processes ------------------------------------------------------------------


def measure_ours(name: str, mode: str, budget: float, count: int, seed: int, tricks: bool) -> None:
    """Child: deals per second of ``name`` by ``mode`` (simulate or engine), printed as JSON."""
    from interpreter.engine import Rules
    from interpreter.loader import load_variant

    variant = load_variant(name)
    rules = Rules(variant)
    deals, cpu = (_simulate if mode == "simulate" else _engine)(variant, count, budget, seed)
    print(
        json.dumps(
            {
                "deals": deals,
                "cpu_seconds": cpu,
                "per_second": deals / cpu,
                "tricks": _tricks_per_deal(rules, TRICK_COUNT_DEALS) if tricks else None,
            }
        )
    )


def _simulate(variant: Variant, count: int, budget: float, seed: int) -> tuple[int, float]:
    """``simulate`` with random agents: ``count`` deals, or as many as fit the budget (guessed
    from untimed trial runs)."""
    from interpreter.simulate import simulate

    agents = ["random"] * variant.players.count
    if not count:
        trial, started = 1, time.perf_counter()
        while True:
            spent = time.process_time()
            simulate(variant, trial, seed=seed, agents=agents)
            spent = time.process_time() - spent
            if time.perf_counter() - started > budget / 5 or spent > budget / 10:
                break
            trial *= 2
        count = max(1, round(trial / max(spent, 1e-6) * budget))
    cpu = time.process_time()
    summary = simulate(variant, count, seed=seed, agents=agents)
    return summary.deals, time.process_time() - cpu


def _engine(variant: Variant, count: int, budget: float, seed: int) -> tuple[int, float]:
    """The bare engine: a uniform choice among ``legal_moves()``, applied with ``step``."""
    import random

    from interpreter.engine import Game, Rules

    rules, rng = Rules(variant), random.Random(seed)
    deals, wall, cpu = 0, time.perf_counter(), time.process_time()

    def more(deals: int) -> bool:
        return deals < count if count else time.perf_counter() - wall < budget

    while more(deals):
        game = Game.new(rules, seed=rng.getrandbits(63))
        finished = 0
        while not game.is_over:
            game.step(rng.choice(game.legal_moves()))
            if game.deals_finished != finished:  # a deal ended: stop here if that is enough
                finished = game.deals_finished
                if not more(deals + finished):
                    break
        deals += finished
    return deals, time.process_time() - cpu


def _tricks_per_deal(rules: Rules, deals: int) -> float:
    """Tricks per finished deal, counted from the trick events of random play."""
    import random

    from interpreter.engine import EventKind, Game

    rng, tricks, played = random.Random(0), 0, 0
    while played < deals:
        game = Game.new(rules, seed=rng.getrandbits(63))
        while not game.is_over and played + game.deals_finished < deals:
            game.step(rng.choice(game.legal_moves()))
        finished = {result.deal for result in game.deal_results}
        tricks += sum(1 for e in game.events if e.kind is EventKind.TRICK and e.deal in finished)
        played += len(finished)
    return tricks / played


# ---- the parent: running the children one after another -------------------------------------


def _pin_to_one_cpu() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})


def run(command: list[str]) -> dict[str, Any]:
    """Run one measurement, pinned to one CPU; its last line of output, as JSON."""
    out = subprocess.run(command, capture_output=True, text=True, preexec_fn=_pin_to_one_cpu)
    if out.returncode != 0:
        sys.exit(f"measurement failed: {' '.join(command[:4])} ...\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def reference_python(venv: Path) -> Path:
    """The reference venv's Python, the venv created and the reference installed if needed."""
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        print(f"creating {venv} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = (
        "from importlib.metadata import version; import schnapsen.game; print(version('schnapsen'))"
    )
    found = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    if found.returncode != 0 or found.stdout.strip() != REFERENCE.split("==")[1]:
        print(f"installing {REFERENCE} into {venv} ...", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "-q", REFERENCE], check=True)
    return python


def ours_command(
    name: str, mode: str, args: argparse.Namespace, seed: int, first: bool
) -> list[str]:
    """Our measurement as a child of this Python, run as a file (not ``-c`` in the checkout), so
    that the package is the one installed in this Python, compiled or not."""
    options = f"--child={mode} --variants={name} --seconds={args.seconds} --count={args.count}"
    tricks = first and mode == "simulate"  # tricks per deal: counted once
    return [
        sys.executable,
        str(Path(__file__).resolve()),
        *options.split(),
        f"--seed={seed}",
        *(["--tricks"] if tricks else []),
    ]


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """All rounds; the per-round figures, the medians and spreads."""
    names = args.variants.split(",")
    modes = ["simulate", *(["engine"] if args.engine else [])]
    python = None if args.ours_only else reference_python(args.venv)
    reference: list[dict[str, Any]] = []
    ours: dict[tuple[str, str], list[dict[str, Any]]] = {(n, m): [] for n in names for m in modes}
    for index in range(args.rounds):
        first, seed = index == 0, index + 1
        steps: list[tuple[str, str]] = [(n, m) for n in names for m in modes]
        if python is not None:
            steps.insert(0 if index % 2 == 0 else len(steps), ("", "reference"))
        for name, mode in steps:
            if mode == "reference":
                trick_games = TRICK_COUNT_GAMES if first else 0
                loop = [str(args.seconds), str(args.count), str(seed), str(trick_games)]
                reference.append(run([str(python), "-c", REFERENCE_LOOP, *loop]))
            else:
                ours[name, mode].append(run(ours_command(name, mode, args, seed, first)))
            print(f"round {index + 1}: {name or 'reference'} {mode} done", file=sys.stderr)
    return summarise(args, names, modes, reference, ours)


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def summarise(
    args: argparse.Namespace,
    names: list[str],
    modes: list[str],
    reference: list[dict[str, Any]],
    ours: dict[tuple[str, str], list[dict[str, Any]]],
) -> dict[str, Any]:
    ref_rates = [r["per_second"] for r in reference]
    ref_tricks = reference[0]["tricks"] if reference else None
    rows = []
    for name in names:
        row: dict[str, Any] = {
            "variant": name,
            "tricks_per_deal": ours[name, modes[0]][0]["tricks"],
        }
        for mode in modes:
            rates = [r["per_second"] for r in ours[name, mode]]
            figures: dict[str, Any] = {"deals_per_second": spread(rates)}
            if reference:
                ratios = [rate / ref for rate, ref in zip(rates, ref_rates, strict=True)]
                per_trick = row["tricks_per_deal"] / ref_tricks
                figures["ratio"] = spread(ratios)
                figures["per_trick_ratio"] = spread([ratio * per_trick for ratio in ratios])
            row[mode] = figures
        rows.append(row)
    return {
        "machine": machine(),
        "package": package(),
        "rounds": args.rounds,
        "seconds": args.seconds,
        "count": args.count,
        "reference": None
        if not reference
        else {
            "name": f"schnapsen=={reference[0]['version']}",
            "games_per_second": spread(ref_rates),
            "tricks_per_game": ref_tricks,
            "tricks_counted_over_games": TRICK_COUNT_GAMES,
        },
        "variants": rows,
    }


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def package() -> dict[str, Any]:
    """Where our package comes from, and whether its engine is compiled (extension modules)."""
    import interpreter.engine

    engine = Path(interpreter.engine.__file__).parent
    compiled = sorted(p.name for p in engine.iterdir() if p.suffix in (".so", ".pyd"))
    return {"path": str(engine.parent), "compiled": bool(compiled), "extensions": len(compiled)}


# ---- printing -------------------------------------------------------------------------------


def _range(figure: dict[str, float], digits: int) -> str:
    return f"{figure['median']:.{digits}f} ({figure['min']:.{digits}f}–{figure['max']:.{digits}f})"


def report(results: dict[str, Any]) -> None:
    m, p, ref = results["machine"], results["package"], results["reference"]
    print(f"Machine: {m['cpu']}, {m['cpus']} CPUs; {m['python']}")
    kind = f"compiled ({p['extensions']} extension modules)" if p["compiled"] else "pure Python"
    print(f"Package: {p['path']} — {kind}")
    budget = f"{results['count']} deals/games" if results["count"] else f"{results['seconds']} s"
    rounds = f"{results['rounds']} round" + ("" if results["rounds"] == 1 else "s")
    print(f"{rounds} of {budget} per measurement, one CPU, CPU time of loops")
    if ref is not None:
        print(
            f"Reference: {ref['name']}, RandBot v RandBot: "
            f"{_range(ref['games_per_second'], 0)} games/s, "
            f"{ref['tricks_per_game']:.2f} tricks/game (over {ref['tricks_counted_over_games']})"
        )
    print("Figures: median (min–max) over the rounds.\n")
    engine = "engine" in results["variants"][0]
    head = ["variant", "tricks/deal", "deals/s"]
    if ref is not None:
        head += ["ratio (deals/s ÷ games/s)", "per trick"]
    if engine:
        head += ["engine deals/s"] + (["engine ratio"] if ref is not None else [])
    print("| " + " | ".join(head) + " |")
    print("|---" + "|---:" * (len(head) - 1) + "|")
    for row in results["variants"]:
        cells = [row["variant"], f"{row['tricks_per_deal']:.0f}"]
        for mode in ("simulate", "engine") if engine else ("simulate",):
            cells.append(_range(row[mode]["deals_per_second"], 0))
            if ref is not None:
                cells.append(_range(row[mode]["ratio"], 3))
                if mode == "simulate":
                    cells.append(_range(row[mode]["per_trick_ratio"], 2))
        print("| " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default=VARIANTS, help="comma-separated variant names")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0, help="wall budget per measurement")
    parser.add_argument("--count", type=int, default=0, help="a fixed count instead of a budget")
    parser.add_argument("--engine", action="store_true", help="also time the bare engine")
    parser.add_argument("--ours-only", action="store_true", help="skip the reference")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--venv", type=Path, default=REFERENCE_VENV, help=argparse.SUPPRESS)
    parser.add_argument("--child", choices=("simulate", "engine"), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--tricks", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        measure_ours(args.variants, args.child, args.seconds, args.count, args.seed, args.tricks)
        return
    results = measure(args)
    if args.json:
        print(json.dumps(results, ensure_ascii=False))
    else:
        report(results)


if __name__ == "__main__":
    main()
