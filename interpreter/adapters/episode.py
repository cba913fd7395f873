"""One deal as an episode, with its chance made explicit: the core both adapters share.

An episode is **one deal**, from the cut to the end of its last trick: for a one-deal variant
(rubicon, chinese) that is the whole game; for a race variant (bezique, 1000 up) it is the
first deal of a game, with both scores at zero.  Every random draw of the deal is a chance
node with finitely many outcomes, taken in this order:

1. the cut: which seat wins it (one of ``players`` outcomes, equally likely).  Under
   ``cut.rule = "high_chooses"`` that seat then elects to deal or pass (a move); otherwise it
   is the dealer.
2. the deck, card by card from the top: the face of the next card (one of the variant's
   faces, each as likely as its copies left), ``n_cards`` nodes in all.
3. six-pack variants only: the size of the packet the dealer lifts, then the other player's
   guess (each one of the seven numbers within three of the target, equally likely).

After the last of them the engine's game is made (``Game.new`` with that dealer, deck order
and count) and every later node is a move.  The same actions therefore always give the same
episode, which is what OpenSpiel's serialisation and tests rely on.

Nothing here needs numpy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import count
from typing import Literal

from interpreter.adapters.actions import ActionSpace
from interpreter.engine import EventKind, Game, Move, Phase, Play, PlayerView, Rules
from interpreter.loader import load_variant

CHANCE = -1
"""The acting seat of a chance node (OpenSpiel's number for it)."""
TERMINAL = -4
"""The acting seat once the episode is over (OpenSpiel's number for it)."""

COUNT_SPREAD = 3
"""The six-pack packet and guess are each within this many cards of the target (the engine's
own rule for them)."""

Stage = Literal["cut", "deck", "count", "play", "over"]
Returns = Literal["win", "share"]


@dataclass(frozen=True, eq=False)
class Spec:
    """What every episode of one variant shares."""

    variant: str  # as it was named: a shipped name or a variant file
    rules: Rules
    space: ActionSpace
    cut_seeds: tuple[int, ...]  # per seat: a game seed whose cut that seat wins
    count_target: int | None  # six-pack: the packet the dealer aims to lift

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def n_cards(self) -> int:
        return self.rules.n_cards

    @property
    def max_chance_outcomes(self) -> int:
        return max(self.players, len(self.space.faces), 2 * COUNT_SPREAD + 1)

    @property
    def max_game_length(self) -> int:
        """A bound on the moves of a deal: every card is played once, and a window of
        declarations holds at most a few moves per card; random play uses about 1.3 per card."""
        return 4 * self.n_cards + 8


@lru_cache(maxsize=32)
def load_spec(variant: str) -> Spec:
    """The spec of a shipped variant's name or a variant file's path, loaded once per name for
    the life of the process; the loader's ``VariantError`` (every problem,
    ``file:line: key.path: message``) when it is not one."""
    rules = Rules(load_variant(variant))
    rule = rules.dealing.count_guess
    target = None if rule is None else rule.target
    return Spec(variant, rules, ActionSpace(rules), _cut_seeds(rules), target)


def _cut_seeds(rules: Rules) -> tuple[int, ...]:
    """For each seat, the first seed with which the engine's cut goes to that seat."""
    seeds: dict[int, int] = {}
    for seed in count():
        game = Game.new(rules, seed=seed)
        seeds.setdefault(_cut_winner(game), seed)
        if len(seeds) == rules.players:
            return tuple(seeds[seat] for seat in range(rules.players))
    raise AssertionError("unreachable")


def _cut_winner(game: Game) -> int:
    if game.phase is Phase.ELECT:
        return game.to_act or 0
    return game.view(0).dealer


class Episode:
    """One deal of a variant, stepped by integer actions (chance outcomes and moves)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.stage: Stage = "cut"
        self.actions: list[int] = []  # every action applied, chance included
        self.cut: int | None = None
        self.order: list[int] = []  # faces of the deck drawn so far, top card first
        self.left = list(spec.space.copies)  # copies of each face not yet drawn
        self.counts: list[int] = []  # six-pack: packet and guess, as offsets 0-6
        self.game: Game | None = None
        self.cursor = 0  # events of the game read so far
        self.trick_open = False
        self.plays: list[tuple[int, int, bool, bool]] = []  # seat, face, from table, led
        self.received = [[0] * len(spec.space.faces) for _ in range(spec.players)]
        self.final_points: tuple[int, ...] | None = None
        self.winning_side: int | None = None
        self.final_lines: list[list[str]] = []  # per seat: the deal as he saw it
        self._legal: dict[int, Move] | None = None

    # -- copying (OpenSpiel clones by deepcopy and serialises by pickle) -----------------------
    def copy(self) -> Episode:
        other = Episode.__new__(Episode)
        other.__dict__.update(self.__dict__)
        other.actions = list(self.actions)
        other.order = list(self.order)
        other.left = list(self.left)
        other.counts = list(self.counts)
        other.game = None if self.game is None else self.game.copy()
        other.plays = list(self.plays)
        other.received = [list(row) for row in self.received]
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        return self.copy()

    def __reduce__(self) -> tuple[object, tuple[str, list[int]]]:
        return replay_actions, (self.spec.variant, list(self.actions))

    # -- who acts and what he may do -------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    @property
    def current_player(self) -> int:
        if self.stage == "over":
            return TERMINAL
        if self.game is None:
            return CHANCE
        return self.game.to_act or 0

    def view(self, seat: int) -> PlayerView:
        assert self.game is not None, "no game before the deal"
        return self.game.view(seat)

    def legal(self) -> dict[int, Move]:
        """The legal moves of the seat to act, by action index (none at chance nodes)."""
        if self.game is None or self.stage == "over":
            return {}
        if self._legal is None:
            self._legal = self.spec.space.legal_actions(self.view(self.current_player))
        return self._legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node with their probabilities."""
        if self.stage == "cut":
            players = self.spec.players
            return [(seat, 1.0 / players) for seat in range(players)]
        if self.stage == "deck":
            total = sum(self.left)
            return [(face, n / total) for face, n in enumerate(self.left) if n]
        if self.stage == "count":
            spread = 2 * COUNT_SPREAD + 1
            return [(offset, 1.0 / spread) for offset in range(spread)]
        return []

    # -- acting ------------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply a chance outcome or a legal move's index; anything else raises ``ValueError``
        and changes nothing."""
        if self.stage == "over":
            raise ValueError("the episode is over")
        if self.game is None:
            if action not in dict(self.chance_outcomes()):
                raise ValueError(f"{action} is not an outcome of this chance node")
            self._chance(action)
        else:
            move = self.legal().get(action)
            if move is None:
                raise ValueError(
                    f"action {action} ({self.spec.space.describe(action)}) is not legal now"
                    if 0 <= action < self.spec.space.num_distinct_actions
                    else f"there is no action {action}"
                )
            self._move(move)
        self.actions.append(action)

    def index_of(self, text: str) -> int:
        """The action index of a legal move written as text (``play QS``)."""
        if self.game is None or self.stage == "over":
            raise ValueError(f"{text!r}: no move is legal now")
        move = self.game.parse_move(text)
        for index, legal in self.legal().items():
            if legal == move:
                return index
        raise ValueError(f"{text!r} has no action index")  # parse_move gives a legal move

    def _chance(self, outcome: int) -> None:
        spec = self.spec
        if self.stage == "cut":
            self.cut = outcome
            self.stage = "deck"
        elif self.stage == "deck":
            self.order.append(outcome)
            self.left[outcome] -= 1
            if len(self.order) == spec.n_cards:
                self.stage = "count" if spec.count_target is not None else "play"
        else:
            self.counts.append(outcome)
            if len(self.counts) == 2:
                self.stage = "play"
        if self.stage == "play":
            self._deal()

    def _deal(self) -> None:
        spec = self.spec
        guess = None
        if spec.count_target is not None:
            low = spec.count_target - COUNT_SPREAD
            guess = (low + self.counts[0], low + self.counts[1])
        faces = spec.space.faces
        self.game = Game.new(
            spec.rules,
            seed=spec.cut_seeds[self.cut or 0],
            deck_order=[faces[face] for face in self.order],
            count_guess=guess,
        )
        self._absorb(None)

    def _move(self, move: Move) -> None:
        game = self.game
        assert game is not None
        game.step(move)
        self._legal = None
        self._absorb(move)
        if game.deals_finished or game.is_over:
            self._finish(game)

    def _absorb(self, move: Move | None) -> None:
        """Read what the last step did: the cards each seat received, and the plays."""
        game = self.game
        assert game is not None
        events = game.events_since(self.cursor)
        self.cursor += len(events)
        face_no = self.spec.space.face_no
        for event in events:
            if event.deal != 1 or event.player is None:
                continue
            kind = event.kind
            if kind in (EventKind.HAND, EventKind.DRAW):
                for face in event.cards:
                    self.received[event.player][face_no[face]] += 1
            elif kind is EventKind.EXCHANGE:
                self.received[event.player][face_no[event.cards[1]]] += 1
            elif kind is EventKind.PLAY:
                tabled = isinstance(move, Play) and move.label != move.faces[0]
                led = not self.trick_open
                self.plays.append((event.player, face_no[event.cards[0]], tabled, led))
                self.trick_open = True
            elif kind is EventKind.TRICK:
                self.trick_open = False

    def _finish(self, game: Game) -> None:
        """The deal is over: keep its points and result (a race game has already dealt the
        next hand, which no tensor shows)."""
        rules = self.spec.rules
        points = game.deal_results[0].points
        self.final_points = points
        outcome = game.outcome
        if outcome is not None:
            self.winning_side = outcome.winning_side
        else:
            sides = [sum(points[seat] for seat in side) for side in rules.sides]
            best = max(sides)
            self.winning_side = sides.index(best) if sides.count(best) == 1 else None
        self.final_lines = [_until_last_move(game.public_history(s)) for s in range(rules.players)]
        self.stage = "over"
        self._legal = None

    # -- points and returns ------------------------------------------------------------------
    def points(self) -> tuple[int, ...]:
        """Each seat's points in this deal so far."""
        if self.final_points is not None:
            return self.final_points
        if self.game is None:
            return (0,) * self.spec.players
        return self.game.view(0).deal_points

    def margins(self) -> list[float]:
        """Each seat's side's deal points less the mean of all sides' (they add up to zero when
        the sides are of one size)."""
        rules = self.spec.rules
        points = self.points()
        sides = [sum(points[seat] for seat in side) for side in rules.sides]
        mean = sum(sides) / len(sides)
        return [sides[rules.side_of[seat]] - mean for seat in range(rules.players)]

    def returns(self, kind: Returns = "win") -> list[float]:
        """Zero until the end.  ``win``: +1 to each seat of the winning side, the rest share
        −1, all 0 when drawn.  ``share``: the side's share of all the deal's points less an
        equal share.  Both add up to zero when the sides are of one size."""
        rules = self.spec.rules
        players, sides = rules.players, len(rules.sides)
        if self.stage != "over":
            return [0.0] * players
        if kind == "share":
            points = self.points()
            total = sum(points)
            if total == 0:
                return [0.0] * players
            side_points = [sum(points[s] for s in side) for side in rules.sides]
            return [side_points[rules.side_of[s]] / total - 1 / sides for s in range(players)]
        won = self.winning_side
        if won is None:
            return [0.0] * players
        return [1.0 if rules.side_of[s] == won else -1.0 / (sides - 1) for s in range(players)]

    # -- what a seat has seen, as text -----------------------------------------------------
    def history_lines(self, seat: int) -> list[str]:
        """Everything ``seat`` has seen, in the record notation (the cut first)."""
        lines = [] if self.cut is None else [f"p{self.cut + 1} wins the cut"]
        if self.stage == "over":
            return lines + self.final_lines[seat]
        if self.game is not None:
            lines += self.game.public_history(seat)
        return lines

    # -- worlds a seat cannot tell from this one ----------------------------------------------
    def world(self, seat: int, rng: random.Random) -> tuple[list[int], list[str]]:
        """A world that ``seat`` cannot tell from this one, as the chance outcomes that deal it
        and the moves (as text) made in it: the engine's ``Game.resample``."""
        game = self.game
        if game is None or self.stage == "over":
            raise ValueError("only a seat's turn to move can be resampled")
        spec = self.spec
        if game.deal_no == 0:  # before the deal nothing is known but the cut
            deck = [face for face, n in enumerate(spec.space.copies) for _ in range(n)]
            rng.shuffle(deck)
            counts = [rng.randrange(2 * COUNT_SPREAD + 1) for _ in self.counts]
            return [self.cut or 0, *deck, *counts], []
        other = game.resample(seat, rng)
        face_no = spec.space.face_no
        chance = [self.cut or 0, *(face_no[face] for face in other.deck_order), *self.counts]
        moves = [line for line in other.public_history(None) if _is_move(line)]
        return chance, moves


def _is_move(line: str) -> bool:
    """Whether a line of a game's history is a move (``p1 play QS``) rather than chance."""
    head, _, rest = line.partition(" ")
    return head[:1] == "p" and head[1:].isdigit() and not rest.startswith(("is dealt", "draws"))


def _until_last_move(lines: list[str]) -> list[str]:
    """A history up to its last move: what follows it is the next deal's hands."""
    last = max((i for i, line in enumerate(lines) if _is_move(line)), default=-1)
    return lines[: last + 1]


def replay(spec: Spec, chance: Sequence[int], moves: Sequence[str]) -> Episode:
    """The episode that these chance outcomes and moves (as text, ``p1 play QS``) make."""
    episode = Episode(spec)
    for outcome in chance:
        episode.apply(outcome)
    for line in moves:
        episode.apply(episode.index_of(line.split(" ", 1)[1]))
    return episode


def replay_actions(variant: str, actions: Sequence[int]) -> Episode:
    """The episode that these actions make (for unpickling)."""
    episode = Episode(load_spec(variant))
    for action in actions:
        episode.apply(action)
    return episode
