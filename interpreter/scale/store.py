"""A run's finished shards kept in a folder (``simulate --shards-dir DIR``), so that a run
stopped — Ctrl-C, a machine or a cluster gone — resumes where it was, with the figures of a
run never stopped.

The folder holds ``run.json``, what the run is (the engine's and the variant's hashes, the
seed, the agents, the shard size, duplicate play) and the seconds spent so far, and a file
per finished shard, ``shard-000042.pickle`` for shard 42 counted from 1: its summary, its
stamp (:mod:`interpreter.scale.stamp`) and its deals.  A run given a folder of another run is
refused before anything is played; a shard file that cannot be read, or of another number of
deals (the last shard of a run with another ``--deals``), is played again, with a message.
Each file is written whole under a temporary name, then renamed: a run stopped while writing
leaves no half-written shard.  The shard files are pickles, read as trusted: resume only from
a folder of your own runs.
"""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

from interpreter.scale.shards import Plan
from interpreter.scale.stamp import Stamp, differences, short

FORMAT = 1
MANIFEST = "run.json"


def shard_file(index: int) -> str:
    return f"shard-{index + 1:06d}.pickle"


class ShardStore:
    """The finished shards of one run, in a folder."""

    def __init__(self, folder: Path, plan: Plan, stamp: Stamp, seconds: float) -> None:
        self.folder, self.plan, self.stamp = folder, plan, stamp
        self.seconds_before = seconds  # spent by the earlier sessions of the run

    @classmethod
    def open(cls, folder: str, plan: Plan, stamp: Stamp) -> ShardStore:
        """The store of ``plan`` in ``folder``, made if need be; refused if it holds another
        run's shards."""
        path = Path(folder)
        run = _run_of(plan, stamp)
        try:
            path.mkdir(parents=True, exist_ok=True)
            manifest = path / MANIFEST
            if not manifest.exists():
                _write_atomic(manifest, _manifest(run, 0.0))
                return cls(path, plan, stamp, 0.0)
            kept = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ValueError(f"--shards-dir: cannot use {folder}: {_reason(error)}") from None
        other = _other_run(kept, run)
        if other:
            raise ValueError(
                f"--shards-dir: {folder} holds the shards of another run ({other}); give "
                "another folder, or empty this one to start the run again"
            )
        return cls(path, plan, stamp, float(kept.get("seconds", 0.0)))

    def finished(self, on_note: Callable[[str], None] | None) -> set[int]:
        """The shards of the run finished in the folder; each file that cannot be used is
        told to ``on_note`` and will be played again."""
        done = set()
        for index in range(self.plan.shards):
            if not (self.folder / shard_file(index)).exists():
                continue
            try:
                self.load(index)
            except ValueError as error:
                if on_note is not None:
                    on_note(f"{error}: played again")
                continue
            done.add(index)
        if done and on_note is not None:
            on_note(
                f"resumed: {len(done)} of {self.plan.shards} shards read from {self.folder}, "
                f"{self.plan.shards - len(done)} to play"
            )
        return done

    def load(self, index: int) -> Any:
        """The summary of finished shard ``index``."""
        path = self.folder / shard_file(index)
        try:
            with path.open("rb") as file:
                kept = pickle.load(file)
            stamp, deals, summary = kept["stamp"], kept["deals"], kept["summary"]
        except Exception as error:  # a file of anything: unpickling may raise any error
            raise ValueError(f"{path}: cannot be read ({_reason(error)})") from None
        differ = differences(self.stamp, Stamp(**stamp))
        if differ:
            raise ValueError(f"{path}: played with another engine or variant ({differ})")
        if deals != self.plan.budget(index):
            raise ValueError(
                f"{path}: {deals} deals, not the {self.plan.budget(index)} of this run"
            )
        return summary

    def save(self, index: int, summary: object, seconds: float) -> None:
        """Keep finished shard ``index``; ``seconds``: spent by this session so far."""
        kept = {
            "stamp": {"engine": self.stamp.engine, "variant": self.stamp.variant},
            "deals": self.plan.budget(index),
            "summary": summary,
        }
        try:
            _write_atomic(self.folder / shard_file(index), pickle.dumps(kept))
            run = _run_of(self.plan, self.stamp)
            _write_atomic(self.folder / MANIFEST, _manifest(run, self.seconds_before + seconds))
        except OSError as error:
            raise ValueError(
                f"--shards-dir: cannot write to {self.folder}: {_reason(error)}"
            ) from None


def _run_of(plan: Plan, stamp: Stamp) -> dict[str, Any]:
    """What makes the shards of a run: not its number of deals, so that a run can be made
    longer and keep its shards."""
    return {
        "variant": plan.variant.name,
        "variant_hash": stamp.variant,
        "engine_hash": stamp.engine,
        "seed": plan.seed,
        "agents": list(plan.agents),
        "shard_deals": plan.shard_deals,
        "duplicate": plan.duplicate,
        "detail": plan.detail,
    }


def _manifest(run: dict[str, Any], seconds: float) -> bytes:
    data = {"format": FORMAT, **run, "seconds": round(seconds, 3)}
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _other_run(kept: dict[str, Any], run: dict[str, Any]) -> str:
    """How the run kept differs from ``run``, in words: '' when it is the same."""
    if kept.get("format") != FORMAT:
        return f"format {kept.get('format')!r}, not {FORMAT}"
    said = []
    for key, value in run.items():
        was = kept.get(key)
        if was != value:
            shown = (short(str(was)), short(value)) if key.endswith("_hash") else (was, value)
            said.append(f"its {key.replace('_', ' ')} {shown[0]}, not {shown[1]}")
    return "; ".join(said)


def _write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` whole, under a temporary name, then rename it ``path``."""
    temporary = path.with_name(path.name + ".partial")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__
