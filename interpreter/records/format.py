"""The Bézique game record: a TOML file, in the spirit of PHH (poker hand histories).

    format = "bezique-record"
    version = 1
    variant = "bezique"                 # a shipped name, or a label for embedded data
    variant_hash = "sha256:…"           # of the resolved variant the game was played under
    seats = ["Ann", "greedy"]           # who sat where (names are free text)
    seed = 7                            # drives the cut and every shuffle
    dealer = 1                          # optional: the first dealer (the cut is skipped)
    deals = [["QS", "7H", …], …]        # optional: fixed deck orders, top card first
    actions = [
      "p2 is dealt 8S AH QH JH 7H KD TS JD",   # chance: what the deal gave ("??": unseen)
      "turn-up KC",
      "p1 play 7D",                             # a player's move in the move notation
      "p2 play TS  # a comment on the move",
      "p1 draws JS",
      …
    ]
    [result]                            # written by the recorder, checked on replay
    scores = [1010, 960]
    winner = 0
    [variant_data]                      # optional: the resolved variant itself
    …

Nothing in a record is executed: it is read as data and replayed through the engine.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from interpreter.engine.errors import MoveSyntaxError
from interpreter.engine.moves import normalize

FORMAT = "bezique-record"
VERSION = 1
_ACTOR = re.compile(r"^p(\d+) (.+)$")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


@dataclass
class Record:
    variant: str
    variant_hash: str
    seats: list[str]
    seed: int
    actions: list[str]
    dealer: int | None = None
    deals: list[list[str]] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)
    variant_data: dict[str, Any] | None = None
    meta: dict[str, str] = field(default_factory=dict)  # event, date, comment …


@dataclass(frozen=True)
class Action:
    """One action line: ``seat`` (0-based) and ``text``; chance lines have ``chance`` set."""

    seat: int | None
    text: str
    comment: str
    chance: bool


def split_action(line: str) -> Action:
    """``"p2 play TS  # comment"`` → Action(1, "play TS", "comment", False)."""
    body, _, comment = line.partition(" #")
    body = body.strip()
    if body.startswith("turn-up "):
        return Action(None, body, comment.strip(), True)
    match = _ACTOR.match(body)
    if match is None:
        raise RecordError(
            f"{line!r} is not an action: write 'p1 play QS', 'p2 draws 7H', "
            "'p1 is dealt …' or 'turn-up 9H'"
        )
    seat, text = int(match[1]) - 1, match[2].strip()
    chance = text.startswith("draws ") or text.startswith("is dealt ")
    return Action(seat, text, comment.strip(), chance)


def write(record: Record) -> str:
    """The canonical text of a record (parse → write is the identity on it)."""
    head: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": record.variant,
        "variant_hash": record.variant_hash,
    }
    head.update(record.meta)
    head["seats"] = record.seats
    head["seed"] = record.seed
    if record.dealer is not None:
        head["dealer"] = record.dealer
    lines = [tomli_w.dumps(head).rstrip("\n")]
    if record.deals:
        lines.append("deals = [")
        lines += [f"  {json.dumps(deal)}," for deal in record.deals]
        lines.append("]")
    lines.append("actions = [")
    lines += [f"  {json.dumps(action, ensure_ascii=False)}," for action in record.actions]
    lines.append("]")
    tables: dict[str, Any] = {}
    if record.result:
        tables["result"] = record.result
    if record.variant_data is not None:
        tables["variant_data"] = record.variant_data
    text = "\n".join(lines) + "\n"
    if tables:
        text += "\n" + tomli_w.dumps(tables)
    return text


def parse(text: str, where: str = "record") -> Record:
    """Read a record; ``RecordError`` says which line is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = re.search(r"\(at line (\d+), column (\d+)\)", message)
        if found:
            place = f"{found[1]}:{found[2]}"
            message = message[: found.start()].strip()
        else:
            place = str(len(text.splitlines()) or 1)
            message = message.replace(" (at end of document)", " at the end of the file")
        raise RecordError(f"{where}:{place}: TOML syntax error: {message}") from None

    def fail(key: str, message: str) -> RecordError:
        return RecordError(f"{where}:{_line_of(text, key)}: {key}: {message}")

    if data.get("format") != FORMAT:
        raise fail("format", f"expected format = {FORMAT!r}")
    if data.get("version") != VERSION:
        raise fail("version", f"this program reads version {VERSION}")
    kinds = {str: "text", list: "list", int: "whole number"}
    for key, kind in (
        ("variant", str),
        ("variant_hash", str),
        ("seats", list),
        ("seed", int),
        ("actions", list),
    ):
        if key not in data:
            raise RecordError(f"{where}: {key}: missing")
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise fail(key, f"should be a {kinds[kind]}, got {data[key]!r}")
    actions = data["actions"]
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise RecordError(f"{where}:{action_line(text, index)}: actions[{index}]: not a string")
        try:
            parsed = split_action(action)
            if not parsed.chance:
                normalize(parsed.text)
        except (RecordError, MoveSyntaxError) as error:
            raise RecordError(
                f"{where}:{action_line(text, index)}: action {index + 1}: {error}"
            ) from None
    deals = data.get("deals", [])
    if not isinstance(deals, list) or not all(
        isinstance(d, list) and all(isinstance(c, str) for c in d) for d in deals
    ):
        raise fail("deals", "a list of deck orders, each a list of cards such as 'QS'")
    dealer = data.get("dealer")
    if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)):
        raise fail("dealer", "the first dealer's seat number (0 for p1)")
    known = {
        "format",
        "version",
        "variant",
        "variant_hash",
        "seats",
        "seed",
        "dealer",
        "deals",
        "actions",
        "result",
        "variant_data",
    }
    meta = {k: v for k, v in data.items() if k not in known}
    if not all(isinstance(v, str) for v in meta.values()):
        raise fail(
            next(k for k, v in meta.items() if not isinstance(v, str)),
            "extra header fields are text",
        )
    return Record(
        variant=data["variant"],
        variant_hash=data["variant_hash"],
        seats=[str(s) for s in data["seats"]],
        seed=data["seed"],
        actions=list(actions),
        dealer=dealer,
        deals=[list(d) for d in deals],
        result=dict(data.get("result", {})),
        variant_data=data.get("variant_data"),
        meta=meta,
    )


def read(path: str | Path) -> Record:
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{file}: cannot read the record: {error}") from None
    return parse(text, str(file))


def _line_of(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.split("=")[0].strip() == key:
            return number
    return 1


def action_line(text: str, index: int) -> int:
    """The line of the ``index``-th element of the actions array (one per line when written
    by the program; otherwise the line of the array)."""
    lines = text.splitlines()
    start = _line_of(text, "actions")
    count = -1
    for number in range(start, len(lines) + 1):
        line = lines[number - 1]
        stripped = line.split("actions", 1)[-1] if number == start else line
        count += len(re.findall(r'"(?:[^"\\]|\\.)*"', stripped))
        if count >= index:
            return number
    return start
