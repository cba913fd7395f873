"""The browser game's hint (interpreter/web/api.py, operation ``hint``): the expert bot's move
for the person to act, with its reason and the words the page shows the move in; worked out
from what the seat may know, refused when it is not that seat's turn, and changing nothing:
neither the game, nor its record, nor the bots' next moves."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from interpreter.engine import Move, PlayerView
from interpreter.play.hints import NO_HINTS
from interpreter.records import write
from interpreter.web import session
from interpreter.web.api import Api, ApiError


def _hint(api: Api, created: dict[str, Any]) -> dict[str, Any]:
    return api.call("hint", {"game": created["game"], "seat": created["seat"]})


@pytest.mark.parametrize(
    ("name", "seats"),
    [
        ("bezique", None),
        ("three-handed", None),
        ("four-handed-partners", ["person", "expert", "person", "expert"]),
    ],
)
def test_a_hint_names_a_legal_move_as_the_page_shows_it_and_says_why(
    name: str, seats: list[str] | None
) -> None:
    api = Api()
    created = api.call("create", {"variant": name, "seed": 7, "seats": seats})
    view = created["view"]
    assert view["to_act"] == created["seat"] == 0
    hint = _hint(api, created)
    assert set(hint) == {"move", "reason", "label"}
    legal = {move["move"]: move["label"] for move in view["moves"]}
    assert hint["move"] in legal
    assert hint["label"] == legal[hint["move"]]
    assert hint["reason"] and isinstance(hint["reason"], str)
    assert api.call("view", {"game": created["game"], "seat": 0}) == view
    # The Web Worker of the site's Play page reaches it the same way.
    answer = json.loads(api.call_json("hint", json.dumps({"game": created["game"], "seat": 0})))
    assert answer["ok"] and answer["result"]["move"] in legal


def test_a_hint_is_refused_when_it_is_not_the_seat_turn() -> None:
    api = Api()
    seats = ["person", "expert", "person", "expert"]
    created = api.call("create", {"variant": "four-handed-partners", "seed": 7, "seats": seats})
    game = created["game"]
    before = api.call("view", {"game": game, "seat": 2})
    for seat, status, says in (
        (2, 409, "it is p1 who is to move, not p3"),
        (1, 403, "played by the expert bot"),
        (4, 404, "there is no seat 4"),
    ):
        with pytest.raises(ApiError) as refused:
            api.call("hint", {"game": game, "seat": seat})
        assert refused.value.status == status and says in refused.value.message, seat
    for args, status in (({"game": "nope", "seat": 0}, 404), ({"game": game}, 400)):
        with pytest.raises(ApiError) as refused:
            api.call("hint", args)
        assert refused.value.status == status, args
    assert api.call("view", {"game": game, "seat": 2}) == before


def _moves_with_and_without_hints(hints: bool) -> tuple[Api, dict[str, Any], str]:
    """A whole game of two-pack Bézique, the person making the first legal move each time,
    asking a hint before each move (``hints``) or never; the game's record."""
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 12})
    args = {"game": created["game"], "seat": 0}
    web = api.games[created["game"]]
    view = created["view"]
    for _ in range(2000):
        if view["over"]:
            break
        if hints:
            shown = api.call("view", args)
            record = write(web.recorder.record())
            api.call("hint", args)
            assert write(web.recorder.record()) == record
            assert api.call("view", args) == shown
        view = api.call("move", {**args, "move": view["moves"][0]["move"]})
    else:
        raise AssertionError("the game did not end")
    return api, args, api.call("record", args)["text"]


def test_a_hint_changes_neither_the_game_nor_its_record_nor_the_bots_moves() -> None:
    api, args, hinted = _moves_with_and_without_hints(True)
    _, _, plain = _moves_with_and_without_hints(False)
    assert hinted == plain
    with pytest.raises(ApiError) as refused:
        api.call("hint", args)
    assert refused.value.status == 409 and refused.value.message == "the game is over"


class _Spy:
    """A bot that explains: it keeps what it was shown, and advises the first legal move."""

    def __init__(self) -> None:
        self.shown: list[PlayerView] = []

    def explain(self, view: PlayerView) -> tuple[Move, str]:
        self.shown.append(view)
        return view.legal_moves[0], "the first move"


@pytest.mark.parametrize("name", ["bezique", "four-handed-partners"])
def test_the_hint_is_worked_out_from_the_seat_view_alone(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = _Spy()
    monkeypatch.setattr(session, "hinter", lambda rules: spy)
    api = Api()
    created = api.call("create", {"variant": name, "seed": 5})
    for _ in range(6):
        hint = _hint(api, created)
        assert hint["reason"] == "the first move"
        view = api.call("move", {"game": created["game"], "seat": 0, "move": hint["move"]})
        assert not view["over"]
    assert len(spy.shown) == 6
    assert all(isinstance(v, PlayerView) and v.player == 0 for v in spy.shown)


def test_without_a_bot_that_explains_the_hint_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session, "hinter", lambda rules: None)
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 1})
    with pytest.raises(ApiError) as refused:
        _hint(api, created)
    assert refused.value.status == 501 and refused.value.message == NO_HINTS


def test_every_move_is_labelled_as_the_page_shows_it() -> None:
    """Cards with their suit symbols and the ten as 10; each kind of move in its words."""
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 3})
    view = created["view"]
    kinds: set[str] = set()
    tens: set[str] = set()
    words = {
        "play": r"Play \S+",
        "declare": r"Declare [^·]+ · \d+",
        "score": r"Score .+ \(declaration \d+\) · \d+",
        "exchange": r"Exchange \S+ for the turn-up",
        "show": r"Show \S+",
        "draw": r"Draw \(done declaring\)",
    }
    while not view["over"] and len(kinds) < len(words):
        for move in view["moves"]:
            kinds.add(move["kind"])
            assert re.fullmatch(words[move["kind"]], move["label"]), move
            assert not re.search(r"\b(?:[AKQJT2-9][SHDC]|T[♠♥♦♣])", move["label"]), move
        view = api.call(
            "move", {"game": created["game"], "seat": 0, "move": view["moves"][0]["move"]}
        )
        tens |= {move["label"] for move in view["moves"] if "10" in move["label"]}
    assert {"play", "declare", "exchange", "draw"} <= kinds, kinds
    assert tens, "no ten was ever shown"
