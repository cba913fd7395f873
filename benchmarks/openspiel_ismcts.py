"""OpenSpiel's own ISMCTS bot against this project's greedy bot, through the adapter.

Each deal is one episode of ``python_bezique`` (docs/research.md): chance nodes are drawn from
a seeded generator, the ISMCTS bot (information-set Monte Carlo tree search with random
rollouts, worlds drawn by ``resample_from_infostate``) plays one seat and
:class:`~interpreter.agents.GreedyAgent` the other, seats swapping every deal.  Prints, for the
ISMCTS bot, deals won, lost and drawn and its mean margin in points.

    python benchmarks/openspiel_ismcts.py --variant bezique --deals 20 --simulations 100

Needs the ``ml`` extra.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from interpreter.adapters.openspiel import BeziqueState
from interpreter.agents import GreedyAgent


@dataclass
class Result:
    """How the ISMCTS bot did against the greedy bot."""

    variant: str
    simulations: int
    won: int = 0
    lost: int = 0
    drawn: int = 0
    margins: list[float] = field(default_factory=list)  # ISMCTS's points less greedy's, per deal
    seconds: float = 0.0

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.drawn

    def __str__(self) -> str:
        mean = sum(self.margins) / len(self.margins) if self.margins else 0.0
        return (
            f"{self.variant}: ISMCTS ({self.simulations} simulations a move) against greedy, "
            f"{self.deals} deals: won {self.won}, lost {self.lost}, drawn {self.drawn}; "
            f"mean margin {mean:+.1f} points a deal ({self.seconds:.0f} s)"
        )


def play(variant: str, deals: int, simulations: int, seed: int = 0) -> Result:
    """Play ``deals`` deals of a two-seat variant; the ISMCTS bot sits at seat ``deal % 2``."""
    game = pyspiel.load_game("python_bezique", {"variant": variant})
    if game.num_players() != 2:
        raise ValueError(f"{variant} has {game.num_players()} seats: this example plays two")
    chance = random.Random(seed)
    numbers = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers),
        uct_c=2.0,
        max_simulations=simulations,
        max_world_samples=8,
        random_state=numbers,
        allow_inconsistent_action_sets=True,
    )
    greedy = GreedyAgent(game.spec.rules)
    result = Result(variant, simulations)
    started = time.perf_counter()
    for deal in range(deals):
        seat = deal % 2
        state: BeziqueState = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    chance.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                )
            elif player == seat:
                state.apply_action(int(bot.step(state)))
            else:
                episode = state.episode
                view = episode.view(player)
                state.apply_action(game.spec.space.action_index(greedy.choose(view), view))
        outcome = state.returns()[seat]
        result.won += outcome > 0
        result.lost += outcome < 0
        result.drawn += outcome == 0
        result.margins.append(state.episode.margins()[seat] * 2)
    result.seconds = time.perf_counter() - started
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="bezique", help="a two-seat variant or file")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    print(play(options.variant, options.deals, options.simulations, options.seed))


if __name__ == "__main__":
    main()
