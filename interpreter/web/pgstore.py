"""The tables kept in PostgreSQL (``bezique serve --db postgresql://…``; the ``postgres``
extra: psycopg 3 and its pool), so that several server processes behind one address share
them.

A change at a table is made in one transaction that first locks the table's row
(``SELECT … FOR UPDATE``): two processes never change one table at once, and each catches up
with the other's moves before making its own.  At commit the transaction sends ``NOTIFY
bezique_tables, 'ID'``; every process listens on that channel (a thread of its own, one
connection), catches up with the table and tells its live connections, so that a person
connected to one process sees, live, a move made through another."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from interpreter.web.store import Sql, Store, StoreError

CHANNEL = "bezique_tables"
_MIGRATION_LOCK = 6_150_202  # pg_advisory_xact_lock: one process creates the tables at a time


def _pg(sql: str) -> str:
    return sql.replace("?", "%s")


class _PgSql:
    def __init__(self, cursor: psycopg.Cursor[Any]) -> None:
        self.cursor = cursor

    def run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        self.cursor.execute(_pg(sql), tuple(params))
        return list(self.cursor.fetchall()) if self.cursor.description else []

    def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self.cursor.executemany(_pg(sql), [tuple(r) for r in rows])


class PgStore(Store):
    """Tables in the PostgreSQL database ``url`` names."""

    shared = True

    def __init__(self, url: str, *, connections: int = 8) -> None:
        self.url = url
        self.where = url.split("@")[-1]  # no password in a message
        try:
            self.pool = ConnectionPool(url, min_size=1, max_size=connections, open=True, timeout=30)
            self.pool.wait(timeout=30)
        except (psycopg.Error, Exception) as error:  # the pool wraps what it cannot reach
            raise StoreError(f"{self.where}: cannot use the database ({error})") from None
        self.migrate()
        self._listener: threading.Thread | None = None
        self._closed = threading.Event()

    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator[Sql]:
        with self.pool.connection() as connection, connection.transaction():
            cursor = connection.cursor()
            if lock is not None:
                cursor.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (lock,))
            yield _PgSql(cursor)

    def first_of_migration(self, sql: Sql) -> None:
        sql.run(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")

    def notify(self, sql: Sql, table_id: str) -> None:
        sql.run("SELECT pg_notify(?, ?)", (CHANNEL, table_id))

    def listen(self, heard: Callable[[str], None]) -> None:
        def run() -> None:
            while not self._closed.is_set():
                try:
                    with psycopg.connect(self.url, autocommit=True) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        for note in connection.notifies():
                            if self._closed.is_set():
                                return
                            try:
                                heard(note.payload)
                            except Exception:  # the table is read again at its next request
                                continue
                except psycopg.OperationalError:  # the database went away: try again
                    self._closed.wait(1.0)

        self._listener = threading.Thread(target=run, name="bezique-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        self._closed.set()
        self.pool.close()
