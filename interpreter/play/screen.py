"""What the person sees of the game: the table before each move, the events as they happen,
the numbered moves, the marks of declared cards explained the first time they appear, and why
the last tricks leave fewer cards to choose from.

Seats are named ``p1``, ``p2``, … (from 1) with who sits there: ``p1 (you)``, ``p2 (greedy)``,
``p3 (partner, greedy)``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from interpreter.cards import SUIT_SYMBOLS, Face
from interpreter.engine import (
    Declare,
    Event,
    EventKind,
    Game,
    IllegalMoveError,
    Move,
    Phase,
    Play,
    PlayerView,
    Reason,
)
from interpreter.engine import describe as describe_event
from interpreter.engine.moves import label_face
from interpreter.play.text import NBSP, plural, together, with_symbols


def seat_names(game: Game, seat: int, bot: str) -> list[str]:
    """How the screen names each seat: ``p1 (you)``, ``p3 (partner, greedy)``,
    ``p2 (greedy)``; each name is kept on one line."""
    names = []
    for other in range(game.rules.players):
        if other == seat:
            who = "you"
        elif other in game.rules.partners(seat):
            who = f"partner, {bot}"
        else:
            who = bot
        names.append(together(f"p{other + 1} ({who})"))
    return names


def _faces(cards: tuple[tuple[int, Face], ...] | tuple[Face, ...]) -> str:
    faces = [item[1] if isinstance(item, tuple) else item for item in cards]
    return " ".join(face.pretty for face in faces) or "—"


def render(view: PlayerView, names: Sequence[str]) -> str:
    """The screen for ``view.player``: deal, trick, trumps, stock, scores, every seat's
    declared cards, the cards known to be back in a hand, the person's hand, what waits to be
    scored, the cards lying face up and the trick so far."""
    me = view.player
    lines = [*heading(view, names), *_others(view, names)]
    if view.table[me]:
        lines.append(f"Your table: {_faces(view.table[me])}")
    for seat in range(view.players):
        if view.open[seat]:
            owner = "Your" if seat == me else f"{names[seat]}\u2019s"
            lines.append(f"{owner} open cards: {_faces(view.open[seat])}")
    lines.append(f"Your hand: {_faces(view.hand)}")
    lines.extend(_in_play(view, names))
    return "\n".join(lines)


def heading(view: PlayerView, names: Sequence[str]) -> list[str]:
    """The screen's first two lines: the deal, the trick, trumps and the stock; the scores."""
    trump = SUIT_SYMBOLS[view.trump] if view.trump else "none yet"
    turn_up = f" (turn-up {view.turn_up.pretty})" if view.turn_up else ""
    scores = " · ".join(together(f"{names[s]} {view.scores[s]}") for s in range(view.players))
    this_deal = " · ".join(str(points) for points in view.deal_points)
    winner = view.last_trick_winner
    if view.phase is Phase.DECLARE and winner is not None:  # between two tricks: the one just won
        trick = f"trick {view.trick_no} won by {'you' if winner == view.player else names[winner]}"
    else:
        trick = f"trick {view.trick_no + 1}"
    lines = [
        f"Deal {view.deal_no} · {trick} · trump {trump}{turn_up} · "
        f"stock {plural(view.stock_size, 'card')}",
        f"Scores: {scores} (this deal: {this_deal})",
    ]
    if view.match_points:  # a match: the game points of each seat, or of each side
        solo = len(view.match_points) == view.players
        who = [names[s] if solo else f"side {s + 1}" for s in range(len(view.match_points))]
        points = " · ".join(
            together(f"{w} {p}") for w, p in zip(who, view.match_points, strict=True)
        )
        lines.append(f"Game points: {points}")
    return lines


def _others(view: PlayerView, names: Sequence[str]) -> list[str]:
    """For each other seat: its declared cards and those known to be back in its hand (when
    there are any), and how many cards it holds."""
    lines = []
    for seat in range(view.players):
        if seat == view.player:
            continue
        shown = f"Table of {names[seat]}: {_faces(view.table[seat])}" if view.table[seat] else ""
        known = f"known in hand: {_faces(view.known[seat])}" if view.known[seat] else ""
        if shown and known:
            lines.append(f"{shown}   {known}")
        elif known:
            lines.append(f"{names[seat]}: {known}")
        elif shown:  # (nothing said of an empty table)
            lines.append(shown)
        lines.append(f"{names[seat]} holds {plural(view.hand_sizes[seat], 'card')} in all")
    return lines


def _in_play(view: PlayerView, names: Sequence[str]) -> list[str]:
    """The lines under the hand, each only when it has something to say: the person's
    declarations waiting to be scored, the tricks lying face up, the trick so far, and that
    the person may declare now."""
    me = view.player
    lines = []
    pending = [e for e in view.entries[me] if not e.scored and not e.lost]
    if pending:
        lines.append(
            "To score: "
            + ", ".join(
                together(f"{e.no}: {e.combo} {_faces(e.faces)} ({e.points})") for e in pending
            )
        )
    if view.heap:
        lines.append(f"Tricks lying face up (until a brisque is won): {_faces(view.heap)}")
    if view.trick:
        lines.append("Trick: " + ", ".join(f"{names[s]} {f.pretty}" for s, f in view.trick))
    if view.phase is Phase.DECLARE and view.to_act == me:
        lines.append("You may declare now; 'draw' (or its number) when you are done.")
    return lines


def move_text(move: Move | str, combos: Mapping[str, str] | None = None) -> str:
    """A move as the screen shows it, cards with their suit symbols (``play Q♠*1``), a
    declaration with its combination's name when ``combos`` gives it (``declare royal
    marriage K♠ Q♠``); typed back, with symbols or letters, it is the same move."""
    if combos and isinstance(move, Declare):
        return with_symbols(f"declare {combos.get(move.combo, move.combo)} {' '.join(move.labels)}")
    return with_symbols(str(move))


def moves_line(moves: Sequence[Move], combos: Mapping[str, str] | None = None) -> str:
    """``Moves: 1. play Q♠   2. draw``: each move kept whole when the line is wrapped."""
    return "Moves: " + "   ".join(
        together(f"{number}. {move_text(move, combos)}")
        for number, move in enumerate(moves, start=1)
    )


_QUIET = frozenset({EventKind.LOST, EventKind.SHOW, EventKind.DECLARE, EventKind.END_OF_DEAL})
"""Kinds the terminal does not print as they come: a declaration and a shown seven print as
their score, the end of a deal as its breakdown."""


def describe(
    event: Event, me: int, names: Sequence[str], combos: Mapping[str, str] | None = None
) -> str | None:
    """An event as the person may see it (what others drew or were dealt stays hidden)."""
    who = names[event.player] if event.player is not None else ""
    match event.kind:
        case EventKind.DRAW:
            return f"{who}: draw {_cards(event)}" if event.visible_to(me) else f"{who}: draw a card"
        case EventKind.HAND:
            return f"{who}: dealt {_cards(event)}" if event.player == me else None
        case EventKind.PLAY:
            return f"{who}: play {_cards(event)}"
        case EventKind.DEAL if event.number > 1:
            return None  # the end of the deal before has said who deals
        case EventKind.UNDRAWN:
            return f"{plural(event.number, 'card')} left undrawn"
        case EventKind.SCORE if event.what == Reason.BRISQUES:
            won = f" ({_cards(event)})" if event.cards else ""
            return f"{who}: +{event.points} for {plural(event.number, 'brisque')}{won}"
    text = describe_event(event, combos, names)
    match event.kind:
        case EventKind.SCORE:
            return f"{who}: +{event.points} for {with_symbols(text)}"
        case EventKind.PENDING:
            return f"{who}: show {text}"
        case EventKind.EXCHANGE | EventKind.TRUMPS | EventKind.CARTE_BLANCHE | EventKind.YIELD:
            return f"{who}: {text}"
    return None if event.kind in _QUIET else with_symbols(text)


def held_declaration(
    event: Event, following: Event | None, names: Sequence[str], combos: Mapping[str, str]
) -> str | None:
    """A declaration whose points wait until its player wins a trick (declaring on lead):
    said as it is shown, for its score comes later; None for any other event, and for a
    declaration scored at once (its score says it)."""
    if event.kind is not EventKind.DECLARE or event.player is None:
        return None
    scored = (
        following is not None
        and following.kind is EventKind.SCORE
        and (following.player, following.what) == (event.player, event.what)
    )
    if scored:
        return None
    text = with_symbols(describe_event(event, combos, names))
    return f"{names[event.player]}: shows {text} ({event.points}, counted once a trick is won)"


def _cards(event: Event) -> str:
    return with_symbols(" ".join(event.cards))


def legend(moves: Sequence[Move], explained: set[str]) -> list[str]:
    """A line for each mark of a declared card (``A♠*1``) in ``moves`` not yet explained, with
    an example from the moves; the marks explained are added to ``explained``."""
    lines = []
    for move in moves:
        for word in move_text(move).split()[1:]:
            face = label_face(word)
            mark = word[len(face) : len(face) + 1]
            if not mark or mark in explained:
                continue
            explained.add(mark)
            numbers = [n for n in word[len(face) + 1 :].split(".") if n]
            declared = ""
            if numbers:
                declared = f"declaration{'s' if len(numbers) > 1 else ''} {_and(numbers)}"
            if mark == "*":
                what = f"the {face} lying face up on the table" + (
                    f", declared in {declared}" if declared else ""
                )
            elif mark == "^":
                what = f"an open {face} won in the trick just played"
            else:
                what = f"your partner\u2019s declared {face}" + (
                    f", in his {declared}" if declared else ""
                )
            lines.append(
                f"{word} is {what}. Moves name such a card with its mark; {face} alone is "
                "one in the hand."
            )
    return lines


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def forced(game: Game, view: PlayerView) -> str | None:
    """Why the last tricks leave the person fewer cards to play than he holds: the duties the
    engine gives as its reasons for refusing the other cards (None when every card may go)."""
    if not view.endgame or not view.trick or not view.hand:
        return None
    allowed = {label_face(m.label) for m in view.legal_moves if isinstance(m, Play)}
    reasons: list[str] = []
    for _, face in view.hand:
        if str(face) in allowed:
            continue
        try:
            game.parse_move(f"play {face}")
        except IllegalMoveError as error:
            if error.reason.startswith("must ") and error.reason not in reasons:
                reasons.append(error.reason)
    if not reasons:
        return None
    duties = "; ".join(f"you {reason}" for reason in reasons)
    if len(allowed) == 1:
        only = with_symbols(next(iter(allowed)))
        return f"Only {only} may be played: {duties}."
    return f"Not every card may be played: {duties}."


__all__ = [
    "NBSP",
    "describe",
    "forced",
    "heading",
    "legend",
    "move_text",
    "moves_line",
    "render",
]
