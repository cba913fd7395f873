"""The mutable state of a game, its events, and the declaration ledger entries."""

from __future__ import annotations

import copy as _copy
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Phase(StrEnum):
    ELECT = "elect"  # the winner of the cut elects to deal or not
    PLAY = "play"  # a card is to be played to the trick
    DECLARE = "declare"  # the winner of a stock trick may declare, then draws
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.  ``what`` names a scoring reason (a combination id,
    ``brisques``, ``last_trick``, ``seven``, ``seven_exchange``, ``seven_turned_up``)."""

    kind: str
    player: int | None
    text: str
    points: int = 0
    what: str = ""
    deal: int = 0


@dataclass(frozen=True, slots=True)
class DealResult:
    """The summary of one finished deal."""

    deal: int
    dealer: int
    points: tuple[int, ...]  # points scored in the deal, per seat
    brisques: tuple[int, ...]  # number of brisque cards won in the deal, per seat
    last_trick: int | None  # seat that took the last-trick bonus (the 24th trick or the final)


@dataclass(slots=True)
class Entry:
    """A declaration on the ledger: scored, or shown and waiting 'to score'."""

    no: int
    combo: str
    kind: str
    cls: str
    rank: int
    points: int
    cards: frozenset[int]
    scored: bool
    trick: int


@dataclass(slots=True)
class State:
    players: int
    rng: random.Random
    phase: Phase = Phase.PLAY
    scores: list[int] = field(default_factory=list)
    dealer: int = 0
    deal_no: int = 0
    cut_winner: int | None = None
    hands: list[set[int]] = field(default_factory=list)
    tables: list[set[int]] = field(default_factory=list)
    open: list[set[int]] = field(default_factory=list)  # Polish open cards: public, unplayable
    known: list[set[int]] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)  # drawn from the end; stock[0] is the turn-up
    turn_up: int | None = None
    trump: str | None = None
    trick: list[int] = field(default_factory=list)
    trick_players: list[int] = field(default_factory=list)
    leader: int = 0
    to_act: int = 0
    won: list[list[int]] = field(default_factory=list)
    deal_points: list[int] = field(default_factory=list)
    deal_brisques: list[int] = field(default_factory=list)
    ledger: list[list[Entry]] = field(default_factory=list)
    window_scored: bool = False
    window_cards: set[int] = field(default_factory=set)
    window_kinds: set[str] = field(default_factory=set)
    window_acted: bool = False  # the declarer has declared, scored or shown something
    windows: list[int] = field(default_factory=list)  # seats still to declare after this trick
    active: list[int] = field(default_factory=list)  # seats playing to tricks (a duel: two)
    duels: list[tuple[int, int]] = field(default_factory=list)  # duels still to play
    sevens_scored: set[int] = field(default_factory=set)
    trick_no: int = 0
    last_trick: tuple[tuple[int, ...], tuple[int, ...], int] | None = None
    last_trick_winner: int | None = None
    events: list[Event] = field(default_factory=list)
    deal_history: list[tuple[int, ...]] = field(default_factory=list)  # points of each deal
    deal_results: list[DealResult] = field(default_factory=list)
    winner: int | None = None
    winning_side: int | None = None
    heap: list[int] = field(default_factory=list)  # played cards lying face up (law 25)
    undrawn: list[int] = field(default_factory=list)  # the odd last card of the stock (law 32)
    blank: list[str] = field(default_factory=list)  # carte blanche state per seat
    played: list[bool] = field(default_factory=list)  # has each seat played a card this deal
    last_drawn: list[int] = field(default_factory=list)  # per seat: a card drawn, to show again
    count_override: tuple[int, int] | None = None  # (lifted, guessed) for the first deal
    settled: Any = None  # the settlement of a one-deal game
    ledger_version: int = 0  # changes whenever any ledger changes (views cache on it)
    entries_view: tuple[int, Any] = (-1, ())
    moves_cache: list[Any] | None = None  # the declaring window's moves, until a move
    deal_orders: list[list[int]] = field(default_factory=list)  # fixed deck orders still to deal

    def reset_deal(self) -> None:
        n = self.players
        self.hands = [set() for _ in range(n)]
        self.tables = [set() for _ in range(n)]
        self.open = [set() for _ in range(n)]
        self.known = [set() for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.deal_points = [0] * n
        self.deal_brisques = [0] * n
        self.ledger = [[] for _ in range(n)]
        self.ledger_version += 1
        self.stock = []
        self.trick = []
        self.trick_players = []
        self.turn_up = None
        self.trump = None
        self.window_scored = False
        self.window_cards = set()
        self.window_kinds = set()
        self.window_acted = False
        self.windows = []
        self.active = list(range(n))
        self.duels = []
        self.sevens_scored = set()
        self.trick_no = 0
        self.heap = []
        self.undrawn = []
        self.blank = [""] * n
        self.last_drawn = [-1] * n
        self.played = [False] * n
        self.last_trick = None
        self.last_trick_winner = None

    def clone(self) -> State:
        other = _copy.copy(self)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = list(self.scores)
        other.hands = [set(h) for h in self.hands]
        other.tables = [set(t) for t in self.tables]
        other.open = [set(o) for o in self.open]
        other.known = [set(k) for k in self.known]
        other.stock = list(self.stock)
        other.trick = list(self.trick)
        other.trick_players = list(self.trick_players)
        other.won = [list(w) for w in self.won]
        other.deal_points = list(self.deal_points)
        other.deal_brisques = list(self.deal_brisques)
        other.ledger = [[_copy.copy(e) for e in entries] for entries in self.ledger]
        other.window_cards = set(self.window_cards)
        other.window_kinds = set(self.window_kinds)
        other.windows = list(self.windows)
        other.active = list(self.active)
        other.duels = list(self.duels)
        other.sevens_scored = set(self.sevens_scored)
        other.events = list(self.events)
        other.deal_history = list(self.deal_history)
        other.deal_results = list(self.deal_results)
        other.deal_orders = [list(order) for order in self.deal_orders]
        other.moves_cache = None
        other.heap = list(self.heap)
        other.undrawn = list(self.undrawn)
        other.blank = list(self.blank)
        other.last_drawn = list(self.last_drawn)
        other.played = list(self.played)
        return other

    def holds(self, player: int, card: int) -> bool:
        return card in self.hands[player] or card in self.tables[player]

    @property
    def stock_phase(self) -> bool:
        return bool(self.stock)


def score(state: State, player: int, points: int, what: str, text: str) -> None:
    """Credit ``points`` to ``player`` (game and deal), with the event that explains them."""
    if points == 0:
        return
    state.scores[player] += points
    state.deal_points[player] += points
    state.events.append(Event("score", player, text, points, what, state.deal_no))
