"""The expert bot against greedy in duplicate deals, per variant, on one core.

Each deal is dealt from one seed once per side: the expert takes every seat of one side (the
other seats greedy), then of the next, so that every side plays the same cards under both
bots and the luck of the deal cancels out.  Only the first deal of each game is played: points
are points per deal.  A deal's difference is the expert side's points less the mean of the
other sides' points, averaged over its plays; the table gives the mean over the deals with a
95 % interval (normal approximation), and the expert's decision times (process time, every
call to ``choose``; "chosen" counts only the decisions with more than one legal move).

    python benchmarks/expert_strength.py [--deals 1000] [--variants bezique,rubicon]
        [--expert expert] [--effort strong] [--against greedy] [--seed 1] [--minutes 60]

``--minutes`` bounds each variant's run: no new deal is started after that much wall-clock
time, and the table gives the number of deals played.  ``--effort`` is the expert's
(``normal`` or ``strong``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from interpreter.agents import Agent, ExpertAgent, make_agent
from interpreter.engine import Game, PlayerView, Rules
from interpreter.loader import load_variant

DEFAULT_VARIANTS = "bezique,rubicon,polish,three-handed,four-handed-partners"

Maker = Callable[[Rules, int], Agent]


@dataclass
class Match:
    """What a run of duplicate deals measured."""

    differences: list[float] = field(default_factory=list)  # per deal, averaged over its plays
    times: list[float] = field(default_factory=list)  # seconds per decision of the first bot
    chosen: list[float] = field(default_factory=list)  # those with more than one legal move

    @property
    def mean(self) -> float:
        return statistics.fmean(self.differences)

    @property
    def half_width(self) -> float:
        """Half the 95 % interval of the mean difference."""
        n = len(self.differences)
        return 1.96 * statistics.stdev(self.differences) / math.sqrt(n) if n > 1 else math.inf


class Timed:
    """An agent whose decisions are timed (process time)."""

    def __init__(self, agent: Agent, times: list[float], chosen: list[float]) -> None:
        self.agent, self.times, self.chosen = agent, times, chosen
        self.name = agent.name

    def choose(self, view: PlayerView) -> object:
        started = time.process_time()
        move = self.agent.choose(view)
        spent = time.process_time() - started
        self.times.append(spent)
        if len(view.legal_moves) > 1:
            self.chosen.append(spent)
        return move


def play_deal(rules: Rules, seed: int, agents: list[Agent] | list[Timed]) -> tuple[int, ...]:
    """The points of each seat in the first deal of a game dealt from ``seed``."""
    game = Game.new(rules, seed=seed)
    while not game.is_over and not game.deals_finished:
        seat = game.to_act
        assert seat is not None
        game.step(agents[seat].choose(game.view(seat)))  # type: ignore[arg-type]
    return game.deal_results[0].points


def duplicate(
    rules: Rules,
    deals: int,
    first: Maker,
    second: Maker,
    seed: int = 1,
    seconds: float = math.inf,
) -> Match:
    """``deals`` duplicate deals of ``first`` against ``second`` (see the module), fewer if
    ``seconds`` of wall-clock time run out first."""
    match = Match()
    sides = rules.sides
    started = time.monotonic()
    for deal in range(deals):
        if time.monotonic() - started > seconds:
            break
        deal_seed = seed * 1_000_003 + deal
        total = 0.0
        for index, side in enumerate(sides):
            agents: list[Timed | Agent] = []
            for seat in range(rules.players):
                agent_seed = deal_seed * 8 + seat
                if seat in side:
                    agents.append(Timed(first(rules, agent_seed), match.times, match.chosen))
                else:
                    agents.append(second(rules, agent_seed))
            points = play_deal(rules, deal_seed, agents)  # type: ignore[arg-type]
            others = [sum(points[s] for s in o) for i, o in enumerate(sides) if i != index]
            total += sum(points[s] for s in side) - statistics.fmean(others)
        match.differences.append(total / len(sides))
    return match


def maker(name: str, effort: str) -> Maker:
    if name == "expert":
        return lambda rules, seed: ExpertAgent(rules, seed, effort)
    return lambda rules, seed: make_agent(name, rules, seed)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--variants", default=DEFAULT_VARIANTS)
    parser.add_argument("--expert", default="expert", help="the first bot (default: expert)")
    parser.add_argument("--against", default="greedy", help="the second bot (default: greedy)")
    parser.add_argument("--effort", default="normal", help="the expert's effort")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=math.inf, help="per variant, at most")
    args = parser.parse_args()
    print(
        f"{args.deals} duplicate deals per variant, seed {args.seed}, effort {args.effort}",
        flush=True,
    )
    print(
        "| bots | variant | deals | mean difference per deal (95 % interval) "
        "| decision ms: median | 90th pct | median chosen | 90th pct chosen |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|", flush=True)
    for name in args.variants.split(","):
        rules = Rules(load_variant(name))
        first, second = maker(args.expert, args.effort), maker(args.against, args.effort)
        match = duplicate(rules, args.deals, first, second, args.seed, args.minutes * 60)
        low, high = match.mean - match.half_width, match.mean + match.half_width
        ms = [t * 1000 for t in match.times]
        chosen = [t * 1000 for t in match.chosen] or [0.0]
        print(
            f"| {args.expert} × {args.against} | {name} | {len(match.differences)} "
            f"| {match.mean:+.1f} ({low:+.1f} to {high:+.1f}) "
            f"| {statistics.median(ms):.1f} | {percentile(ms, 0.9):.1f} "
            f"| {statistics.median(chosen):.1f} | {percentile(chosen, 0.9):.1f} |",
            flush=True,
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
