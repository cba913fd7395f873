"""Random-versus-random deals per second and peak memory, per shipped variant, on one core.

Each variant runs in a fresh subprocess (so peak memory is that variant's own).  Two figures:
``engine`` picks uniformly among ``legal_moves()`` and steps the game, a loop of its own;
``agents`` is ``bezique simulate`` with the random bot in every seat (which reads only its
legal moves: it is handed them without a view, and the game plays each deal through by
itself, ``Game.play_deal``).

    python benchmarks/bench_deals.py [--deals 2000] [--variants bezique,...]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time


def measure(name: str, deals: int) -> dict[str, object]:
    from interpreter.engine import Game, Rules
    from interpreter.loader import load_variant
    from interpreter.simulate import simulate

    variant = load_variant(name)
    rules = Rules(variant)
    rng = random.Random(1)
    played = 0
    started = time.perf_counter()
    while played < deals:
        game = Game.new(rules, seed=rng.getrandbits(32))
        while not game.is_over and played + len(game.deal_results) < deals:
            game.step(rng.choice(game.legal_moves()))
        played += len(game.deal_results)
    engine_rate = played / (time.perf_counter() - started)
    summary = simulate(variant, deals, seed=1, agents=["random"] * rules.players)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "variant": name,
        "deals": deals,
        "engine_deals_per_second": round(engine_rate),
        "agents_deals_per_second": round(summary.deals_per_second),
        "peak_rss_mib": round(peak_kib / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--variants", default="")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.deals)))
        return
    from interpreter.loader import shipped_variant_names

    names = args.variants.split(",") if args.variants else shipped_variant_names()
    print("| variant | deals | engine deals/s | via agents deals/s | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|")
    for name in names:
        # taskset pins the child to one core where available.
        command = [sys.executable, __file__, "--one", name, "--deals", str(args.deals)]
        try:
            out = subprocess.run(
                ["taskset", "-c", "0", *command], capture_output=True, text=True, check=True
            ).stdout
        except (FileNotFoundError, subprocess.CalledProcessError):
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        row = json.loads(out)
        print(
            f"| {row['variant']} | {row['deals']} | {row['engine_deals_per_second']} | "
            f"{row['agents_deals_per_second']} | {row['peak_rss_mib']} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
