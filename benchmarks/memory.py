"""Peak memory of ``simulate`` as the deals grow: flat, because a run keeps running sums only.

Each size runs in a fresh subprocess, which plays the run (``interpreter.scale.run.play``,
as ``bezique simulate --jobs N`` does) and reports its own peak resident set (the main
process, which merges the shards) and, with ``--jobs`` above 1, the largest of its worker
processes' (``resource.getrusage``: ``RUSAGE_SELF`` and ``RUSAGE_CHILDREN``).

    python benchmarks/memory.py [--variant bezique] [--agents random] [--jobs 2]
        [--sizes 1000,10000,100000]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def measure(variant_name: str, agents: str, deals: int, jobs: int) -> dict[str, object]:
    from interpreter.loader import load_variant
    from interpreter.scale.run import play
    from interpreter.scale.shards import Plan

    variant = load_variant(variant_name)
    seated = tuple(
        agents.split(",")[seat % len(agents.split(","))] for seat in range(variant.players.count)
    )
    started = time.perf_counter()
    summary = play(Plan(variant, deals, 1, seated), jobs=jobs)
    seconds = time.perf_counter() - started
    main_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    workers_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "variant": variant_name,
        "deals": summary.deals,
        "jobs": jobs,
        "seconds": round(seconds, 1),
        "main_peak_mib": round(main_kib / 1024, 1),
        "worker_peak_mib": round(workers_kib / 1024, 1) if jobs > 1 else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="bezique")
    parser.add_argument("--agents", default="random")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.variant, args.agents, args.one, args.jobs)))
        return
    print("| deals | jobs | seconds | main process peak MiB | largest worker peak MiB |")
    print("|---:|---:|---:|---:|---:|")
    for size in (int(s) for s in args.sizes.split(",")):
        done = subprocess.run(
            [
                sys.executable,
                __file__,
                "--one",
                str(size),
                "--jobs",
                str(args.jobs),
                "--variant",
                args.variant,
                "--agents",
                args.agents,
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        row = json.loads(done.stdout)
        worker = "—" if row["worker_peak_mib"] is None else row["worker_peak_mib"]
        print(
            f"| {row['deals']:,} | {row['jobs']} | {row['seconds']} | {row['main_peak_mib']} "
            f"| {worker} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
