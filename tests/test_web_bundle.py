"""What the site's build vendors for the Play page (interpreter/web/bundle.py), checked
without the network: the front-end's files, the pins, and what happens when the engine cannot
be had or is not wanted."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from interpreter.web.bundle import (
    ENGINE,
    MANIFEST,
    PLATFORM,
    PYODIDE,
    WHEELS,
    front_end,
    site_engine,
)

ROOT = Path(__file__).resolve().parents[1]


def test_the_site_gets_the_front_end_but_the_server_page() -> None:
    files = front_end()
    assert {"app.js", "worker.js", "table.js", "dom.js", "play.css"} <= set(files)
    assert "play.html" not in files


def test_every_package_the_engine_imports_is_pinned_for_that_pyodide() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = {
        dependency.split(">")[0].split("<")[0].replace("-", "_")
        for dependency in project["dependencies"]
    }
    pinned = {name.split("-")[0] for name in WHEELS}
    assert needed <= pinned, needed - pinned
    native = [name for name in WHEELS if not name.endswith("-none-any.whl")]
    assert native == [name for name in WHEELS if name.endswith(f"-{PLATFORM[0]}.whl")], native
    assert all(len(digest) == 64 for digest in WHEELS.values())
    assert PYODIDE.startswith(PLATFORM[1].replace(".", "")), (PYODIDE, PLATFORM)


def test_without_npm_and_an_empty_cache_the_engine_is_not_bundled_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setenv("BEZIQUE_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(ENGINE, raising=False)
    engine = tmp_path / "site" / "play" / "engine"
    reason = site_engine(engine)
    assert reason is not None and reason.startswith("npm is not installed"), reason
    assert json.loads((engine / MANIFEST).read_text()) == {"bundled": False, "reason": reason}


def test_the_engine_can_be_left_out_on_purpose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENGINE, "0")
    monkeypatch.setenv("BEZIQUE_CACHE", str(tmp_path / "cache"))
    engine = tmp_path / "engine"
    reason = site_engine(engine)
    assert reason == f"{ENGINE}=0 was set when the site was built"
    assert not (tmp_path / "cache").exists(), "nothing was to be downloaded"
    assert json.loads((engine / MANIFEST).read_text())["bundled"] is False
