"""``bezique serve``: the JSON API over HTTP (Starlette's test client), the page and its
files, the limits and headers, and the command itself (it prints its address, it needs the
``web`` extra, and ``bezique --help`` does not load it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from urllib.request import urlopen

import pytest
from starlette.testclient import TestClient

from interpreter.web.server import MOST_BODY, app

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def client() -> TestClient:
    return TestClient(app(), base_url="http://127.0.0.1:8000")


def test_a_game_is_created_viewed_and_played_over_http(client: TestClient) -> None:
    variants = client.get("/api/variants").json()
    assert "bezique" in [v["name"] for v in variants["variants"]]
    created = client.post("/api/games", json={"variant": "bezique", "seed": 3}).json()
    game, view = created["game"], created["view"]
    assert client.get(f"/api/games/{game}/seats/0").json()["hand"] == view["hand"]
    move = view["moves"][0]["move"]
    after = client.post(
        f"/api/games/{game}/seats/0/moves?since={view['log_size']}", json={"move": move}
    )
    assert after.status_code == 200
    played = move.split()[1]
    shown = played[:-1] + "♠♥♦♣"["SHDC".index(played[-1])]
    assert f"p1 (you): play {shown}" in after.json()["log"]
    lines = client.get(f"/api/games/{game}/history", params={"seat": 0}).json()["lines"]
    assert any(line.startswith("p1 ") for line in lines)


def test_a_refusal_has_its_status_and_reason_and_changes_nothing(client: TestClient) -> None:
    created = client.post("/api/games", json={"variant": "bezique", "seed": 3}).json()
    seat = f"/api/games/{created['game']}/seats/0"
    before = client.get(seat).json()
    refused = client.post(seat + "/moves", json={"move": "score 7"})
    assert refused.status_code == 409
    assert refused.json()["error"].startswith("not allowed: ")
    assert client.get(seat).json() == before
    assert client.get(f"/api/games/{created['game']}/seats/1").status_code == 403
    assert client.get(f"/api/games/{created['game']}/record").status_code == 409
    assert client.get("/api/games/nothing/seats/0").status_code == 404
    json_type = {"content-type": "application/json"}
    assert client.post("/api/games", content=b"{not json", headers=json_type).status_code == 400
    assert client.post("/api/games", content=b"[1]", headers=json_type).status_code == 400


def test_a_hint_over_http_names_a_legal_move_and_changes_nothing(client: TestClient) -> None:
    seats = ["person", "expert", "person", "expert"]
    body = {"variant": "four-handed-partners", "seed": 3, "seats": seats}
    created = client.post("/api/games", json=body).json()
    game = f"/api/games/{created['game']}"
    acting = created["view"]["to_act"]
    waiting = 2 - acting  # the other person's seat
    before = client.get(f"{game}/seats/{acting}").json()
    hint = client.get(f"{game}/seats/{acting}/hint")
    assert hint.status_code == 200, hint.text
    assert hint.json()["move"] in {move["move"] for move in before["moves"]}
    assert hint.json()["reason"] and hint.json()["label"]
    assert client.get(f"{game}/seats/{acting}").json() == before
    refused = client.get(f"{game}/seats/{waiting}/hint")
    assert refused.status_code == 409
    assert refused.json()["error"] == f"it is p{acting + 1} who is to move, not p{waiting + 1}"
    assert client.get(game + "/seats/1/hint").status_code == 403
    assert client.post(game + "/seats/0/hint", json={}).status_code == 405


def test_the_seat_json_over_http_names_no_card_of_the_bot_hand(client: TestClient) -> None:
    from interpreter.web.api import Api

    api = Api()
    created = (
        TestClient(app(api), base_url="http://127.0.0.1:8000")
        .post("/api/games", json={"variant": "bezique", "seed": 3})
        .json()
    )
    game = api.games[created["game"]].game
    seen = {card for event in game.events if event.visible_to(0) for card in event.cards}
    hidden = {str(face) for _, face in game.view(1).hand} - seen
    assert hidden
    text = json.dumps(created, ensure_ascii=False)
    for face in hidden:
        pretty = face[:-1] + "♠♥♦♣"["SHDC".index(face[-1])]
        assert f'"{face}"' not in text and pretty not in text, face


def test_a_body_past_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    json_type = {"content-type": "application/json"}
    answer = client.post("/api/check", content=b"x" * (MOST_BODY + 1), headers=json_type)
    assert answer.status_code == 413
    assert "larger than" in answer.json()["error"]


def test_a_posted_variant_file_is_checked_with_its_lines(client: TestClient) -> None:
    bad = 'extends = "bezique"\nname = "mine"\n[game]\ntarget = "lots"\n'
    answer = client.post(
        "/api/check", json={"text": bad, "file": "C:\\Users\\me\\mine.toml"}
    ).json()
    assert answer["ok"] is False
    assert answer["problems"][0].startswith("mine.toml:4: game.target: ")
    refused = client.post("/api/games", json={"variant_text": bad, "file": "mine.toml"})
    assert refused.status_code == 422 and refused.json()["problems"] == answer["problems"]


@pytest.mark.parametrize(
    ("file", "named"),
    [
        (None, "house.toml"),
        ("", "house.toml"),
        ("   ", "house.toml"),
        ("/home/me/rules/", "house.toml"),
        ("Our rules.toml", "Our rules.toml"),
        ("C:\\Users\\me\\Our rules.toml", "Our rules.toml"),
        ("../../etc/club\u202e\n.toml", "club.toml"),
        ("x" * 500 + ".toml", "x" * 100),
    ],
)
def test_a_pasted_variant_s_problems_name_the_file_it_was_given_as(
    client: TestClient, file: str | None, named: str
) -> None:
    """The name a person gives a pasted or uploaded variant names its problems, for a check,
    a game and a table alike: its last part, plain text, at most 100 characters; house.toml
    when none is given."""
    bad = 'extends = "bezique"\nname = "mine"\n[game]\ntarget = "lots"\n'
    given = {} if file is None else {"file": file}
    checked = client.post("/api/check", json={"text": bad, **given}).json()
    assert checked["problems"][0].startswith(f"{named}:4: game.target: "), checked
    for path, extra in (("/api/games", {}), ("/api/tables", {"seats": ["person", "person"]})):
        refused = client.post(path, json={"variant_text": bad, **given, **extra})
        assert refused.status_code == 422, (path, refused.text)
        assert refused.json()["problems"] == checked["problems"], path


def test_the_page_and_its_files_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/play?variant=bezique&seed=1")
    assert page.status_code == 200 and 'data-transport="http"' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "default-src 'self'" in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    for name in ("app.js", "table.js", "dom.js", "play.css", "worker.js"):
        served = client.get(f"/static/{name}")
        assert served.status_code == 200, name
    assert client.get("/", follow_redirects=False).headers["location"] == "/play"
    assert "innerHTML" not in "".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "interpreter/web/static").glob("*.js")
    )


def test_serve_prints_its_address_and_answers_there(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "interpreter.cli", "serve", "--port", "0"]
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data")}
    with subprocess.Popen(
        command,
        cwd=tmp_path,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as server:
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            assert line.startswith("Serving the browser game at http://127.0.0.1:"), line
            url = line.split(" at ", 1)[1].split()[0]
            assert url.endswith("/play")
            store = tmp_path / "data" / "bezique" / "tables.sqlite"
            assert server.stdout.readline().startswith(f"Tables are kept in {store} (0 open")
            with urlopen(url.removesuffix("play") + "api/variants", timeout=20) as answer:
                assert "bezique" in answer.read().decode()
        finally:
            server.send_signal(signal.SIGINT)
            _, said = server.communicate(timeout=20)
    # Stopped with Ctrl-C, as any command (docs/cli.md, "Exit status").
    assert server.returncode == 130, said
    assert said.strip().splitlines()[-1] == "bezique: interrupted (Ctrl-C)", said


def test_serve_without_the_web_extra_says_how_to_install_it(tmp_path: Path) -> None:
    script = (
        "import sys; sys.modules['starlette'] = None\n"
        "from interpreter.cli import main\n"
        "sys.exit(main(['serve']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert (
        "bezique: serve needs the web extra (starlette is not installed): pip install -e '.[web]'"
        in done.stderr
    )


def test_serve_refuses_a_port_it_cannot_have() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "interpreter.cli", "serve", "--port", "70000"],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "--port: '70000' is more than 65,535" in done.stderr
