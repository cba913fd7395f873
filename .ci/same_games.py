"""Write the game records of seeded games of every shipped variant into a folder, so that two
builds of the engine (pure Python and compiled) can be compared byte for byte with ``diff -r``.

    python .ci/same_games.py OUT [--seeds 5]

Run it from a folder holding ``tests/`` but not ``interpreter/`` (or from the repository for
the editable pure install): the games are those of the golden records
(``tests/golden/records.py``, every seat playing the rulebook's fixed policy), with other
seeds, and as many again between the greedy and random bots (``bots-…`` files), so that the
compiled bots are compared too.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.getcwd())

import interpreter
from interpreter.agents import make_agent
from interpreter.engine import Game
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.records import Record, Recorder, write
from tests.golden.records import seeded


def bots(name: str, seed: int) -> Record:
    """The first two deals of a game between the greedy bot and the random bot."""
    game = Game.new(load_variant(name), seed=seed)
    kinds = ["greedy" if seat % 2 == 0 else "random" for seat in range(game.rules.players)]
    players = [make_agent(kind, game.rules, seed + seat) for seat, kind in enumerate(kinds)]
    recorder = Recorder(game, variant_name=name, seats=kinds, seed=seed)
    while not game.is_over and game.deals_finished < 2:
        seat = game.to_act
        assert seat is not None
        recorder.step(players[seat].choose(game.view(seat)))
    return recorder.record()


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
            text = write(bots(name, seed))
            (args.out / f"bots-{name}-seed-{seed}.toml").write_text(text, encoding="utf-8")
    build = "compiled" if interpreter.compiled() else "pure Python"
    print(f"{2 * len(names) * args.seeds} games of {len(names)} variants written ({build})")


if __name__ == "__main__":
    main()
