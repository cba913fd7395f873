"""Write the game records of seeded games of every shipped variant into a folder, so that two
builds of the engine (pure Python and compiled) can be compared byte for byte with ``diff -r``.

    python .ci/same_games.py OUT [--seeds 5]

Run it from a folder holding ``tests/`` but not ``interpreter/`` (or from the repository for
the editable pure install): the games are those of the golden records
(``tests/golden/records.py``), with other seeds.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.getcwd())

import interpreter
from interpreter.loader import shipped_variant_names
from interpreter.records import write
from tests.golden.records import seeded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    names = shipped_variant_names()
    for name in names:
        for seed in range(2, 2 + args.seeds):
            text = write(seeded(name, seed))
            (args.out / f"{name}-seed-{seed}.toml").write_text(text, encoding="utf-8")
    build = "compiled" if interpreter.compiled() else "pure Python"
    print(f"{len(names) * args.seeds} games of {len(names)} variants written ({build})")


if __name__ == "__main__":
    main()
