"""A variant file's mistakes come in one answer, not in rounds, and every reader of a variant
file reads it alike (a byte-order mark at its start included)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from interpreter.loader import VariantError, load_variant, load_variant_text
from tests.support import bezique as run_bezique

ROOT = Path(__file__).resolve().parents[1]


bezique = partial(run_bezique, columns=200)


def test_a_refused_value_and_a_broken_rule_are_said_at_once(tmp_path: Path) -> None:
    """A wrong type (the schema) and a deck that lacks the seven of trumps (the rules) in one
    file: both reported by the first check, with their lines."""
    (tmp_path / "mine.toml").write_text(
        'extends = "bezique"\n\n[game]\ntarget = "lots"\n\n'
        '[deck]\nranks = ["A", "T", "K", "Q", "J", "9", "8"]\n',
        encoding="utf-8",
    )
    run = bezique("check", "mine.toml", cwd=tmp_path)
    lines = run.stderr.splitlines()
    assert run.returncode == 1
    assert lines[0] == "mine.toml:4: game.target: Input should be a valid integer (got 'lots')"
    assert "seven.rank: '7' is not a rank of the deck (A T K Q J 9 8)" in lines[1]
    assert lines[-1] == "2 problems found"


def test_a_value_refused_is_not_blamed_again_by_the_rules(tmp_path: Path) -> None:
    """The second pass puts the parent's value back where the file's was refused: a hand of
    40 cards is one problem, not also a deal the deck cannot make."""
    (tmp_path / "mine.toml").write_text(
        'extends = "bezique"\n[deal]\nhand_size = 40\n', encoding="utf-8"
    )
    with pytest.raises(VariantError) as caught:
        load_variant(tmp_path / "mine.toml")
    said = [str(d).rsplit("/", 1)[-1] for d in caught.value.diagnostics]
    assert said == [
        "mine.toml:3: deal.hand_size: Input should be less than or equal to 20 (got 40)"
    ]


@pytest.mark.parametrize(
    ("written", "key"),
    [("hand_size = 12", "deal.hand_size"), ("packets = [3, 3, 2]", "deal.packets")],
)
def test_a_problem_of_two_keys_is_said_where_the_house_rule_wrote_one(
    tmp_path: Path, written: str, key: str
) -> None:
    """Packets that no longer add up to the hand: said at the overlay's own line, whichever
    of the two it changed, not in the shipped parent's file that holds the other."""
    (tmp_path / "mine.toml").write_text(f'extends = "rubicon"\n\n[deal]\n{written}\n')
    with pytest.raises(VariantError) as caught:
        load_variant(tmp_path / "mine.toml")
    [said] = caught.value.diagnostics
    sums = {"deal.hand_size": (9, 12), "deal.packets": (8, 9)}[key]
    assert (said.file, said.line, said.path) == (str(tmp_path / "mine.toml"), 4, key)
    assert said.message == f"deal.packets add up to {sums[0]}, not deal.hand_size = {sums[1]}"


def test_a_parent_that_cannot_be_read_leaves_the_files_own_mistakes_said(
    tmp_path: Path,
) -> None:
    text = 'extends = "bezik"\n[game]\ntargt = 3\ntarget = "x"\n'
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    run = bezique("check", "mine.toml", cwd=tmp_path)
    lines = run.stderr.splitlines()
    assert lines[0].startswith("mine.toml:1: extends: no variant named 'bezik' (did you mean")
    assert lines[1:] == [
        "mine.toml:3: game.targt: unknown key (did you mean 'target'?)",
        "mine.toml:4: game.target: Input should be a valid integer (got 'x')",
        "3 problems found",
    ]
    with pytest.raises(VariantError) as caught:  # pasted in the browser: the same answer
        load_variant_text(text, "mine.toml", trusted=False)
    said = [str(d) for d in caught.value.diagnostics]
    assert said == lines[:-1]


BOM = "\ufeff"


def test_a_file_that_starts_with_a_byte_order_mark_is_read_alike_by_every_command(
    tmp_path: Path,
) -> None:
    """Windows editors write a byte-order mark: check, show, simulate, the loader and the
    browser's check all take the file, and all say the same of a mistake in it."""
    good = tmp_path / "bom.toml"
    good.write_text(f'{BOM}extends = "bezique"\n[game]\ntarget = 2000\n', encoding="utf-8")
    assert good.read_bytes().startswith(b"\xef\xbb\xbf")
    check = bezique("check", "bom.toml", cwd=tmp_path)
    assert check.returncode == 0 and check.stdout.startswith("ok: no problems in bom.toml")
    show = bezique("show", "bom.toml", cwd=tmp_path)
    assert show.returncode == 0 and "target = 2000" in show.stdout
    simulate = bezique("simulate", "bom.toml", "--deals", "2", cwd=tmp_path)
    assert simulate.returncode == 0, simulate.stderr
    assert load_variant(good).game.target == 2000
    assert load_variant_text(good.read_text(encoding="utf-8"), "bom.toml").game.target == 2000
    bad = tmp_path / "bad.toml"
    bad.write_text(f'{BOM}extends = "bezique"\n[game]\ntargt = 2000\n', encoding="utf-8")
    check = bezique("check", "bad.toml", cwd=tmp_path)
    said = "bad.toml:3: game.targt: unknown key (did you mean 'target'?)"
    assert check.stderr.splitlines() == [said, "1 problem found"]
    with pytest.raises(VariantError) as caught:
        load_variant_text(bad.read_text(encoding="utf-8"), "bad.toml")
    assert [str(d) for d in caught.value.diagnostics] == [said]
    (tmp_path / "folder").mkdir()  # a folder of variants finds a marked file's extends too
    for name in ("one", "two"):
        (tmp_path / "folder" / f"{name}.toml").write_text(
            f'{BOM}extends = "bezique"\n', encoding="utf-8"
        )
    check = bezique("check", "folder", cwd=tmp_path)
    assert check.returncode == 0, check.stderr
