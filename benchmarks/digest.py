"""A digest of many games per shipped variant, to show that a change of the engine (or a
compiled build) plays exactly the same games.

Each game is played by the random and greedy bots through ``simulate``'s path (views and
agents), and the digest covers every move, every event and the outcome.  Run it in two
checkouts (or two builds) and compare:

    python benchmarks/digest.py [--games 20] [--variants bezique,...]
"""

from __future__ import annotations

import argparse
import hashlib
import random

from interpreter.agents import make_agent
from interpreter.engine import Game, Rules
from interpreter.loader import load_variant, shipped_variant_names


def digest(name: str, games: int, deals: int = 4) -> str:
    """The digest of ``games`` games of ``name`` (each cut short after ``deals`` deals)."""
    rules = Rules(load_variant(name))
    seeds = random.Random(name)
    sha = hashlib.sha256()
    for index in range(games):
        game = Game.new(rules, seed=seeds.getrandbits(63))
        kinds = ["greedy" if (index + seat) % 2 else "random" for seat in range(rules.players)]
        bots = [make_agent(kind, rules, seeds.getrandbits(63)) for kind in kinds]
        while not game.is_over and game.deals_finished < deals:
            seat = game.to_act
            assert seat is not None
            move = bots[seat].choose(game.view(seat))
            sha.update(f"{seat} {move}\n".encode())
            game.step(move)
        for event in game.events:
            sha.update(repr(tuple(event)).encode())
        sha.update(repr((game.scores, game.deal_results)).encode())
    return sha.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variants", default="")
    args = parser.parse_args()
    names = args.variants.split(",") if args.variants else shipped_variant_names()
    for name in names:
        print(f"{name:30} {digest(name, args.games)}", flush=True)


if __name__ == "__main__":
    main()
