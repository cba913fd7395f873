"""Tables where people play people (issue 35), over HTTP and WebSocket through the Starlette
application: invite links and their tokens, live views, what each seat and an onlooker is
sent, a store that brings every table back after a restart, and what the server refuses."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from interpreter.engine import Game
from interpreter.loader import shipped_variant_names
from interpreter.web.limits import Limits, Rate
from interpreter.web.server import app
from interpreter.web.session import ONLOOKER, Log, WebGame
from interpreter.web.store import SCHEMA_VERSION, SqliteStore, StoreError
from interpreter.web.tables import Hall

HOST = {"host": "127.0.0.1:8000"}


FAST = Limits(tables=(1000, 1000), moves=(1000, 1000))
"""Rates no test client playing as fast as it can reaches (the limits have their own test)."""


def client(hall: Hall | None = None, rates: Limits = FAST) -> TestClient:
    return TestClient(app(hall=hall, rates=rates), base_url="http://127.0.0.1:8000")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(c: TestClient, variant: str = "bezique", seats: list[str] | None = None) -> Any:
    answer = c.post("/api/tables", json={"variant": variant, "seats": seats or ["person"] * 2})
    assert answer.status_code == 200, answer.text
    return answer.json()


def tokens(table: Any) -> dict[int, str]:
    return {row["seat"]: row["token"] for row in table["seats"] if "token" in row}


def seat_view(c: TestClient, table: Any, seat: int) -> Any:
    answer = c.get(f"/api/tables/{table['table']}/seats/{seat}", headers=auth(tokens(table)[seat]))
    assert answer.status_code == 200, answer.text
    return answer.json()


def play_one(c: TestClient, table: Any, rng: random.Random) -> Any:
    """The person to act makes a random legal move; the view of the seat that moved."""
    view = c.get(f"/api/tables/{table['table']}/watch").json()
    seat = view["to_act"]
    own = seat_view(c, table, seat)
    move = rng.choice(own["moves"])["move"]
    answer = c.post(
        f"/api/tables/{table['table']}/seats/{seat}/moves",
        json={"move": move},
        headers=auth(tokens(table)[seat]),
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


# -- invite links and tokens ---------------------------------------------------------------------
def test_a_table_gives_each_person_a_link_with_a_secret_token_and_a_watch_link() -> None:
    c = client()
    table = new_table(c, seats=["person", "expert"])
    person, bot = table["seats"]
    assert bot == {"seat": 1, "bot": "expert"}
    assert len(person["token"]) >= 32  # 24 bytes of secrets: 192 bits
    assert person["link"] == f"/tables/{table['table']}/seats/0#{person['token']}"
    assert table["watch"] == f"/tables/{table['table']}/watch"
    assert "seed" not in table
    other = new_table(c, seats=["person", "expert"])
    assert other["seats"][0]["token"] != person["token"] and other["table"] != table["table"]


def test_a_wrong_missing_or_other_seats_token_is_refused_and_changes_nothing() -> None:
    c = client()
    table = new_table(c)
    t = tokens(table)
    base = f"/api/tables/{table['table']}/seats"
    to_act = seat_view(c, table, 0)["to_act"]
    before = c.get(f"/api/tables/{table['table']}/watch").json()
    for headers in ({}, auth("x" * 32), auth(t[1 - to_act]), {"Authorization": t[to_act]}):
        assert c.get(f"{base}/{to_act}", headers=headers).status_code == 403
        moved = c.post(f"{base}/{to_act}/moves", json={"move": "deal"}, headers=headers)
        assert moved.status_code == 403
        assert "does not open that seat" in moved.json()["error"]
    assert c.get(f"/api/tables/{table['table']}/watch").json() == before
    assert c.get(f"{base}/5", headers=auth(t[0])).status_code == 404
    assert c.get("/api/tables/nosuchtable/watch").status_code == 404


def test_an_illegal_move_gets_the_engines_reason_and_changes_nothing() -> None:
    c = client()
    table = new_table(c)
    seat = seat_view(c, table, 0)["to_act"]
    before = seat_view(c, table, seat)
    answer = c.post(
        f"/api/tables/{table['table']}/seats/{seat}/moves",
        json={"move": "play AS"},
        headers=auth(tokens(table)[seat]),
    )
    assert answer.status_code == 409 and answer.json()["problems"]
    assert seat_view(c, table, seat) == before
    other = 1 - seat
    late = c.post(
        f"/api/tables/{table['table']}/seats/{other}/moves",
        json={"move": "deal"},
        headers=auth(tokens(table)[other]),
    )
    assert late.status_code == 409 and "who is to move" in late.json()["error"]


def test_a_display_name_is_plain_bounded_text_seen_by_everyone() -> None:
    c = client()
    table = new_table(c)
    named = c.post(
        f"/api/tables/{table['table']}/seats/0/name",
        json={"name": "  <b>Ann</b>\u0007\n" + "x" * 100},
        headers=auth(tokens(table)[0]),
    )
    assert named.status_code == 200
    name = named.json()["name"]
    assert name.startswith("<b>Ann</b>") and len(name) == 40 and "\u0007" not in name
    assert seat_view(c, table, 1)["table"]["names"][0] == name
    assert c.get(f"/api/tables/{table['table']}/watch").json()["table"]["names"][0] == name


# -- a whole game between two people, an onlooker watching -----------------------------------------
def test_two_people_play_a_whole_game_and_the_record_comes_at_the_end() -> None:
    c = client()
    table = new_table(c)
    rng = random.Random(7)
    assert c.get(f"/api/tables/{table['table']}/record").status_code == 409
    for _ in range(3000):
        watch = c.get(f"/api/tables/{table['table']}/watch").json()
        if watch["over"]:
            break
        play_one(c, table, rng)
    assert watch["over"] and watch["game_over"]
    record = c.get(f"/api/tables/{table['table']}/record").json()
    assert str(record["seed"]) in record["text"] and record["file"].startswith("bezique-")


def test_a_bot_seat_plays_on_the_server_between_the_peoples_moves() -> None:
    c = client()
    table = new_table(c, "four-handed-partners", ["person", "greedy", "person", "random"])
    rng = random.Random(3)
    seen_bots = False
    for _ in range(60):
        view = play_one(c, table, rng)
        assert view["to_act"] in (0, 2) or view["over"]
        seen_bots = seen_bots or any("greedy" in line for line in view["log"])
    assert seen_bots


# -- what each seat and an onlooker is sent --------------------------------------------------------
def _fresh_view(web: WebGame, game: Game, seat: int) -> Any:
    """``web``'s message to ``seat`` had its game been ``game`` (its logs read afresh)."""
    web.game = game
    web.logs = {s: Log() for s in web.logs}
    web.changed()
    return web.public_view() if seat == ONLOOKER else web.view(seat)


@pytest.mark.parametrize("name", shipped_variant_names())
def test_a_seat_is_sent_nothing_its_player_view_does_not_allow(name: str) -> None:
    """Every message to a seat, and to an onlooker, is a function of what that seat may know:
    deal every card the seat has not seen again at random (``Game.resample``), and the
    message is the same."""
    from interpreter.loader import load_variant

    variant = load_variant(name)
    players = variant.players.count
    web = WebGame(
        Game.new(variant, seed=11), ["person"] * players, seed=11, variant_name=name, embed=False
    )
    rng = random.Random(name)
    original = web.game
    for step in range(400):
        if original.is_over:
            break
        if step % 23 == 0:
            for seat in range(players):
                sent = _fresh_view(web, original, seat)
                other = original.resample(seat, random.Random(step))
                assert _fresh_view(web, other, seat) == sent, (name, step, seat)
            watched = _fresh_view(web, original, ONLOOKER)
            assert "hand" not in watched and "moves" not in watched and "known" not in watched
            for seat in range(players):
                other = original.resample(seat, random.Random(step + 1))
                assert _fresh_view(web, other, ONLOOKER) == watched, (name, step, "onlooker")
        original.step(rng.choice(original.legal_moves()))
    web.game = original


# -- live ------------------------------------------------------------------------------------------
def test_a_live_connection_is_sent_the_view_each_time_the_table_changes() -> None:
    c = client()
    table = new_table(c)
    t = tokens(table)
    live = f"/api/tables/{table['table']}/seats/1/live"
    with c.websocket_connect(f"{live}?token={t[1]}", headers=HOST) as ws:
        first = ws.receive_json()
        assert first["table"]["connected"] == [False, True] and first["seat"] == 1
        with c.websocket_connect(f"/api/tables/{table['table']}/watch/live", headers=HOST) as w:
            watched = w.receive_json()
            assert "hand" not in watched and watched["table"]["watchers"] == 1
            assert ws.receive_json()["table"]["watchers"] == 1  # he sees the onlooker come
            seat = first["to_act"]
            own = seat_view(c, table, seat)
            c.post(
                f"/api/tables/{table['table']}/seats/{seat}/moves",
                json={"move": own["moves"][0]["move"]},
                headers=auth(t[seat]),
            )
            after = ws.receive_json()
            assert after["log_size"] > first["log_size"] or after["phase"] != first["phase"]
            assert "hand" not in w.receive_json()


def test_a_live_connection_takes_the_token_as_its_first_message_and_refuses_a_wrong_one() -> None:
    c = client()
    table = new_table(c)
    t = tokens(table)
    live = f"/api/tables/{table['table']}/seats/0/live"
    with c.websocket_connect(live, headers=HOST) as ws:
        ws.send_text(t[0])
        assert ws.receive_json()["seat"] == 0
    with c.websocket_connect(live, headers=HOST) as ws:
        ws.send_text(t[1])
        message = ws.receive()
        assert message["type"] == "websocket.close" and message["code"] == 4403


# -- nothing is lost -------------------------------------------------------------------------------
def test_a_restarted_server_brings_every_table_back_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    c = client(Hall(SqliteStore(path)))
    people = new_table(c)
    with_bots = new_table(c, "rubicon", ["person", "expert"])
    rng = random.Random(5)
    for _ in range(25):
        play_one(c, people, rng)
        play_one(c, with_bots, rng)
    views = {
        key: (seat_view(c, t, 0), c.get(f"/api/tables/{t['table']}/watch").json())
        for key, t in (("people", people), ("bots", with_bots))
    }
    copy = tmp_path / "copy.sqlite"  # the store as a killed server left it
    with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    again = client(Hall(SqliteStore(copy)))  # a new process reading it
    for key, t in (("people", people), ("bots", with_bots)):
        assert (seat_view(again, t, 0), again.get(f"/api/tables/{t['table']}/watch").json()) == (
            views[key]
        )
    # and the bot's next moves are the ones it would have made without the restart
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(10):
        a, b = play_one(c, with_bots, rng_a), play_one(again, with_bots, rng_b)
        assert a["log"] == b["log"]


def test_a_store_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    SqliteStore(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer version"):
        SqliteStore(path)
    (tmp_path / "junk").write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match="not a table store"):
        SqliteStore(tmp_path / "junk")


def test_tokens_are_stored_as_hashes_only(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    c = client(Hall(SqliteStore(path)))
    table = new_table(c)
    data = path.read_bytes() + (tmp_path / "tables.sqlite-wal").read_bytes()
    for token in tokens(table).values():
        assert token.encode() not in data


# -- what the server refuses -----------------------------------------------------------------------
def test_another_sites_page_cannot_drive_the_server() -> None:
    c = client()
    foreign = {"origin": "https://evil.example"}
    assert c.post("/api/games", json={"variant": "bezique"}, headers=foreign).status_code == 403
    assert c.post("/api/tables", json={"variant": "bezique"}, headers=foreign).status_code == 403
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        sent = c.post(
            "/api/games", content=b'{"variant": "bezique"}', headers={"content-type": kind}
        )
        assert sent.status_code == 415
        assert sent.headers["x-content-type-options"] == "nosniff"
    rebound = c.get("/api/variants", headers={"host": "evil.example:8000"})
    assert rebound.status_code == 421
    assert c.get("/api/variants", headers={"host": "localhost:8000"}).status_code == 200


def test_a_seed_the_server_chose_is_not_given_before_the_game_is_over() -> None:
    c = client()
    chosen = c.post("/api/games", json={"variant": "bezique"}).json()
    assert chosen["seed"] is None
    given = c.post("/api/games", json={"variant": "bezique", "seed": 42}).json()
    assert given["seed"] == 42


def test_a_deeply_nested_body_is_a_clear_refusal_with_the_usual_headers() -> None:
    c = client()
    body = b"[" * 100_000
    answer = c.post("/api/check", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "nested" in answer.json()["error"]
    assert "content-security-policy" in answer.headers
    toml = {"text": "x = " + "[" * 50_000, "file": "deep.toml"}
    checked = c.post("/api/check", json=toml)
    assert checked.status_code in (200, 400) and "content-security-policy" in checked.headers


def test_no_answer_names_where_the_server_is_installed() -> None:
    c = client()
    text = 'extends = "rubicon"\nname = "x"\ntitle = "x"\n[deck]\nranks = ["A", "T"]\n'
    problems = c.post("/api/check", json={"text": text, "file": "x.toml"}).json()["problems"]
    assert problems and all(p.startswith(("x.toml", "variants/")) for p in problems)
    assert not [p for p in problems if re.search(r"(/work|/usr|/home|site-packages)", p)]


def test_the_rulebook_of_the_tables_variant_is_one_request_away() -> None:
    c = client()
    table = new_table(c, "rubicon", ["person", "expert"])
    book = c.get(f"/api/tables/{table['table']}/rulebook").json()
    assert book["title"] == "Rubicon Bézique (Portland Club laws, 1887)"
    assert "## Winning" in book["markdown"] and "rubiconed" in book["markdown"]


def test_too_many_tables_or_moves_at_once_are_refused_with_when_to_try_again() -> None:
    c = client(rates=Limits(tables=(2, 0.001), moves=(3, 0.001)))
    table = new_table(c)
    new_table(c)
    third = c.post("/api/tables", json={"variant": "bezique", "seats": ["person", "expert"]})
    assert third.status_code == 429 and "too many tables" in third.json()["error"]
    seat = seat_view(c, table, 0)["to_act"]
    url = f"/api/tables/{table['table']}/seats/{seat}/moves"
    answers = [
        c.post(url, json={"move": "nonsense"}, headers=auth(tokens(table)[seat])) for _ in range(4)
    ]
    assert [a.status_code for a in answers] == [409, 409, 409, 429]
    assert "too many moves" in answers[-1].json()["error"]
    other = c.post(
        f"/api/tables/{table['table']}/seats/{1 - seat}/moves",
        json={"move": "nonsense"},
        headers=auth(tokens(table)[1 - seat]),
    )
    assert other.status_code == 409  # another seat's rate is its own
    stranger = c.post(url, json={"move": "nonsense"}, headers=auth("x" * 32))
    assert stranger.status_code == 403  # and no one without the token can spend it


def test_a_rate_gives_back_its_events_over_time() -> None:
    now = [0.0]
    rate = Rate(burst=2, per_second=0.5, clock=lambda: now[0])
    assert [rate.wait("a"), rate.wait("a")] == [0, 0]
    assert rate.wait("a") == pytest.approx(2.0) and rate.wait("b") == 0
    now[0] = 2.0
    assert rate.wait("a") == 0 and rate.wait("a") > 0


def test_the_log_says_which_table_a_connection_joined_and_never_its_token(
    caplog: pytest.LogCaptureFixture,
) -> None:
    c = client()
    table = new_table(c)
    token = tokens(table)[0]
    with (
        caplog.at_level("INFO", logger="bezique.tables"),
        c.websocket_connect(
            f"/api/tables/{table['table']}/seats/0/live?token={token}", headers=HOST
        ) as ws,
    ):
        ws.receive_json()
    said = [r.getMessage() for r in caplog.records if r.name == "bezique.tables"]
    assert f"seat 0 joined table {table['table']} (live)" in said
    assert f"seat 0 left table {table['table']}" in said
    assert not [line for line in said if token in line]


# -- the clock and the stand-in ---------------------------------------------------------------
def _clocked(c: TestClient, clock: int | None, stand_in: str | None) -> Any:
    body = {"variant": "bezique", "seats": ["person", "person"], "clock": clock}
    answer = c.post("/api/tables", json={**body, "stand_in": stand_in})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_person_out_of_time_has_his_move_made_by_the_tables_stand_in() -> None:
    hall = Hall(SqliteStore(":memory:"))
    c = client(hall)
    table = _clocked(c, 60, "greedy")
    seat = seat_view(c, table, 0)["to_act"]
    view = seat_view(c, table, seat)
    assert view["table"]["clock"]["seconds"] == 60 and 0 < view["table"]["clock"]["left"] <= 60
    kept = hall.tables[table["table"]]
    assert hall.sweep(kept.turn_since + 59) == []  # not yet
    assert hall.sweep(kept.turn_since + 61) == [table["table"]]
    after = seat_view(c, table, seat)
    assert after["log_size"] > view["log_size"] or after["to_act"] != seat
    assert len(kept.game.made) == kept.saved  # stored, as the person's move


def test_without_a_stand_in_the_clock_only_shows_the_time_out() -> None:
    hall = Hall(SqliteStore(":memory:"))
    c = client(hall)
    table = _clocked(c, 10, None)
    kept = hall.tables[table["table"]]
    kept.turn_since -= 1000  # the move was asked long ago
    assert hall.sweep() == []
    assert seat_view(c, table, 0)["table"]["clock"]["left"] == 0


def test_a_person_gone_has_his_seat_kept_by_the_stand_in_until_he_comes_back() -> None:
    hall = Hall(SqliteStore(":memory:"))
    c = client(hall)
    table = _clocked(c, None, "random")
    t = tokens(table)
    seat = seat_view(c, table, 0)["to_act"]
    live = f"/api/tables/{table['table']}/seats/{seat}/live?token={t[seat]}"
    with c.websocket_connect(live, headers=HOST) as ws:
        ws.receive_json()
    kept = hall.tables[table["table"]]
    gone = kept.away_since[seat]
    assert hall.sweep(gone + 5) == []  # a moment away is not leaving
    assert hall.sweep(gone + 31) == [table["table"]]
    with c.websocket_connect(live, headers=HOST) as ws:  # back: the seat is his again
        ws.receive_json()
        assert seat not in kept.away_since


def test_a_clock_or_stand_in_out_of_range_is_refused() -> None:
    c = client()
    for body, said in (
        ({"clock": 5}, "clock"),
        ({"clock": "fast"}, "clock"),
        ({"stand_in": "x"}, "stand_in"),
    ):
        answer = c.post("/api/tables", json={"variant": "bezique", "seats": ["person"] * 2, **body})
        assert answer.status_code == 400 and answer.json()["error"].startswith(said)


def test_a_table_of_an_unknown_or_faulty_variant_is_refused_with_its_problems() -> None:
    c = client()
    unknown = c.post("/api/tables", json={"variant": "snap", "seats": ["person", "person"]})
    assert (
        unknown.status_code == 404 and "no shipped variant named 'snap'" in unknown.json()["error"]
    )
    text = 'extends = "bezique"\nname = "mine"\ntitle = "Mine"\n[game]\ntarget = -1\n'
    faulty = c.post(
        "/api/tables", json={"variant_text": text, "file": "mine.toml", "seats": ["person"] * 2}
    )
    assert faulty.status_code == 422
    assert faulty.json()["problems"][0].startswith("mine.toml:5: game.target:")
    good = text.replace("-1", "500")
    table = c.post(
        "/api/tables",
        json={"variant_text": good, "file": "mine.toml", "seats": ["person", "expert"]},
    )
    assert table.status_code == 200
    assert seat_view(c, table.json(), 0)["variant"]["title"] == "Mine"
