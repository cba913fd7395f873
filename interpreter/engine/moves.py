"""Moves, with a text form that parses back.

A card in a move is written in the notation (``QS``).  A declared card lying on the table is
marked with ``*`` and the numbers of the declarations it belongs to (``QS*1.3``: the queen of
spades declared in declarations 1 and 3), because a declared copy and a copy in the hand are not
interchangeable.  Copies with the same history are, and appear once.

Every move has ``faces`` (the faces of the cards it names, ``("QS", "JD")``) and ``ids`` (the
engine's ids of those physical cards).

Texts: ``play QS`` · ``declare bezique QS JD`` · ``score 2`` · ``exchange 7H`` · ``show 7H`` ·
``draw`` · ``deal`` / ``pass`` (the winner of the cut elects to deal or not).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from interpreter.cards import CardSyntaxError, parse_face
from interpreter.engine.errors import MoveSyntaxError


class _OneCard:
    """A move that names one card: ``card`` (its id) written as ``label``."""

    __slots__ = ()
    card: int
    label: str

    @property
    def faces(self) -> tuple[str, ...]:
        return (label_face(self.label),)

    @property
    def ids(self) -> tuple[int, ...]:
        return (self.card,)


@dataclass(frozen=True, slots=True)
class Play(_OneCard):
    card: int = field(compare=False)
    label: str

    @property
    def kind(self) -> str:
        return "play"

    def __str__(self) -> str:
        return f"play {self.label}"


@dataclass(frozen=True, slots=True)
class Declare:
    combo: str
    cards: tuple[int, ...] = field(compare=False)
    labels: tuple[str, ...]
    points: int = field(compare=False)

    @property
    def kind(self) -> str:
        return "declare"

    def __str__(self) -> str:
        return f"declare {self.combo} {' '.join(self.labels)}"

    @property
    def faces(self) -> tuple[str, ...]:
        return tuple(label_face(label) for label in self.labels)

    @property
    def ids(self) -> tuple[int, ...]:
        return self.cards


class _NoCards:
    """A move that names no card."""

    __slots__ = ()

    @property
    def faces(self) -> tuple[str, ...]:
        return ()

    @property
    def ids(self) -> tuple[int, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class ScorePending(_NoCards):
    entry: int
    combo: str = field(compare=False)
    points: int = field(compare=False)

    @property
    def kind(self) -> str:
        return "score"

    def __str__(self) -> str:
        return f"score {self.entry}"


@dataclass(frozen=True, slots=True)
class ExchangeSeven(_OneCard):
    card: int = field(compare=False)
    label: str

    @property
    def kind(self) -> str:
        return "exchange"

    def __str__(self) -> str:
        return f"exchange {self.label}"


@dataclass(frozen=True, slots=True)
class ShowSeven(_OneCard):
    card: int = field(compare=False)
    label: str

    @property
    def kind(self) -> str:
        return "show"

    def __str__(self) -> str:
        return f"show {self.label}"


@dataclass(frozen=True, slots=True)
class CarteBlanche(_NoCards):
    """Show a hand without a court card (or, later, a non-court card just drawn) and score."""

    @property
    def kind(self) -> str:
        return "carte_blanche"

    def __str__(self) -> str:
        return "carte-blanche"


@dataclass(frozen=True, slots=True)
class Yield(_NoCards):
    """Pass the right to declare after this trick to the partner (bicyclecards.com)."""

    @property
    def kind(self) -> str:
        return "yield"

    def __str__(self) -> str:
        return "yield"


@dataclass(frozen=True, slots=True)
class Close(_NoCards):
    """Close the stock: no more drawing, the last tricks' duties at once (Sixty-six,
    Schnapsen)."""

    @property
    def kind(self) -> str:
        return "close"

    def __str__(self) -> str:
        return "close"


@dataclass(frozen=True, slots=True)
class Claim(_NoCards):
    """Claim the target and stop the deal: won if true, the adversary paid if false
    (Sixty-six's 'out')."""

    @property
    def kind(self) -> str:
        return "claim"

    def __str__(self) -> str:
        return "claim"


@dataclass(frozen=True, slots=True)
class Draw(_NoCards):
    @property
    def kind(self) -> str:
        return "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Elect(_NoCards):
    """The winner of the cut elects to deal (``deal``) or to let the other deal (``pass``)."""

    deal: bool

    @property
    def kind(self) -> str:
        return "elect"

    def __str__(self) -> str:
        return "deal" if self.deal else "pass"


Move = (
    Play
    | Declare
    | ScorePending
    | ExchangeSeven
    | ShowSeven
    | CarteBlanche
    | Yield
    | Draw
    | Elect
    | Close
    | Claim
)

_CARD_COMMANDS = {"play": 1, "exchange": 1, "show": 1}


def label_face(label: str) -> str:
    """The face of a card label, without its mark: ``QS*1.3``, ``QS^``, ``QS+2`` → ``QS``."""
    for mark in "*^+":
        label = label.partition(mark)[0]
    return label


def _card_token(token: str) -> str:
    """Canonical form of one card token, keeping a table mark (``q♠*1`` → ``QS*1``)."""
    mark_char = next((m for m in "^+" if m in token), "*")
    face_part, star, mark = token.partition(mark_char)
    try:
        face = str(parse_face(face_part))
    except CardSyntaxError as error:
        raise MoveSyntaxError(str(error)) from None
    if star and mark and not all(part.isdigit() for part in mark.split(".")):
        raise MoveSyntaxError(
            f"{token!r}: after '{mark_char}' come declaration numbers, e.g. QS*1.3"
        )
    return face + star + mark


def _named_combo(words: list[str], combos: Mapping[str, str]) -> list[str]:
    """``words`` (after ``declare``) with a combination's name, which may be several words,
    replaced by its id; unchanged when they start with no name (an id, or a mistake)."""
    lowered = [word.casefold() for word in words]
    for combo, name in sorted(combos.items(), key=lambda item: -len(item[1].split())):
        named = name.casefold().split()
        if len(named) <= len(words) and lowered[: len(named)] == named:
            return [combo, *words[len(named) :]]
    return words


def _declaration(words: list[str], combos: Mapping[str, str] | None) -> str:
    if combos and len(words) > 1:
        words = _named_combo(words, combos)
    if len(words) < 2:
        raise MoveSyntaxError(
            "'declare' takes a combination and its cards, e.g. 'declare bezique QS JD'"
        )
    return " ".join(["declare", words[0].lower(), *(_card_token(w) for w in words[1:])])


def normalize(text: str, combos: Mapping[str, str] | None = None) -> str:
    """Canonical text of a move typed by a person; raises ``MoveSyntaxError`` if unreadable.

    A bare card (``QS``) means ``play QS``.  Card symbols and ``10`` are accepted; given the
    variant's combination names (id to name), a declaration may name its combination as the
    screen shows it (``declare royal marriage KS QS`` for ``declare marriage_royal KS QS``)."""
    words = text.strip().split()
    if not words:
        raise MoveSyntaxError("empty move")
    command = words[0].lower()
    if [w.lower() for w in words] == ["carte", "blanche"] or command == "carte-blanche":
        return "carte-blanche"
    if command in ("draw", "deal", "pass", "yield", "close", "claim"):
        if len(words) != 1:
            raise MoveSyntaxError(f"{command!r} takes nothing after it")
        return command
    if command in _CARD_COMMANDS:
        if len(words) != 2:
            example = "QS'" if command == "play" else "7H' (the seven of trumps)"
            raise MoveSyntaxError(f"{command!r} takes one card, e.g. '{command} {example}")
        return f"{command} {_card_token(words[1])}"
    if command == "score":
        if len(words) != 2 or not words[1].isdigit():
            raise MoveSyntaxError(
                "'score' takes the number of a declaration to score, e.g. 'score 2'"
            )
        return f"score {int(words[1])}"
    if command == "declare":
        return _declaration(words[1:], combos)
    if len(words) == 1 and len(label_face(words[0])) <= 3:
        return f"play {_card_token(words[0])}"
    raise MoveSyntaxError(
        f"unknown move {words[0]!r}: moves are play, declare, score, exchange, show, draw, "
        "deal and pass"
    )
