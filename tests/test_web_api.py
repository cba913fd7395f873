"""The browser game's operations (interpreter/web/api.py), as both ``bezique serve`` and the
site's Web Worker answer them: whole games, what a seat is shown and what it never is, refusals
that change nothing, posted variants loaded untrusted, records and their replay."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from interpreter.agents import AGENT_NAMES
from interpreter.engine import Game
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.records import parse
from interpreter.web.api import Api, ApiError
from interpreter.web.session import WebGame
from interpreter.web.views import seat_view


def _play_out(api: Api, created: dict[str, Any], most: int = 5000) -> dict[str, Any]:
    """Make the first legal move until the game is over."""
    game, seat, view = created["game"], created["seat"], created["view"]
    for _ in range(most):
        if view["over"]:
            return dict(view)
        view = api.call("move", {"game": game, "seat": seat, "move": view["moves"][0]["move"]})
    raise AssertionError("the game did not end")


def test_the_catalogue_lists_every_shipped_variant_and_every_bot() -> None:
    answer = Api().call("variants", {})
    assert [v["name"] for v in answer["variants"]] == shipped_variant_names()
    assert answer["bots"] == list(AGENT_NAMES)
    assert answer["default_bot"] in AGENT_NAMES
    bezique = next(v for v in answer["variants"] if v["name"] == "bezique")
    assert bezique == {"name": "bezique", "title": "Bézique (two-pack)", "players": 2}


def test_a_whole_game_is_played_recorded_and_replayed_trick_by_trick() -> None:
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 5})
    assert created["seat"] == 0 and created["seed"] == 5
    view = _play_out(api, created)
    assert view["game_over"][0].startswith("Game over: p1 (you) ")
    assert len(view["deal_ends"]) >= 2
    assert all(
        end["lines"][0] == f"End of deal {end['deal']}. Points scored in it:"
        for end in view["deal_ends"]
    )
    record = api.call("record", {"game": created["game"]})
    assert record["file"] == "bezique-5.toml"
    parsed = parse(record["text"])
    assert parsed.seats == ["person", "expert"] and parsed.seed == 5
    replay = api.call("replay", {"text": record["text"], "file": record["file"]})
    frames = replay["frames"]
    assert frames[-1]["over"] and not frames[0]["over"]
    assert frames[-1]["scores"] == view["scores"]
    assert replay["outcome"] == [line.replace("(you)", "(person)") for line in view["game_over"]]
    # Each frame but the last is the table before a lead: one trick further than the last.
    tricks = [(frame["deal"], frame["trick_no"]) for frame in frames]
    assert tricks == sorted(tricks) and len(set(tricks)) == len(tricks)
    assert sum(len(hand) for hand in frames[1]["hands"]) == 16  # every hand open, 8 each


def test_the_log_is_read_from_where_the_page_left_it() -> None:
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 2})
    first = created["view"]
    assert first["log"][0].startswith("cut: ") and first["log_size"] == len(first["log"])
    args = {"game": created["game"], "seat": 0, "since": first["log_size"]}
    after = api.call("move", {**args, "move": first["moves"][0]["move"]})
    whole = api.call("view", {"game": created["game"], "seat": 0})
    assert whole["log"] == first["log"] + after["log"]


@pytest.mark.parametrize("name", ["bezique", "polish", "four-handed-partners", "chinese"])
def test_a_seat_sees_the_same_in_every_world_it_cannot_tell_from_the_real_one(name: str) -> None:
    """Dealing again every card the seat has not seen changes nothing it is shown."""
    variant = load_variant(name)
    players = variant.players.count
    web = WebGame(
        Game.new(variant, seed=11),
        ["person"] + ["greedy"] * (players - 1),
        seed=11,
        variant_name=name,
        embed=False,
    )
    for step in range(40):
        if web.game.is_over:
            break
        shown = seat_view(web.game, 0)
        for world in range(3):
            other = web.game.resample(0, __import__("random").Random(world))
            assert seat_view(other, 0) == shown, (name, step)
        web.move(0, shown["moves"][step % len(shown["moves"])]["move"])


_CARD = re.compile(r"\b(?:10|[AKQJT2-9])[SHDC]\b|(?:10|[AKQJT2-9])[♠♥♦♣]")


def _hidden_faces(game: Game, seat: int) -> set[str]:
    """Faces held in another hand of which ``seat`` has never seen a copy: in no event whose
    cards it saw (the cut, tricks, declarations, its own hand and draws)."""
    seen = {card for event in game.events if event.visible_to(seat) for card in event.cards}
    seen |= {str(face) for _, face in game.view(seat).hand}
    others = {
        str(face)
        for other in range(game.players)
        if other != seat
        for _, face in game.view(other).hand
    }
    return others - seen


def test_the_json_of_a_seat_holds_no_card_of_another_hand_it_has_not_seen() -> None:
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 8})
    game = api.games[created["game"]].game
    view = created["view"]
    checked = 0
    for _ in range(30):
        hidden = _hidden_faces(game, 0)
        text = json.dumps(view, ensure_ascii=False)
        pretty = {face[:-1] + "♠♥♦♣"["SHDC".index(face[-1])] for face in hidden}
        found = _CARD.findall(text)
        leaked = (hidden | pretty) & set(found)
        assert not leaked, f"the view of p1 names {sorted(leaked)}, which p1 has not seen"
        checked += len(hidden)
        view = api.call(
            "move", {"game": created["game"], "seat": 0, "move": view["moves"][-1]["move"]}
        )
    assert checked > 30, "the test found no hidden card to look for"


def test_an_illegal_move_is_refused_with_the_engine_reason_and_changes_nothing() -> None:
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 1})
    args = {"game": created["game"], "seat": 0}
    before = api.call("view", args)
    held = {card["card"] for card in before["hand"]}
    absent = next(f"{r}{s}" for r in "AKQJT987" for s in "SHDC" if f"{r}{s}" not in held)
    for move, reason in (
        (f"play {absent}", "not allowed: "),
        ("score 9", "not allowed: "),
        ("dance", "not a move: "),
    ):
        with pytest.raises(ApiError) as refused:
            api.call("move", {**args, "move": move})
        assert refused.value.status == 409 and refused.value.message.startswith(reason), move
        assert refused.value.problems and refused.value.problems[0] in refused.value.message
        assert api.call("view", args) == before


def test_what_names_hidden_cards_is_refused_until_the_game_is_over() -> None:
    api = Api()
    created = api.call("create", {"variant": "bezique", "seed": 1})
    game = created["game"]
    for op, args, status in (
        ("view", {"game": game, "seat": 1}, 403),
        ("history", {"game": game, "seat": 1}, 403),
        ("history", {"game": game}, 409),
        ("record", {"game": game}, 409),
        ("move", {"game": game, "seat": 1, "move": "draw"}, 403),
        ("view", {"game": "nope", "seat": 0}, 404),
        ("view", {"game": game, "seat": 5}, 404),
    ):
        with pytest.raises(ApiError) as refused:
            api.call(op, args)
        assert refused.value.status == status, (op, args, refused.value.message)
    mine = api.call("history", {"game": game, "seat": 0})["lines"]
    assert any("??" in line for line in mine), "p2's hand is not shown in p1's history"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ({"variant": "nope"}, "no shipped variant named 'nope'"),
        ({"variant": "../variants/bezique"}, "no shipped variant named"),
        ({"variant": "bezique", "seats": ["person"]}, "the variant has 2 seats; 1 given"),
        ({"variant": "bezique", "seats": ["greedy", "greedy"]}, "at least one seat for a person"),
        ({"variant": "bezique", "seats": ["person", "wizard"]}, "no bot named 'wizard'"),
        ({"variant": "bezique", "seed": -1}, "seed: a whole number"),
        ({"variant": "bezique", "seed": True}, "seed: a whole number"),
        ({"variant": 3}, "variant: a text is needed"),
    ],
)
def test_a_malformed_game_is_refused_and_says_why(args: dict[str, Any], says: str) -> None:
    api = Api()
    with pytest.raises(ApiError) as refused:
        api.call("create", args)
    assert says in refused.value.message
    assert not api.games


HOUSE = 'extends = "bezique"\nname = "house"\ntitle = "House <b>rules</b>"\n[game]\ntarget = 500\n'


def test_a_posted_variant_is_checked_played_and_embedded_in_its_record() -> None:
    api = Api()
    checked = api.call("check", {"text": HOUSE, "file": "house.toml"})
    assert checked == {"ok": True, "problems": [], "title": "House <b>rules</b>", "players": 2}
    created = api.call("create", {"variant_text": HOUSE, "file": "house.toml", "seed": 4})
    assert created["view"]["variant"] == {"name": "house", "title": "House <b>rules</b>"}
    assert created["view"]["target"] == 500
    _play_out(api, created)
    record = api.call("record", {"game": created["game"]})
    assert parse(record["text"]).variant_data is not None
    assert api.call("replay", {"text": record["text"]})["frames"][-1]["over"]


@pytest.mark.parametrize(
    ("text", "file", "problem"),
    [
        (
            'extends = "bezique"\nname = "x"\n[game]\ntarget = "no"\n',
            "mine.toml",
            "mine.toml:4: game.target: ",
        ),
        (
            'extends = "/etc/passwd"\nname = "x"\n',
            "x.toml",
            "x.toml:1: extends: may name only a shipped variant",
        ),
        (
            'extends = "../../secret.toml"\n',
            "x.toml",
            "x.toml:1: extends: may name only a shipped variant",
        ),
        ('extends = "bezique"\n[deck\n', "/home/me/y.toml", "y.toml:2:"),
    ],
)
def test_a_posted_variant_with_problems_is_refused_as_bezique_check_says(
    text: str, file: str, problem: str
) -> None:
    api = Api()
    checked = api.call("check", {"text": text, "file": file})
    assert not checked["ok"] and checked["problems"][0].startswith(problem), checked
    with pytest.raises(ApiError) as refused:
        api.call("create", {"variant_text": text, "file": file})
    assert refused.value.status == 422 and refused.value.problems == checked["problems"]
    assert not any("root:" in p or "/etc" in p.split(":", 1)[1] for p in refused.value.problems)


def test_a_posted_variant_is_held_to_the_untrusted_size() -> None:
    api = Api()
    padding = "# " + "x" * 1000 + "\n"
    large = HOUSE + padding * 300  # about 300 KiB: over the 256 KiB the loader takes
    checked = api.call("check", {"text": large})
    assert (
        checked["problems"]
        == [
            "house.toml:1: the text is larger than 256 KiB, the most a variant file may hold in "
            "untrusted mode"
        ]
        or "256 KiB" in checked["problems"][0]
    ), checked
    with pytest.raises(ApiError) as refused:
        api.call("check", {"text": padding * 600})
    assert refused.value.status == 413


def test_a_record_that_does_not_replay_is_refused_at_its_line() -> None:
    api = Api()
    with pytest.raises(ApiError) as refused:
        api.call("replay", {"text": 'format = "bezique-record"\nversion = 1\n', "file": "r.toml"})
    assert refused.value.status == 422
    assert all(line.startswith("r.toml") for line in refused.value.problems), refused.value.problems
    record = 'format = "bezique-record"\nversion = 1\nvariant = "/etc/passwd"\n'
    record += f'variant_hash = "sha256:{"0" * 64}"\nseats = ["a", "b"]\nseed = 1\nactions = []\n'
    with pytest.raises(ApiError) as refused:
        api.call("replay", {"text": record, "file": "r.toml"})
    assert "r.toml:3: variant:" in refused.value.problems[0], refused.value.problems


def test_the_worker_entry_answers_json_and_never_raises() -> None:
    api = Api()
    assert json.loads(api.call_json("variants", ""))["ok"] is True
    for op, text, status in (
        ("nothing", "{}", 404),
        ("create", "not json", 400),
        ("create", "[]", 400),
    ):
        answer = json.loads(api.call_json(op, text))
        assert answer["ok"] is False and answer["status"] == status, answer
    created = json.loads(api.call_json("create", '{"variant": "polish", "seed": 3}'))["result"]
    assert created["view"]["variant"]["title"]


def test_the_oldest_game_is_dropped_past_the_most_kept() -> None:
    api = Api(most_games=2)
    first, second, third = (
        api.call("create", {"variant": "bezique", "seed": s})["game"] for s in (1, 2, 3)
    )
    assert list(api.games) == [second, third]
    with pytest.raises(ApiError):
        api.call("view", {"game": first, "seat": 0})
