"""What a shard was played with: the engine's hash and the variant's, carried by every shard
so that a run never adds up shards of different engines or rules.

- **The engine's hash** is the SHA-256 of the Python source of the modules of the
  ``interpreter`` package that a shard may run, as this process finds them (each file's path
  within the package and its bytes, in the order of the paths): every module but those of the
  layers that no shard imports (:data:`NOT_PLAYED`: the command line, the web server, the
  terminal game, the rulebooks, the adapters; ``tests/test_layers.py`` keeps the simulation
  from importing them, and a test checks that none is imported by a shard's code).  The
  engine, the bots, the model's defaults, the loader and the shard's own code all decide
  play, so all are hashed: a worker must run the same release as the command.  The compiled
  build (mypyc) ships its sources beside the extension modules built from them, so it has the
  hash of the pure build of the same sources, and plays the same games (the tests check that
  it does).  Not hashed: Python itself, the libraries the package imports, and the modules of
  ``module:Class`` agents.  The hash is worked out once per process, the first time it is
  needed: a process that imported the package before its files were edited is refused with
  the others, rightly, since it may run the code of before.
- **The variant's hash** is the hash of its rules that game records carry
  (:func:`~interpreter.model.serial.variant_hash`), worked out by the process that played the
  shard from the variant it was given; the two variants of a paired plan (``analyze --vs``)
  are hashed together.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

from interpreter.model.serial import variant_hash
from interpreter.scale.shards import Merging, Plan, Shardable

_Summary = TypeVar("_Summary", bound=Merging)
SHOWN = 16
"""Hexadecimal digits of a hash shown in a message."""
NOT_PLAYED = frozenset(
    ("cli", "web", "play", "rulebook", "adapters", "simulate.py", "schema_doc.py")
)
"""The parts of the package that no shard runs: left out of the engine's hash, so that a
worker whose command line or web server differs still plays."""


@cache
def engine_hash() -> str:
    """``sha256:…`` of the source of the package this process imports."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py"), key=lambda p: p.relative_to(package).as_posix()):
        within = path.relative_to(package)
        if "__pycache__" in within.parts or within.parts[0] in NOT_PLAYED:
            continue
        digest.update(within.as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return "sha256:" + digest.hexdigest()


def plan_variant_hash(plan: object) -> str:
    """The hash of the variant of ``plan``; of its variants' hashes when it holds several."""
    found = _variant_hashes(plan)
    if len(found) == 1:
        return found[0]
    return "sha256:" + hashlib.sha256("+".join(found).encode("utf-8")).hexdigest()


def _variant_hashes(plan: object) -> list[str]:
    if isinstance(plan, Plan):
        return [variant_hash(plan.variant)]
    if dataclasses.is_dataclass(plan) and not isinstance(plan, type):
        return [
            found
            for field in dataclasses.fields(plan)
            for found in _variant_hashes(getattr(plan, field.name))
        ]
    return []


@dataclass(frozen=True)
class Stamp:
    """The hashes of what a shard was played with."""

    engine: str
    variant: str


def stamp_of(plan: object) -> Stamp:
    """The stamp of ``plan`` played by this process (what a worker tells)."""
    return Stamp(engine_hash(), plan_variant_hash(plan))


def here() -> str:
    """This process, as a message names it: its host and process id."""
    return f"{socket.gethostname()}, process {os.getpid()}"


@dataclass(frozen=True)
class Stamped(Generic[_Summary]):
    """A shard's summary, with its stamp and the worker that played it."""

    summary: _Summary
    stamp: Stamp
    worker: str


def play_stamped(
    plan: Shardable[_Summary],
    index: int,
    on_deal: Callable[[], None] | None = None,
    worker: str | None = None,
) -> Stamped[_Summary]:
    """Play shard ``index`` of ``plan`` and stamp it (what a worker runs)."""
    summary = plan.run(index, on_deal)
    return Stamped(summary, stamp_of(plan), worker or here())


def short(hash_: str) -> str:
    return hash_[: len("sha256:") + SHOWN] + "…"


def differences(expected: Stamp, got: Stamp) -> str:
    """What differs between two stamps, in words: '' when they are the same."""
    said = []
    if got.engine != expected.engine:
        said.append(f"engine {short(got.engine)}, not this command's {short(expected.engine)}")
    if got.variant != expected.variant:
        said.append(f"variant {short(got.variant)}, not this command's {short(expected.variant)}")
    return "; ".join(said)


def check_stamp(expected: Stamp, stamped: Stamped[_Summary], index: int) -> _Summary:
    """The summary of shard ``index`` if it was played with the engine and variant of this
    command; else an error naming the worker and both hashes."""
    differ = differences(expected, stamped.stamp)
    if differ:
        raise ValueError(
            f"shard {index + 1} was played by the worker {stamped.worker} with another engine "
            f"or variant ({differ}): every worker must run the same "
            "release of bezique-interpreter as the command; the run is stopped"
        )
    return stamped.summary
