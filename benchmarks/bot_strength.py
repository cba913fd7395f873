"""Greedy against random over many deals, per shipped variant.

The greedy bot takes each seat (or, with partnerships, each side) in turn, with random bots in
the other seats, for an equal share of the deals.  Points are per seat and per deal.

    python benchmarks/bot_strength.py [--deals 2000] [--variants bezique]
"""

from __future__ import annotations

import argparse

from interpreter.engine import Rules
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--variants", default="")
    args = parser.parse_args()
    names = args.variants.split(",") if args.variants else shipped_variant_names()
    print(
        "| variant | deals | greedy points/deal | random points/deal "
        "| games greedy won | games others won |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name in names:
        variant = load_variant(name)
        sides = Rules(variant).sides
        share = args.deals // len(sides)
        greedy_points = random_points = 0.0
        greedy_seats = random_seats = deals = greedy_games = other_games = 0
        for index, side in enumerate(sides):
            agents = ["greedy" if seat in side else "random" for seat in range(len(sum(sides, ())))]
            summary = simulate(variant, share, seed=index + 1, agents=agents)
            deals += summary.deals
            for seat, points in enumerate(summary.deal_points):
                if seat in side:
                    greedy_points += points.total
                    greedy_seats += points.count
                else:
                    random_points += points.total
                    random_seats += points.count
            greedy_games += summary.side_wins[index]
            other_games += sum(summary.side_wins) - summary.side_wins[index]
        print(
            f"| {name} | {deals} | {greedy_points / greedy_seats:.1f} "
            f"| {random_points / random_seats:.1f} | {greedy_games} | {other_games} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
