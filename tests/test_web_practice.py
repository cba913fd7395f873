"""The browser's practice and ratings (issue 37), over HTTP as the page calls them: undo
against bots (never across a card shown, never at a table), each deal a person finishes rated
in the server's SQLite file, and a table's review of a person's own play only."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from interpreter.rating import Keeper, RatingStore
from interpreter.web.api import Api
from interpreter.web.server import app
from interpreter.web.store import SqliteStore
from interpreter.web.tables import Hall
from tests.test_tables import FAST, auth, new_table, seat_view, tokens


def served(db: Path) -> tuple[TestClient, Keeper]:
    keeper = Keeper(db)
    api = Api(keeper=keeper, player="ann")
    hall = Hall(SqliteStore(db), keeper=keeper)
    return TestClient(app(api, hall, rates=FAST), base_url="http://127.0.0.1:8000"), keeper


def first_undoable(c: TestClient, seat: str, rng: random.Random) -> Any:
    """Random moves until one can be taken back: the view before it."""
    before = c.get(seat).json()
    for _ in range(200):
        after = c.post(seat + "/moves", json={"move": rng.choice(before["moves"])["move"]}).json()
        if after["undo"]["possible"]:
            return before
        assert SEEN_WORDS in after["undo"]["why"] or after["over"]
        before = c.get(seat).json()
    raise AssertionError("no move could be taken back")


SEEN_WORDS = "a card was shown to you since"


def test_undo_takes_back_a_move_and_the_bots_replies_but_never_across_a_card_shown(
    tmp_path: Path,
) -> None:
    c, keeper = served(tmp_path / "tables.sqlite")
    created = c.post("/api/games", json={"variant": "schnapsen-platform", "seed": 3}).json()
    seat = f"/api/games/{created['game']}/seats/{created['seat']}"
    assert created["view"]["undo"] == {
        "possible": False,
        "why": "no move of yours to take back",
        "taken_back": 0,
    }
    assert c.post(seat + "/undo", json={}).status_code == 409
    view = c.post(seat + "/moves", json={"move": created["view"]["moves"][0]["move"]}).json()
    refused = c.post(seat + "/undo", json={})  # the deal dealt the person's hand
    assert refused.status_code == 409 and SEEN_WORDS in refused.json()["error"]
    assert c.get(seat).json() == view  # and nothing changed
    before = first_undoable(c, seat, random.Random(5))
    undone = c.post(seat + "/undo", json={}).json()
    again = undone["view"]
    for key in ("hand", "moves", "scores", "tables", "trick", "stock", "log"):
        assert again[key] == before[key], key
    assert again["undo"]["taken_back"] == 1 and again["log_size"] == len(again["log"])
    while not again["over"]:
        again = c.post(seat + "/moves", json={"move": again["moves"][0]["move"]}).json()
    record = c.get(f"/api/games/{created['game']}/record").json()["text"]
    assert 'practice = "a practice game: 1 move taken back with undo"' in record
    keeper.wait()
    store = RatingStore(tmp_path / "tables.sqlite")
    assert store.players() == ["ann"] and store.ratings("ann") == []  # kept, not rated


def test_each_deal_a_person_finishes_in_the_browser_is_rated(tmp_path: Path) -> None:
    c, keeper = served(tmp_path / "tables.sqlite")
    created = c.post("/api/games", json={"variant": "sixty-six", "seed": 8}).json()
    seat = f"/api/games/{created['game']}/seats/{created['seat']}"
    view, rng = created["view"], random.Random(2)
    while not view["over"]:
        view = c.post(seat + "/moves", json={"move": rng.choice(view["moves"])["move"]}).json()
    keeper.wait()
    (rating,) = RatingStore(tmp_path / "tables.sqlite").ratings("ann")
    assert rating.variant_name == "sixty-six" and rating.deals == len(view["deal_ends"]) >= 1


def test_a_game_of_two_people_has_no_undo() -> None:
    c = TestClient(app(rates=FAST), base_url="http://127.0.0.1:8000")
    created = c.post(
        "/api/games", json={"variant": "schnapsen-platform", "seats": ["person", "person"]}
    ).json()
    seat = f"/api/games/{created['game']}/seats/0"
    assert created["view"]["undo"] is None
    refused = c.post(seat + "/undo", json={})
    assert refused.status_code == 409 and "at a table, a move stays" in refused.json()["error"]


def test_at_a_table_each_person_has_his_own_review_once_the_deal_is_over(tmp_path: Path) -> None:
    """No undo at a table; the review of a seat needs that seat's token and a finished deal;
    a named person's deals are rated under his name."""
    c, keeper = served(tmp_path / "tables.sqlite")
    table = new_table(c, "schnapsen-platform", ["person", "person"])
    key, base = tokens(table), f"/api/tables/{table['table']}/seats"
    assert c.post(f"{base}/0/name", json={"name": "Ann"}, headers=auth(key[0])).status_code == 200
    assert seat_view(c, table, 0)["undo"] is None
    assert c.post(f"{base}/0/undo", json={}, headers=auth(key[0])).status_code in (404, 405)
    early = c.get(f"{base}/0/reviews/1", headers=auth(key[0]))
    assert early.status_code == 409 and "is reviewed once it is" in early.json()["error"]
    rng = random.Random(1)
    while not seat_view(c, table, 0)["deal_ends"]:
        watch = c.get(f"/api/tables/{table['table']}/watch").json()
        mover = watch["to_act"]
        move = rng.choice(seat_view(c, table, mover)["moves"])["move"]
        c.post(f"{base}/{mover}/moves", json={"move": move}, headers=auth(key[mover]))
    assert c.get(f"{base}/0/reviews/1", headers=auth(key[1])).status_code == 403
    assert c.get(f"{base}/1/reviews/1").status_code == 403
    review = c.get(f"{base}/0/reviews/1", headers=auth(key[0])).json()
    assert review["deal"] == 1 and review["lines"][0].startswith("Deal 1: ")
    assert review["par"] is not None and "(the expert also in seats" in review["lines"][-1]
    keeper.wait()
    store = RatingStore(tmp_path / "tables.sqlite")
    assert store.players() == ["Ann"]  # the person without a name is not rated
    assert store.ratings("Ann")[0].deals == 1
