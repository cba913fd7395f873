"""``bezique puzzles``: positions of the last tricks where one card is clearly best, found in
deals the bots play or in game records, written as Markdown and JSON."""

from __future__ import annotations

import argparse
import json
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from interpreter.cli.output import Output, load_variant, write
from interpreter.cli.simulate import progress_bar

if TYPE_CHECKING:
    from interpreter.puzzles import Finder, Puzzle


def puzzles_command(args: argparse.Namespace) -> int:
    from interpreter.engine import Rules
    from interpreter.puzzles import Finder
    from interpreter.rulebook.puzzles import puzzle_page

    variant = load_variant(args.variant)
    name = Path(args.variant).stem if args.variant.endswith(".toml") else args.variant
    finder = Finder(name, Rules(variant))
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"--out {args.out}: cannot create it: {error.strerror or error}") from None
    found: list[Puzzle] = []
    err = Output(stderr=True)
    if args.records:
        found = _from_records(finder, args.records, args.trust_paths)
        looked = f"{len(args.records)} game record" + ("" if len(args.records) == 1 else "s")
    else:
        bots = (args.bots, args.bots)
        with progress_bar(err, f"{name}: deals", args.deals, shown=True) as advance:
            for seed in range(args.seed, args.seed + args.deals):
                puzzle = finder.in_deal(seed, bots)
                advance(1)
                if puzzle is not None:
                    found.append(puzzle)
                if len(found) >= args.most:
                    break
        looked = f"{finder.deals} deals {args.bots} played against {args.bots}"
    found = found[: args.most]
    page = puzzle_page(variant.title, found, looked, site=False)
    write(out / f"{name}.md", page)
    data = {"variant": name, "looked_through": looked, "puzzles": [p.as_json() for p in found]}
    write(out / f"{name}.json", json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(found)} puzzles in {looked}: {out / (name + '.md')} and {out / (name + '.json')}")
    return 0


def _from_records(finder: Finder, paths: list[str], trust_paths: bool) -> list[Puzzle]:
    """The best puzzle of each deal of each record, which must be a game of the variant."""
    from interpreter.loader import load_variant as load
    from interpreter.model.serial import variant_hash
    from interpreter.records import replay_file

    wanted = variant_hash(finder.rules.variant)
    found: list[Puzzle] = []
    for path in paths:
        loader = partial(load, trusted=trust_paths)
        record, game = replay_file(path, loader, trust_paths=trust_paths)
        if variant_hash(game.variant) != wanted:
            raise ValueError(f"{path}: a game of {record.variant}, not of {finder.name}")
        found.extend(finder.in_record(record, game, Path(path).name))
    return found
