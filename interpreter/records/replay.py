"""Replay a record through the engine, checking every action and every claim it makes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from interpreter.cards import CardSyntaxError, parse_face
from interpreter.engine import Game, IllegalMoveError, MoveSyntaxError, Rules
from interpreter.engine.events import Event, EventKind
from interpreter.engine.history import RECORDED
from interpreter.model import Variant
from interpreter.records.claims import actions_digest, check_claims
from interpreter.records.format import Action, Record, split_action
from interpreter.records.parsing import parse
from interpreter.records.place import RecordError
from interpreter.records.reading import read_text
from interpreter.records.variants import record_variant


def replay(record: Record, variant: Variant) -> Game:
    """Play the record's actions through the engine.  ``RecordError`` names the first action
    that is not legal (or does not match what the engine deals) and why, or what else in the
    record does not hold: the seats, the dealer, the deck orders, the result, the digest."""
    rules = Rules(variant)
    _check_table(record, rules)
    place = record.place
    try:
        game = Game.new(rules, seed=record.seed, deal_orders=record.deals, dealer=record.dealer)
    except ValueError as error:
        raise place.error(("deals",), str(error)) from None
    seen = 0
    # An edited action may still be legal where it stands and fail only later.  The digest is
    # of the game's complete actions: when the record holds them all (its chance lines in
    # full, as the recorder writes them), a mismatch says at once that some were changed.
    actions = [split_action(line) for line in record.actions]
    complete = any(a.chance for a in actions) and not any("??" in a.text for a in actions)
    edited = complete and record.actions_digest not in (None, actions_digest(record.actions))
    hint = " (the actions do not match the record's digest: an earlier one may have been edited)"
    for index, action in enumerate(actions):

        def fail(reason: str, index: int = index, action: Action = action) -> RecordError:
            who = f"p{action.seat + 1} " if action.seat is not None else ""
            where = place.at(("actions", index))
            said = f"{where}: action {index + 1}, {who}{action.text!r}: {reason}"
            return RecordError(said + hint if edited else said)

        if action.seat is not None and action.seat >= rules.players:
            raise fail(f"this game has {rules.players} seats")
        if action.chance:
            seen = _match_chance(game, seen, action, fail)
            continue
        if game.is_over:
            raise fail("the game is already over")
        if action.seat != game.to_act:
            raise fail(f"it is p{(game.to_act or 0) + 1} who is to move")
        try:
            game.apply(action.text)
        except IllegalMoveError as error:
            raise fail(error.reason) from None
        except MoveSyntaxError as error:
            raise fail(str(error)) from None
    check_claims(record, game)
    return game


def _check_table(record: Record, rules: Rules) -> None:
    """The seats, the first dealer and the deck orders against the variant: all problems at
    once."""
    place, players = record.place, rules.players
    problems: list[str] = []
    if len(record.seats) != players:
        message = f"the variant has {players} seats; the record names {len(record.seats)}"
        problems.append(place.message(("seats",), message))
    if record.dealer is not None and not 0 <= record.dealer < players:
        message = f"the first dealer's seat: 0 to {players - 1}, got {record.dealer}"
        problems.append(place.message(("dealer",), message))
    deck = Counter(rules.face)
    for index, order in enumerate(record.deals):
        problem = _order_problem(order, deck)
        if problem is not None:
            problems.append(place.message(("deals", index), problem))
    if problems:
        raise RecordError("\n".join(problems))


def _order_problem(order: list[str], deck: Counter[str]) -> str | None:
    """What is wrong with a deck order (top card first), or None when it holds the deck."""
    if len(order) != deck.total():
        return f"{len(order)} cards; the deck has {deck.total()}"
    try:
        faces = Counter(str(parse_face(card)) for card in order)
    except CardSyntaxError as error:
        return str(error)
    for face in sorted(faces.keys() | deck.keys()):
        if faces[face] != deck[face]:
            return f"{faces[face]} × {face}; the deck has {deck[face]}"
    return None


def _faces(text: str) -> list[str]:
    out = []
    for word in text.split():
        try:
            out.append("??" if word == "??" else str(parse_face(word)))
        except CardSyntaxError:
            out.append(word)
    return out


def _chance_of(event: Event) -> tuple[str, int | None, list[str]]:
    """A recorded chance event (a kind of :data:`RECORDED`): what happened, to whom, and the
    cards (faces); another kind fails."""
    match event.kind:
        case EventKind.TURN_UP:
            return "turn-up", None, list(event.cards)
        case EventKind.HAND:
            return "is dealt", event.player, list(event.cards)
        case EventKind.DRAW:
            return "draws", event.player, list(event.cards)
    raise ValueError(f"a {event.kind} event is not a recorded chance event")


def _match_chance(game: Game, seen: int, action: Action, fail: Callable[[str], RecordError]) -> int:
    if action.text.startswith("turn-up "):
        kind, cards = "turn-up", action.text.removeprefix("turn-up ")
    elif action.text.startswith("is dealt "):
        kind, cards = "is dealt", action.text.removeprefix("is dealt ")
    else:
        kind, cards = "draws", action.text.removeprefix("draws ")
    wanted = _faces(cards)
    for position, event in enumerate(game.events_since(seen), start=seen):
        if event.kind not in RECORDED:
            continue
        got_kind, seat, got = _chance_of(event)
        if got_kind != kind or seat != action.seat:
            continue
        if len(got) != len(wanted) or any(
            w not in ("??", g) for w, g in zip(wanted, got, strict=True)
        ):
            return_text = " ".join(got)
            raise fail(f"the cards say {return_text}, not {' '.join(wanted)}")
        return position + 1
    raise fail("nothing of the kind happens here in the replay")


def replay_file(
    path: str | Path, load: Callable[[str], Variant], *, trust_paths: bool = False
) -> tuple[Record, Game]:
    """Read, check and replay a record file.  Its variant is embedded, shipped, or a file in
    the record's own folder — any path only with ``trust_paths``."""
    file = Path(path)
    record = parse(read_text(file), str(file))
    variant = record_variant(record, load, folder=file.parent, trust_paths=trust_paths)
    return record, replay(record, variant)
