"""``bezique analyze --out DIR``: SVG plots (the ``plots`` extra) that are the same byte for
byte from the same options, and load nothing from anywhere."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from interpreter.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "docs"


def test_out_writes_reproducible_plots_and_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = []
    for name in ("first", "second"):
        folder = tmp_path / name
        args = ["analyze", "bezique", "--vs", "rubicon", "--deals", "20", "--seed", "1"]
        assert main([*args, "--out", str(folder)]) == 0
        assert f"written to {folder}" in capsys.readouterr().out
        runs.append({p.name: p.read_bytes() for p in sorted(folder.iterdir())})
    first, second = runs
    assert first == second
    assert set(first) == {
        "analysis.json",
        "deal-points.svg",
        "game-lengths.svg",
        "game-values.svg",
        "sources.svg",
        "figures.svg",
    }
    data = json.loads(first["analysis.json"])
    assert [data["a"]["variant"], data["b"]["variant"]] == ["bezique", "rubicon"]
    for name, content in first.items():
        if not name.endswith(".svg"):
            continue
        text = content.decode("utf-8")
        assert text.startswith("<?xml") and "<svg" in text
        assert "<dc:date>" not in text and "Matplotlib v" not in text
        # nothing fetched when viewed: no link but the XML namespaces, no font file
        links = re.findall(r'(?:href|src)="([^"#][^"]*)"', text)
        assert not links, (name, links)
        assert "@font-face" not in text and "url(" not in text.replace("url(#", "")
    assert "rubicon" in first["game-values.svg"].decode()


def test_a_folder_out_cannot_create_is_refused_before_anything_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    assert main(["analyze", "bezique", "--out", str(blocked / "plots")]) == 2
    assert "cannot create" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["a-file"]


def test_a_house_rule_and_its_parent_of_one_name_are_told_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "bezique.toml"
    house.write_text('extends = "bezique"\nname = "bezique"\ntitle = "Mine"\n', encoding="utf-8")
    args = ["analyze", "bezique", "--vs", str(house), "--deals", "8", "--json"]
    assert main([*args, "--out", str(tmp_path / "plots")]) == 0
    capsys.readouterr()
    legend = (tmp_path / "plots" / "deal-points.svg").read_text(encoding="utf-8")
    assert "A: bezique" in legend and "B: bezique" in legend


def test_without_matplotlib_out_is_refused_with_the_command_that_installs_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    assert main(["analyze", "bezique", "--out", str(tmp_path / "plots")]) == 2
    err = capsys.readouterr().err
    assert "pip install 'bezique-interpreter[plots]'" in err
    assert not (tmp_path / "plots").exists()
