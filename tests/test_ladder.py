"""The rating ladder (benchmarks/ladder.py) on a tiny budget: it rates the shipped bots per
variant, partnerships as teams, and writes its tables between the markers of a page; and the
tables of docs/ladder.md still come from the bots' play (each pair's first deals played again)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def ladder() -> Iterator[ModuleType]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import ladder

        yield ladder
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
        sys.modules.pop("ladder", None)


def test_the_ladder_writes_its_tables_into_the_page(ladder: ModuleType, tmp_path: Path) -> None:
    page = tmp_path / "ladder.md"
    page.write_text(
        "# Ladder\n\nabove\n\n<!-- ladder: begin -->\nold\n<!-- ladder: end -->\nbelow\n"
    )
    args = ["--deals", "2", "--variants", "rubicon,four-handed-partners", "--bots", "random,greedy"]
    args += ["--write", str(page)]
    assert ladder.main(args) == 0
    text = page.read_text()
    assert text.startswith("# Ladder\n\nabove\n\n<!-- ladder: begin -->\n") and "old" not in text
    assert text.endswith("<!-- ladder: end -->\nbelow\n")
    assert "Made by `python benchmarks/ladder.py --deals 2 --seed 1 --variants" in text
    rows = [line for line in text.splitlines() if line.startswith("| rubicon | ")]
    assert sorted(row.split(" | ")[2] for row in rows[:2]) == ["greedy", "random"]
    assert any(" vs " in row for row in rows)
    assert ladder.main(args) == 0 and page.read_text() == text  # the same options, the same tables


def test_variants_played_side_by_side_give_the_same_tables() -> None:
    """``--jobs 2``: each variant in a process of its own, the tables those of one process."""
    args = ["--deals", "3", "--variants", "bezique,three-handed", "--bots", "random,greedy"]
    runs = [
        subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "ladder.py"), *args, "--jobs", jobs],
            capture_output=True,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
            timeout=300,
            check=False,
        )
        for jobs in ("1", "2")
    ]
    assert [run.returncode for run in runs] == [0, 0], runs[1].stderr
    assert (
        runs[0].stdout == runs[1].stdout and "| three-handed | random vs greedy |" in runs[1].stdout
    )


def test_partners_are_rated_as_a_team(ladder: ModuleType) -> None:
    from interpreter.arena.duplicate import Board

    rated = ladder.Ladder(["random", "greedy"])
    seated = ["random", "greedy", "random", "greedy"]
    rated.rate(seated, ((0, 2), (1, 3)), Board((10, 300, 20, 250), 4))
    greedy, random_ = rated.ratings["greedy"], rated.ratings["random"]
    assert greedy.mu > 25 > random_.mu and rated.boards == {"random": 1, "greedy": 1}
    # a team of two: the same update as the model gives the side of two members
    model = ladder.PlackettLuce()
    team = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], scores=[30, 550]
    )
    assert greedy.mu == pytest.approx(team[1][0].mu) and random_.mu == pytest.approx(team[0][0].mu)


def test_a_page_without_markers_is_refused(ladder: ModuleType, tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# no markers\n")
    with pytest.raises(SystemExit, match="needs one line <!-- ladder: begin -->"):
        ladder.write_into(page, "| table |\n")
    assert page.read_text() == "# no markers\n"


def test_the_page_still_matches_the_bots_play(ladder: ModuleType) -> None:
    """Each pair's first deals, as docs/ladder.md gives them, played again: a change in a bot's
    play (or in the deals) shows here, and the page is to be made again."""
    text = (ROOT / "docs" / "ladder.md").read_text(encoding="utf-8")
    made = re.search(r"Made by `(python benchmarks/ladder\.py [^`]*)`", text)
    assert made is not None, "docs/ladder.md: no line 'Made by `python benchmarks/ladder.py …`'"
    options = dict(re.findall(r"--(\w+) (\S+)", made.group(1)))
    again = f"make it again (docs/ladder.md says how long): {made.group(1)} --write docs/ladder.md"
    lines = text.splitlines()
    assert ladder.SAMPLES_HEADER in lines, f"docs/ladder.md: no table of the first deals; {again}"
    start = lines.index(ladder.SAMPLES_HEADER) + 2
    rows = lines[start : lines.index("", start)]
    given = {tuple(row.split(" | ")[:2]): row for row in rows}
    played = {}
    for variant in options["variants"].split(","):
        for pair in combinations(options["bots"].split(","), 2):
            points = ladder.sample(variant, pair, int(options["seed"]))
            played[(f"| {variant}", " vs ".join(pair))] = ladder.sample_row(variant, pair, points)
    differ = [
        f"  page: {given.get(key, '(no row)')}\n  code: {row}"
        for key, row in played.items()
        if given.get(key) != row
    ]
    differ += [
        f"  page: {row}\n  code: (no such pair)" for key, row in given.items() if key not in played
    ]
    assert not differ, f"docs/ladder.md no longer matches the bots' play; {again}:\n" + "\n".join(
        differ
    )


def test_the_sample_is_the_ladders_first_games(ladder: ModuleType) -> None:
    """The sample's plain simulation plays the same games as the first seating of the ladder's
    duplicate boards, move for move."""
    from interpreter.loader import load_variant
    from interpreter.records import Record
    from interpreter.simulate import simulate

    for name in ("bezique", "rubicon", "three-handed", "four-handed-partners"):
        variant = load_variant(name)
        seats = ladder.seated(variant, ("random", "greedy"))
        boards: list[Record] = []
        plain: list[Record] = []
        simulate(variant, 30, seed=3, agents=seats, duplicate=True, on_record=boards.append)
        simulate(variant, 30, seed=3, agents=seats, on_record=plain.append)
        first = [r for r in boards if r.meta["duplicate"].split(", ")[1].startswith("seating 1 ")]
        assert len(first) >= 2 and len(plain) >= 2, name
        assert [r.actions for r in first[:2]] == [r.actions for r in plain[:2]], name
