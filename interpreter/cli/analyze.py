"""``bezique analyze``: what a variant's games are like, or what a house rule changes."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from interpreter.cli.output import load_variant, tables, write
from interpreter.cli.simulate import check_agents, cluster_of, progress_bar, seat_agents


def analyze_command(args: argparse.Namespace) -> int:
    from interpreter.analytics.paired import PairedRatio
    from interpreter.analytics.report import Run, analyze, analyze_pair, comparison, report

    variants = [load_variant(args.variant)]
    if args.vs is not None:
        variants.append(load_variant(args.vs))
    for variant in variants:
        check_agents(seat_agents(args.agents, variant.players.count))
    from interpreter.scale.run import check
    from interpreter.scale.shards import Plan

    cluster = cluster_of(args)
    check(
        Plan(variants[0], args.deals, args.seed, ()),
        jobs=args.jobs,
        backend=args.backend,
        cluster=cluster,
    )
    folder = None
    if args.out is not None:  # checked before anything is played
        from interpreter.analytics.plots import require_matplotlib

        require_matplotlib()
        folder = Path(args.out)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ValueError(f"cannot create {folder}: {error.strerror or error}") from None
    run = Run(
        deals=args.deals,
        seed=args.seed,
        agents=tuple(name.strip() for name in args.agents.split(",") if name.strip()),
        jobs=args.jobs,
        backend=args.backend,
        cluster=cluster,
        shard_deals=args.shard_deals,
    )
    out, err = tables(), tables(stderr=True)
    names = " and ".join(variant.name for variant in variants)
    total = sum(run.total(variant) for variant in variants)
    pairs: dict[str, PairedRatio] = {}
    with progress_bar(err, f"{names}: deals", total, shown=not args.json) as advance:
        if len(variants) == 1:
            analyses = [analyze(variants[0], run, advance)]
        else:
            first, second, pairs = analyze_pair(variants[0], variants[1], run, advance)
            analyses = [first, second]
    data = (
        report(analyses[0]) if len(analyses) == 1 else comparison(analyses[0], analyses[1], pairs)
    )
    text = json.dumps(data, ensure_ascii=False)
    if folder is not None:
        from interpreter.analytics.plots import write_plots

        write(folder / "analysis.json", text + "\n")
        write_plots(analyses, folder)
    if args.json:
        print(text)
        return 0
    from interpreter.analytics.text import print_analysis, print_comparison

    if len(analyses) == 1:
        print_analysis(out, analyses[0])
    else:
        print_comparison(out, analyses[0], analyses[1], pairs)
    if folder is not None:
        out.print(f"Plots and analysis.json written to {folder}")
    return 0
