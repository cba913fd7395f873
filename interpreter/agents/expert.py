"""The expert bot: the greedy bot's card sense sharpened by counting cards, a look at each
trick in worlds sampled for the player, and the last tricks solved exactly.

- **While the stock lasts**, each card the player may play is tried in the same few worlds
  (:meth:`PlayerView.resample`: the unseen cards dealt again, consistently with all the player
  has seen), the other seats answering as the greedy bot would; the card is judged by the
  points of the trick, the declaration its winner may then make and the lead, less what the
  card might still have done (:mod:`~interpreter.agents.search`,
  :mod:`~interpreter.agents.knowledge`).  When the player plays last to the trick, one world
  is enough: nothing hidden changes its outcome.
- **Declaring**: the seven of trumps first, then the declaration worth most (the greedy bot's
  rule, Hoyle's advice).
- **The last tricks** (stock exhausted): each sampled world is solved exactly
  (:mod:`~interpreter.agents.solver`) and the card with the best total is played; with two
  players one world is the real one.  Where the solver's budget is too small for the
  position (three or four players, many cards), or where declaring goes on through the last
  tricks (Polish), the card is chosen as while the stock lasts.

Effort: ``ExpertAgent(rules, seed, effort="strong")`` samples more worlds and searches the
last tricks further.  The bot is deterministic for a given seed: the worlds come from its own
generator.  :meth:`ExpertAgent.explain` gives the move with a reason a player understands."""

from __future__ import annotations

import random
from dataclasses import dataclass

from interpreter.agents.decision import Decision, reason
from interpreter.agents.greedy import GreedyAgent
from interpreter.agents.knowledge import Sense, played_faces
from interpreter.agents.search import Lookahead
from interpreter.agents.solver import Endgame, Solver
from interpreter.engine import Move, Phase, Play, PlayerView, ResampleError, Rules
from interpreter.engine.moves import label_face
from interpreter.model import Variant

LARGE_DECK = 128
"""Decks of more cards than this get fewer worlds per trick."""


@dataclass(frozen=True, slots=True)
class Effort:
    """How hard the expert looks."""

    worlds: int  # worlds each card is tried in when leading (fewer later in a trick, one last)
    end_worlds: int  # worlds per card of the last tricks (three or four players)
    nodes: int  # positions the solver may visit per world


BEST_ONLY_NODES = 200_000
"""Positions the solver may visit to find the best card of a two-handed ending too big to
value every card (the review's budget: the expert plays the card the review would call best)."""

EFFORTS = {
    "normal": Effort(worlds=6, end_worlds=4, nodes=12_000),
    "strong": Effort(worlds=16, end_worlds=12, nodes=100_000),
}
"""The named efforts: ``normal`` (the ``expert`` of the command line) and ``strong``."""


class ExpertAgent:
    """See the module.  ``seed`` fixes the worlds it samples (None: fresh each time)."""

    name = "expert"

    def __init__(
        self, variant: Variant | Rules, seed: int | None = None, effort: str | Effort = "normal"
    ) -> None:
        if isinstance(effort, str) and effort not in EFFORTS:
            raise ValueError(f"unknown effort {effort!r}; known: {', '.join(EFFORTS)}")
        self.rules = variant if isinstance(variant, Rules) else Rules(variant)
        self.effort = EFFORTS[effort] if isinstance(effort, str) else effort
        self.rng = random.Random(seed)
        self.policy = GreedyAgent(self.rules)
        self.lookahead = Lookahead(self.rules)
        self.solver = Solver(self.rules, node_budget=self.effort.nodes)
        self.big_solver: Solver | None = None  # made when a two-handed ending needs it
        # The solver knows the play of the cards only: where declaring goes on through the last
        # tricks (Polish), they are played as while the stock lasts, a trick at a time.
        self.solvable = not self.rules.declare.after_stock_exhausted
        # A world costs a replay of the deal so far, which grows with the square of the
        # deck: the larger decks get fewer worlds (at least two).
        scale = min(1.0, (LARGE_DECK / self.rules.n_cards) ** 2)
        self.lead_worlds = max(2, round(self.effort.worlds * scale))

    def choose(self, view: PlayerView) -> Move:
        return self.decide(view).move

    def explain(self, view: PlayerView) -> tuple[Move, str]:
        """The move the expert would make in ``view`` and why, in a sentence."""
        decision = self.decide(view)
        return decision.move, reason(self.rules, view, decision)

    # -- deciding ------------------------------------------------------------------------------
    def decide(self, view: PlayerView) -> Decision:
        """The move for ``view`` (one of its legal moves) and how it was found."""
        moves = view.legal_moves
        if not moves:
            raise ValueError(f"p{view.player + 1} has no move to make now")
        if len(moves) == 1:
            return Decision(moves[0], "only")
        plays = [m for m in moves if isinstance(m, Play)]
        if view.phase is Phase.PLAY and plays:
            if len(plays) < len(moves):  # a lead that offers more than cards: declaring on lead,
                other = self.policy.choose(view)  # claiming, the seven: as greedy chooses
                if not isinstance(other, Play):
                    return Decision(other, "other")
            try:
                if view.endgame and self.solvable:
                    found = self._endgame(view, plays)
                    if found is not None:
                        return found
                return self._trick(view, plays)  # the last tricks too big to solve: a look
            except ResampleError:  # no world fits what the player saw: play as greedy does
                pass
        move = self.policy.choose(view)
        return Decision(move, "declare" if view.phase is Phase.DECLARE else "other")

    def _trick(self, view: PlayerView, plays: list[Play]) -> Decision:
        # Fewer hidden cards decide the trick the later the bot plays to it: none when last.
        after = view.players - 1 - len(view.trick)  # cards still to come
        count = 1 if not after else max(2, self.lead_worlds * after // (view.players - 1))
        worlds = [view.resample(self.rng) for _ in range(count)]
        sense = Sense(self.rules, view, played_faces(worlds[0]))
        trials = self.lookahead.trials(plays, worlds, view.player, sense)
        trials.sort(key=lambda t: (-t.score, t.move.label))
        return Decision(trials[0].move, "trick", trials=trials, worlds=count, sense=sense)

    def _endgame(self, view: PlayerView, plays: list[Play]) -> Decision | None:
        """The card with the best total over worlds solved exactly; None when no world could
        be solved within the budget."""
        exact = self.rules.players == 2  # one world: the real one
        count = 1 if exact else self.effort.end_worlds
        totals: dict[str, float] = {}
        solved, duel = 0, False
        for _ in range(count):
            position = self.solver.position(view.resample(self.rng))
            if position is None:
                return None
            duel = len(position.active) < view.players
            values = self.solver.values(position, view.player, exact)
            if values is None and exact:  # every card too dear to value: the best one alone
                return self._best_only(position, plays, duel)
            if values is None:  # too big for the budget
                continue
            solved += 1
            for card, value in values.items():
                face = self.rules.face[card]
                totals[face] = totals.get(face, 0.0) + value
        if not solved:
            return None
        means = {face: total / solved for face, total in totals.items()}
        strength = self.rules.end_strength  # of cards as good, the lowest: it keeps the others

        def ranked(move: Play) -> tuple[float, int, str]:
            return (means.get(label_face(move.label), -1.0), -strength[move.card], move.label)

        best = max(plays, key=ranked)
        return Decision(best, "endgame", values=means, worlds=solved, duel=duel)

    def _best_only(self, position: Endgame, plays: list[Play], duel: bool) -> Decision | None:
        """The best card of a two-handed position too big to value every card within the
        budget: searched again with a larger one (:data:`BEST_ONLY_NODES`), each card against
        the best so far.  The first card to reach the best value holds it exactly (the others'
        values are bounds that show them no better); None when even that budget is short."""
        if self.big_solver is None:
            self.big_solver = Solver(self.rules, node_budget=BEST_ONLY_NODES)
        values = self.big_solver.values(position, position.to_act, exact=False)
        if values is None:
            return None
        top = max(values.values())
        card = next(card for card, value in values.items() if value == top)
        face = self.rules.face[card]
        best = next(move for move in plays if label_face(move.label) == face)
        means = {self.rules.face[c]: float(v) for c, v in values.items()}
        return Decision(best, "endgame", values=means, worlds=1, duel=duel)
