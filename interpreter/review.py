"""The review of a recorded game: every decision of one seat weighed against the expert's, and
each deal's par (issue 37).

For each card the seat played with a choice, the review says what the expert would play and
what the difference is worth, in the seat's side's points less the others':

- **exact** in the last tricks of a two-handed deal, where every card is known once the deal is
  over and the engine's solver plays both sides perfectly (only where its values are the
  deal's points exactly: card play alone in the last tricks, points that add up trick by
  trick; :func:`~interpreter.agents.solver.exact_for`): the value of the best card less the
  value of the card played;
- **sampled** before that: the expert's one-trick look (``agents.search``) over worlds dealt
  for what the seat could see then, the same worlds for every card (paired), with a 95 %
  interval of the mean difference; a card is a *mistake* only when its whole interval lies
  above ``MIN_LOSS`` — never on a coin flip.

A choice other than a card (a declaration or the draw that holds it, which of two
combinations, the seven, closing, claiming) costs nothing where the expert makes the same
choice; where it does not, both choices are played out to the deal's end by greedy bots in
the same sampled worlds (:data:`CHOICE_WORLDS`), and the paired difference of the seat's
margins is the loss, with its interval, a mistake on the same terms.

The **par** of a deal deals the same cards again with the expert in the seat and the other
seats' bots as they were (seeded as the game seeded them: the game's seed plus the seat, or
as ``simulate`` wrote them in the record, and led through the game's earlier decisions so
that each starts the deal as it did); the seat's margin less the expert's is the par
difference.  Where another seat was a person, the expert takes it too, and the review says so.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from interpreter.agents import AGENT_NAMES, ExpertAgent, GreedyAgent, make_agent
from interpreter.agents.knowledge import Sense, played_faces
from interpreter.agents.search import Lookahead, Trial
from interpreter.agents.solver import Solver, exact_for
from interpreter.cards import CardSyntaxError, parse_face
from interpreter.engine import Game, Move, Phase, Play, Rules
from interpreter.engine.moves import label_face
from interpreter.records.format import Record, split_action
from interpreter.records.recorder import Recorder

WORLDS = 24
"""Worlds sampled per decision before the last tricks (the same for every card), at most."""
FIRST_WORLDS = 8
"""The first batch of them: more are dealt only while a mistake is neither clear nor ruled
out."""
CHOICE_WORLDS = 8
"""Worlds a choice other than a card is played out in, both ways, to the deal's end."""
MIN_LOSS = 5.0
"""A sampled loss is a mistake only when its interval lies wholly above this many points."""
Z95 = 1.96


@dataclass(frozen=True)
class Judged:
    """One decision of the reviewed seat."""

    deal: int
    trick: int  # the trick it was played to (1-based)
    played: str
    best: str  # the expert's choice
    loss: float  # points the choice cost against the best, for the seat's side (≥ 0)
    low: float  # the 95 % interval of a sampled loss; equal to ``loss`` when exact
    high: float
    exact: bool
    valued: bool = True  # False: listed, not valued
    card: bool = True  # a card played; else another choice (a declaration, the draw, …)

    @property
    def mistake(self) -> bool:
        """Clearly a loss: exact and above zero, or sampled with its interval above
        ``MIN_LOSS``."""
        if not self.valued:
            return False
        return self.loss > 0 if self.exact else self.low > MIN_LOSS

    def sentence(self, names: Mapping[str, str] | None = None) -> str:
        """``trick 27: A♥ lost 20 points, exactly; the expert plays T♥`` (``names``: the
        combinations' names by id, for a declaration)."""
        if self.exact:
            lost = f"lost {self.loss:.0f} points, exactly"
        elif round(self.low) == round(self.high):
            lost = f"lost {self.loss:.0f} points in every world tried"
        else:
            lost = f"lost about {self.loss:.0f} points (95 %: {self.low:.0f} to {self.high:.0f})"
        played, best = _pretty(self.played, names), _pretty(self.best, names)
        expert = "the expert plays" if self.card else "the expert chooses"
        return f"trick {self.trick}: {played} {lost}; {expert} {best}"


def _count(number: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def _pretty(label: str, names: Mapping[str, str] | None = None) -> str:
    """A move as the screens show it: a card alone (``T♠``), else its words with the cards in
    symbols and a combination by its name (``declare royal marriage K♠ Q♠``)."""
    words = label.split()
    if len(words) == 2 and words[0] == "play":
        words = words[1:]
    shown = []
    for word in words:
        try:
            shown.append(parse_face(label_face(word)).pretty)
        except CardSyntaxError:
            shown.append((names or {}).get(word, word))
    return " ".join(shown)


@dataclass
class DealReview:
    deal: int
    decisions: list[Judged] = field(default_factory=list)
    margin: float = 0.0  # the seat's side's points less the others' mean, in this deal
    par_margin: float | None = None  # the same with the expert in the seat
    par_exact: bool = True  # every other seat a bot, played again as it was

    @property
    def par(self) -> float | None:
        """The seat's margin less the expert's on the same cards (negative: below par)."""
        return None if self.par_margin is None else self.margin - self.par_margin

    @property
    def mistakes(self) -> list[Judged]:
        """The mistakes, the largest first."""
        return sorted((d for d in self.decisions if d.mistake), key=lambda d: -d.loss)


@dataclass
class Review:
    seat: int
    deals: list[DealReview]
    names: Mapping[str, str] = field(default_factory=dict)  # combinations' names by id

    def lines(self, top: int = 3) -> list[str]:
        """The review in words: per deal, its largest mistakes first, then its par."""
        out = [f"Review of p{self.seat + 1}"]
        for deal in self.deals:
            cards = [d for d in deal.decisions if d.valued and d.card]
            exact = sum(1 for d in cards if d.exact)
            others = sum(1 for d in deal.decisions if d.valued and not d.card)
            choices = f" and {_count(others, 'other choice')}" if others else ""
            out.append(
                f"Deal {deal.deal}: {_count(len(cards), 'card')} weighed ({exact} exactly)"
                f"{choices}, {_count(len(deal.mistakes), 'mistake')}"
            )
            out.extend("  " + m.sentence(self.names) for m in deal.mistakes[:top])
            if deal.par is not None:
                note = "" if deal.par_exact else " (the expert also in seats it cannot replay)"
                out.append(
                    f"  par: {deal.margin:+.0f} against the expert’s {deal.par_margin:+.0f} "
                    f"on the same cards: {deal.par:+.0f}{note}"
                )
        return out

    def as_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "deals": [
                {
                    "deal": deal.deal,
                    "margin": deal.margin,
                    "par_margin": deal.par_margin,
                    "par": deal.par,
                    "par_exact": deal.par_exact,
                    "decisions": [
                        {
                            "trick": d.trick,
                            "played": d.played,
                            "best": d.best,
                            "loss": d.loss,
                            "interval": [d.low, d.high],
                            "exact": d.exact,
                            "valued": d.valued,
                            "card": d.card,
                            "mistake": d.mistake,
                        }
                        for d in deal.decisions
                    ],
                }
                for deal in self.deals
            ],
        }


# -- weighing one decision ---------------------------------------------------------------------
class Judge:
    """Weighs the decisions of one seat in one variant."""

    def __init__(self, rules: Rules, seat: int, seed: int = 0, worlds: int = WORLDS) -> None:
        self.rules, self.seat, self.worlds = rules, seat, worlds
        self.rng = random.Random(seed)
        self.expert = ExpertAgent(rules, seed=seed)
        self.lookahead = Lookahead(rules)
        self.solver = Solver(rules)
        self.solvable = exact_for(rules)

    def judge(self, game: Game, move: Move) -> Judged | None:
        """``move``, about to be made in ``game`` by the reviewed seat, weighed; None when the
        seat had no choice."""
        view = game.view(self.seat)
        moves = view.legal_moves
        if len(moves) < 2:
            return None
        deal, trick = view.deal_no, view.trick_no + 1
        plays = [m for m in moves if isinstance(m, Play)]
        if view.phase is not Phase.PLAY or not isinstance(move, Play) or len(plays) < 2:
            return Judged(deal, trick, *self._chosen(game, move), card=False)
        if self.solvable and not view.stock_size:  # every card known once the deal is over
            exact = self._exact(game, move, plays)
            if exact is not None:
                return Judged(deal, trick, *exact)
        return Judged(deal, trick, *self._sampled(game, move, plays))

    def _exact(
        self, game: Game, move: Play, plays: list[Play]
    ) -> tuple[str, str, float, float, float, bool] | None:
        position = self.solver.position(game)
        if position is None:
            return None
        values = self.solver.values(position, self.seat, exact=True)
        if values is None:  # too big for the solver's budget
            return None
        rep = self.rules.by_face
        value = {m.label: values[rep[self.rules.face[m.card]][0]] for m in plays}
        best = max(plays, key=lambda m: (value[m.label], m.label))
        loss = float(value[best.label] - value[move.label])
        return move.label, best.label, loss, loss, loss, True

    def _chosen(self, game: Game, move: Move) -> tuple[str, str, float, float, float, bool]:
        """A choice other than a card (a declaration, which of two, holding it, the seven,
        closing, claiming): none lost where the expert chooses the same; else the deal played
        out from both choices, in the same sampled worlds, by greedy bots in every seat
        (:meth:`_rollout`), and the paired difference with its interval."""
        view = game.view(self.seat)
        best = self.expert.choose(view)
        if str(best) == str(move):
            return str(move), str(best), 0.0, 0.0, 0.0, False
        differences: list[float] = []
        for _ in range(CHOICE_WORLDS):
            world = view.resample(self.rng)
            seed = self.rng.randrange(2**32)
            differences.append(self._rollout(world, best, seed) - self._rollout(world, move, seed))
        low, loss, high = _interval(differences)
        return str(move), str(best), loss, low, high, False

    def _rollout(self, world: Game, move: Move, seed: int) -> float:
        """The seat's margin in the deal when ``move`` is made in ``world`` and greedy bots
        (seeded with ``seed``) play every seat to the deal's end."""
        game = world.copy()
        finished = game.deals_finished
        game.step(move)
        bots = [GreedyAgent(self.rules, seed=seed + s) for s in range(self.rules.players)]
        while not game.is_over and game.deals_finished == finished:
            seat = game.to_act
            assert seat is not None
            game.step(bots[seat].choose(game.view(seat)))
        return margin(self.rules, game.deal_results[finished].points, self.seat)

    def _sampled(
        self, game: Game, move: Play, plays: list[Play]
    ) -> tuple[str, str, float, float, float, bool]:
        """The loss over sampled worlds: a first batch, then more only while the question
        (a mistake or not) is still open."""
        view = game.view(self.seat)
        trials: dict[str, Trial] = {}
        sense: Sense | None = None
        for batch in (FIRST_WORLDS, self.worlds - FIRST_WORLDS):
            worlds = [view.resample(self.rng) for _ in range(batch)]
            if sense is None:
                sense = Sense(self.rules, view, played_faces(worlds[0]))
            for trial in self.lookahead.trials(plays, worlds, self.seat, sense):
                kept = trials.setdefault(trial.move.label, trial)
                if kept is not trial:
                    kept.margins.extend(trial.margins)
            best = max(trials.values(), key=lambda t: (t.score, t.move.label))
            mine = trials[move.label]
            low, loss, high = _paired(best, mine)
            if mine is best or low > MIN_LOSS or high < MIN_LOSS:
                break
        return move.label, best.move.label, loss, low, high, False


def _paired(best: Trial, mine: Trial) -> tuple[float, float, float]:
    """The loss of ``mine`` against ``best`` over the same worlds, with its 95 % interval."""
    keep = best.keep - mine.keep
    return _interval([b - m - keep for b, m in zip(best.margins, mine.margins, strict=True)])


def _interval(differences: list[float]) -> tuple[float, float, float]:
    """The mean of paired differences with its 95 % interval: (low, mean, high)."""
    mean = statistics.fmean(differences)
    spread = statistics.stdev(differences) if len(differences) > 1 else 0.0
    half = Z95 * spread / math.sqrt(len(differences))
    return mean - half, mean, mean + half


# -- a whole record -----------------------------------------------------------------------------
def review(
    record: Record,
    game: Game,
    seat: int,
    *,
    seed: int = 0,
    par: bool = True,
    only: int | None = None,
) -> Review:
    """The review of ``seat`` in ``record`` (already replayed and checked as ``game``), of
    every finished deal or ``only`` the one of that number."""
    rules = game.rules
    judge = Judge(rules, seat, seed=seed)
    walk = Game.new(rules, seed=record.seed, deal_orders=record.deals, dealer=record.dealer)
    deals: dict[int, DealReview] = {}
    for line in record.actions:
        action = split_action(line)
        if action.chance or walk.is_over:
            continue
        if action.seat == seat:
            move = walk.parse_move(action.text)
            weighed = walk.deal_no and only in (None, walk.deal_no)  # (not the cut)
            judged = judge.judge(walk, move) if weighed else None
            if judged is not None:
                deals.setdefault(judged.deal, DealReview(judged.deal)).decisions.append(judged)
        walk.apply(action.text)
    for result in game.deal_results:
        if only not in (None, result.deal):
            continue
        deal = deals.setdefault(result.deal, DealReview(result.deal))
        deal.margin = margin(rules, result.points, seat)
        if par:
            deal.par_margin = par_margin(record, rules, seat, result.deal)
            deal.par_exact = all(
                who in AGENT_NAMES for s, who in enumerate(record.seats) if s != seat
            )
    return Review(seat, [deals[number] for number in sorted(deals)], rules.combo_names)


def margin(rules: Rules, points: Sequence[int], seat: int) -> float:
    """``seat``'s side's points less the mean of the other sides'."""
    side = rules.side_of[seat]
    totals = [sum(points[s] for s in members) for members in rules.sides]
    others = [total for number, total in enumerate(totals) if number != side]
    return totals[side] - (statistics.fmean(others) if others else 0.0)


def agent_seeds(record: Record, players: int) -> list[int]:
    """The seeds the record's bots were made with: written by ``simulate`` (``agent_seeds``),
    else the game's seed plus the seat, as the terminal and the browser seed them."""
    written = record.meta.get("agent_seeds", "").split()
    if len(written) == players and all(word.isdigit() for word in written):
        return [int(word) for word in written]
    return [record.seed + seat for seat in range(players)]


def par_margin(record: Record, rules: Rules, seat: int, deal: int) -> float:
    """The seat's margin in deal ``deal`` dealt again with the expert in the seat (and in any
    seat a person held), the other seats' bots made with the seeds they were made with and led
    through the game's earlier decisions as they were, so that they start the deal as they
    did."""
    game = Game.new(rules, seed=record.seed, deal_orders=record.deals, dealer=record.dealer)
    seeds = agent_seeds(record, rules.players)
    agents = [
        make_agent(record.seats[s], rules, seed=seeds[s])
        if s != seat and record.seats[s] in AGENT_NAMES
        else ExpertAgent(rules, seed=seeds[s])  # the seat, a person, or a bot from outside
        for s in range(rules.players)
    ]
    for line in record.actions:
        action = split_action(line)
        if action.chance:
            continue
        if game.deal_no == deal or action.seat is None:
            break
        agents[action.seat].choose(game.view(action.seat))  # as it chose then (its random draws)
        game.apply(action.text)
    finished = game.deals_finished
    while game.deals_finished == finished and not game.is_over:
        to_act = game.to_act
        assert to_act is not None
        game.step(agents[to_act].choose(game.view(to_act)))
    return margin(rules, game.deal_results[finished].points, seat)


def bots_deal(name: str, rules: Rules, seats: Sequence[str], seed: int) -> tuple[Record, Game]:
    """The record of the first deal of a game between the bots ``seats`` (shipped names),
    each made with the seed ``seed * 10 + seat + 1``, written in it as ``simulate`` writes
    them, and the game: what the tests, the ratings' simulation and the speed benchmark
    review."""
    game = Game.new(rules, seed=seed)
    recorder = Recorder(game, variant_name=name, seats=list(seats), seed=seed)
    agent_seeds = [seed * 10 + seat + 1 for seat in range(len(seats))]
    bots = [make_agent(who, rules, s) for who, s in zip(seats, agent_seeds, strict=True)]
    while game.deals_finished == 0:
        seat = game.to_act
        assert seat is not None
        recorder.step(bots[seat].choose(game.view(seat)))
    record = recorder.record()
    record.meta["agent_seeds"] = " ".join(map(str, agent_seeds))
    return record, game
