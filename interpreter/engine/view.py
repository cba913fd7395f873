"""What one player may know: ``view(player)``.

Own hand and own declared cards; every declared card on the table and the declarations made;
cards known to be in another hand (declared cards taken back, the turn-up drawn or exchanged,
a seven shown); the trump, turn-up, stock size, current and last trick, scores.

A view costs nothing until it is read: each field is worked out from the game the first time
it is read, then kept.  A view stays valid for as long as it is kept: before the game moves on
(``step``, ``apply``, ``undo``), it fills in whatever its holder has not read yet
(:meth:`PlayerView.freeze`), so a view read later still shows the moment it was made.  A view
dropped before the next move (a bot that reads only its legal moves) never pays for the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from interpreter.cards import Face
from interpreter.engine.moves import Move
from interpreter.engine.sight import Entries, PublicEntry, Sight
from interpreter.engine.state import Entry, Phase, State

if TYPE_CHECKING:
    from interpreter.engine.game import Game
    from interpreter.engine.rules import Rules


Cards = tuple[tuple[int, Face], ...]


T = TypeVar("T")


class lazy(Generic[T]):  # lower case: used as a decorator, like property
    """A field worked out when first read, then kept in the instance (which then answers
    without calling this again).  Like ``functools.cached_property``, without its lock."""

    def __init__(self, work: Callable[[Any], T]) -> None:
        self.work = work
        self.name = work.__name__
        self.__doc__ = work.__doc__

    @overload
    def __get__(self, instance: None, owner: type) -> lazy[T]: ...
    @overload
    def __get__(self, instance: object, owner: type) -> T: ...
    def __get__(self, instance: object | None, owner: type) -> lazy[T] | T:
        if instance is None:
            return self
        value = self.work(instance)
        instance.__dict__[self.name] = value
        return value


class PlayerView(Sight):
    """What ``player`` may know at one moment of a game (read lazily, see the module); made
    with the game it reads and the seat (:class:`Sight`)."""

    # -- the game the view reads, until it is frozen --------------------------------------------
    @property
    def _state(self) -> State:
        source = self._source
        assert source is not None, "a frozen view has every field already"
        return source._state

    def freeze(self) -> None:
        """Read every field now and let go of the game (the game calls this before it moves
        on, for views still held)."""
        if self._source is None:
            return
        for name in FIELDS:
            getattr(self, name)
        self._source = None

    # -- the fields -------------------------------------------------------------------------
    @lazy
    def phase(self) -> Phase:
        return self._state.phase

    @lazy
    def to_act(self) -> int | None:
        state = self._state
        return None if state.phase is Phase.OVER else state.to_act

    @lazy
    def dealer(self) -> int:
        return self._state.dealer

    @lazy
    def deal_no(self) -> int:
        return self._state.deal_no

    @lazy
    def trick_no(self) -> int:
        return self._state.table.trick_no

    @lazy
    def trump(self) -> str | None:
        return self._state.table.trump

    @lazy
    def turn_up(self) -> Face | None:
        card = self._state.table.turn_up
        return None if card is None else self._rules.faces[card]

    @lazy
    def stock_size(self) -> int:
        return len(self._state.table.stock)

    @lazy
    def hand(self) -> Cards:
        """Own concealed cards (id, face)."""
        return self._cards(self._state.table.hands[self.player])

    @lazy
    def table(self) -> tuple[Cards, ...]:
        """Each seat's declared cards on the table."""
        return tuple(self._cards(cards) for cards in self._state.table.tables)

    @lazy
    def open(self) -> tuple[Cards, ...]:
        """Each seat's open cards (Polish): public, unplayable."""
        return tuple(self._cards(cards) for cards in self._state.table.open)

    @lazy
    def known(self) -> tuple[tuple[Face, ...], ...]:
        """Cards seen that are back in each seat's hand."""
        faces = self._rules.faces
        return tuple(
            tuple([faces[c] for c in sorted(known)]) if known else ()
            for known in self._state.table.known
        )

    @lazy
    def closed_by(self) -> int | None:
        """The seat that closed the stock, or None (not closed)."""
        closed = self._state.table.closed
        return None if closed is None else closed.closer

    @lazy
    def held_points(self) -> tuple[int, ...]:
        """Per seat, the points of declarations shown that wait for a trick won (public: the
        cards were shown)."""
        return tuple(sum(held[2] for held in seat) for seat in self._state.table.held_points)

    @lazy
    def hand_sizes(self) -> tuple[int, ...]:
        """Hand plus table, per seat."""
        table = self._state.table
        return tuple(len(h) + len(t) for h, t in zip(table.hands, table.tables, strict=True))

    @lazy
    def trick(self) -> tuple[tuple[int, Face], ...]:
        """(seat, face) played so far."""
        table = self._state.table
        faces = self._rules.faces
        return tuple((s, faces[c]) for s, c in zip(table.trick_players, table.trick, strict=True))

    @lazy
    def last_trick(self) -> tuple[tuple[int, Face], ...]:
        last = self._state.table.last_trick
        if last is None:
            return ()
        faces = self._rules.faces
        return tuple((s, faces[c]) for s, c in zip(last[1], last[0], strict=True))

    @lazy
    def last_trick_winner(self) -> int | None:
        last = self._state.table.last_trick
        return None if last is None else last[2]

    @lazy
    def heap(self) -> tuple[Face, ...]:
        """Played cards lying face up until a brisque is won (law 25)."""
        faces = self._rules.faces
        return tuple(faces[c] for c in self._state.table.heap)

    @lazy
    def entries(self) -> Entries:
        source = self._source
        assert source is not None
        return source._public_entries()

    @lazy
    def scores(self) -> tuple[int, ...]:
        return tuple(self._state.scores)

    @lazy
    def match_points(self) -> tuple[int, ...]:
        """In a match, each side's game points so far (partners are one side); else ()."""
        rules = self._rules
        if not rules.scoring.match_target:
            return ()
        return tuple(self._state.match_points) or (0,) * len(rules.sides)

    @lazy
    def deal_points(self) -> tuple[int, ...]:
        return tuple(self._state.table.points)

    @lazy
    def brisques(self) -> tuple[int, ...]:
        """Per seat, the points of the brisques won in tricks so far this deal (public: every
        card played was seen), whether or not the variant has scored them yet."""
        return tuple(self._state.table.brisques)

    @lazy
    def unseen(self) -> tuple[Face, ...]:
        """The cards of this deal this player has not seen — in other hands, in the stock, a
        card left undrawn — in display order: what a world sampled for him deals again."""
        table, rules = self._state.table, self._rules
        seen = table.public | table.received[self.player]
        hidden = [card for card in table.order if card not in seen]
        faces = rules.faces
        return tuple([faces[card] for card in sorted(hidden, key=rules.order.__getitem__)])

    @lazy
    def legal_moves(self) -> tuple[Move, ...]:
        source = self._source
        assert source is not None
        return tuple(source.legal_moves()) if source._state.to_act == self.player else ()

    # -- derived ----------------------------------------------------------------------------
    @property
    def my_cards(self) -> Cards:
        """Hand and own table together: every card this player may play."""
        return self.hand + self.table[self.player]

    @property
    def endgame(self) -> bool:
        return self.stock_size == 0

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: one seat each, or partners together."""
        return self._rules.sides

    @property
    def partners(self) -> tuple[int, ...]:
        """This player's partners (none playing alone)."""
        return self._rules.partners(self.player)

    def resample(self, rng: random.Random | None = None) -> Game:
        """A game this player cannot tell from the one the view was made from: every card he
        has not seen dealt again at random (:meth:`Game.resample`), for bots that search.  Only
        while the view is live: a view frozen when its game moved on raises ``ValueError``."""
        source = self._source
        if source is None:
            raise ValueError("this view's game has moved on: ask the game for a new view")
        return source.resample(self.player, rng)

    def _cards(self, ids: set[int]) -> Cards:
        if not ids:
            return ()
        pairs = self._rules.pairs
        return tuple([pairs[c] for c in sorted(ids, key=self._rules.order.__getitem__)])

    # -- as a value ---------------------------------------------------------------------------
    def _values(self) -> tuple[Any, ...]:
        return (self.player, self.players, *(getattr(self, name) for name in FIELDS))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in ("player", "players", *FIELDS)
        )
        return f"PlayerView({shown})"


FIELDS: tuple[str, ...] = tuple(
    name for name, value in vars(PlayerView).items() if isinstance(value, lazy)
)
"""The view's fields, in order (``player`` and ``players`` are set when it is made)."""


def public_entries(rules: Rules, state: State) -> Entries:
    """Every seat's declarations as the table sees them."""
    return tuple(_entries(rules, entries) for entries in state.table.ledger)


def _entries(rules: Rules, entries: list[Entry]) -> tuple[PublicEntry, ...]:
    if not entries:
        return ()
    faces = rules.faces
    return tuple(
        [
            PublicEntry(
                e.no,
                e.combo,
                tuple([faces[c] for c in sorted(e.cards)]),
                e.points,
                e.scored,
                e.lost,
            )
            for e in entries
        ]
    )


class Still:
    """A bare state as a view's source, without legal moves (for comparing what a seat sees in
    two states)."""

    def __init__(self, rules: Rules, state: State) -> None:
        self.rules, self._state = rules, state

    def legal_moves(self) -> list[Move]:
        return []

    def _public_entries(self) -> Entries:
        return public_entries(self.rules, self._state)

    def resample(self, seat: int, rng: random.Random | None = None) -> Game:
        raise TypeError("a view of a bare state is for comparing: it cannot be resampled")
