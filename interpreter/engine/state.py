"""The state of a game: small plain records, each with its own ``copy()``.

``State`` holds what lasts the whole game; ``Table`` what lasts one deal (a new deal is a new
``Table``); ``Window`` the declaring window after a trick.  Each copy is written out field by
field (searching bots copy the state at every node, so a copy is worth writing by hand): a
list, set or dict is copied (and what it holds, if that is mutable), a record is copied,
anything else (ints, strings, tuples, frozensets, enums, moves, events) is immutable and
shared.  ``tests/test_state_copy.py`` reads the fields' types and checks, for every field, that
the copy has it, equal and independent, so that a field added and forgotten by ``copy()``
fails there.  Nothing of a higher module (views, bots) is stored here.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from interpreter.engine.events import EventKind, RawEvent, raw_event
from interpreter.engine.moves import Move
from interpreter.engine.settlement import Settled

Copier = Callable[[Any], Any]
_SCORE: Final = EventKind.SCORE


class Phase(StrEnum):
    ELECT = "elect"  # the winner of the cut elects to deal or not
    PLAY = "play"  # a card is to be played to the trick
    DECLARE = "declare"  # the winner of a stock trick may declare, then draws
    OVER = "over"


class Memo(dict[Any, Any]):
    """Values worked out from a record's other fields and kept while those stay the same (each
    user checks its own key): a copy starts empty, and equality ignores it."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A declaration on a player's ledger: scored, waiting 'to score', or lost while waiting
    (laws 46–48; a lost declaration still bars inferior combinations of its cards: its cards
    have been declared)."""

    no: int
    combo: str
    kind: str
    cls: str
    rank: int
    points: int
    cards: frozenset[int]
    scored: bool
    trick: int
    lost: bool = False

    @property
    def waiting(self) -> bool:
        return not self.scored and not self.lost


@dataclass(slots=True, eq=False)
class Chance:
    """The game's random generator.  A copy shares it until one of them needs chance: that one
    then takes its own copy of the generator, so copies that never shuffle never pay for it.
    A saved chance (:meth:`saved`) holds only the generator's state, for snapshots."""

    rng: random.Random | None
    shared: bool = False
    state: tuple[Any, ...] = ()

    def copy(self) -> Chance:
        if self.rng is None:
            return Chance(None, state=self.state)
        self.shared = True
        return Chance(self.rng, shared=True)

    def saved(self) -> Chance:
        """A chance that will start from where this one is now; this one is left alone."""
        return Chance(None, state=self.rng.getstate() if self.rng is not None else self.state)

    def generator(self) -> random.Random:
        if self.rng is None or self.shared:
            fresh = random.Random(0)
            fresh.setstate(self.rng.getstate() if self.rng is not None else self.state)
            self.rng, self.shared, self.state = fresh, False, ()
        return self.rng

    def _now(self) -> tuple[Any, ...]:
        return self.rng.getstate() if self.rng is not None else self.state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and self._now() == other._now()

    __hash__ = None  # type: ignore[assignment]


@dataclass(slots=True)
class Window:
    """The declaring window after a trick won: what has been declared in it."""

    scored: bool = False  # a combination has scored (the one-per-trick quota)
    cards: set[int] = field(default_factory=set)  # cards in combinations scored in it
    kinds: set[str] = field(default_factory=set)  # kinds scored in it
    acted: bool = False  # the declarer has declared, scored or shown something
    queue: list[int] = field(default_factory=list)  # seats still to declare after this one
    taken: int = -1  # the turn-up just taken for the seven, barred here (Enquire Within)

    def copy(self) -> Window:
        return Window(
            self.scored, set(self.cards), set(self.kinds), self.acted, self.queue[:], self.taken
        )

    def reopen(self) -> None:
        """A new declarer's turn in the same window: nothing declared yet."""
        if not (self.acted or self.scored or self.cards or self.kinds) and self.taken < 0:
            return  # the common case: nothing was done in the last window
        self.scored = False
        self.cards = set()
        self.kinds = set()
        self.acted = False
        self.taken = -1


@dataclass(slots=True)
class Table:
    """Everything that lasts one deal."""

    players: int
    order: list[int] = field(default_factory=list)  # the deck as dealt, top card first
    hands: list[set[int]] = field(default_factory=list)
    # Each hand again as the places of its cards in display order (``Rules.place``), kept
    # sorted as cards come and go (:meth:`take`, :meth:`give`): a hand's plays are read off it.
    ranked: list[list[int]] = field(default_factory=list)
    # Each seat's cards in hand or declared on the table, counted by face number (``Rules.
    # face_number``): dealing, drawing, playing and the seven's exchange keep the counts.
    held: list[list[int]] = field(default_factory=list)
    # Each seat's open cards (Polish), counted by face number likewise: dealing starts them,
    # and the trick won and the seven's exchange keep them (``opencards``).
    opened: list[list[int]] = field(default_factory=list)
    tables: list[set[int]] = field(default_factory=list)  # declared cards lying face up
    open: list[set[int]] = field(default_factory=list)  # open cards: public, unplayable
    known: list[set[int]] = field(default_factory=list)  # seen cards back in each hand
    received: list[set[int]] = field(default_factory=list)  # every card dealt or drawn to each
    public: set[int] = field(default_factory=set)  # cards every player has seen this deal
    won: list[list[int]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # scored this deal, per seat
    brisques: list[int] = field(default_factory=list)  # brisque points won this deal
    ledger: list[list[Entry]] = field(default_factory=list)
    ledger_changes: int = 0  # counts every change of any ledger (views reuse their entries)
    # Per seat, the changes of that seat's ledger: what is kept of a seat's ledger (its index,
    # the labels of its declared cards) lasts through the other seats' declarations.
    ledger_versions: list[int] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)  # the last declaration number, per seat
    stock: list[int] = field(default_factory=list)  # drawn from the end; stock[0] is the turn-up
    turn_up: int | None = None
    trump: str | None = None
    trick: list[int] = field(default_factory=list)
    trick_players: list[int] = field(default_factory=list)
    leader: int = 0
    window: Window = field(default_factory=Window)
    active: list[int] = field(default_factory=list)  # seats playing to tricks (a duel: two)
    duels: list[tuple[int, int]] = field(default_factory=list)  # duels still to play
    sevens_scored: set[int] = field(default_factory=set)
    trick_no: int = 0
    last_trick: tuple[tuple[int, ...], tuple[int, ...], int] | None = None
    last_trick_winner: int | None = None
    heap: list[int] = field(default_factory=list)  # played cards lying face up (law 25)
    undrawn: list[int] = field(default_factory=list)  # the odd last card of the stock (law 32)
    blank: list[str] = field(default_factory=list)  # carte blanche state per seat
    played: list[bool] = field(default_factory=list)  # has each seat played a card this deal
    won_trick: list[bool] = field(default_factory=list)  # has each seat won a trick this deal
    last_drawn: list[int] = field(default_factory=list)  # per seat: a card drawn, to show again
    memo: Memo = field(default_factory=Memo, compare=False, repr=False)

    @classmethod
    def empty(cls, players: int) -> Table:
        """The table of a new deal: written field by field like :meth:`copy` (the dataclass's
        own constructor runs as Python even in the compiled build, once a deal)."""
        n = players
        table = Table.__new__(Table)
        table.players = n
        table.order = []
        table.hands = [set() for _ in range(n)]
        table.ranked = [[] for _ in range(n)]
        table.held = [[] for _ in range(n)]  # counted when the cards are dealt
        table.opened = [[] for _ in range(n)]
        table.tables = [set() for _ in range(n)]
        table.open = [set() for _ in range(n)]
        table.known = [set() for _ in range(n)]
        table.received = [set() for _ in range(n)]
        table.public = set()
        table.won = [[] for _ in range(n)]
        table.points = [0] * n
        table.brisques = [0] * n
        table.ledger = [[] for _ in range(n)]
        table.ledger_changes = 0
        table.ledger_versions = [0] * n
        table.numbers = [0] * n
        table.stock = []
        table.turn_up = None
        table.trump = None
        table.trick = []
        table.trick_players = []
        table.leader = 0
        table.window = Window()
        table.active = list(range(n))
        table.duels = []
        table.sevens_scored = set()
        table.trick_no = 0
        table.last_trick = None
        table.last_trick_winner = None
        table.heap = []
        table.undrawn = []
        table.blank = [""] * n
        table.played = [False] * n
        table.won_trick = [False] * n
        table.last_drawn = [-1] * n
        table.memo = Memo()
        return table

    def copy(self) -> Table:
        other = Table.__new__(Table)
        other.players = self.players
        other.order = self.order[:]
        other.hands = [set(cards) for cards in self.hands]
        other.ranked = [places[:] for places in self.ranked]
        other.held = [counts[:] for counts in self.held]
        other.opened = [counts[:] for counts in self.opened]
        other.tables = [set(cards) for cards in self.tables]
        other.open = [set(cards) for cards in self.open]
        other.known = [set(cards) for cards in self.known]
        other.received = [set(cards) for cards in self.received]
        other.public = set(self.public)
        other.won = [cards[:] for cards in self.won]
        other.points = self.points[:]
        other.brisques = self.brisques[:]
        other.ledger = [entries[:] for entries in self.ledger]
        other.ledger_changes = self.ledger_changes
        other.ledger_versions = self.ledger_versions[:]
        other.numbers = self.numbers[:]
        other.stock = self.stock[:]
        other.turn_up = self.turn_up
        other.trump = self.trump
        other.trick = self.trick[:]
        other.trick_players = self.trick_players[:]
        other.leader = self.leader
        other.window = self.window.copy()
        other.active = self.active[:]
        other.duels = self.duels[:]
        other.sevens_scored = set(self.sevens_scored)
        other.trick_no = self.trick_no
        other.last_trick = self.last_trick
        other.last_trick_winner = self.last_trick_winner
        other.heap = self.heap[:]
        other.undrawn = self.undrawn[:]
        other.blank = self.blank[:]
        other.played = self.played[:]
        other.won_trick = self.won_trick[:]
        other.last_drawn = self.last_drawn[:]
        other.memo = Memo()
        return other

    def ledger_changed(self, seat: int) -> None:
        """``seat``'s ledger has changed (a declaration made, scored, lost or struck off)."""
        self.ledger_changes += 1
        self.ledger_versions[seat] += 1

    def take(self, seat: int, card: int, place: int) -> None:
        """``card`` comes into ``seat``'s hand (``place``: its place in display order)."""
        self.hands[seat].add(card)
        insort(self.ranked[seat], place)

    def give(self, seat: int, card: int, place: int) -> None:
        """``card``, held, leaves ``seat``'s hand."""
        self.hands[seat].discard(card)
        self.ranked[seat].remove(place)

    def rank(self, seat: int, places: Sequence[int]) -> None:
        """``seat``'s hand was changed as a whole: its places in display order again."""
        self.ranked[seat] = sorted([places[card] for card in self.hands[seat]])

    def holds(self, player: int, card: int) -> bool:
        return card in self.hands[player] or card in self.tables[player]

    def forget(self, player: int, card: int, face: Sequence[str]) -> None:
        """``card`` has left ``player``'s hand in sight of all, but the others cannot tell
        one copy of a face from another: they saw a card of that face go, so one copy of it
        that they knew to be in the hand is known no longer (the card itself, if it was one;
        else the first such copy).  What a view says is known then depends on what was seen,
        never on which hidden copy the engine happened to take."""
        known = self.known[player]
        if card in known:
            known.discard(card)
            return
        wanted = face[card]
        for other in sorted(known):
            if face[other] == wanted:
                known.discard(other)
                return


@dataclass(frozen=True, slots=True)
class DealResult:
    """The summary of one finished deal."""

    deal: int
    dealer: int
    points: tuple[int, ...]  # points scored in the deal, per seat
    brisques: tuple[int, ...]  # number of brisque cards won in the deal, per seat
    last_trick: int | None  # seat that took the last-trick bonus (the 24th trick or the final)


Logged = tuple[int, Move, int]
"""A move in the game's log: who made it, the move, and how many events had happened before
it (a plain tuple, like the events: one is made at every move)."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state just before a deal was dealt (or, for the first deal, after the cut): undo and
    resampling start again from it.  Never changed once taken.  Its events and moves are not
    copied: they are the first ``events`` and ``moves`` of the game's own, which only grow.

    Only the first snapshot of a game (and one taken before the cut winner elects) keeps the
    random generator's state (``kept``): copying its 625 numbers at every deal cost 7 % of a
    simulation.  A later deal is dealt again from its own cards, the generator being then as
    it is now, or by playing the game again from its first snapshot
    (``history.before_last``)."""

    state: State
    deals: bool  # whether the state is about to deal (False: the cut winner must elect)
    events: int
    moves: int
    kept: bool  # whether ``state.chance`` is the generator's state then

    @classmethod
    def of(cls, state: State, *, deals: bool, table_empty: bool = False) -> Snapshot:
        """The snapshot of ``state`` now; ``table_empty``: its table is a new deal's, still
        empty, and the snapshot shares one such table kept for its number of seats instead
        of copying it (a snapshot's state is never changed: restoring it copies it)."""
        chance = state.chance
        kept = not deals or state.snapshot is None
        # The snapshot keeps the generator's state (not the generator), or nothing.
        state.chance = chance.saved() if kept else Chance(None)
        table = _empty_table(state.players) if table_empty else None
        try:
            inner = state.copy(history=False, table=table)
        finally:
            state.chance = chance
        return cls(inner, deals, len(state.events), len(state.log), kept)

    def restore(self, now: State) -> State:
        """The state of the snapshot, for a game whose state is now ``now``."""
        restored = self.state.copy()
        restored.events = now.events[: self.events]
        restored.log = now.log[: self.moves]
        if not self.deals:  # the game starts again from this very snapshot
            restored.snapshot = self
        return restored


def _empty_table(players: int) -> Table:
    """The empty table of a new deal for ``players`` seats, made once and shared by the
    snapshots taken before each deal (never changed: :meth:`Snapshot.restore` copies it)."""
    table = _EMPTY_TABLES.get(players)
    if table is None:
        table = _EMPTY_TABLES[players] = Table.empty(players)
    return table


_EMPTY_TABLES: dict[int, Table] = {}


@dataclass(slots=True)
class State:
    """Everything that lasts the whole game."""

    players: int
    chance: Chance
    table: Table
    phase: Phase = Phase.PLAY
    to_act: int = 0
    scores: list[int] = field(default_factory=list)
    dealer: int = 0
    deal_no: int = 0
    cut_winner: int | None = None
    events: list[RawEvent] = field(default_factory=list)  # see ``events.RawEvent``
    deal_results: list[DealResult] = field(default_factory=list)
    winner: int | None = None
    winning_side: int | None = None
    settled: Settled | None = None  # the settlement of a one-deal game
    match_points: list[int] = field(default_factory=list)  # game points per side, in a match
    count_override: tuple[int, int] | None = None  # (lifted, guessed) for the next deal
    deal_orders: list[list[int]] = field(default_factory=list)  # fixed deck orders to deal
    log: list[Logged] = field(default_factory=list)  # every move made, in order
    snapshot: Snapshot | None = None  # the state before this deal was dealt

    def copy(self, *, history: bool = True, table: Table | None = None) -> State:
        """A copy; without ``history``, its events and moves are left empty (a snapshot keeps
        them as counts of the game's own); ``table``: the copy's table, if not a copy of
        this one's."""
        other = State.__new__(State)
        other.players = self.players
        other.chance = self.chance.copy()
        other.table = self.table.copy() if table is None else table
        other.phase = self.phase
        other.to_act = self.to_act
        other.scores = self.scores[:]
        other.dealer = self.dealer
        other.deal_no = self.deal_no
        other.cut_winner = self.cut_winner
        other.events = self.events[:] if history else []
        other.deal_results = self.deal_results[:]
        other.winner = self.winner
        other.winning_side = self.winning_side
        other.settled = self.settled
        other.match_points = self.match_points[:]
        other.count_override = self.count_override
        other.deal_orders = [order[:] for order in self.deal_orders]
        other.log = self.log[:] if history else []
        other.snapshot = self.snapshot
        return other

    def emit(
        self,
        kind: EventKind,
        player: int | None = None,
        *,
        cards: tuple[str, ...] = (),
        points: int = 0,
        what: str = "",
        number: int = 0,
        values: tuple[int, ...] = (),
        seen_by: tuple[int, ...] | None = None,
    ) -> None:
        """Record an event of this deal."""
        event = raw_event(kind, player, self.deal_no, cards, points, what, number, values, seen_by)
        self.events.append(event)

    def score(
        self, player: int, points: int, what: str, *, number: int = 0, cards: tuple[str, ...] = ()
    ) -> None:
        """Credit ``points`` to ``player`` (game and deal), with the event that says why."""
        if points == 0:
            return
        self.scores[player] += points
        self.table.points[player] += points
        # The event as a game keeps it (``events.RawEvent``), in its fields' order.
        self.events.append((_SCORE, player, self.deal_no, cards, points, what, number, (), None))
