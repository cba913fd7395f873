"""The record fuzzer: valid records, played by the shipped bots, corrupted by structured
mutations, and the verdict every corrupted record must get.

A replay either accepts a record — and then the game it replays is the game the record claims:
its result, its digest, its seats — or refuses it with a ``RecordError`` every line of which
begins ``file:line:``.  Any other exception is a failure.  Used by the suite
(``tests/test_records_fuzz.py``, a small budget) and by ``benchmarks/fuzz_records.py`` (a
large one).
"""

from __future__ import annotations

import hashlib
import random
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from interpreter.agents import make_agent
from interpreter.engine import Game
from interpreter.loader import VariantError, load_variant, shipped_variant_names
from interpreter.model import variant_data, variant_from_data, variant_hash
from interpreter.records import Record, Recorder, RecordError, replay_file, write
from interpreter.simulate import simulate


@dataclass(frozen=True)
class Base:
    """A valid record, and the game it records."""

    name: str
    text: str
    actions: tuple[str, ...]  # the game's complete actions (its public history)
    digest: str | None


def _digest(actions: list[str]) -> str:
    """Worked out here, not by the package: the oracle does not trust the code it checks."""
    return "sha256:" + hashlib.sha256("\n".join(actions).encode()).hexdigest()


def _base(name: str, record: Record) -> Base:
    return Base(name, write(record), tuple(record.actions), record.actions_digest)


def _partial(name: str, seed: int, moves: int, *, embed: bool = False) -> Base:
    """The first ``moves`` actions of a game between the random and greedy bots."""
    game = Game.new(load_variant(name), seed=seed)
    kinds = ["greedy" if seat % 2 else "random" for seat in range(game.players)]
    bots = [make_agent(kind, game.rules, seed + seat) for seat, kind in enumerate(kinds)]
    recorder = Recorder(game, variant_name=name, seats=kinds, seed=seed, embed=embed)
    while not game.is_over and len(recorder.actions) < moves:
        seat = game.to_act
        assert seat is not None
        recorder.step(bots[seat].choose(game.view(seat)))
    return _base(name, recorder.record())


def _finished(name: str, seed: int, *, embed: bool = False) -> Base:
    """A whole one-deal game, recorded as ``bezique simulate --record`` records it."""
    records: list[Record] = []
    variant = load_variant(name)
    agents = ("greedy", "random")
    simulate(variant, 1, seed=seed, agents=agents, on_record=records.append, embed_variant=embed)
    return _base(name, records[0])


def _older(name: str, seed: int, moves: int) -> Base:
    """A record of the older form, without a digest."""
    base = _partial(name, seed, moves)
    text = base.text.replace(f'actions_digest = "{base.digest}"\n', "")
    return Base(base.name, text, base.actions, None)


RECIPES: tuple[Callable[[], Base], ...] = (
    lambda: _finished("rubicon", 1),
    lambda: _finished("rubicon-modern", 2, embed=True),
    lambda: _partial("bezique", 3, 140),
    lambda: _partial("polish", 4, 80, embed=True),
    lambda: _partial("three-handed", 5, 100, embed=True),
    lambda: _partial("four-handed-partners", 6, 90),
    lambda: _older("bezique", 11, 90),
)
"""Short valid records: finished one-deal games (with a result), unfinished games of two,
three and four players, with and without their variant embedded, and one record of the older
form, without a digest."""


@cache
def bases() -> tuple[Base, ...]:
    """The records of :data:`RECIPES`, played once."""
    return tuple(recipe() for recipe in RECIPES)


# -- mutations --------------------------------------------------------------------------------

Mutation = Callable[[random.Random, str], str | bytes]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def truncate(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text))]


def random_bytes(rng: random.Random, text: str) -> bytes:
    raw = bytearray(text.encode())
    for _ in range(rng.randint(1, 8)):
        at = rng.randrange(len(raw))
        raw[at : at + rng.randint(0, 2)] = bytes(
            rng.randrange(256) for _ in range(rng.randint(1, 3))
        )
    return bytes(raw)


def delete_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    at = rng.randrange(len(lines))
    lines.insert(at, lines[at])
    return "\n".join(lines)


def swap_lines(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


_ODD_VALUES = (
    "5",
    "-1",
    "0",
    "1.5",
    "nan",
    "-inf",
    "true",
    '"7"',
    '""',
    "[]",
    "{}",
    "[1, 2]",
    '["x"]',
    "{ a = 1 }",
    "1979-05-27",
    str(2**63),
    str(-(2**63) - 1),
    "9" * 30,
    "9" * 5000,
    "0x" + "F" * 5000,
    "1e999",
    '"\\u001b[31mred"',
)


def odd_value(rng: random.Random, text: str) -> str:
    """The value of one ``key = value`` line (or of one array line) becomes another kind."""
    lines = _lines(text)
    candidates = [i for i, line in enumerate(lines) if "=" in line or line.startswith("  ")]
    if not candidates:
        return text
    at = rng.choice(candidates)
    line, value = lines[at], rng.choice(_ODD_VALUES)
    if "=" in line and not line.startswith("  "):
        lines[at] = line.split("=", 1)[0] + "= " + value
    else:
        lines[at] = f"  {value},"
    return "\n".join(lines)


def deep_nesting(rng: random.Random, text: str) -> str:
    depth = rng.choice((15, 25, 200, 1_000, 5_000))
    nested = (
        "[" * depth + "]" * depth if rng.random() < 0.5 else "{ a = " * depth + "1" + " }" * depth
    )
    lines = _lines(text)
    lines.insert(rng.randrange(6), f"deep = {nested}")
    return "\n".join(lines)


def long_key(rng: random.Random, text: str) -> str:
    parts = rng.choice((50, 101, 5_000, 50_000))
    return ".".join(["k"] * parts) + " = 1\n" + text


# -- mutations of the data, written back as TOML --------------------------------------------


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _holder(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


_UNSHAPED = (LookupError, TypeError, ValueError, AttributeError, RecursionError)
"""What a mutation of the data meets on a record that an earlier mutation left in another
shape: it then leaves the text as it is."""


def _data(text: str) -> dict[str, Any] | None:
    if any(line.count(".") > 100 for line in text.split("\n")):
        return None  # tomllib would take minutes over a long dotted key
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None


def _as_data(mutate: Callable[[random.Random, dict[str, Any]], None]) -> Mutation:
    def mutation(rng: random.Random, text: str) -> str:
        data = _data(text)
        if data is None:
            return text
        try:
            mutate(rng, data)
            return tomli_w.dumps(data)
        except _UNSHAPED:
            return text

    mutation.__name__ = mutate.__name__
    return mutation


def _delete_key(rng: random.Random, data: dict[str, Any]) -> None:
    path = rng.choice(_paths(data))
    holder = _holder(data, path)
    del holder[path[-1]]


def _retype(rng: random.Random, data: dict[str, Any]) -> None:
    path = rng.choice(_paths(data))
    old = _holder(data, path)[path[-1]]
    options: list[Any] = [str(old), 1, True, 1.0, [old], {"x": old}, -(2**62), 2**63 - 1]
    _holder(data, path)[path[-1]] = rng.choice(options)


def _shuffle_actions(rng: random.Random, data: dict[str, Any]) -> None:
    """Two actions swapped, one removed or one repeated — plays most of all."""
    actions = data["actions"]
    plays = [i for i, a in enumerate(actions) if " play " in a] or list(range(len(actions)))
    a, b = rng.choice(plays), rng.choice(plays)
    kind = rng.randrange(3)
    if kind == 0:
        actions[a], actions[b] = actions[b], actions[a]
    elif kind == 1:
        del actions[a]
    else:
        actions.insert(a, actions[a])


_PATHS = ("/etc/passwd", "/proc/self/environ", "../rubicon.toml", "rubicon.toml", "/", "..", ".")


def _change_claim(rng: random.Random, data: dict[str, Any]) -> None:
    """A seat, the seed, the dealer, the variant's name or a figure of the result changed."""
    choice = rng.randrange(6)
    result = data.get("result")
    if choice == 0:
        data["seats"] = data["seats"] + ["extra"] if rng.random() < 0.5 else data["seats"][:-1]
    elif choice == 1:
        data["seed"] += 1
    elif choice == 2:
        data["dealer"] = rng.choice((0, 1, 2, 5, -1))
    elif choice == 5:
        data["variant"] = rng.choice(_PATHS)
    elif result and choice == 3:
        key = rng.choice(sorted(result))
        result[key] = [s + 10 for s in result[key]] if key == "scores" else result[key] + 1
    elif result:
        result.pop(rng.choice(sorted(result)))


def edit_variant_data(rng: random.Random, text: str) -> str:
    """One to three values of the embedded variant changed (a number nudged, a flag flipped, a
    key or an array entry removed, a table set to false) — the shipped variant embedded first
    if the record names one — and its hash written anew, as anyone may."""
    data = _data(text)
    if data is None:
        return text
    try:
        if "variant_data" not in data and data.get("variant") in shipped_variant_names():
            data["variant_data"] = variant_data(load_variant(data["variant"]))
        return _edit_variant_data(rng, data, data["variant_data"])
    except (*_UNSHAPED, VariantError):
        return text


def _edit_variant_data(rng: random.Random, data: dict[str, Any], embedded: dict[str, Any]) -> str:
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_paths(embedded))
        holder, key = _holder(embedded, path), path[-1]
        old = holder[key]
        if isinstance(old, bool):
            holder[key] = not old
        elif isinstance(old, int):
            holder[key] = old + rng.choice((-2, -1, 1, 7, -old))
        elif isinstance(old, dict) and rng.random() < 0.5:
            holder[key] = False
        else:
            del holder[key]
    try:
        data["variant_hash"] = variant_hash(variant_from_data(embedded))
    except (ValidationError, *_UNSHAPED):
        pass  # the loader will refuse it: the hash does not matter
    return tomli_w.dumps(data)


TEXT_MUTATIONS: tuple[Mutation, ...] = (
    truncate,
    random_bytes,
    delete_line,
    duplicate_line,
    swap_lines,
    odd_value,
    deep_nesting,
    long_key,
)
DATA_MUTATIONS: tuple[Mutation, ...] = (
    _as_data(_delete_key),
    _as_data(_retype),
    _as_data(_shuffle_actions),
    _as_data(_change_claim),
)
MUTATIONS = TEXT_MUTATIONS + DATA_MUTATIONS + (edit_variant_data,)


# -- the verdict ------------------------------------------------------------------------------


def verdict(path: Path, base: Base) -> str:
    """``"accepted"`` or ``"refused"``; raises ``AssertionError`` when the replay accepts a
    record that claims another game than it replays, or refuses one without ``file:line``,
    and lets any other exception through."""
    try:
        record, game = replay_file(path, load_variant)
    except RecordError as error:
        located = re.compile(rf"{re.escape(str(path))}:\d+(:\d+)?: ")
        for line in str(error).splitlines():
            assert located.match(line), f"a refusal without its line: {line!r}"
        return "refused"
    assert len(record.seats) == game.players
    history = game.public_history(None)
    if record.actions_digest is not None:
        assert record.actions_digest == _digest(history), "accepted with a wrong digest"
        if record.actions_digest == base.digest:
            assert tuple(history) == base.actions, "accepted as another game than recorded"
    if record.result:
        outcome = game.outcome
        assert outcome is not None, "a result accepted for an unfinished game"
        assert record.result["scores"] == list(outcome.scores)
        assert record.result.get("winner") == outcome.winner
        assert record.result["deals"] == outcome.deals
        value = None if outcome.settlement is None else outcome.settlement.value
        assert record.result.get("value") == value
    return "accepted"


def write_mutant(folder: Path, mutant: str | bytes) -> Path:
    path = folder / "mutant.toml"
    if isinstance(mutant, bytes):
        path.write_bytes(mutant)
    else:
        path.write_text(mutant, encoding="utf-8", errors="surrogatepass")
    return path
