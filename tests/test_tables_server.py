"""``bezique serve`` hosting tables as a real process: killed with SIGKILL in the middle of a
deal and started again on the same store, every table goes on where it was; and the options
that let others reach it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from tests.tables_server import ROOT, call, server


def test_a_server_killed_mid_deal_and_started_again_goes_on_where_it_was(tmp_path: Path) -> None:
    store = tmp_path / "tables.sqlite"
    rng = random.Random(4)
    with server(tmp_path, "--db", str(store)) as base:
        table = call(base, "/api/tables", {"variant": "bezique", "seats": ["person", "expert"]})
        token = table["seats"][0]["token"]
        seat = f"/api/tables/{table['table']}/seats/0"
        for _ in range(12):
            view = call(base, seat, token=token)
            view = call(base, seat + "/moves", {"move": rng.choice(view["moves"])["move"]}, token)
        assert not view["over"] and view["stock"] > 0  # in the middle of the first deal
        before = call(base, seat, token=token)
    with server(tmp_path, "--db", str(store)) as base:
        after = call(base, seat, token=token)
        assert after == before
        moved = call(base, seat + "/moves", {"move": after["moves"][0]["move"]}, token)
        assert moved["log_size"] > after["log_size"]


def test_a_server_for_others_needs_the_address_they_reach_it_at(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "interpreter.cli", "serve", "--host", "0.0.0.0"]
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run(command, env=environ, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "needs --public-url" in done.stderr


def test_invite_links_are_made_with_the_public_url(tmp_path: Path) -> None:
    url = "https://cards.example.org"
    with server(tmp_path, "--db", ":memory:", "--public-url", url) as base:
        table = call(base, "/api/tables", {"variant": "bezique", "seats": ["person", "person"]})
    assert table["seats"][1]["link"].startswith(f"{url}/tables/{table['table']}/seats/1#")
    assert table["watch"] == f"{url}/tables/{table['table']}/watch"


def test_the_load_test_runs_small_without_error() -> None:
    """benchmarks/tables_load.py, as docs/figures.md runs it, at a size for the tests."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from tables_load import main as load_test
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert load_test(["--tables", "3", "--moves", "60", "--seconds", "60"]) == 0
