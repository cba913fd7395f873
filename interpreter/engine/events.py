"""What happened in a game: typed events.

Every event has a kind (:class:`EventKind`) and a payload of plain values: the seat it concerns,
the deal, the cards (as faces, ``"QS"``), points, a combination id or scoring reason, and a few
numbers.  Chance — the cut, the hands dealt, the turn-up, every card drawn, the six-pack count
— is an event like any other; ``seen_by`` says who saw its cards (``None``: everybody).  The
text of an event is formatted from its payload (:attr:`Event.text`); nothing reads it back.

The meaning of the payload per kind:

========================  ======================================================================
kind                      payload
========================  ======================================================================
``cut``                   ``cards``: the card each seat cut, in seat order; ``player``: the
                          winner of the cut when he chooses who deals (``None`` otherwise)
``elect``                 ``player``: the winner of the cut; ``number``: 1 he deals, 0 he passes
``deal``                  ``player``: the dealer; ``number``: the deal number
``hand``                  ``player``: who is dealt ``cards`` (seen by him alone)
``turn_up``               ``player``: the dealer; ``cards``: the card turned up
``count``                 six-pack: ``player`` the dealer; ``values``: (cards lifted, the
                          guess, the guesser)
``draw``                  ``player`` draws ``cards`` (seen by him alone, unless it is the turn-up)
``undrawn``               ``number``: cards left undrawn (law 32)
``play``                  ``player`` plays ``cards`` (one card) to the trick
``trick``                 ``player``: the winner; ``number``: the trick; ``cards``: the trick
``declare``               ``player`` declares ``what`` (a combination id) with ``cards``; it scores
                          ``points``; ``number``: the declaration number
``pending``               as ``declare``, shown "to score"
``lost``                  a waiting declaration ``number`` of ``player`` is lost (laws 46–48)
``score``                 ``player`` scores ``points`` for ``what``: a combination id or a
                          :class:`Reason`
``exchange``              ``player`` exchanges ``cards[0]`` (the seven) for ``cards[1]``
``show``                  ``player`` shows ``cards`` (the seven of trumps)
``carte_blanche``         ``player`` shows ``cards``; ``number``: 1 the first time, 0 again
``trumps``                ``what``: the trump suit letter, fixed by ``player``'s declaration
``yield``                 ``player`` passes the right to declare to his partner
``endgame``               the stock is exhausted
``duel``                  ``values``: the two seats that now play their last tricks
``end_of_deal``           ``number``: the deal; ``values``: the points each seat scored in it
``game_won``              a game of a match is won: ``player``, ``what``, ``points`` and
                          ``values`` as ``game_over``; ``number``: the game points it is worth
``game_over``             ``player``: the winner (``None``: void); ``what``: an :class:`Ending`;
                          ``points``: the target reached (a match's target), or the value of
                          a one-deal game; ``values``: the seats of the winning side;
                          ``number``: the game points of a race game that has a worth (the
                          match points won, for a match), else 0
========================  ======================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Final, Literal, NamedTuple, assert_never

from interpreter.cards import SUIT_SYMBOLS, parse_face
from interpreter.wording import plural


class EventKind(StrEnum):
    CUT = "cut"
    ELECT = "elect"
    DEAL = "deal"
    HAND = "hand"
    TURN_UP = "turn_up"
    COUNT = "count"
    DRAW = "draw"
    UNDRAWN = "undrawn"
    PLAY = "play"
    TRICK = "trick"
    DECLARE = "declare"
    PENDING = "pending"
    LOST = "lost"
    SCORE = "score"
    EXCHANGE = "exchange"
    SHOW = "show"
    CARTE_BLANCHE = "carte_blanche"
    TRUMPS = "trumps"
    YIELD = "yield"
    ENDGAME = "endgame"
    CLOSE = "close"
    CLAIM = "claim"
    DUEL = "duel"
    END_OF_DEAL = "end_of_deal"
    GAME_WON = "game_won"
    GAME_OVER = "game_over"

    @property
    def chance(self) -> bool:
        """Whether events of this kind are dealt by chance rather than chosen by a player."""
        return self in _CHANCE


_CHANCE = frozenset(
    {EventKind.CUT, EventKind.HAND, EventKind.TURN_UP, EventKind.COUNT, EventKind.DRAW}
)


class Reason(StrEnum):
    """Why points were scored, other than a combination (whose id is the reason)."""

    BRISQUES = "brisques"
    LAST_TRICK = "last_trick"
    SEVEN = "seven"
    SEVEN_EXCHANGE = "seven_exchange"
    SEVEN_TURNED_UP = "seven_turned_up"
    CARTE_BLANCHE = "carte_blanche"
    DEAL_COUNT = "deal_count"
    COUNT_GUESS = "count_guess"
    BRISQUE_WAR = "brisque_war"
    CARD_POINTS = "card_points"


class Ending(StrEnum):
    """How a game ended."""

    TARGET = "target"  # a side reached the target at the end of a deal
    TIE_BREAK = "tie_break"  # more than one side reached it with equal totals
    SETTLED = "settled"  # a one-deal game, settled by its laws
    VOID = "void"  # a one-deal game that counts for nobody
    MATCH = "match"  # a side reached the game points of a match
    LAST_TRICK = "last_trick"  # a deal played out short of the target: the last trick wins
    CLOSER_FAILED = "closer_failed"  # the closer did not reach the target first
    CLAIM = "claim"  # the player to lead claimed the target, and had it
    FALSE_CLAIM = "false_claim"  # the player to lead claimed the target without having it


class Event(NamedTuple):
    """One thing that happened; see the module's table for the payload of each kind."""

    kind: EventKind
    player: int | None = None
    deal: int = 0
    cards: tuple[str, ...] = ()
    points: int = 0
    what: str = ""
    number: int = 0
    values: tuple[int, ...] = ()
    seen_by: tuple[int, ...] | None = None  # who saw the cards; None: everybody

    @property
    def chance(self) -> bool:
        return self.kind.chance

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` saw this event's cards (``None`` stands for an onlooker who sees
        everything)."""
        return seat is None or self.seen_by is None or seat in self.seen_by

    @property
    def text(self) -> str:
        """The event in words, formatted from its payload."""
        return describe(self)


RawEvent = tuple[
    EventKind,
    int | None,
    int,
    tuple[str, ...],
    int,
    str,
    int,
    tuple[int, ...],
    tuple[int, ...] | None,
]
"""An event as a game keeps it: the fields of :class:`Event`, in order, in a plain tuple.

The engine makes one for every card played and drawn, and the named tuple only when the event
is read (:func:`as_event`; ``Game.events``): a named tuple is made through a generic call of
``tuple.__new__``, which cost 6-8 % of a simulation once compiled.  The engine's own readers
take the fields by position (:data:`KIND`, :data:`DEAL`, ...)."""

# The positions of the fields in a raw event (the order of :class:`Event`'s fields).
KIND: Final = 0
PLAYER: Final = 1
DEAL: Final = 2
CARDS: Final = 3
POINTS: Final = 4
WHAT: Final = 5
NUMBER: Final = 6
VALUES: Final = 7
SEEN_BY: Final = 8

_make: Final = tuple.__new__


def as_event(raw: RawEvent) -> Event:
    """The event of a raw one (given an :class:`Event`, an equal new one)."""
    return _make(Event, raw)


def _pretty(cards: tuple[str, ...]) -> str:
    return " ".join(parse_face(face).pretty for face in cards)


def describe(
    event: Event, names: Mapping[str, str] | None = None, seats: Sequence[str] | None = None
) -> str:
    """The text of an event.  ``names`` gives the display names of combination ids
    (``Rules.combo_names``; without it the id is shown), ``seats`` the names of the seats
    (without it ``p1`` is the first seat)."""
    words = _Words(event, names, seats)
    kind = event.kind
    match kind:
        case (
            EventKind.CUT
            | EventKind.ELECT
            | EventKind.DEAL
            | EventKind.HAND
            | EventKind.TURN_UP
            | EventKind.COUNT
            | EventKind.DRAW
            | EventKind.UNDRAWN
        ):
            return _dealing_text(kind, words)
        case (
            EventKind.DECLARE
            | EventKind.PENDING
            | EventKind.LOST
            | EventKind.SCORE
            | EventKind.EXCHANGE
            | EventKind.SHOW
            | EventKind.CARTE_BLANCHE
            | EventKind.TRUMPS
            | EventKind.YIELD
        ):
            return _declaring_text(kind, words)
        case (
            EventKind.PLAY
            | EventKind.TRICK
            | EventKind.ENDGAME
            | EventKind.CLOSE
            | EventKind.CLAIM
            | EventKind.DUEL
            | EventKind.END_OF_DEAL
            | EventKind.GAME_WON
            | EventKind.GAME_OVER
        ):
            return _playing_text(kind, words)
    assert_never(kind)


class _Words:
    """What an event's text is made of: its payload, and the names of seats and
    combinations."""

    def __init__(
        self, event: Event, names: Mapping[str, str] | None, seats: Sequence[str] | None
    ) -> None:
        self.event, self.names, self.seats = event, names or {}, seats
        self.who = self.seat(event.player)

    def seat(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return self.seats[seat] if self.seats is not None else f"p{seat + 1}"

    def combo(self) -> str:
        what = self.event.what
        return self.names.get(what, what.replace("_", " "))

    def cards(self) -> str:
        return _pretty(self.event.cards)


_Dealing = Literal[
    EventKind.CUT,
    EventKind.ELECT,
    EventKind.DEAL,
    EventKind.HAND,
    EventKind.TURN_UP,
    EventKind.COUNT,
    EventKind.DRAW,
    EventKind.UNDRAWN,
]


def _dealing_text(kind: _Dealing, words: _Words) -> str:
    event, who = words.event, words.who
    match kind:
        case EventKind.CUT:
            return "cut: " + " ".join(
                f"{words.seat(i)} {parse_face(c).pretty}" for i, c in enumerate(event.cards)
            )
        case EventKind.ELECT:
            return f"cut won by {who}, who {'deals' if event.number else 'lets the other deal'}"
        case EventKind.DEAL:
            return f"deal {event.number}, dealer {who}"
        case EventKind.HAND | EventKind.DRAW:
            return " ".join(event.cards)
        case EventKind.TURN_UP:
            return f"turn-up {words.cards()}"
        case EventKind.COUNT:
            lifted, guessed, guesser = event.values
            return f"{who} lifts {lifted} cards; {words.seat(guesser)} guesses {guessed}"
        case EventKind.UNDRAWN:
            return f"{plural(event.number, 'card')} left undrawn"
    assert_never(kind)


_Declaring = Literal[
    EventKind.DECLARE,
    EventKind.PENDING,
    EventKind.LOST,
    EventKind.SCORE,
    EventKind.EXCHANGE,
    EventKind.SHOW,
    EventKind.CARTE_BLANCHE,
    EventKind.TRUMPS,
    EventKind.YIELD,
]


def _declaring_text(kind: _Declaring, words: _Words) -> str:
    event = words.event
    match kind:
        case EventKind.DECLARE:
            return f"{words.combo()}: {words.cards()}"
        case EventKind.PENDING:
            return f"{words.combo()} to score: {words.cards()}"
        case EventKind.LOST:
            return f"declaration {event.number} ({words.combo()}) is lost"
        case EventKind.SCORE:
            return _score_text(event, words.combo())
        case EventKind.EXCHANGE:
            seven, taken = (parse_face(card).pretty for card in event.cards)
            return f"exchanges {seven} for {taken}"
        case EventKind.SHOW:
            return f"shows the seven of trumps {words.cards()}"
        case EventKind.CARTE_BLANCHE:
            return f"carte blanche{'' if event.number else ' again'}: {words.cards()}"
        case EventKind.TRUMPS:
            return f"{SUIT_SYMBOLS[event.what]} are trumps"
        case EventKind.YIELD:
            return f"{words.who} passes the right to declare to his partner"
    assert_never(kind)


_Playing = Literal[
    EventKind.PLAY,
    EventKind.TRICK,
    EventKind.ENDGAME,
    EventKind.CLOSE,
    EventKind.CLAIM,
    EventKind.DUEL,
    EventKind.END_OF_DEAL,
    EventKind.GAME_WON,
    EventKind.GAME_OVER,
]


def _playing_text(kind: _Playing, words: _Words) -> str:
    event = words.event
    match kind:
        case EventKind.PLAY:
            return " ".join(event.cards)
        case EventKind.TRICK:
            return f"trick {event.number} to {words.who}"
        case EventKind.ENDGAME:
            return "stock exhausted"
        case EventKind.CLOSE:
            return f"{words.who} closes the stock"
        case EventKind.CLAIM:
            return f"{words.who} claims {event.points}"
        case EventKind.DUEL:
            first, second = event.values
            return f"{words.seat(first)} and {words.seat(second)} play their last tricks"
        case EventKind.END_OF_DEAL:
            return "deal scores " + " ".join(str(p) for p in event.values)
        case EventKind.GAME_WON:
            if event.what == Ending.VOID:
                return "void game: no game points, the next game"
            return "game won: " + _game_over(event, words.seat)
        case EventKind.GAME_OVER:
            return _game_over(event, words.seat)
    assert_never(kind)


def _score_text(event: Event, combo: str) -> str:
    """A score's reason in words: a :class:`Reason`, or else a combination (``combo``)."""
    shown = _pretty(event.cards)
    if event.what not in _REASONS:
        return f"{combo} {shown}"
    reason = Reason(event.what)
    match reason:
        case Reason.BRISQUES:
            return plural(event.number, "brisque") + (f" ({shown})" if shown else "")
        case Reason.LAST_TRICK:
            return "last trick" + (" of the stock" if event.number else "")
        case Reason.SEVEN:
            return f"seven of trumps {shown}"
        case Reason.SEVEN_EXCHANGE:
            return f"exchange of {shown}"
        case Reason.SEVEN_TURNED_UP:
            return f"turned-up seven {shown}"
        case Reason.CARTE_BLANCHE:
            return "carte blanche" + ("" if event.number else " again")
        case Reason.DEAL_COUNT:
            return f"lifted exactly {event.number}"
        case Reason.COUNT_GUESS:
            return f"guessed {event.number} exactly"
        case Reason.BRISQUE_WAR:
            return f"brisque war lost, with {plural(event.number, 'brisque')}"
        case Reason.CARD_POINTS:
            return "card points" + (f" ({shown})" if shown else "")
    assert_never(reason)


_REASONS: Final = frozenset(Reason)


def _game_over(event: Event, seat_name: Callable[[int | None], str]) -> str:
    ending = Ending(event.what)
    seats = event.values or ((event.player,) if event.player is not None else ())
    who = " and ".join(seat_name(seat) for seat in seats)
    verb = "reach" if len(seats) > 1 else "reaches"
    worth = f", a game worth {event.number}" if event.number else ""
    match ending:
        case Ending.VOID:
            return "void game"
        case Ending.SETTLED:
            return f"{seat_name(event.player)} wins a game worth {event.points}"
        case Ending.MATCH:
            return f"{who} {verb} {event.points} game points: the match"
        case Ending.TARGET | Ending.TIE_BREAK:
            tie = " on the tie-break" if ending is Ending.TIE_BREAK else ""
            return f"{who} {verb} {event.points}{tie}{worth}"
        case Ending.LAST_TRICK:
            return f"{who} won the last trick of a deal played out short of {event.points}{worth}"
        case Ending.CLOSER_FAILED:
            return f"the closer did not reach {event.points} first: {who} wins{worth}"
        case Ending.CLAIM:
            return f"{who} {verb} {event.points}, claimed{worth}"
        case Ending.FALSE_CLAIM:
            return f"a false claim of {event.points}: {who} wins{worth}"
    assert_never(ending)
