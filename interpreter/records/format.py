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
    actions_digest = "sha256:…"         # of the complete actions: written, checked on replay
    [result]                            # written by the recorder, checked on replay
    scores = [1010, 960]
    winner = 0
    deals = 3
    [variant_data]                      # optional: the resolved variant itself
    …

Nothing in a record is executed: it is read as data and replayed through the engine.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import tomli_w

from interpreter.records.place import Place, RecordError

FORMAT = "bezique-record"
VERSION = 1
_ACTOR = re.compile(r"^p([1-9][0-9]{0,2}) (.+)$")


@dataclass
class Record:
    """A game record as data.  ``place`` is where it was read from (its file and the lines of
    its keys, for messages); it is not part of the record."""

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
    actions_digest: str | None = None
    place: Place = field(default_factory=Place, compare=False, repr=False)


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
    if record.actions_digest is not None:
        lines.append(f"actions_digest = {json.dumps(record.actions_digest)}")
    tables: dict[str, Any] = {}
    if record.result:
        tables["result"] = record.result
    if record.variant_data is not None:
        tables["variant_data"] = record.variant_data
    text = "\n".join(lines) + "\n"
    if tables:
        text += "\n" + tomli_w.dumps(tables)
    return text


__all__ = ["FORMAT", "VERSION", "Action", "Record", "RecordError", "split_action", "write"]
