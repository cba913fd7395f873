"""Where the tables of ``bezique serve`` are kept: every table and every move, written as it is
made, so that a server stopped in any way (SIGKILL included) and started again brings every
table back where it was.

Two stores answer the same calls (:class:`Store`):

* :class:`SqliteStore` keeps them in one SQLite file (the standard library's ``sqlite3``, in
  WAL mode): the default, and enough for one server process;
* :class:`~interpreter.web.pgstore.PgStore` keeps them in PostgreSQL (``--db
  postgresql://…``, the ``postgres`` extra), so that several server processes share the tables:
  a move is made under a row lock on its table, and the other processes hear of it through
  ``LISTEN``/``NOTIFY``.

The schema is versioned (:data:`SCHEMA_VERSION`, in the ``meta`` table); a store written by a
newer version is refused rather than misread.  What is stored is what replays a game: the
variant (a shipped name, or an uploaded file's text), the seed, the seats and every move in
order, bots' moves included.  A seat's token is stored only as its SHA-256, so that the store
alone lets no one into a seat.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 1

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL, "
    "touched DOUBLE PRECISION NOT NULL, variant_name TEXT NOT NULL, variant_text TEXT, "
    "variant_file TEXT, seed BIGINT NOT NULL, seats TEXT NOT NULL, options TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE "
    "CASCADE, seat INTEGER NOT NULL, token_hash TEXT NOT NULL, name TEXT NOT NULL DEFAULT '', "
    "PRIMARY KEY (table_id, seat))",
    "CREATE TABLE IF NOT EXISTS moves (table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE "
    "CASCADE, number INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, number))",
    # Who is connected, per server process (shared stores only): its live connections per
    # seat, and when the process last said it was alive.
    "CREATE TABLE IF NOT EXISTS presence (table_id TEXT NOT NULL REFERENCES tables(id) ON "
    "DELETE CASCADE, process TEXT NOT NULL, seat INTEGER NOT NULL, live INTEGER NOT NULL, "
    "seen DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, process, seat))",
)
"""The tables, in SQL both SQLite and PostgreSQL read (``?`` placeholders in the statements
below; the PostgreSQL store writes them ``%s``)."""

_COLUMNS = "id, created, touched, variant_name, variant_text, variant_file, seed, seats, options"


class StoreError(RuntimeError):
    """The store cannot be used: a store of a newer schema, or not a store at all."""


@dataclass
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


class Sql(Protocol):
    """One transaction's statements (``?`` placeholders)."""

    def run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...
    def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


class Store:
    """The calls of a store, in SQL; a store gives :meth:`transaction` (all or nothing, with
    the row of one table locked when asked) and :meth:`notify`."""

    where: str = ""
    shared = False  # other server processes may change the tables too

    def transaction(self, lock: str | None = None) -> AbstractContextManager[Sql]:
        raise NotImplementedError

    def notify(self, sql: Sql, table_id: str) -> None:
        """Tell the other server processes that ``table_id`` changed (at commit)."""

    def listen(self, heard: Callable[[str], None]) -> None:
        """Call ``heard(table_id)`` whenever another process changes a table (none: one
        process)."""

    def close(self) -> None:
        raise NotImplementedError

    # -- the schema ----------------------------------------------------------------------------
    def first_of_migration(self, sql: Sql) -> None:
        """What makes one process at a time create the schema (none for one process)."""

    def migrate(self) -> None:
        with self.transaction() as sql:
            self.first_of_migration(sql)
            for statement in SCHEMA:
                sql.run(statement)
            row = sql.run("SELECT value FROM meta WHERE key = 'schema_version'")
            if not row:
                sql.run(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?)",
                    (str(SCHEMA_VERSION),),
                )
            elif int(row[0][0]) > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.where}: written by a newer version (schema {row[0][0]}; this one "
                    f"reads {SCHEMA_VERSION})"
                )

    # -- writing -------------------------------------------------------------------------------
    def create(self, table: StoredTable) -> None:
        with self.transaction() as sql:
            sql.run(
                f"INSERT INTO tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            sql.run_many(
                "INSERT INTO seats (table_id, seat, token_hash, name) VALUES (?, ?, ?, ?)",
                [
                    (table.id, seat, digest, table.names.get(seat, ""))
                    for seat, digest in sorted(table.token_hashes.items())
                ],
            )
            add_moves(sql, table.id, 0, table.moves)

    def add_moves(self, table_id: str, first: int, moves: Sequence[tuple[int, str]]) -> None:
        """``moves`` made at ``table_id``, numbered from ``first`` (the moves stored before)."""
        if moves:
            with self.transaction(table_id) as sql:
                add_moves(sql, table_id, first, moves)
                self.notify(sql, table_id)

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        with self.transaction(table_id) as sql:
            sql.run(
                "UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                (name, table_id, seat),
            )
            self.notify(sql, table_id)

    def expire(self, before: float) -> list[str]:
        """Tables untouched since ``before`` (seconds since the epoch) removed; their ids."""
        with self.transaction() as sql:
            gone = [r[0] for r in sql.run("SELECT id FROM tables WHERE touched < ?", (before,))]
            sql.run_many("DELETE FROM tables WHERE id = ?", [(i,) for i in gone])
        return gone

    # -- reading -------------------------------------------------------------------------------
    def tables(self, only: str | None = None) -> list[StoredTable]:
        """Every table stored (or the one ``only`` names), with its seats and moves, the
        oldest first."""
        where, params = (" WHERE id = ?", (only,)) if only else ("", ())
        owned = (" WHERE table_id = ?", (only,)) if only else ("", ())
        with self.transaction() as sql:
            rows = sql.run(f"SELECT {_COLUMNS} FROM tables{where} ORDER BY created, id", params)
            seats = sql.run(
                f"SELECT table_id, seat, token_hash, name FROM seats{owned[0]}", owned[1]
            )
            moves = sql.run(
                f"SELECT table_id, seat, move FROM moves{owned[0]} ORDER BY table_id, number",
                owned[1],
            )
        found = {r[0]: _stored(r) for r in rows}
        for table_id, seat, digest, name in seats:
            found[table_id].token_hashes[seat] = digest
            found[table_id].names[seat] = name
        for table_id, seat, text in moves:
            found[table_id].moves.append((seat, text))
        return list(found.values())


def add_moves(sql: Sql, table_id: str, first: int, moves: Sequence[tuple[int, str]]) -> None:
    now = time.time()
    sql.run_many(
        "INSERT INTO moves (table_id, number, seat, move, at) VALUES (?, ?, ?, ?, ?)",
        [(table_id, first + i, seat, text, now) for i, (seat, text) in enumerate(moves)],
    )
    sql.run("UPDATE tables SET touched = ? WHERE id = ?", (now, table_id))


def set_presence(sql: Sql, table_id: str, process: str, seat: int, live: int) -> None:
    """``process`` has ``live`` connections to ``seat`` of ``table_id`` (-1: onlookers)."""
    sql.run(
        "INSERT INTO presence (table_id, process, seat, live, seen) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (table_id, process, seat) DO UPDATE SET live = excluded.live, "
        "seen = excluded.seen",
        (table_id, process, seat, live, time.time()),
    )


def still_present(sql: Sql, process: str) -> None:
    """``process`` is alive: its rows of presence are fresh again."""
    sql.run("UPDATE presence SET seen = ? WHERE process = ?", (time.time(), process))


def present_elsewhere(sql: Sql, table_id: str, process: str, within: float) -> dict[int, int]:
    """The live connections to each seat of ``table_id`` held by the other processes that
    said they were alive in the last ``within`` seconds (a process killed says nothing)."""
    rows = sql.run(
        "SELECT seat, SUM(live) FROM presence WHERE table_id = ? AND process <> ? AND seen >= ? "
        "GROUP BY seat",
        (table_id, process, time.time() - within),
    )
    return {int(seat): int(live) for seat, live in rows if live}


def moves_since(
    sql: Sql, table_id: str, first: int
) -> tuple[list[tuple[int, str]], dict[int, str]]:
    """The moves of ``table_id`` from number ``first`` on, and its seats' names: what another
    process may have added."""
    moves = sql.run(
        "SELECT seat, move FROM moves WHERE table_id = ? AND number >= ? ORDER BY number",
        (table_id, first),
    )
    names = sql.run("SELECT seat, name FROM seats WHERE table_id = ?", (table_id,))
    return [(seat, text) for seat, text in moves], {seat: name for seat, name in names}


def _stored(row: Sequence[Any]) -> StoredTable:
    return StoredTable(
        id=row[0],
        created=row[1],
        touched=row[2],
        variant_name=row[3],
        variant_text=row[4],
        variant_file=row[5],
        seed=row[6],
        seats=tuple(json.loads(row[7])),
        options=json.loads(row[8]),
    )


class _SqliteSql:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, tuple(params)).fetchall()

    def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, [tuple(r) for r in rows])


class SqliteStore(Store):
    """Tables in one SQLite file (``":memory:"``: in memory, for tests)."""

    def __init__(self, path: str | Path) -> None:
        self.where = self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self.migrate()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(f"{self.path}: not a table store ({error})") from None

    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator[Sql]:
        """One transaction, all or nothing (one process: every write waits for the one before,
        which locks every table at once)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _SqliteSql(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()
