"""The expert bot (draft)."""

from __future__ import annotations

import random
import statistics

from interpreter.agents.greedy import GreedyAgent
from interpreter.agents.knowledge import Sense, played_faces
from interpreter.agents.solver import Solver, SolverBudgetError
from interpreter.engine import (
    Declare,
    ExchangeSeven,
    Game,
    Move,
    Phase,
    Play,
    PlayerView,
    Rules,
    ScorePending,
    ShowSeven,
)
from interpreter.engine.moves import label_face
from interpreter.model import Variant
from interpreter.model.scoring import BrisqueTiming, BrisqueUsage

TEMPO = 10.0


class ExpertAgent:
    name = "expert"

    def __init__(self, variant: Variant | Rules, seed: int | None = None, worlds: int = 6) -> None:
        self.rules = variant if isinstance(variant, Rules) else Rules(variant)
        self.rng = random.Random(seed)
        self.policy = GreedyAgent(self.rules)
        self.solver = Solver(self.rules, node_budget=40_000)
        self.end_worlds = 1 if self.rules.players == 2 else 6
        self.worlds = worlds
        scoring = self.rules.scoring
        later = scoring.usage is BrisqueUsage.ALWAYS and scoring.timing is BrisqueTiming.END_OF_HAND
        self.brisque_later = scoring.value if later else 0
        if scoring.usage not in (BrisqueUsage.ALWAYS, BrisqueUsage.NONE):
            self.brisque_later = scoring.value * 3 // 10
        self.model = GreedyAgent(self.rules)

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.PLAY and any(isinstance(m, Play) for m in moves):
            if view.endgame:
                found = self._endgame(view, moves)
                if found is not None:
                    return found
            else:
                return self._stock(view, moves)
        return self.policy.choose(view)

    # -- the stock phase -----------------------------------------------------------------------
    def _stock(self, view: PlayerView, moves: tuple[Move, ...]) -> Move:
        plays = [m for m in moves if isinstance(m, Play)]
        worlds = [view.resample(self.rng) for _ in range(self.worlds if view.trick == () or
                  len(view.trick) < view.players - 1 else 1)]
        sense = Sense(self.rules, view, played_faces(worlds[0]))
        scores: dict[str, float] = {}
        for move in plays:
            outcomes = [self._trick(world, move, view.player) for world in worlds]
            scores[move.label] = statistics.fmean(outcomes) - sense.keep(move.label)
        best = max(plays, key=lambda m: (scores[m.label], m.label))
        return best

    def _trick(self, world: Game, move: Move, me: int) -> float:
        rules = self.rules
        game = world.copy()
        number = game.view(me).trick_no
        before = game.view(me).deal_points
        game.step(move)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.trick_no != number or view.phase is not Phase.PLAY:
                break
            game.step(self.model.choose(view))
        seat = game.to_act
        assert seat is not None
        view = game.view(me)
        after = view.deal_points
        winner = view.last_trick_winner
        assert winner is not None
        side = rules.side_of[me]
        mine = winner is not None and rules.side_of[winner] == side
        others = max(1, len(rules.sides) - 1)

        def margin(points: tuple[int, ...]) -> float:
            total = 0.0
            for seat_, value in enumerate(points):
                total += value if rules.side_of[seat_] == side else -value / others
            return total

        value = margin(after) - margin(before)
        brisques = sum(1 for _, face in view.last_trick if face.rank in self.policy.brisques)
        declared = 0.0
        if game.phase is Phase.DECLARE:
            declared = self._best_points(game.legal_moves())
        gain = brisques * self.brisque_later + declared + TEMPO
        return value + (gain if mine else -gain / others)

    def _best_points(self, moves: list[Move]) -> float:
        best = 0.0
        seven = self.rules.seven
        for move in moves:
            if isinstance(move, Declare | ScorePending):
                best = max(best, move.points)
            elif seven is not None and isinstance(move, ExchangeSeven):
                best = max(best, seven.exchange_points)
            elif seven is not None and isinstance(move, ShowSeven):
                best = max(best, seven.points)
        return best

    # -- the last tricks -----------------------------------------------------------------------
    def _endgame(self, view: PlayerView, moves: tuple[Move, ...]) -> Move | None:
        totals: dict[str, float] = {}
        solved = 0
        for _ in range(self.end_worlds):
            world = view.resample(self.rng)
            position = self.solver.position(world)
            if position is None:
                return None
            try:
                values = self.solver.values(position, view.player)
            except SolverBudgetError:
                continue
            solved += 1
            for card, value in values.items():
                face = self.rules.face[card]
                totals[face] = totals.get(face, 0.0) + value
        if not solved:
            return None
        plays = [m for m in moves if isinstance(m, Play) and label_face(m.label) in totals]
        if not plays:
            return None
        return max(plays, key=lambda m: (totals[label_face(m.label)], m.label))
