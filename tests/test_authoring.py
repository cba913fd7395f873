"""The tools for house-rule authors: ``differences`` and ``bezique diff``, ``starter_overlay``
and ``bezique new``, ``json_schema`` and ``bezique schema``."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from interpreter.authoring import Change, describe_change, differences, json_schema, report
from interpreter.authoring import starter_overlay as overlay_text
from interpreter.cli import main
from interpreter.loader import (
    check,
    load_raw,
    load_variant,
    shipped_variant_names,
    shipped_variants_dir,
)
from interpreter.model import variant_data


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def diff(a: str | Path, b: str | Path, **options: bool) -> list[Change]:
    return differences(load_variant(a), load_variant(b), **options)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# -- differences ----------------------------------------------------------------------------------


def test_bezique_handbook_differs_from_bezique_in_exactly_its_two_rules() -> None:
    changes = diff("bezique", "bezique-handbook")
    assert [(c.path, c.before, c.after) for c in changes] == [
        ("last_trick.which", "final", "last_stock_trick"),
        ("brisques.timing", "on_trick", "end_of_hand"),
    ]
    assert all(c.label and "." not in c.label for c in changes)


def test_rubicon_modern_differs_in_its_brisques_and_settlement() -> None:
    changes = diff("rubicon", "rubicon-modern")
    assert [(c.path, c.before, c.after) for c in changes] == [
        ("brisques.usage", "tie_and_rubicon_only", "tie_only"),
        ("settlement.rubicon_game", 1000, 500),
        ("settlement.formula", "add_scores", "subtract_plus_extra"),
        ("settlement.tie_rule", "raw_then_brisques_then_void", "rounded_then_brisques"),
    ]


@pytest.mark.parametrize("name", shipped_variant_names())
def test_a_variant_does_not_differ_from_itself(name: str) -> None:
    assert diff(name, name) == []
    assert diff(name, name, include_sources=True) == []


def test_an_added_combination_a_changed_one_and_a_removed_table(tmp_path: Path) -> None:
    house = write(
        tmp_path / "house.toml",
        'extends = "bezique"\nname = "house"\ntitle = "House"\nseven = false\n'
        "[game]\ntarget = 2000\n"
        '[[combinations]]\nid = "double_bezique"\npoints = 1000\n'
        '[[combinations]]\nid = "four_tens"\nname = "four tens"\nshape = "same_rank"\n'
        'of = "T"\nclass = "quartets"\npoints = 90\n',
    )
    changes = {c.path: c for c in diff("bezique", house)}
    assert list(changes) == [
        "combinations[double_bezique].points",
        "combinations[four_tens]",
        "seven",
        "game.target",
    ]
    added = changes["combinations[four_tens]"]
    assert added.before is None and isinstance(added.after, dict)
    assert describe_change(added) == (
        "Combination four tens: added (90 points) (combinations[four_tens])"
    )
    changed = changes["combinations[double_bezique].points"]
    assert (changed.before, changed.after) == (500, 1000)
    assert "double bézique" in changed.label and "points" in changed.label.lower()
    removed = changes["seven"]
    assert isinstance(removed.before, dict) and removed.after is None
    assert describe_change(removed).startswith("The seven of trumps: removed")
    assert describe_change(changes["game.target"]) == (
        "Points that win a race game: 1000 → 2000 (game.target)"
    )
    back = {c.path: c for c in diff(house, "bezique")}
    assert describe_change(back["combinations[four_tens]"]).startswith(
        "Combination four tens: removed (was 90 points)"
    )
    assert back["seven"].before is None and describe_change(back["seven"]).startswith(
        "The seven of trumps: added"
    )


def test_a_combination_that_changes_shape_lists_each_changed_field(tmp_path: Path) -> None:
    house = write(
        tmp_path / "shapes.toml",
        'extends = "bezique"\n[[combinations]]\nid = "four_knaves"\nshape = "same_suit"\n'
        'ranks = ["K", "J"]\nclass = "quartets"\npoints = 40\n',
    )
    paths = [c.path for c in diff("bezique", house)]
    assert paths == [  # a new shape replaces the entry whole, so its name is the default again
        "combinations[four_knaves].name",
        "combinations[four_knaves].shape",
        "combinations[four_knaves].ranks",
        "combinations[four_knaves].of",
        "combinations[four_knaves].count",
        "combinations[four_knaves].distinct_suits",
    ]


def test_name_title_and_summary_are_never_rules_and_sources_only_on_request(
    tmp_path: Path,
) -> None:
    house = write(
        tmp_path / "renamed.toml",
        'extends = "bezique"\nname = "renamed"\ntitle = "Another title"\nsummary = "Other."\n'
        'note = "A note."\n[game]\nsource = "Our club"\n',
    )
    assert diff("bezique", house) == []
    sourced = [c.path for c in diff("bezique", house, include_sources=True)]
    assert sourced == ["note", "game.source"]
    handbook = [c.path for c in diff("bezique", "bezique-handbook", include_sources=True)]
    assert "last_trick.source" in handbook and "brisques.source" in handbook


def test_describe_change_writes_values_as_a_reader_does() -> None:
    change = Change("deck.suits", "Suits of each pack", ["S", "H"], ["S", "H", "D"])
    assert describe_change(change) == "Suits of each pack: [S, H] → [S, H, D] (deck.suits)"
    flag = Change("endgame.must_head", "Must win the trick if able", True, False)
    assert describe_change(flag) == "Must win the trick if able: true → false (endgame.must_head)"
    queen = Change("bezique.queen", "The bézique queen", "QS", None)
    assert describe_change(queen) == "The bézique queen: QS → absent (bezique.queen)"


def test_report_groups_the_changes_under_their_table() -> None:
    lines = report(diff("bezique", "bezique-handbook"))
    assert lines[0].startswith("[last_trick] ")
    assert lines[1].startswith("  Which trick") and lines[1].endswith("(last_trick.which)")
    assert lines[2] == "" and lines[3].startswith("[brisques] ")
    assert report([]) == ["no differences in the rules"]


# -- bezique diff ---------------------------------------------------------------------------------


def test_the_diff_command_prints_one_line_per_change(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "diff", "bezique", "bezique-handbook")
    assert code == 0, err
    assert out.splitlines() == report(diff("bezique", "bezique-handbook"))
    assert "final → last_stock_trick (last_trick.which)" in out
    assert "on_trick → end_of_hand (brisques.timing)" in out


def test_the_diff_command_says_when_nothing_differs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "diff", "rubicon", "rubicon")
    assert (code, out) == (0, "no differences in the rules\n")
    code, out, _ = run_cli(capsys, "diff", "bezique-handbook", "bezique", "--sources")
    assert code == 0 and "(last_trick.source)" in out


def test_the_diff_command_reports_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "diff", "bezique", "bezque")
    assert (code, out) == (1, "")
    assert "did you mean 'bezique'" in err and "Traceback" not in err


# -- starter overlays and bezique new -------------------------------------------------------------


def test_new_writes_an_overlay_that_checks_loads_and_plays_as_its_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "new", "my-rules", "--extends", "bezique")
    assert code == 0, err
    assert out == "my-rules.toml\n"
    path = tmp_path / "my-rules.toml"
    assert check([path]) == []
    code, out, _ = run_cli(capsys, "check", str(path))
    assert code == 0 and "no problems" in out
    variant, parent = load_variant(path), load_variant("bezique")
    assert variant.name == "my-rules" and variant.title != parent.title
    assert differences(parent, variant) == []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data == {
        "extends": "bezique",
        "name": "my-rules",
        "title": data["title"],
        "summary": data["summary"],
    }


def test_the_examples_of_a_starter_overlay_hold_the_parents_values(tmp_path: Path) -> None:
    for parent in ("bezique", "rubicon", "polish"):
        text = overlay_text("house", parent)
        base = load_variant(parent)
        ids = {c.id for c in base.combinations}
        examples = [line[2:] for line in text.splitlines() if re.match(r"# (\[|\w+ = )", line)]
        assert "[[combinations]]" in examples and "[last_trick]" in examples
        assert f"points = {base.last_trick.points}" in examples
        assert any(e.startswith("id = ") and e[6:-1] in ids for e in examples)
        if parent != "rubicon":
            assert f"target = {base.game.target}" in examples
        uncommented = re.sub(r"^# (\[|\w+ = )", r"\1", text, flags=re.MULTILINE)
        path = write(tmp_path / f"{parent}-house.toml", uncommented)
        assert check([path]) == []
        assert differences(base, load_variant(path)) == []


def test_new_writes_a_path_parent_relative_to_the_new_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "base.toml", 'extends = "rubicon"\nname = "base"\n[game]\ntarget = 1\n')
    (tmp_path / "house").mkdir()
    code, out, err = run_cli(capsys, "new", "mine", "--extends", "base.toml", "-o", "house/m.toml")
    assert code == 0, err
    written = tmp_path / "house" / "m.toml"
    assert out == f"{Path('house') / 'm.toml'}\n"
    assert tomllib.loads(written.read_text(encoding="utf-8"))["extends"] == "../base.toml"
    assert check([written]) == []
    assert differences(load_variant("base.toml"), load_variant(written)) == []


BAD_NAMES = ["My-Rules", "1st", "my_rules", "my rules", "mine\n", "", "a" * 65]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_name_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="not a valid variant name"):
        overlay_text(name, "bezique")


def test_new_refuses_a_bad_name_an_existing_file_and_a_shipped_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "new", "My_Rules", "--extends", "bezique")
    assert code == 2 and "not a valid variant name" in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())
    code, _, err = run_cli(capsys, "new", "rubicon", "--extends", "bezique")
    assert code == 2 and "shipped variant" in err
    existing = write(tmp_path / "mine.toml", "# my own notes\n")
    code, _, err = run_cli(capsys, "new", "mine", "--extends", "bezique")
    assert code == 2 and "already exists" in err and "--force" in err
    assert existing.read_text(encoding="utf-8") == "# my own notes\n"
    code, _, _ = run_cli(capsys, "new", "mine", "--extends", "bezique", "--force")
    assert code == 0 and check([existing]) == []
    code, _, err = run_cli(capsys, "new", "other", "--extends", "bezque")
    assert code == 1 and "did you mean 'bezique'" in err
    code, _, err = run_cli(capsys, "new", "other", "--extends", "bezique", "-o", "no/such/x.toml")
    assert code == 2 and "cannot write" in err


# -- the JSON Schema and bezique schema -----------------------------------------------------------


def validator(schema: dict[str, Any]) -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def errors(schema: dict[str, Any], data: dict[str, Any]) -> list[str]:
    return [error.message for error in validator(schema).iter_errors(data)]


@pytest.mark.parametrize("overlay", [False, True])
def test_every_shipped_variant_validates_against_the_schema(overlay: bool) -> None:
    schema = json_schema(overlay=overlay)
    for name in shipped_variant_names():
        assert errors(schema, load_raw(name)) == [], name
        dumped = variant_data(load_variant(name))
        assert errors(schema, dumped) == [], name


def test_the_schema_rejects_a_wrong_type_an_unknown_key_and_a_true_table() -> None:
    schema = json_schema()
    good = {"name": "house", "title": "House"}
    assert errors(schema, good) == []
    assert errors(schema, {**good, "game": {"target": "2000"}})
    assert errors(schema, {**good, "deck": {"pakcs": 2}})
    assert errors(schema, {**good, "seven": True})
    assert errors(schema, {**good, "last_trick": {"which": "24th"}})
    assert errors(schema, {"title": "No name"})


def test_the_schema_accepts_what_the_loader_accepts() -> None:
    schema = json_schema()
    removed = {
        "name": "house",
        "title": "House",
        "extends": "bezique",
        "seven": False,
        "carte_blanche": False,
        "open_cards": False,
        "settlement": False,
        "deal": {"count_guess": False},
        "bezique": {"queen": False, "jack": False},
    }
    assert errors(schema, removed) == []
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "$defs" not in json.dumps(schema)


def test_the_overlay_schema_accepts_overlays_and_the_files_of_a_folder() -> None:
    full, overlay = json_schema(), json_schema(overlay=True)
    small = {
        "extends": "bezique",
        "game": {"target": 2000},
        "combinations": [{"id": "double_bezique", "points": 1000}],
    }
    assert errors(overlay, small) == []
    assert errors(full, small)  # no name, no title, a combination without its shape
    assert errors(overlay, {**small, "game": {"target": "x"}})
    assert errors(overlay, {"combinations": [{"id": "x", "of": "T", "ranks": ["K"]}]})
    for file in sorted(shipped_variants_dir().rglob("*.toml")):
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        assert errors(overlay, data) == [], file.name


def test_the_schema_command_prints_or_writes_indented_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(capsys, "schema")
    assert code == 0 and out.startswith('{\n  "$schema": ')
    assert json.loads(out) == json_schema()
    target = tmp_path / "bezique.schema.json"
    code, out, _ = run_cli(capsys, "schema", "--overlay", "-o", str(target))
    assert (code, out) == (0, f"{target}\n")
    assert json.loads(target.read_text(encoding="utf-8")) == json_schema(overlay=True)
    assert '"required"' not in target.read_text(encoding="utf-8")
