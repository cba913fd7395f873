"""Play a game in the terminal: a person against a bot.

The screen shows the person's hand, the declared cards on both sides of the table, trump, stock
size and scores, and numbers the legal moves; a move is typed as its number or in the move
notation (``play QS``, ``QS``, ``declare bezique QS JD``).  An illegal move is refused with the
reason and nothing changes."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path

from interpreter.agents import make_agent
from interpreter.cards import SUIT_SYMBOLS, Face
from interpreter.engine import Game, IllegalMoveError, MoveSyntaxError, Phase, PlayerView
from interpreter.engine.events import Event, EventKind
from interpreter.engine.events import describe as describe_event
from interpreter.model import Variant
from interpreter.records import Recorder
from interpreter.records import write as write_record


def _faces(cards: tuple[tuple[int, Face], ...] | tuple[Face, ...]) -> str:
    faces = [item[1] if isinstance(item, tuple) else item for item in cards]
    return " ".join(face.pretty for face in faces) or "—"


def render(view: PlayerView, names: list[str]) -> str:
    """The screen for ``view.player``."""
    me = view.player
    trump = SUIT_SYMBOLS[view.trump] if view.trump else "none yet"
    turn_up = f" (turn-up {view.turn_up.pretty})" if view.turn_up else ""
    scores = "  ".join(
        f"{names[s]} {view.scores[s]} (this deal {view.deal_points[s]})"
        for s in range(view.players)
    )
    lines = [
        f"Deal {view.deal_no} · trick {view.trick_no + 1} · trump {trump}{turn_up} · "
        f"stock {view.stock_size}",
        f"Scores: {scores}",
    ]
    for seat in range(view.players):
        if seat == me:
            continue
        lines.append(
            f"{names[seat]}\u2019s table: {_faces(view.table[seat])}"
            + (f"   known in hand: {_faces(view.known[seat])}" if view.known[seat] else "")
        )
        lines.append(f"{names[seat]} holds {view.hand_sizes[seat]} card(s) in all")
    lines.append(f"Your table: {_faces(view.table[me])}")
    for seat in range(view.players):
        if view.open[seat]:
            owner = "Your" if seat == me else f"{names[seat]}\u2019s"
            lines.append(f"{owner} open cards: {_faces(view.open[seat])}")
    lines.append(f"Your hand:  {_faces(view.hand)}")
    pending = [e for e in view.entries[me] if not e.scored]
    if pending:
        lines.append(
            "To score: "
            + ", ".join(f"{e.no}: {e.combo} {_faces(e.faces)} ({e.points})" for e in pending)
        )
    if view.heap:
        lines.append(f"Tricks lying face up (until a brisque is won): {_faces(view.heap)}")
    if view.trick:
        lines.append("Trick: " + ", ".join(f"{names[s]} {f.pretty}" for s, f in view.trick))
    return "\n".join(lines)


_QUIET = frozenset({EventKind.LOST, EventKind.SHOW, EventKind.DECLARE})
"""Kinds the terminal does not print: a declaration and a shown seven print as their score."""


def describe(
    event: Event, me: int, names: list[str], combos: Mapping[str, str] | None = None
) -> str | None:
    """An event as the person may see it (what others drew or were dealt stays hidden)."""
    who = names[event.player] if event.player is not None else ""
    text = describe_event(event, combos, names)
    match event.kind:
        case EventKind.DRAW:
            seen = event.visible_to(me)
            return f"{who}: draw {text}" if seen else f"{who}: draw a card"
        case EventKind.HAND:
            return f"{who}: dealt {text}" if event.player == me else None
        case EventKind.PLAY:
            return f"{who}: play {text}"
        case EventKind.SCORE:
            return f"{who}: +{event.points} for {text}"
        case EventKind.PENDING:
            return f"{who}: show {text}"
        case EventKind.EXCHANGE | EventKind.TRUMPS | EventKind.CARTE_BLANCHE | EventKind.YIELD:
            return f"{who}: {text}"
    return None if event.kind in _QUIET else text


def play_terminal(
    variant: Variant,
    *,
    seed: int | None,
    seat: int,
    bot: str,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    record: str | None = None,
    variant_name: str = "",
    embed: bool = False,
) -> int:
    players = variant.players.count
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be between 1 and {players}")
    if seed is None:
        seed = random.randrange(2**63)  # so that a record of the game replays exactly
    game = Game.new(variant, seed=seed)
    recorder = Recorder(
        game,
        variant_name=variant_name or variant.name,
        seats=["person" if s == seat else bot for s in range(players)],
        seed=seed,
        embed=embed,
    )
    try:
        return _loop(game, recorder, seat, bot, seed, read, write)
    finally:
        if record is not None:
            Path(record).write_text(write_record(recorder.record()), encoding="utf-8")
            write(f"Record written to {record}.")


def _loop(
    game: Game,
    recorder: Recorder,
    seat: int,
    bot: str,
    seed: int,
    read: Callable[[str], str],
    write: Callable[[str], None],
) -> int:
    variant = game.variant
    players = variant.players.count
    bots = {s: make_agent(bot, game.rules, seed + s) for s in range(players) if s != seat}
    names = seat_names(game, seat, bot)
    shown = 0
    others = ", ".join(names[s] for s in range(players) if s != seat)
    write(
        f"{variant.title}: you are p{seat + 1}; the others are {others}. Type a move's number "
        "or its text; 'quit' ends the game."
    )
    while not game.is_over:
        events = game.events
        for event in events[shown:]:
            line = describe(event, seat, names, game.rules.combo_names)
            if line:
                write(line)
        shown = len(events)
        if game.to_act != seat:
            other = game.to_act
            assert other is not None
            recorder.step(bots[other].choose(game.view(other)))
            continue
        view = game.view(seat)
        write("")
        if view.phase is not Phase.ELECT:
            write(render(view, names))
        else:
            write("You won the cut: 'deal' to deal, 'pass' to let the player on your left deal.")
        moves = view.legal_moves
        write("Moves: " + "   ".join(f"{i + 1}. {m}" for i, m in enumerate(moves)))
        try:
            answer = read("> ").strip()
        except EOFError:
            write("")
            write("Game abandoned.")
            return 0
        if answer in ("quit", "exit"):
            write("Game abandoned.")
            return 0
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            recorder.apply(moves[int(answer) - 1])
            continue
        try:
            recorder.apply(answer)
        except (IllegalMoveError, MoveSyntaxError) as error:
            write(f"Not allowed: {getattr(error, 'reason', error)}")
    for event in game.events[shown:]:
        line = describe(event, seat, names, game.rules.combo_names)
        if line:
            write(line)
    outcome = game.outcome
    assert outcome is not None
    final = ", ".join(f"{names[s]} {score}" for s, score in enumerate(outcome.scores))
    if len(outcome.sides[0]) > 1:
        final += "; sides " + ", ".join(
            " + ".join(names[s] for s in side) + f" {total}"
            for side, total in zip(outcome.sides, outcome.side_scores, strict=True)
        )
    write(f"Game over: {final}.")
    return 0


def seat_names(game: Game, seat: int, bot: str) -> list[str]:
    """How the screen names each seat: "You", "partner (p3, greedy)", "p2 (greedy)"."""
    names = []
    for other in range(game.rules.players):
        if other == seat:
            names.append("You")
        elif other in game.rules.partners(seat):
            names.append(f"partner (p{other + 1}, {bot})")
        else:
            names.append(f"p{other + 1} ({bot})")
    return names
