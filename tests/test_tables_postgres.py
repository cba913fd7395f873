"""The tables on PostgreSQL (issue 35): the same store calls as SQLite's, and two server
processes on one database, a person connected to each, playing a deal live."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from interpreter.web.tables import Hall
from tests.postgres import postgres
from tests.tables_server import call, server


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with postgres() as url:
        yield url


def test_a_table_on_postgresql_comes_back_where_it_was(database: str) -> None:
    from interpreter.web.pgstore import PgStore

    hall = Hall(PgStore(database))
    table = hall.create({"variant": "rubicon", "seats": ["person", "expert"]})
    token = table["seats"][0]["token"]
    rng = random.Random(2)
    for _ in range(10):
        view = hall.seat_view(table["table"], 0, token)
        hall.move(table["table"], 0, token, rng.choice(view["moves"])["move"])
    before = hall.seat_view(table["table"], 0, token)
    again = Hall(PgStore(database))  # another process, or this one started again
    assert again.seat_view(table["table"], 0, token) == before
    again.store.close()
    hall.store.close()


def test_two_server_processes_on_one_database_play_a_deal_live(
    database: str, tmp_path: Path
) -> None:
    """Ann is connected to one server process, Bob to another; each sees, live, the other's
    moves made through the other process, and they play the whole first deal."""
    from websockets.sync.client import connect

    with (
        server(tmp_path / "first", "--db", database) as a,
        server(tmp_path / "second", "--db", database) as b,
        contextlib.ExitStack() as stack,
    ):
        table = call(a, "/api/tables", {"variant": "bezique", "seats": ["person", "person"]})
        tokens = [row["token"] for row in table["seats"]]
        bases = [a, b]
        lives = [
            stack.enter_context(
                connect(
                    base.replace("http", "ws", 1) + f"/api/tables/{table['table']}/seats/{n}/live"
                )
            )
            for n, base in enumerate(bases)
        ]
        for n, live in enumerate(lives):
            live.send(tokens[n])
        views = [json.loads(live.recv(timeout=30)) for live in lives]
        # each process's page shows the person connected through the other as connected
        for n, live in enumerate(lives):
            while views[n]["table"]["connected"] != [True, True]:
                views[n] = json.loads(live.recv(timeout=30))
        rng = random.Random(8)
        moves = 0

        def public(view: Any) -> Any:
            keys = ("to_act", "phase", "stock", "scores", "trick", "trick_no", "deal")
            return [view[key] for key in keys]

        seat_url = f"/api/tables/{table['table']}/seats/"
        while views[0]["deal"] <= 1 and not views[0]["over"]:
            seat = views[0]["to_act"]
            mine = call(bases[seat], seat_url + str(seat), token=tokens[seat])
            move = rng.choice(mine["moves"])["move"]
            after = call(bases[seat], f"{seat_url}{seat}/moves", {"move": move}, tokens[seat])
            moves += 1
            # the other seat's own process tells him, live, of the move made through the other
            other = 1 - seat
            update = json.loads(lives[other].recv(timeout=30))
            while public(update) != public(after):
                update = json.loads(lives[other].recv(timeout=30))
            views = [update, after] if other == 0 else [after, update]
        assert moves > 40
        assert views[0]["deal"] == 2 or views[0]["over"]
        lives[1].close()  # Bob leaves: Ann's page, on the other process, says so
        update = views[0]
        while update["table"]["connected"] != [True, False]:
            update = json.loads(lives[0].recv(timeout=30))


def test_a_process_that_stops_saying_it_is_alive_leaves_no_one_connected(database: str) -> None:
    """Another process's connections count on this one's pages while it says it is alive
    (its rows of presence fresh); a process killed stops saying so, and after
    ``PRESENCE_TTL`` its people show as gone."""
    from interpreter.web.pgstore import PgStore
    from interpreter.web.tables import PRESENCE_TTL

    first, second = Hall(PgStore(database)), Hall(PgStore(database))
    made = first.create({"variant": "bezique", "seats": ["person", "person"]})
    token = made["seats"][0]["token"]
    table = first.table(made["table"])
    table.connected[1] = 1  # Bob's live page, held by the first process
    first.present(table, 1)
    assert second.seat_view(made["table"], 0, token)["table"]["connected"] == [False, True]
    with first.store.transaction() as sql:  # the first process killed: silent since then
        sql.run("UPDATE presence SET seen = seen - ?", (PRESENCE_TTL + 1,))
    assert second.seat_view(made["table"], 0, token)["table"]["connected"] == [False, False]
    first.still_here()  # alive after all
    assert second.seat_view(made["table"], 0, token)["table"]["connected"] == [False, True]
    first.store.close()
    second.store.close()
