"""Reading a record: its text (:mod:`interpreter.records.reading`), then every field checked —
its presence, its type (strictly: no number from a string or a boolean) and its form — with
every problem reported at once, each at its line.  What can only be checked against the variant
(the number of seats, the dealer's seat, the deck orders) and the game (the actions, the
result) is checked by the replay."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from interpreter.cards import CardSyntaxError, parse_face
from interpreter.engine.errors import MoveSyntaxError
from interpreter.engine.moves import normalize
from interpreter.loader.diagnostics import BIDI, CONTROL, KeyPath, toml_repr
from interpreter.records.format import FORMAT, VERSION, Record, split_action
from interpreter.records.place import Place, RecordError
from interpreter.records.reading import load_toml, read_text

HASH = re.compile(r"^sha256:[0-9a-f]{64}$")
RESULT_KEYS = ("scores", "winner", "deals", "value")
_HEADER = {
    "format",
    "version",
    "variant",
    "variant_hash",
    "seats",
    "seed",
    "dealer",
    "deals",
    "actions",
    "actions_digest",
    "result",
    "variant_data",
}
_CONTROL = re.compile(rf"[\x00-\x1f\x7f-\x9f{BIDI}]")
_CONTROL_IN_TEXT = CONTROL  # tabs and line breaks allowed
_NAME_LENGTH = 100  # a seat's name
_VARIANT_LENGTH = 4096  # a variant's name, or the path of a variant file (as long as Linux's)
_MOST_PROBLEMS = 20


def read(path: str | Path) -> Record:
    """Read and check a record file; :class:`RecordError` lists what is wrong, by line."""
    file = Path(path)
    return parse(read_text(file), str(file))


def parse(text: str, where: str = "record") -> Record:
    """Read and check a record's text; :class:`RecordError` lists what is wrong, by line."""
    place = Place(where, text)
    return _Fields(load_toml(text, place), place).record()


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Fields:
    def __init__(self, data: dict[str, Any], place: Place) -> None:
        self.data = data
        self.place = place
        self.problems: list[tuple[str, str]] = []  # (file:line, what is wrong there)

    def problem(self, path: KeyPath, message: str) -> None:
        self.problems.append((self.place.at(path), self.place.message(path, message)))

    def record(self) -> Record:
        data = self.data
        if data.get("format") != FORMAT:
            got = "missing" if "format" not in data else f"got {toml_repr(data['format'])}"
            raise self.place.error(("format",), f"expected format = {FORMAT!r} ({got})")
        version = data.get("version")
        if not _whole(version) or version != VERSION:
            got = "missing" if "version" not in data else f"got {toml_repr(version)}"
            raise self.place.error(("version",), f"this program reads version {VERSION} ({got})")
        self.required("variant", str, self.name)
        self.required("variant_hash", str, lambda value: self.digest("variant_hash", value))
        self.required("seats", list, self.seats)
        self.required("seed", int, None)
        self.required("actions", list, self.actions)
        self.optional("dealer", int, self.dealer)
        self.optional("deals", list, self.deals)
        self.optional("actions_digest", str, lambda value: self.digest("actions_digest", value))
        self.optional("result", dict, self.result)
        self.optional("variant_data", dict, None)
        meta = {key: value for key, value in data.items() if key not in _HEADER}
        for key, value in meta.items():
            if isinstance(value, str):
                self.text((key,), value, multiline=True)
            else:
                self.problem((key,), f"extra header fields are text, got {toml_repr(value)}")
        if self.problems:
            shown = [message for _, message in self.problems[:_MOST_PROBLEMS]]
            if len(self.problems) > _MOST_PROBLEMS:
                where = self.problems[_MOST_PROBLEMS][0]
                shown.append(f"{where}: and {len(self.problems) - _MOST_PROBLEMS} more problems")
            raise RecordError("\n".join(shown))
        return Record(
            variant=data["variant"],
            variant_hash=data["variant_hash"],
            seats=list(data["seats"]),
            seed=data["seed"],
            actions=list(data["actions"]),
            dealer=data.get("dealer"),
            deals=[list(deal) for deal in data.get("deals", [])],
            result=dict(data.get("result", {})),
            variant_data=data.get("variant_data"),
            meta=meta,
            actions_digest=data.get("actions_digest"),
            place=self.place,
        )

    # -- presence and type ----------------------------------------------------------------------

    def required(self, key: str, kind: type, check: Callable[[Any], None] | None) -> None:
        if key not in self.data:
            self.problem((key,), "missing")
        else:
            self.optional(key, kind, check)

    def optional(self, key: str, kind: type, check: Callable[[Any], None] | None) -> None:
        if key not in self.data:
            return
        value = self.data[key]
        if self.typed((key,), value, kind) and check is not None:
            check(value)

    def typed(self, path: KeyPath, value: Any, kind: type) -> bool:
        """Whether ``value`` is of ``kind``; if not, the problem is reported."""
        good = _whole(value) if kind is int else isinstance(value, kind)
        if not good:
            names = {str: "text", int: "a whole number", list: "a list", dict: "a table"}
            self.problem(path, f"should be {names[kind]}, got {toml_repr(value)}")
        return good

    def text(self, path: KeyPath, value: str, *, multiline: bool = False) -> None:
        control = _CONTROL_IN_TEXT if multiline else _CONTROL
        if control.search(value):
            self.problem(
                path,
                "control characters are not allowed in a record's text, nor bidirectional ones",
            )

    # -- forms -----------------------------------------------------------------------------------

    def name(self, value: str) -> None:
        if not value.strip() or len(value) > _VARIANT_LENGTH:
            self.problem(("variant",), f"a name or a path of 1 to {_VARIANT_LENGTH} characters")
        self.text(("variant",), value)

    def digest(self, key: str, value: str) -> None:
        if not HASH.match(value):
            self.problem((key,), f"'sha256:' and 64 hexadecimal digits, got {toml_repr(value)}")

    def seats(self, seats: list[Any]) -> None:
        if not seats:
            self.problem(("seats",), "who sat in each seat: at least one name")
        for index, seat in enumerate(seats):
            path = ("seats", index)
            if self.typed(path, seat, str):
                if not seat.strip() or len(seat) > _NAME_LENGTH:
                    self.problem(path, f"a name of 1 to {_NAME_LENGTH} characters")
                self.text(path, seat)

    def dealer(self, dealer: int) -> None:
        if dealer < 0:
            self.problem(("dealer",), f"the first dealer's seat (0 for p1), got {dealer}")

    def deals(self, deals: list[Any]) -> None:
        for index, deal in enumerate(deals):
            if not self.typed(("deals", index), deal, list):
                continue
            for position, card in enumerate(deal):
                path = ("deals", index, position)
                if not self.typed(path, card, str):
                    continue
                try:
                    parse_face(card)
                except CardSyntaxError as error:
                    self.problem(path, str(error))

    def actions(self, actions: list[Any]) -> None:
        for index, action in enumerate(actions):
            path = ("actions", index)
            if not isinstance(action, str):
                self.problem(path, f"should be text, got {toml_repr(action)}")
                continue
            try:
                if _CONTROL.search(action):
                    raise RecordError("control characters are not allowed in an action")
                parsed = split_action(action)
                if not parsed.chance:
                    normalize(parsed.text)
            except (RecordError, MoveSyntaxError) as error:
                where = self.place.at(path)
                self.problems.append((where, f"{where}: action {index + 1}: {error}"))

    def result(self, result: dict[str, Any]) -> None:
        for key, value in result.items():
            path = ("result", key)
            if key not in RESULT_KEYS:
                self.problem(path, f"unknown key; a result has {', '.join(RESULT_KEYS)}")
            elif key == "scores":
                if self.typed(path, value, list):
                    for seat, score in enumerate(value):
                        self.typed((*path, seat), score, int)
            elif self.typed(path, value, int) and value < (1 if key == "deals" else 0):
                self.problem(path, f"cannot be {value}")
        if "scores" not in result:
            self.problem(("result", "scores"), "missing")
        if "deals" not in result:
            self.problem(("result", "deals"), "missing")
