"""The game: create one from a variant, list legal moves, apply them, take them back, and
read the outcome.

All randomness comes from one ``random.Random`` seeded at creation.  ``legal_moves()``,
``is_legal()`` and ``apply()`` use the checks of the rule modules; ``apply`` refuses an illegal
move with the reason the rule gives, and leaves the game as it was.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from typing import Final

from interpreter.cards import parse_face
from interpreter.engine import dealing, flow, history, resample
from interpreter.engine.errors import IllegalMoveError, MoveSyntaxError
from interpreter.engine.events import Event, RawEvent, as_event
from interpreter.engine.moves import Move, normalize
from interpreter.engine.outcome import Outcome
from interpreter.engine.resolve import resolve
from interpreter.engine.rules import Rules
from interpreter.engine.sight import Entries
from interpreter.engine.state import Chance, DealResult, Phase, State, Table
from interpreter.engine.view import PlayerView, public_entries
from interpreter.model import Variant

_OVER: Final = Phase.OVER  # a name of this module: faster than the enum's attribute

Chooser = Callable[[Sequence[Move]], Move]
"""A choice among the legal moves alone (see :meth:`Game.play_deal`)."""


class Game:
    """One game of a variant (a single deal, or a race over several deals)."""

    def __init__(self, rules: Rules, state: State) -> None:
        self.rules = rules
        self._state = state
        self._moves: list[Move] | None = None  # the legal moves, while known
        self._entries: tuple[Table, int, Entries] | None = None  # the views' public entries
        self._checkpoints: history.Checkpoints = {}  # states kept by undo, by moves made
        self._views: list[weakref.ref[PlayerView]] = []  # views made since the last move
        self._players = rules.players  # seats are 0 to this, less one
        # The events read so far as named tuples (the state keeps them as plain tuples), and
        # the state's list they were read from.
        self._read: list[Event] = []
        self._read_of: list[RawEvent] | None = None

    @classmethod
    def new(
        cls,
        variant: Variant | Rules,
        *,
        seed: int | None = None,
        deck_order: Sequence[str | int] | None = None,
        deal_orders: Sequence[Sequence[str | int]] = (),
        dealer: int | None = None,
        count_guess: tuple[int, int] | None = None,
    ) -> Game:
        """A new game.  ``seed`` drives every shuffle and cut.  ``deck_order`` fixes the cards
        of the first deal, top card first (faces like ``"QS"``; each physical copy is taken in
        turn), for worked examples and tests; ``deal_orders`` fixes the orders of the first
        deals in turn (game records).  ``dealer`` skips the cut.  ``count_guess`` fixes the
        six-pack deal count of the first deal: (cards lifted, non-dealer's guess)."""
        rules = variant if isinstance(variant, Rules) else Rules(variant)
        orders = [deck_order] if deck_order is not None else []
        state = State(
            players=rules.players,
            chance=Chance(random.Random(seed)),
            table=Table.empty(rules.players),
            scores=[0] * rules.players,
            count_override=count_guess,
            deal_orders=[_resolve_order(rules, order) for order in [*orders, *deal_orders]],
        )
        dealing.start(rules, state, dealer)
        return cls(rules, state)

    # -- queries -----------------------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        return self.rules.variant

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def is_over(self) -> bool:
        return self._state.phase is _OVER

    @property
    def to_act(self) -> int | None:
        """The seat that must move now, or None when the game is over."""
        state = self._state
        return None if state.phase is _OVER else state.to_act

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._state.scores)

    @property
    def trump(self) -> str | None:
        return self._state.table.trump

    @property
    def deal_no(self) -> int:
        return self._state.deal_no

    @property
    def deck_order(self) -> tuple[str, ...]:
        """The faces of this deal's deck as it was dealt, top card first: what
        ``Game.new(deck_order=...)`` takes to deal the same cards.  Hidden cards included: not
        for agents."""
        face = self.rules.face
        return tuple([face[card] for card in self._state.table.order])

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, chance included: not for agents (see
        :meth:`public_history`)."""
        return tuple(self._read_events())

    def events_since(self, start: int) -> tuple[Event, ...]:
        """The events from position ``start`` on (only these are read)."""
        return tuple(map(as_event, self._state.events[start:]))

    @property
    def event_count(self) -> int:
        """How many events have happened (``len(game.events)``, without reading them)."""
        return len(self._state.events)

    def raw_events(self, start: int = 0) -> list[RawEvent]:
        """The events from position ``start`` on as the game keeps them: plain tuples of the
        fields of :class:`Event`, in order (``events.KIND``, ``events.DEAL``, ... name the
        positions), for a reader that scans many events and keeps few (a simulation's
        summary)."""
        return self._state.events[start:]

    def _read_events(self) -> list[Event]:
        """The events as named tuples (kept: each event is made once per state).  The list
        kept is never changed, only replaced by a longer one, so that a copy of the game may
        share it and two threads reading at once cannot spoil it."""
        raw = self._state.events
        read = self._read if self._read_of is raw else []  # else a new state: read again
        if len(read) < len(raw):
            read = read + list(map(as_event, raw[len(read) :]))
            self._read, self._read_of = read, raw
        return read

    @property
    def moves_made(self) -> int:
        """How many moves have been made in the game (what :meth:`undo` can take back)."""
        return len(self._state.log)

    @property
    def deals_finished(self) -> int:
        """How many deals have been played to the end."""
        return len(self._state.deal_results)

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        """One summary per finished deal."""
        return tuple(self._state.deal_results)

    @property
    def outcome(self) -> Outcome | None:
        state = self._state
        if state.phase is not _OVER:
            return None
        return Outcome.of(self.rules, state)

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in a fixed order; interchangeable copies appear once."""
        # Worked out once per state (kept until the next move, never changed: callers get
        # copies; a view is handed them likewise).
        moves = self._moves
        if moves is None:
            moves = self._moves = flow.moves_now(self.rules, self._state)
        return list(moves)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a move or its text) is legal now, without listing every move."""
        try:
            return self._resolve(move) is not None
        except MoveSyntaxError:
            return False

    def _check_seat(self, seat: object) -> None:
        """A seat number of this game (0 is p1), or ``ValueError`` saying which there are."""
        if type(seat) is not int or not 0 <= seat < self._players:
            last = self.rules.players - 1
            raise ValueError(f"there is no seat {seat!r}: seats are 0 to {last} (0 is p1)")

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now (read lazily: see ``engine.view``)."""
        if type(player) is not int or not 0 <= player < self._players:
            self._check_seat(player)
        view = PlayerView(self, player)
        self._views.append(weakref.ref(view))
        if self._state.to_act == player:  # every bot reads them: handed over at once
            moves = self._moves
            if moves is None:
                moves = self._moves = flow.moves_now(self.rules, self._state)
            view.__dict__["legal_moves"] = tuple(moves)
        return view

    def _public_entries(self) -> Entries:
        """Every seat's declarations as the table sees them, made again only when a ledger
        has changed."""
        table = self._state.table
        cached = self._entries
        if cached is None or cached[0] is not table or cached[1] != table.ledger_changes:
            cached = self._entries = (
                table,
                table.ledger_changes,
                public_entries(self.rules, self._state),
            )
        return cached[2]

    def _freeze_views(self) -> None:
        """The game is about to change: the views still held read what they have not yet."""
        for ref in self._views:
            view = ref()
            if view is not None:
                view.freeze()
        self._views.clear()

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they play the same variant and are in the same state
        (hidden cards, random generator and history included)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self.rules.variant == other.rules.variant and self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Game:
        """An independent copy of the whole game, hidden cards included.  The random
        generator is shared until one of the two needs chance (a new deal), so copies made for
        a search within a deal cost little."""
        other = Game(self.rules, self._state.copy())
        other._moves = self._moves
        if self._read_of is self._state.events:  # the events read so far are the copy's too
            other._read = self._read
            other._read_of = other._state.events
        return other

    def resample(self, seat: int, rng: random.Random | None = None) -> Game:
        """A copy in which every card ``seat`` has not seen is dealt again at random,
        consistently with everything ``seat`` has seen (see ``engine.resample``).  ``rng`` is
        a ``random.Random`` (None: a fresh one)."""
        self._check_seat(seat)
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random or None, not {type(rng).__name__}")
        return Game(self.rules, resample.resample(self.rules, self._state, seat, rng))

    def public_history(self, seat: int | None) -> list[str]:
        """Every move and every card dealt, turned or drawn, as ``seat`` saw them, in the
        record notation (``??`` for a card he did not see); ``None``: everything."""
        if seat is not None:
            self._check_seat(seat)
        return history.lines(self._state, seat)

    # -- moves -------------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text``; raises ``MoveSyntaxError`` or
        ``IllegalMoveError`` (with the reason) otherwise."""
        canonical = normalize(text, self.rules.combo_names)
        found = resolve(self.rules, self._state, canonical, self._moves)
        if found is None:
            raise IllegalMoveError(canonical, flow.refusal(self.rules, self._state, canonical))
        return found

    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a move object or its text).  An illegal move raises
        ``IllegalMoveError`` saying why, and changes nothing."""
        legal = self.parse_move(move if isinstance(move, str) else str(move))
        self.step(legal)

    def _resolve(self, move: Move | str) -> Move | None:
        text = normalize(move, self.rules.combo_names) if isinstance(move, str) else str(move)
        return resolve(self.rules, self._state, text, self._moves)

    def step(self, move: Move) -> None:
        """Play a move taken from ``legal_moves()`` without checking it again (for
        simulations).  Passing anything else leaves the game in an undefined state; a move's
        text is refused (``apply`` takes that)."""
        if isinstance(move, str):  # the common slip, typed or not
            raise TypeError(f"step takes a move of legal_moves(), not the text {move!r}: use apply")
        views = self._views
        if views:  # the views still held read what they have not yet (``_freeze_views``)
            for ref in views:
                view = ref()
                if view is not None:
                    view.freeze()
            views.clear()
        if self._checkpoints:
            self._trim_checkpoints()
        self._moves = flow.do(self.rules, self._state, move)

    def _trim_checkpoints(self) -> None:
        """A move is made: the checkpoints past this point belong to moves taken back."""
        made = len(self._state.log)
        self._checkpoints = {n: s for n, s in self._checkpoints.items() if n <= made}

    def play_deal(self, choosers: Sequence[Chooser]) -> None:
        """Play on until the deal ends (or the game, where a target reached in mid-deal ends
        it), each move chosen by ``choosers[seat]`` among the legal moves, for simulations:
        :meth:`legal_moves` and :meth:`step` at every turn, without copying the list or
        checking the move.  A chooser is handed the game's own list, which it must not change,
        and must return one of its moves; it may read the game (a view, ``legal_moves()``), but
        not change it.  If a chooser raises, the moves already made stay made and the game
        waits at that chooser's turn."""
        self._freeze_views()
        if self._checkpoints:
            self._trim_checkpoints()
        rules, state = self.rules, self._state
        results = state.deal_results
        finished = len(results)
        moves = self._moves
        while state.phase is not _OVER and len(results) == finished:
            if moves is None:
                moves = flow.moves_now(rules, state)
            self._moves = moves  # what the game answers while the chooser chooses
            move = choosers[state.to_act](moves)
            if self._views:  # a chooser that read a view: it keeps this moment
                self._freeze_views()
            moves = flow.do(rules, state, move)
        self._moves = moves

    def undo(self) -> None:
        """Take back the last move, and the chance that came after it: the game is again
        exactly what it was before the move.  Raises ``ValueError`` when no move was made."""
        self._freeze_views()
        self._state = history.before_last(self.rules, self._state, self._checkpoints)
        self._moves = None


def _resolve_order(rules: Rules, order: Sequence[str | int]) -> list[int]:
    if len(order) != rules.n_cards:
        raise ValueError(f"deck_order has {len(order)} cards; the deck has {rules.n_cards}")
    if all(isinstance(item, int) for item in order):
        ids = [int(item) for item in order]
        if sorted(ids) != list(range(rules.n_cards)):
            raise ValueError("deck_order must list every card id exactly once")
        return ids
    remaining = {face: list(cards) for face, cards in rules.by_face.items()}
    ids = []
    for item in order:
        face = str(parse_face(str(item))) if isinstance(item, str) else rules.face[item]
        pool = remaining.get(face)
        if not pool:
            raise ValueError(f"deck_order has more {face} than the deck")
        ids.append(pool.pop(0))
    return ids


__all__ = ["Game", "IllegalMoveError", "MoveSyntaxError"]
