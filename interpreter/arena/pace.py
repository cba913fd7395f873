"""How long a race game lasts where only declarations score.

A variant whose brisques, card points and last trick all score nothing wins its points only by
declaring: such a game ends only if the players declare, and a house rule can make that rare
(Grand Bézique with only the sequence left needs a dozen sequences in trumps to reach 3000;
random play scored 500 points in 1,562 deals of it).  The loader refuses a race no one could
ever win (``interpreter.loader.playable``); this measures the ones that can end only slowly, by
playing a few deals with greedy bots, who declare all they can, and with random ones, and
says how many deals a game would last.  ``bezique check`` prints it as a warning."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.agents import make_agent
from interpreter.engine import Game
from interpreter.loader.playable import every_deal_scores
from interpreter.model import Variant
from interpreter.model.scoring import GameFormat

PACE_DEALS = 24
"""Deals played by each kind of bot to measure a pace (about a second for Grand Bézique)."""
SLOW = 10
"""Deals beyond which a game is said to be slow: a shipped race game lasts 2 to 6 deals."""


@dataclass(frozen=True)
class Pace:
    """The points per deal of the side that scored most, on average, over ``deals`` deals
    played by ``agent`` bots in every seat."""

    agent: str
    deals: int
    points: float

    def deals_to(self, target: int) -> float | None:
        """About how many deals a game to ``target`` lasts at this pace (None: never)."""
        return target / self.points if self.points > 0 else None


def pace(variant: Variant, agent: str, deals: int = PACE_DEALS, seed: int = 1) -> Pace:
    """Play ``deals`` deals (new games as games end) with ``agent`` bots in every seat."""
    sides = variant.players.partnerships or tuple((seat,) for seat in range(variant.players.count))
    totals = [0] * len(sides)
    played = 0
    game_seed = seed
    while played < deals:
        game = Game.new(variant, seed=game_seed)
        bots = [make_agent(agent, game.rules, game_seed * 31 + s) for s in range(game.players)]
        while game.to_act is not None and game.deals_finished + played < deals:
            seat = game.to_act
            game.step(bots[seat].choose(game.view(seat)))
        for result in game.deal_results:
            for side, seats in enumerate(sides):
                totals[side] += sum(result.points[s] for s in seats)
        played += max(len(game.deal_results), 1)
        game_seed += 1
    return Pace(agent, played, max(totals) / played)


def slow_game_warning(variant: Variant) -> str | None:
    """A warning for a race game in which only declarations score and greedy bots take more
    than ``SLOW`` deals to reach the target (or never score); None otherwise."""
    if variant.game.format != GameFormat.RACE or every_deal_scores(variant):
        return None
    target = variant.game.target
    greedy = pace(variant, "greedy")
    deals = greedy.deals_to(target)
    if deals is not None and deals <= SLOW:
        return None
    random = pace(variant, "random")
    said = (
        f"only declarations score here (no brisques, card points or last trick), and in "
        f"{greedy.deals} deals greedy bots, who declare all they can, "
    )
    if deals is None:
        said += f"scored nothing: a game to {target} may never end"
    else:
        said += (
            f"scored {greedy.points:.0f} points a deal at best: a game to {target} would "
            f"last about {deals:.0f} deals"
        )
    by_chance = random.deals_to(target)
    if by_chance is None:
        return said + f" (random play scored nothing in {random.deals} deals)"
    return said + f" (random play: about {by_chance:.0f} deals)"
