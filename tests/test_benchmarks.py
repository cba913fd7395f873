"""The benchmark scripts still run (their figures are not checked: tests never assert on time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSUS_SCHNAPSEN = ROOT / "benchmarks" / "versus_schnapsen.py"


def run_versus_schnapsen(*args: str) -> str:
    """Our side only, so that the reference is never installed; two deals per measurement."""
    command = [sys.executable, str(VERSUS_SCHNAPSEN), "--ours-only", "--count", "2", *args]
    return subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout


def test_versus_schnapsen_measures_our_side() -> None:
    out = run_versus_schnapsen("--rounds", "2", "--variants", "bezique")
    results = json.loads(
        run_versus_schnapsen("--engine", "--variants", "bezique,three-handed", "--json")
    )
    assert results["reference"] is None
    assert results["package"]["compiled"] in (True, False)
    assert results["machine"]["python"].endswith(sys.version.split()[0])
    rows = {row["variant"]: row for row in results["variants"]}
    assert list(rows) == ["bezique", "three-handed"]
    assert rows["bezique"]["tricks_per_deal"] == 32  # 64 cards, two a trick
    assert rows["three-handed"]["tricks_per_deal"] == 32  # 96 cards, three a trick
    for row in rows.values():
        for mode in ("simulate", "engine"):
            assert row[mode]["deals_per_second"]["median"] > 0
    assert "2 rounds of 2 deals/games per measurement" in out
    assert "| bezique | 32 |" in out


def test_the_digest_of_games_depends_on_the_games_only() -> None:
    """benchmarks/digest.py compares builds and checkouts: the same games give the same
    digest, other games another."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from digest import digest
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    once = digest("bezique", games=1, deals=1)
    assert once == digest("bezique", games=1, deals=1)
    assert once != digest("bezique", games=2, deals=1)
    assert len(once) == 16


def test_instructions_per_deal_are_counted_the_same_every_time() -> None:
    """benchmarks/instructions.py: a deterministic count, so two runs give the same figures,
    function by function (the loop that plays the deals among them: it stays pure Python in
    the compiled build, whose compiled engine the tracer does not see)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from instructions import count
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    per_deal, per_function = count("bezique", 1)
    assert (per_deal, per_function) == count("bezique", 1)
    assert per_deal > 0
    assert per_function["shards.py:play_shard"] > 0  # the loop that plays the deals
    assert per_deal == sum(per_function.values())  # one deal: nothing is rounded


def test_the_wall_profile_counts_only_what_ran_while_deals_were_played(tmp_path: Path) -> None:
    """benchmarks/wall_profile.py reads py-spy's raw stacks (one a line, with its count): the
    samples outside the play of deals are left out, and a leaf is a function or a line."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from wall_profile import shares
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    raw = tmp_path / "stacks.txt"
    play = "<module> (x.py:1);play_shard (interpreter/scale/shards.py:220)"
    raw.write_text(
        f"{play};moves (interpreter/engine/tricks.py:40) 3\n"
        f"{play};moves (interpreter/engine/tricks.py:41) 1\n"
        f"{play};draw (interpreter/engine/drawing.py:9) 4\n"
        "<module> (x.py:1);load_variant (interpreter/loader/load.py:5) 50\n",
        encoding="utf-8",
    )
    total, by_function = shares(raw, lines=False)
    assert total == 8
    assert by_function == {
        "moves (interpreter/engine/tricks.py)": 4,
        "draw (interpreter/engine/drawing.py)": 4,
    }
    total, by_line = shares(raw, lines=True)
    assert total == 8
    assert by_line["moves (interpreter/engine/tricks.py:40)"] == 3
