"""The command line as a newcomer meets it (issue 13, points 5–13): every command run as a real
process, as a user runs it — the seats of any variant filled, a listing that reads at 80
columns and in a pipe, quiet ends on Ctrl-C and when the reader of the output goes away, plain
option errors, help with descriptions and defaults, files that are not variants, one seat
convention — and the loader's hints for the mistakes a house-rule author makes first."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.cli.options import parser
from interpreter.loader import check, load_variant, shipped_variant_names
from interpreter.loader.files import VARIANT_KEYS
from interpreter.model import Variant
from tests.support import bezique

ROOT = Path(__file__).resolve().parent.parent


def _many_players() -> list[str]:
    return [name for name in shipped_variant_names() if load_variant(name).players.count > 2]


# -- 5. simulate fills the seats of every variant ----------------------------------------------


@pytest.mark.parametrize("name", _many_players())
def test_simulate_seats_every_player_with_the_default_agents(name: str) -> None:
    players = load_variant(name).players.count
    run = bezique("simulate", name, "--deals", "2", "--json")
    assert run.returncode == 0, run.stderr
    agents = json.loads(run.stdout)["agents"]
    assert agents == ["random", "greedy", "random", "greedy"][:players]


def test_the_summary_says_who_sat_where_when_the_agents_are_repeated() -> None:
    run = bezique("simulate", "three-handed", "--deals", "2", "--agents", "greedy,random")
    assert run.returncode == 0, run.stderr
    assert "Seats: p1 greedy, p2 random, p3 greedy" in run.stdout
    assert re.search(r"p3\s+│ greedy", run.stdout)


def test_more_agents_than_seats_are_refused() -> None:
    run = bezique("simulate", "bezique", "--agents", "random,greedy,greedy")
    assert run.returncode == 2
    assert run.stderr == "bezique: --agents: 3 agents for 2 seats: give at most 2\n"


# -- 6. the variants listing -------------------------------------------------------------------


def test_the_variants_listing_reads_well_in_a_pipe() -> None:
    run = bezique("variants")
    assert run.returncode == 0
    lines = run.stdout.splitlines()
    names = shipped_variant_names()
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 2 * len(names) + 2
    for name in names:
        row = next(index for index, line in enumerate(lines) if line.split()[0] == name)
        assert lines[row + 1].strip() == load_variant(name).title  # whole, under its row


def test_a_wide_terminal_has_one_line_per_variant() -> None:
    run = bezique("variants", columns=200)
    lines = run.stdout.splitlines()
    assert len(lines) == len(shipped_variant_names()) + 1
    for name in shipped_variant_names():
        row = next(line for line in lines if line.split()[0] == name)
        assert row.endswith(load_variant(name).title)


def test_a_narrower_terminal_wraps_titles_between_words() -> None:
    run = bezique("variants", columns=72)
    lines = run.stdout.splitlines()
    assert max(len(line) for line in lines) <= 72
    assert len(lines) > 2 * len(shipped_variant_names()) + 2  # a title was wrapped
    words = run.stdout.split()
    for name in shipped_variant_names():
        title = load_variant(name).title.split()
        start = words.index(title[0], words.index(name))
        assert words[start : start + len(title)] == title


# -- 7. a reader gone, and Ctrl-C --------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("diff", "bezique", "rubicon"),
        ("simulate", "bezique", "--deals", "3"),
        ("simulate", "bezique", "--deals", "3", "--json"),
        ("variants",),
        ("show", "rubicon"),
        ("settle", "rubicon", "--scores", "1320", "620"),
        ("rulebook", "bezique"),
        ("schema",),
        ("--help",),
    ],
)
def test_a_command_whose_reader_has_gone_ends_quietly(args: tuple[str, ...]) -> None:
    """As after ``| head -1`` or ``| grep -q``: the reading end is closed before anything is
    written, so that the first write finds no reader."""
    reading, writing = os.pipe()
    os.close(reading)
    try:
        run = subprocess.run(
            [sys.executable, "-m", "interpreter.cli", *args],
            stdout=writing,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
    finally:
        os.close(writing)
    assert run.returncode in (0, 141)
    assert run.stderr == ""


INTERRUPTING = """
import os, signal, sys
import {module} as home

def interrupted(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, delivered here
    return original(*args, **kwargs)

original, home.{name} = home.{name}, interrupted
from interpreter.cli import main
sys.exit(main())
"""


@pytest.mark.parametrize(
    ("module", "name", "args"),
    [
        ("interpreter.loader.load", "gather", ("show", "bezique")),  # while loading
        ("interpreter.loader.load", "gather", ("check", "variants")),
        # (a name the table looks up as it plays, compiled or not: a compiled module calls
        # its own functions directly, so patching one of them would not be seen)
        ("interpreter.scale.table", "Listeners", ("simulate", "bezique", "--deals", "50")),
        ("interpreter.authoring", "differences", ("diff", "bezique", "rubicon")),
        ("interpreter.rulebook", "render", ("rulebook", "rubicon")),
    ],
)
def test_ctrl_c_ends_any_command_in_one_line(module: str, name: str, args: tuple[str, ...]) -> None:
    run = subprocess.run(
        [sys.executable, "-c", INTERRUPTING.format(module=module, name=name), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert run.returncode == 130
    assert run.stderr == "bezique: interrupted (Ctrl-C)\n"


# -- 8. options, help, version -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("simulate", "bezique", "--deals", "abc"), "--deals: 'abc' is not a whole number"),
        (("simulate", "bezique", "--deals", "0"), "--deals: '0' is less than 1"),
        (("simulate", "bezique", "--seed", "x1"), "--seed: 'x1' is not a whole number"),
        (("play", "bezique", "--seat", "two"), "--seat: 'two' is not a whole number"),
        (("play", "bezique", "--seed", "-4"), "--seed: '-4' is negative"),
    ],
)
def test_a_bad_number_is_named_plainly(args: tuple[str, ...], said: str) -> None:
    run = bezique(*args)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1].endswith(f"error: {said}")
    assert "invalid" not in run.stderr and "argument" not in run.stderr


def _commands() -> list[str]:
    return [name for name in parser()._subparsers._group_actions[0].choices]  # type: ignore[union-attr]


@pytest.mark.parametrize("command", _commands())
def test_every_command_has_a_description_and_shows_its_defaults(command: str) -> None:
    run = bezique(command, "--help", columns=100)
    assert run.returncode == 0
    usage, description, *sections = run.stdout.split("\n\n")
    assert usage.startswith(f"usage: bezique {command}")
    assert not description.startswith(("positional arguments:", "options:")), description
    assert len(description.split()) >= 8, description
    options = "\n\n".join(sections).split("options:\n", 1)[1]
    entries = re.split(r"\n(?=  -)", options.strip("\n"))
    for entry in entries:
        flag = entry.split()[0]
        if flag in ("-h,", "--help") or "--force" in entry.split("  ")[1]:
            continue
        takes_value = re.match(r"\s*(-\w, )?--[\w-]+ [A-Z{]", entry) is not None
        if takes_value and "required" not in entry and flag not in ("--scores", "--extends"):
            assert "(default: " in " ".join(entry.split()), entry  # wrapped anywhere


def test_version() -> None:
    run = bezique("--version")
    assert run.returncode == 0
    assert run.stdout.startswith("bezique-interpreter ") and "engine" in run.stdout


def test_version_answers_without_loading_the_engine() -> None:
    """Which build runs is told from the package's files (issue 38: it imported the engine)."""
    code = (
        "import sys\n"
        "from interpreter.cli.app import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "print('interpreter.engine' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert run.stdout.splitlines() == [run.stdout.splitlines()[0], "False"]
    assert run.stdout.startswith("bezique-interpreter ")


def test_a_mistyped_command_gets_the_nearest_one() -> None:
    run = bezique("anlyze", "bezique")
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1].endswith("; did you mean 'analyze'?")
    far = bezique("xyzzy")
    assert far.returncode == 2 and "did you mean" not in far.stderr
    for typed, meant in (("rules", "rulebook"), ("sim", "simulate"), ("stat", "stats")):
        begun = bezique(typed, "bezique")  # the word a command begins with
        assert begun.stderr.splitlines()[-1].endswith(f"; did you mean {meant!r}?"), typed


# -- 9. files that are not variants ------------------------------------------------------------


def test_the_repository_root_is_not_read_as_a_variant() -> None:
    shown = bezique("show", ".")
    assert shown.returncode == 1
    assert shown.stderr == (
        ".: not a variant folder (pyproject.toml: not a variant file): name variants\n"
    )
    checked = bezique("check", ".")
    assert checked.returncode == 0, checked.stderr
    assert "pyproject" not in checked.stderr
    assert checked.stdout.startswith("ok: no problems in .")


def test_a_part_of_a_folder_variant_says_so() -> None:
    for command in ("show", "check"):
        run = bezique(command, "variants/bezique/deck.toml")
        assert run.returncode == 1
        assert run.stderr.splitlines()[0] == (
            "variants/bezique/deck.toml: one part of the variant in variants/bezique/, whose "
            "files are read together: name the folder instead"
        )
        assert "Field required" not in run.stderr


def test_a_toml_file_of_something_else_is_not_a_variant(tmp_path: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    run = bezique("show", "pyproject.toml", cwd=tmp_path)
    assert run.returncode == 1
    assert run.stderr.startswith("pyproject.toml:1: not a variant file: none of its keys (")
    run = bezique("check", ".", cwd=tmp_path)
    assert run.returncode == 1
    assert run.stderr.startswith(".: no variant in this folder (pyproject.toml: not a variant")
    house = tmp_path / "house"
    shutil.copytree(ROOT / "variants" / "bezique", house)
    shutil.copy(ROOT / "pyproject.toml", house / "pyproject.toml")
    run = bezique("check", "house", cwd=tmp_path)
    assert run.returncode == 1
    assert "house/pyproject.toml:1: not a variant file" in run.stderr
    assert "move it out of this variant's folder" in run.stderr


def test_the_variant_keys_are_the_models() -> None:
    keys = {field.alias or name for name, field in Variant.model_fields.items()}
    assert keys | {"extends"} == VARIANT_KEYS


# -- 10. seats ---------------------------------------------------------------------------------


def test_settle_names_the_winner_by_seat() -> None:
    run = bezique("settle", "rubicon", "--scores", "1200", "1200", "--brisques", "140", "180")
    assert run.returncode == 0
    assert run.stdout.startswith("Rubicon Bézique (Portland Club laws, 1887): p2 wins 600.")
    run = bezique(
        "settle", "rubicon", "--scores", "1200", "1200", "--brisques", "140", "180", "--json"
    )
    assert json.loads(run.stdout)["winner"] == 1
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "| `winner` | 0, 1 or null | the winning seat, counted from 0 (0 is `p1`)" in docs


def test_simulate_names_the_seats_p1_on() -> None:
    run = bezique("simulate", "four-handed-partners", "--deals", "2")
    assert run.returncode == 0
    for seat in ("p1", "p2", "p3", "p4", "p1 + p3", "p2 + p4"):
        assert f"│ {seat} " in run.stdout


# -- 11–13. the loader's hints -----------------------------------------------------------------


def problems(folder: Path, text: str) -> list[str]:
    (folder / "house.toml").write_text(text, encoding="utf-8")
    here = Path.cwd()
    os.chdir(folder)
    try:
        return [str(problem) for problem in check(["house.toml"])]
    finally:
        os.chdir(here)


OVERLAY = 'extends = "bezique"\nname = "house"\ntitle = "House"\n'


def test_a_misspelt_combination_id_is_named_with_the_nearest(tmp_path: Path) -> None:
    found = problems(
        tmp_path, OVERLAY + '\n[[combinations]]\nid = "double_bezque"\npoints = 1000\n'
    )
    assert found == [
        "house.toml:6: combinations[0].id: no inherited combination has the id "
        "'double_bezque' (did you mean 'double_bezique'?); a new id adds a combination, which "
        "needs a shape (one of 'same_suit', 'same_rank', 'bezique')"
    ]


def test_a_file_without_extends_is_pointed_to_it(tmp_path: Path) -> None:
    found = problems(tmp_path, 'name = "house"\ntitle = "House"\n[game]\ntarget = 2000\n')
    assert found == [
        "house.toml:1: combinations: a race game needs at least one enabled combination that "
        "scores points, and this variant has none (to change a shipped variant, start the "
        'file with extends = "bezique")'
    ]


def test_single_brackets_for_the_combinations_are_pointed_out(tmp_path: Path) -> None:
    found = problems(tmp_path, OVERLAY + '\n[combinations]\nid = "double_bezique"\npoints = 1000\n')
    assert found == [
        "house.toml:5: combinations: Input should be an array (got a table): write each entry "
        "under its own [[combinations]] header"
    ]


def test_a_table_key_at_the_top_level_is_given_its_table(tmp_path: Path) -> None:
    found = problems(tmp_path, OVERLAY + "target = 2000\nqueen = 'QS'\n")
    assert found == [
        "house.toml:4: target: unknown key at the top level (did you mean 'game.target' or "
        "'match.target'? write it under its table's header, or dotted)",
        "house.toml:5: queen: unknown key at the top level (did you mean 'bezique.queen'? "
        "write it under [bezique], or dotted)",
    ]


def test_a_top_level_key_under_a_table_header_is_given_back_to_the_top(tmp_path: Path) -> None:
    """The TOML trap: after [game], 'seven = false' is game.seven."""
    found = problems(tmp_path, OVERLAY + "[game]\ntarget = 2000\nseven = false\n")
    assert found == [
        "house.toml:6: game.seven: unknown key in [game] (did you mean the top-level 'seven'? "
        "a key written after a [game] header belongs to that table: write seven before the "
        "first header)"
    ]


def test_the_bezique_is_a_queen_and_a_jack(tmp_path: Path) -> None:
    found = problems(tmp_path, OVERLAY + '[bezique]\nqueen = "KS"\njack = "QD"\n')
    assert found == [
        "house.toml:5: bezique.queen: KS is not a queen: the bézique is a queen and a jack "
        "(QS and JD in Hoyle's game)",
        "house.toml:6: bezique.jack: QD is not a jack: the bézique is a queen and a jack "
        "(QS and JD in Hoyle's game)",
    ]


# -- 12. check warns of inherited texts that no longer fit -------------------------------------


def test_check_warns_of_the_texts_the_readmes_house_rule_inherits(tmp_path: Path) -> None:
    """The README's house rule passes without a warning; without its own summary and source,
    as the README says, it passes with a warning for each."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```toml\n# my-bezique\.toml\n(.*?)```", readme, re.DOTALL)
    assert example is not None
    (tmp_path / "my-bezique.toml").write_text(example.group(1), encoding="utf-8")
    run = bezique("check", "my-bezique.toml", cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (
        0,
        "ok: no problems in my-bezique.toml\n",
        "",
    )
    assert "`ok: no problems in my-bezique.toml`" in readme
    bare = re.sub(r"^summary = .*\n", "", example.group(1), flags=re.MULTILINE)
    bare = bare.replace(', source = "house rule"', "")
    assert bare != example.group(1) and "source" not in bare
    (tmp_path / "my-bezique.toml").write_text(bare, encoding="utf-8")
    run = bezique("check", "my-bezique.toml", cwd=tmp_path)
    assert run.returncode == 0
    assert run.stdout == "ok: no problems in my-bezique.toml (2 warnings)\n"
    assert [line.split(": ")[:3] for line in run.stderr.splitlines()] == [
        ["my-bezique.toml", "warning", "summary"],
        ["my-bezique.toml", "warning", "game.source"],
    ]
    assert "game.target: 1000 → 2000" in run.stderr
