"""The ``bezique`` command as a user runs it: exit codes and what it prints."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.engine import Game
from interpreter.loader import VariantError, extends_of, load_variant, shipped_variant_names
from interpreter.loader.listing import Row, variant_row
from interpreter.model import Variant


def answer_with(monkeypatch: pytest.MonkeyPatch, answers: Iterator[str]) -> None:
    """Type ``answers`` at the prompts; then the input ends."""

    def fake_input(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_variants_lists_every_shipped_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "variants")
    assert code == 0
    for name in shipped_variant_names():
        assert name in out
    assert "players" in out and "hand" in out


def test_variants_reads_the_table_the_validated_variants_give() -> None:
    for name in shipped_variant_names():
        variant = load_variant(name)
        assert variant_row(name) == Row(
            name,
            variant.title,
            variant.players.count,
            variant.deck.packs,
            variant.deal.hand_size,
            extends_of(name) or "",
        )


def test_a_row_takes_what_the_data_leaves_out_from_the_validated_variant(
    tmp_path: Path,
) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(
        'name = "mine"\ntitle = "Mine"\n[deal]\nhand_size = 9\npackets = [3, 3, 3]\n'
        '[[combinations]]\nid = "marriage"\nshape = "same_suit"\nranks = ["K", "Q"]\n'
        'class = "marriages"\npoints = 20\n'
    )
    assert variant_row(str(mine)) == Row(str(mine), "Mine", 2, 2, 9, "")
    mine.write_text('name = "mine"\ntitle = "Mine"\n[players]\ncount = "two"\n')
    with pytest.raises(VariantError) as caught:
        variant_row(str(mine))
    assert "players.count" in str(caught.value)


@pytest.mark.parametrize(
    ("args", "unused"),
    [
        (
            ["--help"],
            ("rich", "pydantic", "interpreter.loader.files", "interpreter.engine", "starlette"),
        ),
        (["serve", "--help"], ("starlette", "uvicorn", "interpreter.web", "interpreter.engine")),
        (["variants"], ("pydantic", "interpreter.model", "interpreter.engine")),
    ],
)
def test_a_command_imports_only_what_it_uses(args: list[str], unused: tuple[str, ...]) -> None:
    script = (
        "import contextlib, io, json, sys\n"
        "from interpreter.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        f"    main({args!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    loaded = json.loads(run.stdout)
    assert [m for m in loaded if m.split(".")[0] in unused or m in unused] == []


def test_check_accepts_the_shipped_variants(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "check", "variants")
    assert code == 0, err
    assert "no problems" in out


def test_check_accepts_the_shipped_variants_without_a_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_cli(capsys, "check", *sorted(str(p) for p in Path("variants").iterdir()))
    assert (code, err) == (0, "") and "warning" not in out


def test_check_warns_of_a_class_misspelt_and_of_a_shipped_name_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both load and play, but not as meant: a combination alone in a class named like
    another, and a house rule that commands given its name would not play."""
    nines = '[[combinations]]\nid = "four_nines"\nname = "four nines"\nshape = "same_rank"\n'
    nines += 'of = "9"\npoints = 90\nclass = "{}"\n'
    mine = tmp_path / "mine.toml"
    mine.write_text('extends = "rubicon"\nname = "rubicon"\n' + nines.format("quartet"))
    code, out, err = run_cli(capsys, "check", str(mine))
    assert code == 0 and out == f"ok: no problems in {mine} (2 warnings)\n"
    assert err.splitlines() == [
        f"{mine}: warning: combinations[four_nines].class: no other combination is in class "
        "'quartet', so the rules for reusing cards within a class never apply to it: did you "
        "mean 'quartets'?",
        f"{mine}: warning: name: 'rubicon' is the name of a shipped variant: a command given "
        "that name plays the shipped one, not this file (give the file's path, or another name)",
    ]
    mine.write_text('extends = "rubicon"\nname = "mine"\n' + nines.format("quartets"))
    assert run_cli(capsys, "check", str(mine)) == (0, f"ok: no problems in {mine}\n", "")
    mine.write_text('extends = "rubicon"\nname = "mine"\n' + nines.format("nines"))
    assert run_cli(capsys, "check", str(mine))[2] == ""  # a class of its own, named apart


def test_check_reports_every_problem_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "bezique"\nname = "bad"\n[deck]\npakcs = 2\n[game]\ntarget = "x"\n')
    code, _, err = run_cli(capsys, "check", str(bad))
    assert code == 1
    assert f"{bad}:4: deck.pakcs:" in err and "did you mean 'packs'" in err
    assert f"{bad}:6: game.target:" in err
    assert "Traceback" not in err


def test_check_reports_a_toml_syntax_error_with_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text('name = "x"\ntitle = \n')
    code, _, err = run_cli(capsys, "check", str(bad))
    assert code == 1
    assert f"{bad}:2:" in err and "Traceback" not in err


def test_show_prints_toml_that_loads_back_equal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in shipped_variant_names():
        code, out, _ = run_cli(capsys, "show", name)
        assert code == 0
        path = tmp_path / f"{name}.toml"
        path.write_text(out)
        assert load_variant(path) == load_variant(name)


def test_show_unknown_variant_suggests_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "show", "beziqe")
    assert code == 1
    assert "bezique" in err and "Traceback" not in err


def test_simulate_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys,
        "simulate",
        "bezique",
        "--deals",
        "30",
        "--seed",
        "4",
        "--agents",
        "random,greedy",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    for key in ("variant", "deals", "seed", "seconds", "mean_scores", "combinations"):
        assert key in data
    assert data["variant"] == "bezique" and data["deals"] == 30 and data["seed"] == 4
    assert len(data["mean_scores"]) == 2


def test_simulate_is_reproducible_by_seed(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        _, out, _ = run_cli(capsys, "simulate", "bezique", "--deals", "20", "--seed", "9", "--json")
        data = json.loads(out)
        data.pop("seconds")
        data.pop("deals_per_second")
        runs.append(data)
    assert runs[0] == runs[1]


def test_simulate_prints_a_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "simulate", "bezique-handbook", "--deals", "10")
    assert code == 0
    assert "deals/s" in out and "Combinations (and sevens of trumps) scored" in out
    assert "greedy" in out
    # each combination by the name players know, then the id the JSON and the moves use
    rows = {
        line.split("│")[1].strip(): line.split("│")[2].strip()
        for line in out.splitlines()
        if line.count("│") == 5
    }
    assert rows.get("royal marriage") == "marriage_royal", rows
    assert rows.get("seven of trumps exchanged", "seven_exchange") == "seven_exchange"


def test_simulate_rejects_an_unknown_agent(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "simulate", "bezique", "--agents", "random,clever")
    assert code == 2 and "clever" in err


def test_simulate_accepts_a_variant_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text('extends = "bezique"\nname = "mine"\ntitle = "Mine"\ngame = { target = 500 }\n')
    code, out, _ = run_cli(capsys, "simulate", str(mine), "--deals", "5", "--json")
    assert code == 0 and json.loads(out)["variant"] == "mine"


def test_play_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["play XX", "declare bezique QS JD", "1", "1", "1", "1", "1", "1"])

    answer_with(monkeypatch, answers)
    code, out, _ = run_cli(capsys, "play", "bezique", "--seed", "3")
    assert code == 0
    assert "Your hand:" in out and "Moves: 1." in out and "stock" in out
    assert "Not allowed:" in out  # the illegal moves were refused with a reason
    assert "Game abandoned." in out


def test_play_shows_the_declared_cards_of_both_sides() -> None:
    from interpreter.engine import Game
    from interpreter.play import render

    variant: Variant = load_variant("bezique")
    game = Game.new(variant, seed=1, dealer=1)
    screen = render(game.view(0), ["You", "bot"])
    assert "table:" not in screen and "Your hand:" in screen  # nothing declared: nothing said
    rng = random.Random(1)
    while not all(game.view(0).table):  # until both sides have declared cards on the table
        game.step(rng.choice(game.legal_moves()))
    screen = render(game.view(0), ["You", "bot"])
    assert "Table of bot:" in screen and "Your table:" in screen and "Your hand:" in screen


def test_settle_applies_the_laws(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "settle", "rubicon", "--scores", "1510", "1240")
    assert code == 0 and "p1 wins 800" in out


def test_settle_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "settle", "rubicon", "--scores", "1320", "620", "--json")
    data = json.loads(out)
    assert code == 0
    assert {k: data[k] for k in ("winner", "value", "rubiconed", "void")} == {
        "winner": 0,
        "value": 3200,
        "rubiconed": True,
        "void": False,
    }
    _, out, _ = run_cli(
        capsys,
        "settle",
        "rubicon",
        "--scores",
        "1200",
        "1200",
        "--brisques",
        "150",
        "150",
        "--json",
    )
    assert json.loads(out)["winner"] is None and json.loads(out)["void"] is True


def test_settle_uses_the_variant_values(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_cli(capsys, "settle", "rubicon-modern", "--scores", "1320", "620", "--json")
    assert json.loads(out)["value"] == 700 + 500 + 500
    _, out, _ = run_cli(capsys, "settle", "chinese", "--scores", "5200", "3100", "--json")
    assert json.loads(out)["value"] == 5200 - 3100 + 1000


def test_settle_refuses_a_race_game_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "settle", "bezique", "--scores", "1000", "900")
    assert code == 2 and "no one-deal settlement" in err and "Traceback" not in err


def test_simulate_one_deal_games_reports_rubicons_and_game_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_cli(capsys, "simulate", "rubicon", "--deals", "10", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 10
    assert 0 <= data["rubicon_rate"] <= 1 and data["mean_game_value"] >= 600
    code, out, _ = run_cli(capsys, "simulate", "rubicon", "--deals", "5")
    assert "rubiconed in" in out and "mean value" in out


def test_simulate_partnerships_reports_sides(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys,
        "simulate",
        "four-handed-partners",
        "--deals",
        "12",
        "--agents",
        "greedy,random,greedy,random",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and len(data["mean_scores"]) == 4
    assert data["sides"] == [[0, 2], [1, 3]] and len(data["side_mean_scores"]) == 2
    code, out, _ = run_cli(capsys, "simulate", "three-handed", "--deals", "5", "--agents", "random")
    assert code == 0 and "p3" in out and "Per side" not in out


def test_play_four_handed_partners_shows_the_partner(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["1"] * 30)

    answer_with(monkeypatch, answers)
    code, out, _ = run_cli(capsys, "play", "four-handed-partners", "--seed", "4", "--seat", "2")
    assert code == 0
    assert "p4 (partner, expert)" in out and "Table of p4 (partner, expert):" in out
    assert "Game abandoned." in out


def test_play_refuses_a_seat_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "play", "bezique", "--seat", "3")
    assert code == 2 and "--seat" in err


def test_rulebook_prints_the_page_of_a_shipped_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_cli(capsys, "rulebook", "polish")
    assert code == 0 and out.startswith("# Polish Bézique") and "## Open cards" in out


def test_rulebook_of_a_house_rule_file_with_its_differences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "base.toml").write_text(
        'extends = "bezique"\nname = "base"\ntitle = "Base"\n', encoding="utf-8"
    )
    mine = tmp_path / "mine.toml"
    mine.write_text(
        'extends = "base.toml"\nname = "mine"\ntitle = "Mine"\n[game]\ntarget = 1500\n',
        encoding="utf-8",
    )
    target = tmp_path / "mine.md"
    code, out, _ = run_cli(capsys, "rulebook", str(mine), "-o", str(target))
    assert code == 0 and str(target) in out
    page = target.read_text(encoding="utf-8")
    assert page.startswith("# Mine") and "## Differences from Base" in page
    assert "- Points that win a race game: 1500 (Base: 1000)." in page  # in words
    assert "](base.md)" not in page  # a page of its own links no neighbour page


def test_the_rulebook_of_a_file_gives_commands_that_run_on_that_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worked examples name the command that computes them: for a house rule, by the
    file's path (its name is no shipped variant's), quoted as a shell needs it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my rubicon.toml").write_text(
        'extends = "rubicon"\nname = "rubicon-1500"\n[settlement]\nrubicon_threshold = 1500\n',
        encoding="utf-8",
    )
    code, out, _ = run_cli(capsys, "rulebook", "my rubicon.toml")
    given = re.search(r"computed by the engine \(`bezique (settle .*) --scores P1 P2`\)", out)
    assert code == 0 and given is not None and given[1] == "settle 'my rubicon.toml'"
    rows = re.findall(r"^\| (\d+) – (\d+) \| — \| seat (\d) \| ([\d,]+) \|", out, re.MULTILINE)
    assert len(rows) >= 3
    for first, second, winner, value in rows:
        settle = ["settle", "my rubicon.toml", "--scores", first, second, "--json"]
        code, printed, _ = run_cli(capsys, *settle)
        data = json.loads(printed)
        assert code == 0 and (data["winner"], data["value"]) == (
            int(winner) - 1,
            int(value.replace(",", "")),
        )
    code, out, _ = run_cli(capsys, "rulebook", "rubicon")
    assert "(`bezique settle rubicon --scores P1 P2`)" in out


def test_replay_prints_running_scores_and_the_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = "tests/golden/records/bezique-seed-1.toml"
    code, out, _ = run_cli(capsys, "replay", record)
    assert code == 0 and "every one legal" in out and "deal 1:" in out and "result:" in out
    code, out, _ = run_cli(capsys, "replay", record, "--json")
    data = json.loads(out)
    assert {"variant", "scores", "winner"} <= set(data) and data["finished"] is True


def test_replay_of_a_one_deal_game_gives_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "replay", "tests/golden/records/rubicon-seed-1.toml", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] >= 600 and "rubiconed" in data


def test_replay_rejects_a_corrupt_record_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "bezique-record"\nversion = 1\n', encoding="utf-8")
    code, _, err = run_cli(capsys, "replay", str(bad))
    assert code == 1 and "variant: missing" in err and "Traceback" not in err


def test_simulate_and_play_write_records_that_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_cli(
        capsys, "simulate", "rubicon", "--deals", "2", "--record", str(tmp_path / "sim"), "--json"
    )
    files = sorted((tmp_path / "sim").glob("*.toml"))
    assert code == 0 and len(files) == 2
    assert f"2 game records written to {tmp_path / 'sim'}" in " ".join(err.split())
    # Two deals finish no race to 1000: nothing is written, and simulate says why.
    code, _, err = run_cli(
        capsys, "simulate", "bezique", "--deals", "2", "--record", str(tmp_path / "race")
    )
    assert code == 0 and not list((tmp_path / "race").glob("*.toml"))
    assert "no game finished" in " ".join(err.split())
    for file in files:
        assert run_cli(capsys, "replay", str(file))[0] == 0
    answers = iter(["1"] * 20)

    answer_with(monkeypatch, answers)
    target = tmp_path / "mine.toml"
    code, out, _ = run_cli(capsys, "play", "polish", "--seed", "2", "--record", str(target))
    assert code == 0 and f"Record written to {target}" in out
    code, out, _ = run_cli(capsys, "replay", str(target))
    assert code == 0 and "unfinished" in out


def test_settle_without_a_settlement_table_settles_as_the_engine_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A one-deal variant may leave out [settlement]: the engine then settles with the
    defaults, and so does ``settle``."""
    path = tmp_path / "plain.toml"
    path.write_text('extends = "rubicon"\nname = "plain"\nsettlement = false\n', encoding="utf-8")
    game = Game.new(load_variant(path), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    table = game._state.table
    scores = [str(points) for points in game.scores]
    brisques = [str(points) for points in table.brisques]
    code, out, err = run_cli(
        capsys, "settle", str(path), "--scores", *scores, "--brisques", *brisques, "--json"
    )
    assert code == 0, err
    assert game.outcome is not None and game.outcome.settlement is not None
    assert json.loads(out)["value"] == game.outcome.settlement.value


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("9" * 4400, "more than 1,000,000 points, beyond any score a deal can make"),
        ("1000001", "more than 1,000,000 points"),
        ("-5", "'-5' is negative"),
        ("12.5", "'12.5' is not a whole number of points"),
        ("٣", "is not a whole number of points"),
    ],
)
def test_settle_refuses_implausible_scores_clearly(
    capsys: pytest.CaptureFixture[str], given: str, said: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["settle", "rubicon", "--scores", given, "100"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert (
        said in err and "Traceback" not in err and "invalid int" not in err and "digits" not in err
    )
    assert len(err) < 400
