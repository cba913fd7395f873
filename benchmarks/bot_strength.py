"""Greedy against random over many deals, both seatings, per shipped variant.

python benchmarks/bot_strength.py [--deals 2000] [--variants bezique]
"""

from __future__ import annotations

import argparse

from interpreter.loader import load_variant, shipped_variant_names
from interpreter.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--variants", default="")
    args = parser.parse_args()
    names = args.variants.split(",") if args.variants else shipped_variant_names()
    print(
        "| variant | deals | greedy points/deal | random points/deal | games greedy won "
        "| games random won |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name in names:
        variant = load_variant(name)
        half = args.deals // 2
        first = simulate(variant, half, seed=1, agents=["greedy", "random"])
        second = simulate(variant, args.deals - half, seed=2, agents=["random", "greedy"])
        greedy_points = sum(first.deal_points[0]) + sum(second.deal_points[1])
        random_points = sum(first.deal_points[1]) + sum(second.deal_points[0])
        deals = first.deals + second.deals
        greedy_games = first.game_wins[0] + second.game_wins[1]
        random_games = first.game_wins[1] + second.game_wins[0]
        print(
            f"| {name} | {deals} | {greedy_points / deals:.1f} | {random_points / deals:.1f} "
            f"| {greedy_games} | {random_games} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
