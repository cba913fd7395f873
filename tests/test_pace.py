"""A race game that only declarations can end: ``bezique check`` says how long it would last
(Grand Bézique with the sequence alone and no brisques: random play scored 500 points in 1,562
deals of it; bots that declare end it in a score of deals)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.arena.pace import SLOW, Pace, pace, slow_game_warning
from interpreter.loader import load_variant, shipped_variant_names
from tests.support import bezique

ROOT = Path(__file__).resolve().parents[1]
OTHERS = (
    "marriage_common",
    "marriage_royal",
    "bezique",
    "double_bezique",
    "triple_bezique",
    "four_aces",
    "four_kings",
    "four_queens",
    "four_knaves",
)


def sequence_only(folder: Path) -> Path:
    lines = ['extends = "grand"', "[brisques]", 'usage = "none"', 'source = ""']
    for combo in OTHERS:
        lines += ["[[combinations]]", f'id = "{combo}"', "enabled = false"]
    file = folder / "sequence-only.toml"
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return file


def test_check_says_how_long_a_game_only_declarations_can_end_would_last(
    tmp_path: Path,
) -> None:
    file = sequence_only(tmp_path)
    run = bezique("check", file.name, cwd=tmp_path)
    assert (
        run.returncode == 0 and run.stdout == "ok: no problems in sequence-only.toml (1 warning)\n"
    )
    found = re.fullmatch(
        r"sequence-only\.toml: warning: game\.target: only declarations score here \(no "
        r"brisques, card points or last trick\), and in 24 deals greedy bots, who declare all "
        r"they can, scored (\d+) points a deal at best: a game to 3000 would last about (\d+) "
        r"deals \(random play scored nothing in 24 deals\)\n",
        run.stderr,
    )
    assert found, run.stderr
    points, deals = int(found[1]), int(found[2])
    assert deals > SLOW and deals == round(3000 / points)


@pytest.mark.parametrize("name", shipped_variant_names())
def test_no_shipped_variant_is_slow(name: str) -> None:
    assert slow_game_warning(load_variant(name)) is None


def test_a_pace_counts_the_side_that_scores_most() -> None:
    measured = pace(load_variant("four-handed-partners"), "greedy", deals=2)
    assert measured.deals == 2 and measured.points > 0
    assert Pace("greedy", 10, 0.0).deals_to(1000) is None
    assert Pace("greedy", 10, 250.0).deals_to(1000) == 4
