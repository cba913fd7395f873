"""Replay a record through the engine, checking every action; and record a game as it is
played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from interpreter.cards import CardSyntaxError, parse_face
from interpreter.engine import Game, IllegalMoveError, Move, MoveSyntaxError
from interpreter.engine.events import Event, EventKind
from interpreter.engine.history import RECORDED
from interpreter.model import Variant, variant_data, variant_from_data, variant_hash
from interpreter.records.format import (
    Action,
    Record,
    RecordError,
    action_line,
    split_action,
)


def record_variant(record: Record, load: Callable[[str], Variant]) -> Variant:
    """The variant a record was played under: its embedded data, or the shipped variant of
    that name — which must still hash as it did when the game was recorded."""
    if record.variant_data is not None:
        try:
            variant = variant_from_data(record.variant_data)
        except ValidationError as error:
            raise RecordError(f"variant_data is not a valid variant: {error}") from None
        if variant_hash(variant) != record.variant_hash:
            raise RecordError("variant_data does not match variant_hash: the record was edited")
        return variant
    variant = load(record.variant)
    if variant_hash(variant) != record.variant_hash:
        raise RecordError(
            f"the variant {record.variant!r} has changed since this record was written "
            "(its hash differs); a record that embeds [variant_data] replays anyway"
        )
    return variant


def replay(
    record: Record, variant: Variant, where: str = "record", text: str | None = None
) -> Game:
    """Play the record's actions through the engine; ``RecordError`` names the first action
    that is not legal (or does not match what the engine deals) and why."""
    try:
        game = Game.new(variant, seed=record.seed, deal_orders=record.deals, dealer=record.dealer)
    except ValueError as error:
        raise RecordError(f"{where}: deals: {error}") from None
    seen = 0
    for index, line in enumerate(record.actions):
        action = split_action(line)

        def fail(reason: str, index: int = index, action: Action = action) -> RecordError:
            who = f"p{action.seat + 1} " if action.seat is not None else ""
            place = f"{where}:{_line(text, index)}: " if text is not None else f"{where}: "
            return RecordError(f"{place}action {index + 1}, {who}{action.text!r}: {reason}")

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
    _check_result(record, game, where)
    return game


def _line(text: str | None, index: int) -> int:
    return action_line(text or "", index)


def _faces(text: str) -> list[str]:
    out = []
    for word in text.split():
        try:
            out.append("??" if word == "??" else str(parse_face(word)))
        except CardSyntaxError:
            out.append(word)
    return out


def _chance_of(event: Event) -> tuple[str, int | None, list[str]]:
    """A recorded chance event: what happened, to whom, and the cards (faces)."""
    if event.kind is EventKind.TURN_UP:
        return "turn-up", None, list(event.cards)
    kind = "is dealt" if event.kind is EventKind.HAND else "draws"
    return kind, event.player, list(event.cards)


def _match_chance(game: Game, seen: int, action: Action, fail: Callable[[str], RecordError]) -> int:
    if action.text.startswith("turn-up "):
        kind, cards = "turn-up", action.text.removeprefix("turn-up ")
    elif action.text.startswith("is dealt "):
        kind, cards = "is dealt", action.text.removeprefix("is dealt ")
    else:
        kind, cards = "draws", action.text.removeprefix("draws ")
    wanted = _faces(cards)
    events = game.events
    for position in range(seen, len(events)):
        event = events[position]
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


def _check_result(record: Record, game: Game, where: str) -> None:
    result = record.result
    if not result:
        return
    outcome = game.outcome
    if outcome is None:
        raise RecordError(
            f"{where}: result: the record has a result but its actions do not finish the game"
        )
    if list(outcome.scores) != result.get("scores"):
        raise RecordError(
            f"{where}: result: the record says the scores were "
            f"{result.get('scores')}, the replay gives {list(outcome.scores)}"
        )
    if outcome.winner != result.get("winner", outcome.winner):
        raise RecordError(f"{where}: result: the record names another winner")


class Recorder:
    """Wraps a game, for ``record()`` to turn it into a ``Record``: its actions are the game's
    whole history (``Game.public_history(None)``)."""

    def __init__(
        self,
        game: Game,
        *,
        variant_name: str,
        seats: list[str],
        seed: int,
        dealer: int | None = None,
        embed: bool = False,
        deals: list[list[str]] | None = None,
    ) -> None:
        self.game = game
        self.variant_name = variant_name
        self.seats = seats
        self.seed = seed
        self.dealer = dealer
        self.embed = embed
        self.deals = deals or []

    @property
    def actions(self) -> list[str]:
        """Every move and recorded chance event so far, in the record notation."""
        return self.game.public_history(None)

    def step(self, move: Move) -> None:
        self.game.step(move)

    def apply(self, move: Move | str) -> None:
        """A checked move (as typed by a person)."""
        self.game.apply(move)

    def record(self) -> Record:
        variant = self.game.variant
        outcome = self.game.outcome
        result: dict[str, object] = {}
        if outcome is not None:
            result = {
                "scores": list(outcome.scores),
                "winner": outcome.winner,
                "deals": outcome.deals,
            }
            if outcome.winner is None:
                del result["winner"]
            if outcome.settlement is not None:
                result["value"] = outcome.settlement.value
        return Record(
            variant=self.variant_name,
            variant_hash=variant_hash(variant),
            seats=self.seats,
            seed=self.seed,
            actions=list(self.actions),
            dealer=self.dealer,
            deals=self.deals,
            result=result,
            variant_data=variant_data(variant) if self.embed else None,
        )


def replay_file(path: str | Path, load: Callable[[str], Variant]) -> tuple[Record, Game]:
    from interpreter.records.format import parse

    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{file}: cannot read the record: {error}") from None
    record = parse(text, str(file))
    try:
        variant = record_variant(record, load)
    except RecordError as error:
        raise RecordError(f"{file}: {error}") from None
    return record, replay(record, variant, str(file), text)
