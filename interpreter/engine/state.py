"""The state of a game: small plain records, whose copy is derived from their fields.

``State`` holds what lasts the whole game; ``Table`` what lasts one deal (a new deal is a new
``Table``); ``Window`` the declaring window after a trick.  Each record subclasses
:class:`Record`, which reads the field types once and builds the copy from them: a list, set
or dict is copied (and what it holds, if that is mutable), a record is copied, anything else
(ints, strings, tuples, frozensets, enums, moves, events) is immutable and shared.  A field of
any other mutable type is refused when the class is defined, so no field can be forgotten by
the copy.  Nothing of a higher module (views, bots) is stored here.
"""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from typing import Any, ClassVar, NamedTuple, Union, get_args, get_origin, get_type_hints

from interpreter.engine.events import Event, EventKind
from interpreter.engine.moves import Move
from interpreter.engine.settlement import Settled

Copier = Callable[[Any], Any]


class Phase(StrEnum):
    ELECT = "elect"  # the winner of the cut elects to deal or not
    PLAY = "play"  # a card is to be played to the trick
    DECLARE = "declare"  # the winner of a stock trick may declare, then draws
    OVER = "over"


_IMMUTABLE: tuple[type, ...] = (int, str, bool, float, bytes, tuple, frozenset, Enum, type(None))


def _copier(hint: Any, owner: str) -> Copier | None:
    """How to copy a value of type ``hint``; ``None`` when it is immutable and shared."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        parts = [_copier(arg, owner) for arg in get_args(hint)]
        live = [p for p in parts if p is not None]
        if not live:
            return None
        if len(live) > 1:
            raise TypeError(f"{owner}: a union of several mutable types cannot be copied")
        only = live[0]
        return lambda value: None if value is None else only(value)
    if origin in (list, set, dict):
        inner = _copier(get_args(hint)[-1], owner)
        if origin is list:
            return list if inner is None else (lambda value: [inner(x) for x in value])
        if origin is set:
            if inner is not None:
                raise TypeError(f"{owner}: a set holds immutable values only")
            return set
        return dict if inner is None else (lambda value: {k: inner(v) for k, v in value.items()})
    if origin in (tuple, frozenset) or origin is typing.Literal:
        return None
    if isinstance(hint, type):
        if issubclass(hint, Record):
            return hint.copy
        if issubclass(hint, Memo):
            return _fresh_memo
        if issubclass(hint, _IMMUTABLE) or hint in _SHARED:
            return None
    raise TypeError(f"{owner}: the engine's state cannot copy a field of type {hint!r}")


_SHARED: set[type] = {Event, Settled}


class Memo(dict[Any, Any]):
    """Values worked out from a record's other fields and kept while those stay the same (each
    user checks its own key): a copy starts empty, and equality ignores it."""


def _fresh_memo(_: Memo) -> Memo:
    return Memo()


class Record:
    """Base of the state's records: ``copy()`` and ``==`` derived from the fields."""

    __slots__ = ()
    _copiers: ClassVar[tuple[tuple[str, Copier | None], ...]]

    @classmethod
    def _compile(cls) -> None:
        hints = get_type_hints(cls, globals(), {c.__name__: c for c in _RECORDS})
        cls._copiers = tuple(
            (f.name, _copier(hints[f.name], f"{cls.__name__}.{f.name}"))
            for f in fields(cls)  # type: ignore[arg-type]
        )

    def copy(self) -> Any:
        other = object.__new__(type(self))
        for name, copier in self._copiers:
            value = getattr(self, name)
            object.__setattr__(other, name, value if copier is None else copier(value))
        return other

    def copy_emptying(self, *names: str) -> Any:
        """A copy in which the list fields ``names`` are left empty (their content is kept
        elsewhere)."""
        other = object.__new__(type(self))
        for name, copier in self._copiers:
            value = getattr(self, name)
            if name in names:
                value = []
            elif copier is not None:
                value = copier(value)
            object.__setattr__(other, name, value)
        return other


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


_SHARED.add(Entry)


@dataclass(slots=True, eq=False)
class Chance(Record):
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
class Window(Record):
    """The declaring window after a trick won: what has been declared in it."""

    scored: bool = False  # a combination has scored (the one-per-trick quota)
    cards: set[int] = field(default_factory=set)  # cards in combinations scored in it
    kinds: set[str] = field(default_factory=set)  # kinds scored in it
    acted: bool = False  # the declarer has declared, scored or shown something
    queue: list[int] = field(default_factory=list)  # seats still to declare after this one
    taken: int = -1  # the turn-up just taken for the seven, barred here (Enquire Within)

    def reopen(self) -> None:
        """A new declarer's turn in the same window: nothing declared yet."""
        if not (self.acted or self.scored or self.cards or self.kinds):
            return  # the common case: nothing was done in the last window
        self.scored = False
        self.cards = set()
        self.kinds = set()
        self.acted = False
        self.taken = -1


@dataclass(slots=True)
class Table(Record):
    """Everything that lasts one deal."""

    players: int
    order: list[int] = field(default_factory=list)  # the deck as dealt, top card first
    hands: list[set[int]] = field(default_factory=list)
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
        n = players
        return cls(
            players=n,
            hands=[set() for _ in range(n)],
            tables=[set() for _ in range(n)],
            open=[set() for _ in range(n)],
            known=[set() for _ in range(n)],
            received=[set() for _ in range(n)],
            won=[[] for _ in range(n)],
            points=[0] * n,
            brisques=[0] * n,
            ledger=[[] for _ in range(n)],
            numbers=[0] * n,
            active=list(range(n)),
            blank=[""] * n,
            played=[False] * n,
            won_trick=[False] * n,
            last_drawn=[-1] * n,
        )

    def holds(self, player: int, card: int) -> bool:
        return card in self.hands[player] or card in self.tables[player]


@dataclass(frozen=True, slots=True)
class DealResult:
    """The summary of one finished deal."""

    deal: int
    dealer: int
    points: tuple[int, ...]  # points scored in the deal, per seat
    brisques: tuple[int, ...]  # number of brisque cards won in the deal, per seat
    last_trick: int | None  # seat that took the last-trick bonus (the 24th trick or the final)


_SHARED.add(DealResult)


class Logged(NamedTuple):
    """A move in the game's log: who made it, and how many events had happened before it."""

    seat: int
    move: Move
    events: int


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state just before a deal was dealt (or, for the first deal, after the cut): undo and
    resampling start again from it.  Never changed once taken.  Its events and moves are not
    copied: they are the first ``events`` and ``moves`` of the game's own, which only grow."""

    state: State
    deals: bool  # whether the state is about to deal (False: the cut winner must elect)
    events: int
    moves: int

    @classmethod
    def of(cls, state: State, *, deals: bool) -> Snapshot:
        chance = state.chance
        state.chance = chance.saved()  # the snapshot keeps the generator's state, not the generator
        try:
            inner: State = state.copy_emptying("events", "log")
        finally:
            state.chance = chance
        return cls(inner, deals, len(state.events), len(state.log))

    def restore(self, now: State) -> State:
        """The state of the snapshot, for a game whose state is now ``now``."""
        restored: State = self.state.copy()
        restored.events = now.events[: self.events]
        restored.log = now.log[: self.moves]
        if not self.deals:  # the game starts again from this very snapshot
            restored.snapshot = self
        return restored


_SHARED.add(Snapshot)


@dataclass(slots=True)
class State(Record):
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
    events: list[Event] = field(default_factory=list)
    deal_results: list[DealResult] = field(default_factory=list)
    winner: int | None = None
    winning_side: int | None = None
    settled: Settled | None = None  # the settlement of a one-deal game
    match_points: list[int] = field(default_factory=list)  # game points per side, in a match
    count_override: tuple[int, int] | None = None  # (lifted, guessed) for the next deal
    deal_orders: list[list[int]] = field(default_factory=list)  # fixed deck orders to deal
    log: list[Logged] = field(default_factory=list)  # every move made, in order
    snapshot: Snapshot | None = None  # the state before this deal was dealt

    def emit(self, kind: EventKind, player: int | None = None, **payload: Any) -> None:
        self.events.append(Event(kind, player, self.deal_no, **payload))

    def score(self, player: int, points: int, what: str, **payload: Any) -> None:
        """Credit ``points`` to ``player`` (game and deal), with the event that says why."""
        if points == 0:
            return
        self.scores[player] += points
        self.table.points[player] += points
        self.events.append(
            Event(EventKind.SCORE, player, self.deal_no, points=points, what=what, **payload)
        )


_RECORDS: tuple[type[Record], ...] = (Chance, Window, Table, State)
for _record in (Window, Table, State):  # Chance copies itself
    _record._compile()
