"""Puzzles from real deals (issue 37): positions of the last tricks of a two-handed deal where
one card is clearly best and the others lose much, each with its exact answer.

Once the stock is gone in a two-handed deal, every card is known to a player who counted the
cards played (the two hands are what is left), and the engine's solver gives the exact value
of every card to play: the points the side to move makes from here to the end of the deal's
tricks, both sides playing their best (:mod:`interpreter.agents.solver`).  A position is a
puzzle when it offers three cards or more and the best card makes at least :data:`MIN_GAP`
points more than the next best.  Positions come from deals the bots play (dealt from a fixed
seed, so the same puzzles come back each time) or from game records.

Only where the solver applies: two players, no declaring once the stock is gone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from interpreter.agents import make_agent
from interpreter.agents.solver import Solver, exact_for
from interpreter.engine import Game, Phase, Play, Rules
from interpreter.records.format import Record, split_action

MIN_GAP = 10
"""Points the best card makes beyond the next best, at least."""
MIN_CHOICES = 3
"""Cards the player may choose between, at least."""
MOST_CARDS = 7
"""Cards in the player's hand, at most: a position a reader can work out."""
BOTS = ("greedy", "greedy")
"""Who plays the deals puzzles are looked for in, by default (quick; the answers are exact
whoever played the cards before)."""
SITE_SEED = 1
SITE_DEALS = 8
SITE_PUZZLES = 3
"""The site's puzzles: from the deals of seeds 1 to 8, at most 3 per variant."""


@dataclass(frozen=True)
class Choice:
    card: str  # the face, ``TS``
    value: int  # the points the mover's side makes with it, to the end of the tricks


@dataclass(frozen=True)
class Puzzle:
    """A position, the question and its answer."""

    variant: str
    source: str  # ``the deal of seed 12`` (the bots'), ``deal 2 of game.toml`` (a record's)
    deal: int
    trick: int  # the trick to play (1-based)
    seat: int  # the player to move
    trump: str | None
    hand: tuple[str, ...]
    other: tuple[str, ...]  # the other player's hand, known by counting
    led: str | None  # the card led to the trick, when the player follows
    deal_points: tuple[int, ...]  # each seat's points in the deal so far
    choices: tuple[Choice, ...]  # every card, the best first

    @property
    def answer(self) -> Choice:
        return self.choices[0]

    @property
    def gap(self) -> int:
        return self.choices[0].value - self.choices[1].value

    def as_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "source": self.source,
            "deal": self.deal,
            "trick": self.trick,
            "seat": self.seat,
            "trump": self.trump,
            "hand": list(self.hand),
            "other": list(self.other),
            "led": self.led,
            "deal_points": list(self.deal_points),
            "choices": [{"card": c.card, "value": c.value} for c in self.choices],
        }


def solvable(rules: Rules) -> bool:
    """Whether the last tricks of this variant are solved exactly (two players, card play
    alone once the stock is gone, points that add up trick by trick)."""
    return exact_for(rules)


def unsolved(rules: Rules) -> str:
    """Why a variant has no puzzles."""
    if rules.players != 2:
        why = f"this variant has {rules.players} players"
    elif rules.declare.after_stock_exhausted:
        why = "this variant has declaring in them"
    else:
        why = "in this variant the brisques count only past a minimum, or in a war"
    return (
        "puzzles are positions of a two-handed deal's last tricks whose points add up "
        f"trick by trick, played with no declaring; {why}"
    )


class Finder:
    """Finds puzzles in the games of one variant."""

    def __init__(self, name: str, rules: Rules, node_budget: int = 50_000) -> None:
        if not solvable(rules):
            raise ValueError(f"{name}: {unsolved(rules)}")
        self.name, self.rules = name, rules
        self.solver = Solver(rules, node_budget)
        self.deals = 0  # looked through

    def position(self, game: Game, source: str) -> Puzzle | None:
        """``game``'s position as a puzzle, or None when it is not one."""
        if game.is_over or game.phase is not Phase.PLAY or game.to_act is None:
            return None
        seat = game.to_act
        view = game.view(seat)
        if view.stock_size or len(view.hand) > MOST_CARDS:
            return None
        plays = [m for m in view.legal_moves if isinstance(m, Play)]
        faces = sorted({self.rules.face[m.card] for m in plays})
        if len(faces) < MIN_CHOICES:
            return None
        position = self.solver.position(game)
        values = None if position is None else self.solver.values(position, seat, exact=True)
        if values is None:
            return None
        rep = self.rules.by_face
        choices = sorted(
            (Choice(face, values[rep[face][0]]) for face in faces),
            key=lambda c: (-c.value, c.card),
        )
        if choices[0].value - choices[1].value < MIN_GAP:
            return None
        other = game.view(1 - seat).hand
        return Puzzle(
            variant=self.name,
            source=source,
            deal=view.deal_no,
            trick=view.trick_no + 1,
            seat=seat,
            trump=view.trump,
            hand=tuple(self.rules.face[card] for card, _ in view.hand),
            other=tuple(self.rules.face[card] for card, _ in other),
            led=str(view.trick[0][1]) if view.trick else None,
            deal_points=tuple(view.deal_points),
            choices=tuple(choices),
        )

    def in_deal(self, seed: int, bots: tuple[str, str] = BOTS) -> Puzzle | None:
        """The best puzzle of the first deal the bots ``bots`` play from ``seed``: the one
        whose best card stands farthest above the next."""
        return _best([puzzle for puzzle, _ in self.candidates(seed, bots)])

    def candidates(self, seed: int, bots: tuple[str, str] = BOTS) -> Iterator[tuple[Puzzle, Game]]:
        """Every puzzle of the first deal the bots ``bots`` play from ``seed``, each with a
        copy of the game at its position."""
        self.deals += 1
        game = Game.new(self.rules, seed=seed)
        agents = [make_agent(bot, self.rules, seed * 2 + s) for s, bot in enumerate(bots)]
        while not game.deals_finished and not game.is_over:
            puzzle = self.position(game, f"the deal of seed {seed}")
            if puzzle is not None:
                yield puzzle, game.copy()
            seat = game.to_act
            assert seat is not None
            game.step(agents[seat].choose(game.view(seat)))

    def in_record(self, record: Record, game: Game, source: str) -> Iterator[Puzzle]:
        """The best puzzle of each deal of ``record`` (replayed and checked as ``game``)."""
        walk = Game.new(
            game.rules, seed=record.seed, deal_orders=record.deals, dealer=record.dealer
        )
        found: dict[int, list[Puzzle]] = {}
        for line in record.actions:
            action = split_action(line)
            if action.chance or walk.is_over:
                continue
            puzzle = self.position(walk, f"deal {walk.deal_no} of {source}")
            if puzzle is not None:
                found.setdefault(puzzle.deal, []).append(puzzle)
            walk.apply(action.text)
        for deal in sorted(found):
            best = _best(found[deal])
            if best is not None:
                yield best


def _best(found: list[Puzzle]) -> Puzzle | None:
    return max(found, key=lambda p: (p.gap, -p.trick), default=None)


def from_bots(
    finder: Finder, seeds: Iterable[int], most: int, bots: tuple[str, str] = BOTS
) -> list[Puzzle]:
    """At most ``most`` puzzles, one per deal, from the deals of ``seeds`` in turn."""
    puzzles: list[Puzzle] = []
    for seed in seeds:
        puzzle = finder.in_deal(seed, bots)
        if puzzle is not None:
            puzzles.append(puzzle)
            if len(puzzles) >= most:
                break
    return puzzles
