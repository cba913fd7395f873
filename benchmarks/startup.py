"""Start-up costs: loading a variant, the ``bezique`` command's start, and the docs site build.

Three tables (Markdown):

- ``load_variant`` of every shipped variant in this process, warm (after one load of each):
  the median wall time, the median CPU time and the fastest wall time of ``--repeats`` loads,
  in milliseconds (on a busy machine the CPU time is the steadier figure);
- the CPU time (user + system) of ``bezique --help`` and ``bezique variants`` run as
  subprocesses: the median of ``--runs`` runs, read from ``getrusage(RUSAGE_CHILDREN)``;
- with ``--site``, ``properdocs build --strict`` of the documentation: median wall and CPU time of
  ``--site-runs`` builds.

    python benchmarks/startup.py [--repeats 30] [--runs 7] [--site] [--site-runs 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_times(repeats: int) -> list[tuple[str, float, float, float]]:
    """(variant, median wall ms, median CPU ms, fastest wall ms) of warm in-process loads."""
    from interpreter.loader import load_variant, shipped_variant_names

    rows = []
    for name in shipped_variant_names():
        load_variant(name)
        wall, cpu = [], []
        for _ in range(repeats):
            started, started_cpu = time.perf_counter(), time.process_time()
            load_variant(name)
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
        median, median_cpu, fastest = statistics.median(wall), statistics.median(cpu), min(wall)
        rows.append((name, 1000 * median, 1000 * median_cpu, 1000 * fastest))
    return rows


def bezique_command() -> list[str]:
    """The installed ``bezique`` script beside this Python, else ``python -m interpreter.cli``."""
    beside = Path(sys.executable).with_name("bezique")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("bezique")
    return [found] if found else [sys.executable, "-m", "interpreter.cli"]


def child_seconds(command: Sequence[str], cwd: Path | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``command``, its output discarded."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def median_child(command: Sequence[str], runs: int, cwd: Path | None = None) -> tuple[float, float]:
    """Median wall and CPU seconds over ``runs`` runs of ``command``."""
    results = [child_seconds(command, cwd) for _ in range(runs)]
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def site_seconds(runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``properdocs build --strict`` into a temporary folder."""
    with tempfile.TemporaryDirectory() as folder:
        build = ["build", "-f", "mkdocs.yml", "--strict", "-q", "-d", folder]
        command = [sys.executable, "-m", "properdocs", *build]
        return median_child(command, runs, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30, help="loads per variant (30)")
    parser.add_argument("--runs", type=int, default=7, help="runs per command (7)")
    parser.add_argument("--site", action="store_true", help="also time the site's build")
    parser.add_argument("--site-runs", type=int, default=3, help="builds of the site (3)")
    args = parser.parse_args()

    print("| variant | load_variant ms (median) | CPU ms (median) | fastest ms |")
    print("|---|---:|---:|---:|")
    for name, wall, cpu, fastest in load_times(args.repeats):
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {fastest:.2f} |", flush=True)

    print("\n| command | CPU s (median) | wall s (median) |")
    print("|---|---:|---:|")
    bezique = bezique_command()
    for arguments in (["--help"], ["variants"]):
        wall, cpu = median_child([*bezique, *arguments], args.runs)
        print(f"| bezique {' '.join(arguments)} | {cpu:.3f} | {wall:.3f} |", flush=True)

    if args.site:
        wall, cpu = site_seconds(args.site_runs)
        print("\n| site | CPU s (median) | wall s (median) |")
        print("|---|---:|---:|")
        print(f"| properdocs build --strict | {cpu:.2f} | {wall:.2f} |")


if __name__ == "__main__":
    main()
