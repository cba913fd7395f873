"""The expert's look at the trick being played, in worlds sampled for the player.

Each card the player may play is tried in the same worlds (paired: every card meets the same
hidden hands): the other seats answer as the greedy bot would, and the trick is settled by
the engine.  What the player's side gains is counted from the trick itself (points scored
with it, brisques counted later), from the best declaration the winner may then make (the
engine lists it, so the rules of each variant apply), and a premium for winning the trick —
the lead, and a declaration denied to the other side.  Less what the card played might still
have done (:class:`~interpreter.agents.knowledge.Sense`)."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from interpreter.agents.greedy import GreedyAgent
from interpreter.agents.knowledge import Sense
from interpreter.engine import (
    Declare,
    EventKind,
    ExchangeSeven,
    Game,
    Move,
    Phase,
    Play,
    Rules,
    ScorePending,
    ShowSeven,
)
from interpreter.engine.moves import label_face
from interpreter.model.scoring import BrisqueTiming, BrisqueUsage

TEMPO = 10.0
"""What winning a trick is worth beyond its points: the lead, and the other side's
declaration denied."""

UNCOUNTED_BRISQUE = 0.3
"""The share of a brisque's value counted where brisques only settle ties (Rubicon)."""


@dataclass
class Trial:
    """A card tried in every world: what it led to, on average."""

    move: Play
    keep: float  # what the card might still have done
    margins: list[float] = field(default_factory=list)  # per world, the side's margin
    won: int = 0  # worlds in which the player's side took the trick
    declared: int = 0  # the best declaration after the trick, summed over the worlds won
    brisques: int = 0  # brisques in the trick, summed over the worlds won
    declarations: Counter[str] = field(default_factory=Counter)  # the best, by worlds won

    @property
    def worlds(self) -> int:
        return len(self.margins)

    @property
    def score(self) -> float:
        return statistics.fmean(self.margins) - self.keep

    @property
    def wins(self) -> float:
        """The share of the worlds in which the side takes the trick."""
        return self.won / self.worlds if self.worlds else 0.0


class Lookahead:
    """Tries the cards of a trick in sampled worlds for one variant."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.model = GreedyAgent(rules)  # how the other seats are expected to answer
        scoring = rules.scoring
        later = scoring.usage is BrisqueUsage.ALWAYS and scoring.timing is BrisqueTiming.END_OF_HAND
        self.brisque_later = float(scoring.value if later else 0)
        if scoring.usage not in (BrisqueUsage.ALWAYS, BrisqueUsage.NONE):
            self.brisque_later = scoring.value * UNCOUNTED_BRISQUE

    def trials(self, plays: list[Play], worlds: list[Game], me: int, sense: Sense) -> list[Trial]:
        """Every card of ``plays`` tried in each of ``worlds``."""
        found = []
        for move in plays:
            trial = Trial(move, sense.keep(move.label))
            for world in worlds:
                self._try(trial, world, me, sense)
            found.append(trial)
        return found

    def _try(self, trial: Trial, world: Game, me: int, sense: Sense) -> None:
        rules = self.rules
        game = world.copy()
        start = game.view(me)
        number, before = start.trick_no, start.deal_points
        del start  # a view still held when the game moves on would be filled in: let it go
        finished, seen = game.deals_finished, game.event_count
        game.step(trial.move)
        while not game.is_over and game.deals_finished == finished:
            seat = game.to_act
            assert seat is not None
            if game.phase is not Phase.PLAY or game.view(seat).trick_no != number:
                break
            game.step(self.model.choose(game.view(seat)))
        trick = next(e for e in game.events_since(seen) if e.kind is EventKind.TRICK)
        winner, faces = trick.player, list(trick.cards)
        assert winner is not None
        if game.deals_finished == finished:
            after = game.view(me).deal_points
        else:  # the last trick of the deal
            after = game.deal_results[finished].points
        side = rules.side_of[me]
        others = max(1, len(rules.sides) - 1)
        margin = 0.0
        for seat, (now, then) in enumerate(zip(after, before, strict=True)):
            margin += now - then if rules.side_of[seat] == side else (then - now) / others
        brisques = sum(1 for face in faces if rules.brisque[rules.by_face[face][0]])
        declared, name = 0, ""
        if game.phase is Phase.DECLARE:
            declared, name = self._best(game.legal_moves())
        gain = brisques * self.brisque_later + declared + TEMPO
        if rules.open_cards is not None:
            gain += sense.capture(faces, winner)
        if rules.side_of[winner] == side:
            margin += gain
            trial.won += 1
            trial.declared += declared
            trial.brisques += brisques
            if name:
                trial.declarations[name] += 1
        else:
            margin -= gain / others
        trial.margins.append(margin)

    def _best(self, moves: list[Move]) -> tuple[int, str]:
        """The most points one move of a declaring window scores, and what it is."""
        best, name = 0, ""
        seven = self.rules.seven
        for move in moves:
            points, what = 0, ""
            if isinstance(move, Declare | ScorePending):
                combo = self.rules.combo_names.get(move.combo, move.combo)
                points, what = move.points, f"declare the {combo}"
            elif seven is not None and isinstance(move, ExchangeSeven):
                points, what = seven.exchange_points, "exchange the seven of trumps"
            elif seven is not None and isinstance(move, ShowSeven):
                points, what = seven.points, "show the seven of trumps"
            if points > best:
                best, name = points, what
        return best, name


def face_of(move: Play) -> str:
    return label_face(move.label)
