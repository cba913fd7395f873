"""The state of a game: small plain records, each with its own ``copy()``.

``State`` holds what lasts the whole game; ``Table`` what lasts one deal (a new deal is a new
``Table``); ``Window`` the declaring window after a trick.  Searching bots copy the state at
every node, so each copy is plain assignments: ``Table``'s new deal and copy are written from
the facts its fields declare (one line of the class per fact of a deal), ``State``'s and
``Window``'s copies by hand.  A list, set or dict is copied (and what it holds, if that is
mutable), a record is copied, anything else (ints, strings, tuples, frozensets, enums, moves,
events) is immutable and shared.  ``tests/test_state_copy.py`` reads the fields' types and
checks, for every field, that the copy has it, equal and independent, so that a field added
and forgotten by a copy fails there.  Nothing of a higher module (views, bots) is stored here.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Final

from interpreter.engine.events import EventKind, RawEvent
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


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(frozen=True, slots=True)
class Closed:
    """Who closed the stock, and the deal as it stood: each seat's points, and whether it
    had won a trick (what the closer owes is reckoned on them)."""

    closer: int
    points: tuple[int, ...]
    tricks: tuple[bool, ...]


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


# -- how each fact of a deal starts and is copied ---------------------------------------------
# Each field of :class:`Table` names one of these in its metadata: the Python expressions of
# its value in a new deal (``n``: the number of seats) and of a copy of its value (``{v}``).
# The table's ``empty`` and ``copy`` are written from them once, when this module is imported
# (:func:`_written`), as the dataclasses module writes a record's constructor: a new fact of a
# deal is one line of the class.  Only these fixed expressions are ever compiled.
def _fact(new: str, copy: str) -> dict[str, tuple[str, str]]:
    return {"fact": (new, copy)}


LIST: Final = _fact("[]", "{v}[:]")
SET: Final = _fact("set()", "set({v})")
SEAT_LISTS: Final = _fact("[[] for _ in range(n)]", "[c[:] for c in {v}]")
SEAT_SETS: Final = _fact("[set() for _ in range(n)]", "[set(c) for c in {v}]")
SEAT_ZEROS: Final = _fact("[0] * n", "{v}[:]")
SEAT_FLAGS: Final = _fact("[False] * n", "{v}[:]")
ZERO: Final = _fact("0", "{v}")
NONE: Final = _fact("None", "{v}")  # an immutable value, shared by copies
WINDOW: Final = _fact("Window()", "{v}.copy()")
MEMO: Final = _fact("Memo()", "Memo()")  # kept values start afresh in a copy


@dataclass(slots=True)
class Table:
    """Everything that lasts one deal.  Each field says how it starts a deal and how it is
    copied (its metadata, above); :meth:`empty` and :meth:`copy` are written from them."""

    players: int
    order: list[int] = field(init=False, metadata=LIST)  # the deck as dealt, top card first
    hands: list[set[int]] = field(init=False, metadata=SEAT_SETS)
    # Each hand again as the places of its cards in display order (``Rules.place``), kept
    # sorted as cards come and go (:meth:`take`, :meth:`give`): a hand's plays are read off it.
    ranked: list[list[int]] = field(init=False, metadata=SEAT_LISTS)
    # Each seat's cards in hand or declared on the table, counted by face number (``Rules.
    # face_number``): dealing, drawing, playing and the seven's exchange keep the counts.
    held: list[list[int]] = field(init=False, metadata=SEAT_LISTS)
    # Each seat's open cards (Polish), counted by face number likewise: dealing starts them,
    # and the trick won and the seven's exchange keep them (``opencards``).
    opened: list[list[int]] = field(init=False, metadata=SEAT_LISTS)
    tables: list[set[int]] = field(init=False, metadata=SEAT_SETS)  # declared, face up
    open: list[set[int]] = field(init=False, metadata=SEAT_SETS)  # open cards: public, unplayable
    known: list[set[int]] = field(init=False, metadata=SEAT_SETS)  # seen cards back in each hand
    received: list[set[int]] = field(init=False, metadata=SEAT_SETS)  # every card dealt or drawn
    public: set[int] = field(init=False, metadata=SET)  # cards every player has seen this deal
    won: list[list[int]] = field(init=False, metadata=SEAT_LISTS)
    points: list[int] = field(init=False, metadata=SEAT_ZEROS)  # scored this deal, per seat
    brisques: list[int] = field(init=False, metadata=SEAT_ZEROS)  # brisque points won this deal
    ledger: list[list[Entry]] = field(init=False, metadata=SEAT_LISTS)
    # Counts every change of any ledger (views reuse their entries).
    ledger_changes: int = field(init=False, metadata=ZERO)
    # Per seat, the changes of that seat's ledger: what is kept of a seat's ledger (its index,
    # the labels of its declared cards) lasts through the other seats' declarations.
    ledger_versions: list[int] = field(init=False, metadata=SEAT_ZEROS)
    numbers: list[int] = field(init=False, metadata=SEAT_ZEROS)  # the last declaration number
    stock: list[int] = field(init=False, metadata=LIST)  # drawn from the end; [0]: the turn-up
    turn_up: int | None = field(init=False, metadata=NONE)
    trump: str | None = field(init=False, metadata=NONE)
    trick: list[int] = field(init=False, metadata=LIST)
    trick_players: list[int] = field(init=False, metadata=LIST)
    leader: int = field(init=False, metadata=ZERO)
    window: Window = field(init=False, metadata=WINDOW)
    # The seats playing to tricks (a duel: two).
    active: list[int] = field(init=False, metadata=_fact("list(range(n))", "{v}[:]"))
    duels: list[tuple[int, int]] = field(init=False, metadata=LIST)  # duels still to play
    sevens_scored: set[int] = field(init=False, metadata=SET)
    trick_no: int = field(init=False, metadata=ZERO)
    last_trick: tuple[tuple[int, ...], tuple[int, ...], int] | None = field(
        init=False, metadata=NONE
    )
    last_trick_winner: int | None = field(init=False, metadata=NONE)
    heap: list[int] = field(init=False, metadata=LIST)  # played cards lying face up (law 25)
    undrawn: list[int] = field(init=False, metadata=LIST)  # the odd last card (law 32)
    blank: list[str] = field(init=False, metadata=_fact('[""] * n', "{v}[:]"))  # carte blanche
    last_drawn: list[int] = field(init=False, metadata=_fact("[-1] * n", "{v}[:]"))  # to show again
    # Declaring on lead: the cards shown at this lead, one of which must be led; and per seat
    # the declarations whose points wait for a trick won (number, combination, points, faces).
    lead_from: frozenset[int] | None = field(init=False, metadata=NONE)
    # Closing the stock: who closed and the deal then (None: not closed), and the stock set
    # aside, unseen, turn-up first.
    closed: Closed | None = field(init=False, metadata=NONE)
    closed_stock: tuple[int, ...] = field(init=False, metadata=_fact("()", "{v}"))
    held_points: list[list[tuple[int, str, int, tuple[str, ...]]]] = field(
        init=False, metadata=SEAT_LISTS
    )
    memo: Memo = field(init=False, metadata=MEMO, compare=False, repr=False)

    @classmethod
    def empty(cls, players: int) -> Table:
        """The table of a new deal."""
        return _NEW_TABLE(players)

    def copy(self) -> Table:
        return _COPY_TABLE(self)

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


def _written(cls: type[Table]) -> tuple[Callable[[int], Table], Callable[[Table], Table]]:
    """The functions that make a new deal's table and copy one, written from the facts of
    ``cls``'s fields (each a plain assignment, as fast as if written by hand)."""
    facts = [(f.name, *f.metadata["fact"]) for f in fields(cls) if f.metadata]
    new = "".join(f"    t.{name} = {start}\n" for name, start, _ in facts)
    copy = "".join(
        f"    t.{name} = {copied.format(v='old.' + name)}\n" for name, _, copied in facts
    )
    source = (
        f"def new(n):\n    t = make(Table)\n    t.players = n\n{new}    return t\n"
        f"def copy(old):\n    t = make(Table)\n    t.players = old.players\n{copy}    return t\n"
    )
    scope: dict[str, Any] = {"make": cls.__new__, "Table": cls, "Window": Window, "Memo": Memo}
    exec(compile(source, f"<{cls.__name__} facts>", "exec"), scope)
    return scope["new"], scope["copy"]


_NEW_TABLE, _COPY_TABLE = _written(Table)


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
        # The event as a game keeps it (``events.RawEvent``), in its fields' order.
        self.events.append(
            (kind, player, self.deal_no, cards, points, what, number, values, seen_by)
        )

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
