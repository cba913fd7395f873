"""The analytics of the documentation site: each shipped variant analysed from a fixed seed, its
plots and ``analysis.json`` written into ``docs/assets/analytics/NAME/``, and the plots that
compare the variants into ``docs/assets/analytics/compare-*.svg`` (from every ``analysis.json``
there).  The files are committed; the site build only reads them, so it stays fast and needs
no matplotlib (docs/analytics.md).

    python benchmarks/site_analytics.py [--variants bezique,rubicon,…] [--jobs 2]
    python benchmarks/site_analytics.py --compare-only

The same options give the same files, byte for byte.  Variants of up to four packs play
``--deals`` deals (1000), larger ones ``--big-deals`` (400): a six-pack deal takes ten times
as long as a two-pack one.  Shards of 100 deals, so that ``--jobs`` has shards to share.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from interpreter.analytics.plots import write_comparison, write_plots
from interpreter.analytics.report import Run, analyze, report
from interpreter.loader import load_variant, shipped_variant_names

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "docs" / "assets" / "analytics"
SEED = 1
SHARD_DEALS = 100


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="", help="comma-separated (default: all shipped)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--big-deals", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--folder", type=Path, default=FOLDER)
    parser.add_argument("--compare-only", action="store_true")
    args = parser.parse_args(argv)
    if not args.compare_only:
        names = args.variants.split(",") if args.variants else shipped_variant_names()
        for name in names:
            variant = load_variant(name)
            deals = args.deals if variant.deck.packs <= 4 else args.big_deals
            run = Run(deals=deals, seed=SEED, jobs=args.jobs, shard_deals=SHARD_DEALS)
            analysis = analyze(variant, run)
            folder = args.folder / name
            for old in folder.glob("*.svg"):
                old.unlink()
            write_plots([analysis], folder)
            text = json.dumps(report(analysis), ensure_ascii=False, indent=1)
            (folder / "analysis.json").write_text(text + "\n", encoding="utf-8")
            print(f"{name}: {deals} deals, {analysis.sample.seconds:.0f} s", file=sys.stderr)
    order = shipped_variant_names()
    reports = [
        json.loads((args.folder / name / "analysis.json").read_text(encoding="utf-8"))
        for name in order
        if (args.folder / name / "analysis.json").is_file()
    ]
    for old in args.folder.glob("compare-*.svg"):
        old.unlink()
    write_comparison(reports, args.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
