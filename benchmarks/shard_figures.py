"""What one shard costs, to project the time of a long run (docs/analytics.md, "A hundred
million deals"): for each variant, shards of ``--shard-deals`` deals played one after another
in this process (process time per shard, median of ``--shards``), the size of a shard's
summary as a worker sends it back (pickled), and, with ``--dask``, the time a Dask cluster
adds per shard (a ``LocalCluster`` of one worker thread in this process: its process time per
shard less the shard's own).

    python benchmarks/shard_figures.py [--variants bezique,rubicon] [--agents random,greedy]
        [--shard-deals 1000] [--shards 3] [--dask]

The projection printed: for a run of ``--project`` deals (100 million), the process time of
all its shards, and the wall time on ``--cores`` cores (64) at that rate.
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import time

from interpreter.loader import load_variant
from interpreter.scale.shards import Plan, run_shard


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="bezique,rubicon")
    parser.add_argument("--agents", default="random,greedy")
    parser.add_argument("--shard-deals", type=int, default=1000)
    parser.add_argument("--shards", type=int, default=3)
    parser.add_argument("--dask", action="store_true")
    parser.add_argument("--project", type=int, default=100_000_000)
    parser.add_argument("--cores", type=int, default=64)
    args = parser.parse_args()
    print(
        "| variant | agents | deals per shard | process s per shard (median) | deals/s per core "
        "| summary bytes | Dask overhead s per shard | 100M deals: core-hours "
        f"| on {args.cores} cores: hours |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    agents = args.agents.split(",")
    for name in args.variants.split(","):
        variant = load_variant(name)
        seated = tuple(agents[seat % len(agents)] for seat in range(variant.players.count))
        plan = Plan(
            variant, args.shard_deals * args.shards, 1, seated, shard_deals=args.shard_deals
        )
        times, size = [], 0
        for index in range(args.shards):
            started = time.process_time()
            summary = run_shard(plan, index)
            times.append(time.process_time() - started)
            size = max(size, len(pickle.dumps(summary)))
        per_shard = statistics.median(times)
        overhead = _dask_overhead(plan, times) if args.dask else None
        core_hours = per_shard * (args.project / args.shard_deals) / 3600
        shown = "—" if overhead is None else f"{overhead:.3f}"
        print(
            f"| {name} | {','.join(seated)} | {args.shard_deals} | {per_shard:.2f} "
            f"| {args.shard_deals / per_shard:.0f} | {size:,} | {shown} | {core_hours:.0f} "
            f"| {core_hours / args.cores:.1f} |",
            flush=True,
        )


def _dask_overhead(plan: Plan, alone: list[float]) -> float:
    """Process time per shard on a one-thread Dask cluster in this process (the scheduler,
    the worker and the client's work included), less the shard's own: a measure that the
    other load of a shared machine does not change much, as wall time would."""
    from distributed import Client, LocalCluster

    from interpreter.scale.cluster import Cluster, _run

    with (
        LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        started = time.process_time()
        for _ in _run(client, plan, range(plan.shards), Cluster(), None):
            pass
        spent = time.process_time() - started
    return max(0.0, spent / plan.shards - statistics.mean(alone))


if __name__ == "__main__":
    main()
