"""Where the tables of ``bezique serve`` are kept: every table and every move, written as it is
made, so that a server stopped in any way (SIGKILL included) and started again brings every
table back where it was.

:class:`SqliteStore` keeps them in one SQLite file (the standard library's ``sqlite3``, in WAL
mode): the default, and enough for one server process.  The schema is versioned
(:data:`SCHEMA_VERSION`, in the ``meta`` table); a file written by a newer version is refused
rather than misread.

What is stored is what replays the game (:meth:`~interpreter.web.session.WebGame.restore`):
the variant (a shipped name, or an uploaded file's text), the seed, the seats and every move in
order, bots' moves included.  A seat's token is stored only as its SHA-256, so that the file
alone lets no one into a seat.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    variant_name TEXT NOT NULL,
    variant_text TEXT,
    variant_file TEXT,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    options TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


class StoreError(RuntimeError):
    """The store cannot be used: a file of a newer schema, or not a store at all."""


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: enough to deal it again and replay its moves."""

    id: str
    created: float
    touched: float
    variant_name: str
    variant_text: str | None  # an uploaded variant's text; None for a shipped variant
    variant_file: str | None
    seed: int
    seats: tuple[str, ...]  # "person" or a bot's name, per seat
    options: dict[str, Any]
    token_hashes: dict[int, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)


class SqliteStore:
    """Tables in one SQLite file (``":memory:"``: in memory, for tests)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(f"{self.path}: not a table store ({error})") from None

    def _migrate(self) -> None:
        with self._write() as db:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?)",
                    (str(SCHEMA_VERSION),),
                )
            elif int(row[0]) > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path}: written by a newer version (schema {row[0]}; this one "
                    f"reads {SCHEMA_VERSION})"
                )

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction, all or nothing."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- writing -------------------------------------------------------------------------------
    def create(self, table: StoredTable) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO tables (id, created, touched, variant_name, variant_text, "
                "variant_file, seed, seats, options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.created,
                    table.touched,
                    table.variant_name,
                    table.variant_text,
                    table.variant_file,
                    table.seed,
                    json.dumps(list(table.seats)),
                    json.dumps(table.options),
                ),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, token_hash, name) VALUES (?, ?, ?, ?)",
                [
                    (table.id, seat, digest, table.names.get(seat, ""))
                    for seat, digest in sorted(table.token_hashes.items())
                ],
            )
            self._insert_moves(db, table.id, 0, table.moves)

    def add_moves(self, table_id: str, first: int, moves: Sequence[tuple[int, str]]) -> None:
        """``moves`` made at ``table_id``, numbered from ``first`` (the moves stored before)."""
        if not moves:
            return
        with self._write() as db:
            self._insert_moves(db, table_id, first, moves)
            db.execute("UPDATE tables SET touched = ? WHERE id = ?", (time.time(), table_id))

    def _insert_moves(
        self, db: sqlite3.Connection, table_id: str, first: int, moves: Sequence[tuple[int, str]]
    ) -> None:
        now = time.time()
        db.executemany(
            "INSERT INTO moves (table_id, number, seat, move, at) VALUES (?, ?, ?, ?, ?)",
            [(table_id, first + i, seat, text, now) for i, (seat, text) in enumerate(moves)],
        )

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        with self._write() as db:
            db.execute(
                "UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                (name, table_id, seat),
            )

    def expire(self, before: float) -> list[str]:
        """Tables untouched since ``before`` (seconds since the epoch) removed; their ids."""
        with self._write() as db:
            gone = [r[0] for r in db.execute("SELECT id FROM tables WHERE touched < ?", (before,))]
            db.executemany("DELETE FROM tables WHERE id = ?", [(i,) for i in gone])
        return gone

    # -- reading -------------------------------------------------------------------------------
    def tables(self) -> list[StoredTable]:
        """Every table stored, with its seats and moves, the oldest first."""
        with self._lock:
            db = self._db
            rows = db.execute(
                "SELECT id, created, touched, variant_name, variant_text, variant_file, seed, "
                "seats, options FROM tables ORDER BY created, id"
            ).fetchall()
            seats = db.execute("SELECT table_id, seat, token_hash, name FROM seats").fetchall()
            moves = db.execute(
                "SELECT table_id, seat, move FROM moves ORDER BY table_id, number"
            ).fetchall()
        found = {
            r[0]: StoredTable(
                id=r[0],
                created=r[1],
                touched=r[2],
                variant_name=r[3],
                variant_text=r[4],
                variant_file=r[5],
                seed=r[6],
                seats=tuple(json.loads(r[7])),
                options=json.loads(r[8]),
            )
            for r in rows
        }
        for table_id, seat, digest, name in seats:
            found[table_id].token_hashes[seat] = digest
            found[table_id].names[seat] = name
        for table_id, seat, text in moves:
            found[table_id].moves.append((seat, text))
        return list(found.values())
