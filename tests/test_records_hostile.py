"""Records are untrusted input (issue 12, part 3): every field checked, every refusal at its
line, never a traceback; embedded variants go through the loader's checks; a record's variant
path stays in its own folder; the digest catches a game edited into another legal game."""

from __future__ import annotations

import contextlib
import re
import tomllib
from pathlib import Path

import pytest

from interpreter.agents import make_agent
from interpreter.cli import main
from interpreter.engine import Game
from interpreter.loader import load_variant
from interpreter.model import variant_data, variant_from_data, variant_hash
from interpreter.records import MAX_BYTES, Record, Recorder, RecordError, parse, replay, replay_file
from interpreter.records import write as write_record
from tests.golden.records import RECORDS

RUBICON = (RECORDS / "rubicon-seed-1.toml").read_text(encoding="utf-8")


def lines_of(text: str, needle: str) -> int:
    """The line on which ``needle`` first appears."""
    return text.split("\n").index(next(line for line in text.split("\n") if needle in line)) + 1


def refusal(tmp_path: Path, text: str | bytes, *, trust: bool = False) -> str:
    """The message replaying ``text`` is refused with; every line of it is located."""
    path = tmp_path / "bad.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as error:
        replay_file(path, load_variant, trust_paths=trust)
    message = str(error.value)
    for line in message.splitlines():
        assert re.match(rf"{re.escape(str(path))}:\d+(:\d+)?: ", line), line
    return message.replace(str(path), "bad.toml")


# -- every field checked -------------------------------------------------------------------------


def test_a_result_that_is_not_a_table_is_refused_at_its_line(tmp_path: Path) -> None:
    text = RUBICON.replace("[result]\n", "result = 5\n[unused]\n")
    line = lines_of(text, "result = 5")
    assert f"bad.toml:{line}: result: should be a table, got 5" in refusal(tmp_path, text)


@pytest.mark.parametrize(
    ("key", "wrong"),
    [("deals", "deals = 2"), ("value", "value = 1801"), ("winner", "winner = 1")],
)
def test_every_figure_of_the_result_is_checked(tmp_path: Path, key: str, wrong: str) -> None:
    right = next(line for line in RUBICON.split("\n") if line.startswith(f"{key} = "))
    text = RUBICON.replace(f"\n{right}\n", f"\n{wrong}\n")
    line = lines_of(text, wrong)
    said, got = wrong.split(" = ")[1], right.split(" = ")[1]
    assert refusal(tmp_path, text) == (
        f"bad.toml:{line}: result.{key}: the record says {said}, the replay gives {got}"
    )


def test_an_unknown_key_in_the_result_is_refused(tmp_path: Path) -> None:
    text = RUBICON.replace("winner = 0\n", "winner = 0\ncomment = 1\n")
    message = refusal(tmp_path, text)
    assert "result.comment: unknown key; a result has scores, winner, deals, value" in message


def test_a_result_without_its_value_is_refused(tmp_path: Path) -> None:
    text = RUBICON.replace("value = 2000\n", "")
    assert "result.value: missing: the replay gives 2000" in refusal(tmp_path, text)


def test_the_number_of_seats_is_that_of_the_variant(tmp_path: Path) -> None:
    text = RUBICON.replace('    "rulebook policy",\n]', '    "rulebook policy",\n    "a ghost",\n]')
    line = lines_of(text, "seats = [")
    assert refusal(tmp_path, text) == (
        f"bad.toml:{line}: seats: the variant has 2 seats; the record names 3"
    )


def test_the_first_dealer_is_a_seat_of_the_game(tmp_path: Path) -> None:
    text = RUBICON.replace("seed = 1\n", "seed = 1\ndealer = 2\n")
    assert "dealer: the first dealer's seat: 0 to 1, got 2" in refusal(tmp_path, text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("version = 1", "version = true"), "bad.toml:2: version: this program reads version 1"),
        (("seed = 1", "seed = 1.0"), "bad.toml:10: seed: should be a whole number, got 1.0"),
        (("seed = 1", "seed = true"), "bad.toml:10: seed: should be a whole number, got true"),
        (('"rulebook policy"', "7"), "bad.toml:7: seats[0]: should be text, got 7"),
        (('"rulebook policy"', '"\\u001b[2J"'), "bad.toml:7: seats[0]: control characters are not"),
        (
            ('"rulebook policy"', '"gr\\u202eydee"'),
            "bad.toml:7: seats[0]: control characters are not",
        ),
        (("winner = 0", 'winner = "0"'), "result.winner: should be a whole number, got '0'"),
        (("540,", "true,"), "result.scores[0]: should be a whole number, got true"),
        (("seed = 1", "seed = 99999999999999999999"), "bad.toml:10: seed: a number of 67 bits"),
        (("seed = 1", "seed = 0x" + "F" * 5000), "bad.toml:10: seed: a number of 20000 bits"),
        (('"p2 play 8H"', '"p0 play 8H"'), "action 4: 'p0 play 8H' is not an action"),
        (('"p2 play 8H"', f'"p{"9" * 5000} play 8H"'), "action 4: 'p999"),
        (('"p2 pass"', '"p2 pass  # \\u0007"'), "action 1: control characters are not allowed"),
        (("variant_hash = ", "variant_hash = 'x' #"), "variant_hash: 'sha256:' and 64 hex"),
    ],
)
def test_a_wrong_field_is_refused_at_its_line(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    assert message in refusal(tmp_path, RUBICON.replace(*change, 1))


def test_every_problem_of_the_fields_is_reported_at_once(tmp_path: Path) -> None:
    text = RUBICON.replace("seed = 1", 'seed = "1"').replace('"rulebook policy"', "[]", 1)
    assert refusal(tmp_path, text).splitlines() == [
        "bad.toml:7: seats[0]: should be text, got []",
        "bad.toml:10: seed: should be a whole number, got '1'",
    ]


def test_many_problems_are_cut_short_and_each_line_is_located(tmp_path: Path) -> None:
    text = RUBICON.replace('"p1 play ', '"p1 jump ')
    jumps = text.count('"p1 jump ')
    message = refusal(tmp_path, text).splitlines()
    assert len(message) == 21 and jumps > 21
    assert message[20].endswith(f": and {jumps - 20} more problems")


def test_a_missing_key_is_reported_at_line_1(tmp_path: Path) -> None:
    text = RUBICON.replace("seed = 1\n", "")
    assert refusal(tmp_path, text) == "bad.toml:1: seed: missing"


def test_a_deck_order_is_checked_against_the_deck_at_its_line(tmp_path: Path) -> None:
    deck = ", ".join(f'"{r}{s}"' for _ in range(3) for s in "SHDC" for r in "AKQJT987")
    text = RUBICON.replace("seed = 1\n", f"seed = 1\ndeals = [\n  [{deck}],\n]\n")
    assert "bad.toml:12: deals[0]: 96 cards; the deck has 128" in refusal(tmp_path, text)


# -- no traceback for any input ---------------------------------------------------------------


def test_deep_nesting_is_refused_at_its_line(tmp_path: Path) -> None:
    text = RUBICON.replace("seed = 1\n", "seed = 1\nevent = " + "[" * 5000 + "]" * 5000 + "\n")
    assert refusal(tmp_path, text) == (
        "bad.toml:11: values are nested too deeply (at most 20 tables and arrays)"
    )
    moderate = RUBICON.replace("seed = 1\n", "seed = 1\nevent = " + "[" * 30 + "]" * 30 + "\n")
    assert refusal(tmp_path, moderate).startswith("bad.toml:11: event")


def test_a_number_of_thousands_of_digits_is_refused_at_its_line(tmp_path: Path) -> None:
    text = RUBICON.replace("seed = 1", "seed = " + "9" * 5000)
    assert refusal(tmp_path, text) == "bad.toml:10: a number far larger than 64 bits"


def test_a_long_dotted_key_is_refused_before_it_is_read(tmp_path: Path) -> None:
    text = RUBICON + ".".join(["k"] * 50_000) + " = 1\n"
    assert refusal(tmp_path, text) == (
        f"bad.toml:{RUBICON.count(chr(10)) + 1}: a dotted key of 50000 parts (at most 100)"
    )


def test_a_record_too_large_is_not_read(tmp_path: Path) -> None:
    text = RUBICON + "# " + "x" * MAX_BYTES + "\n"
    assert refusal(tmp_path, text) == "bad.toml:1: the record is larger than 1,000,000 bytes"


def test_bytes_that_are_not_utf8_are_refused_at_their_line(tmp_path: Path) -> None:
    raw = RUBICON.encode().replace(b"rulebook policy", b"rulebook pol\xffcy", 1)
    assert refusal(tmp_path, raw) == "bad.toml:7: not UTF-8 text: byte 0xff"


def test_the_command_line_refuses_hostile_records_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for hostile in (
        RUBICON.replace("[result]\n", "result = 5\n[x]\n"),
        RUBICON.replace("seed = 1", "seed = [" * 3000 + "]" * 3000),
        RUBICON.replace("seed = 1", "seed = " + "7" * 4500),
    ):
        path = tmp_path / "bad.toml"
        path.write_text(hostile, encoding="utf-8")
        code = main(["replay", str(path)])
        err = capsys.readouterr().err
        assert code == 1 and err.startswith(f"{path}:") and "Traceback" not in err


# -- embedded variants go through the loader ------------------------------------------------------


def embedded_record(change: dict[str, object]) -> str:
    """A rubicon record that embeds its variant, changed by ``change`` (``"deal.packets"``
    → value) and hashed anew, as anyone can."""
    record = parse(RUBICON)
    data = variant_data(load_variant("rubicon"))
    for dotted, value in change.items():
        *parents, leaf = dotted.split(".")
        node = data
        for key in parents:
            node = node[key]
        node[leaf] = value
    record.variant_data = data
    record.result = {}
    with contextlib.suppress(ValueError):  # data the schema refuses: the hash cannot matter
        record.variant_hash = variant_hash(variant_from_data(data))
    return write_record(record)


def test_an_embedded_variant_gets_the_loaders_semantic_checks(tmp_path: Path) -> None:
    text = embedded_record({"deal.packets": [4, 4, 4]})
    line = lines_of(text, "packets = [")
    assert refusal(tmp_path, text) == (
        f"bad.toml:{line}: variant_data.deal.packets: deal.packets add up to 12, "
        "not deal.hand_size = 9"
    )


def test_an_embedded_variant_gets_the_loaders_schema_errors_at_their_lines(
    tmp_path: Path,
) -> None:
    text = embedded_record({"deal.hand_size": "nine", "game.format": "sprint"})
    message = refusal(tmp_path, text).splitlines()
    assert message[0] == (
        f"bad.toml:{lines_of(text, 'hand_size = ')}: variant_data.deal.hand_size: "
        "Input should be a valid integer (got 'nine')"
    )
    line = lines_of(text, 'format = "sprint"')
    assert message[1].startswith(f"bad.toml:{line}: variant_data.game.format: 'sprint' is not one")


def test_an_embedded_variant_cannot_extend_a_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n', encoding="utf-8")
    text = embedded_record({"extends": str(secret)})
    message = refusal(tmp_path, text)
    assert "variant_data.extends: unknown key" in message and "hunter2" not in message


def test_an_embedded_variant_that_plays_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = embedded_record({})
    path = tmp_path / "ok.toml"
    path.write_text(text, encoding="utf-8")
    record, game = replay_file(path, load_variant)
    assert record.variant_data is not None and game.variant == load_variant("rubicon")
    assert main(["replay", str(path)]) == 0
    assert "every one legal; no digest to check them against" in capsys.readouterr().out


# -- the variant a record names ---------------------------------------------------------------


def _naming(tmp_path: Path, variant: str) -> Path:
    path = tmp_path / "games" / "game.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(RUBICON.replace('variant = "rubicon"', f"variant = {variant!r}"), "utf-8")
    return path


def test_a_record_names_a_variant_file_only_in_its_own_folder(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "rubicon"\nname = "rubicon"\n', encoding="utf-8")
    for named in (str(house), "../house.toml", "../house"):
        path = _naming(tmp_path, named)
        with pytest.raises(RecordError, match=r"game.toml:3: variant: .*--trust-paths"):
            replay_file(path, load_variant)
        record, _ = replay_file(path, load_variant, trust_paths=True)
        assert record.variant == named
    for named in (".", "sub/../../house.toml"):  # the record's folder itself; out and back
        with pytest.raises(RecordError, match=r"game.toml:3: variant: (no variant|.*neither)"):
            replay_file(_naming(tmp_path, named), load_variant)
    (tmp_path / "games" / "house.toml").write_text(house.read_text("utf-8"), "utf-8")
    for named in ("house.toml", "house"):
        replay_file(_naming(tmp_path, named), load_variant)


def test_a_variant_path_is_read_from_the_records_folder_not_the_working_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "house.toml").write_text('extends = "rubicon"\nname = "rubicon"\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RecordError, match="no variant named 'house'"):
        replay_file(_naming(tmp_path, "house"), load_variant)


def test_a_link_out_of_the_records_folder_is_not_followed(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text('extends = "rubicon"\nname = "rubicon"\n', "utf-8")
    path = _naming(tmp_path, "link.toml")
    (path.parent / "link.toml").symlink_to(tmp_path / "house.toml")
    with pytest.raises(RecordError, match="neither"):
        replay_file(path, load_variant)


def test_the_trust_flag_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "house.toml").write_text('extends = "rubicon"\nname = "rubicon"\n', "utf-8")
    path = _naming(tmp_path, "../house.toml")
    assert main(["replay", str(path)]) == 1
    assert "pass --trust-paths if you trust the record" in capsys.readouterr().err
    assert main(["replay", str(path), "--trust-paths"]) == 0


# -- the digest ---------------------------------------------------------------------------------


def moves_of(actions: list[str]) -> list[str]:
    """The moves among a record's actions (its chance lines left out)."""
    chance = (" is dealt ", " draws ", "turn-up ")
    return [action for action in actions if not any(word in action for word in chance)]


def swapped_yet_legal(record: Record) -> list[str]:
    """The record's moves (its chance lines left out) with two plays of one seat swapped, such
    that they still replay as a legal game."""
    variant = load_variant(record.variant)
    moves = moves_of(record.actions)
    plays = [i for i, a in enumerate(moves) if " play " in a]
    for i in plays:
        for j in plays:
            if not i < j <= i + 6 or moves[i][:2] != moves[j][:2] or moves[i] == moves[j]:
                continue
            swapped = list(moves)
            swapped[i], swapped[j] = moves[j], moves[i]
            try:
                replay(
                    Record(**{**record.__dict__, "actions": swapped, "actions_digest": None}),
                    variant,
                )
            except RecordError:
                continue
            return swapped
    pytest.fail("no two plays could be swapped")


def test_two_swapped_plays_that_replay_as_another_game_are_caught_by_the_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.new(load_variant("bezique"), seed=8)
    bots = [make_agent("random", game.rules, 8 + seat) for seat in range(2)]
    recorder = Recorder(game, variant_name="bezique", seats=["a", "b"], seed=8)
    while len(recorder.actions) < 60:
        recorder.step(bots[game.to_act or 0].choose(game.view(game.to_act or 0)))
    record = recorder.record()
    assert record.actions_digest is not None
    swapped = swapped_yet_legal(record)
    edited = Record(**{**record.__dict__, "actions": swapped})
    text = write_record(edited)
    line = lines_of(text, "actions_digest = ")
    assert refusal(tmp_path, text) == (
        f"bad.toml:{line}: actions_digest: the actions replay as another game than the one "
        "this digest was written for: the record was edited or damaged"
    )
    # Without its digest (as records were written before it), the edit cannot be seen.
    old = write_record(Record(**{**edited.__dict__, "actions_digest": None}))
    (tmp_path / "old.toml").write_text(old, encoding="utf-8")
    replay_file(tmp_path / "old.toml", load_variant)
    # Chance lines left out or hidden do not change the digest: it is of the game.
    moves = Record(**{**record.__dict__, "actions": moves_of(record.actions)})
    (tmp_path / "moves.toml").write_text(write_record(moves), encoding="utf-8")
    replay_file(tmp_path / "moves.toml", load_variant)
    assert main(["replay", str(tmp_path / "moves.toml")]) == 0
    assert "every one legal; the digest matches" in capsys.readouterr().out


def test_an_edited_play_refused_later_says_the_digest_does_not_match(tmp_path: Path) -> None:
    """A play changed for another card the player holds is legal where it stands; the replay
    fails only where that card is played again, and says an earlier action may be the one."""
    game = Game.new(load_variant("rubicon"), seed=3)
    bots = [make_agent("random", game.rules, 3 + seat) for seat in range(2)]
    recorder = Recorder(game, variant_name="rubicon", seats=["a", "b"], seed=3)
    while not game.is_over:
        recorder.step(bots[game.to_act or 0].choose(game.view(game.to_act or 0)))
    record = recorder.record()
    hint = "(the actions do not match the record's digest: an earlier one may have been edited)"
    for index, line in enumerate(record.actions):
        seat, _, move = line.partition(" ")
        if not move.startswith("play "):
            continue
        edits = []
        for other in record.actions[index + 1 :]:  # a card its player plays later
            if other.startswith(f"{seat} play ") and other != line:
                edits.append(f"{seat} {other.split(' ', 1)[1]}")
        for edit in edits:
            actions = [*record.actions[:index], edit, *record.actions[index + 1 :]]
            path = tmp_path / "edited.toml"
            path.write_text(write_record(Record(**{**record.__dict__, "actions": actions})))
            try:
                replay_file(path, load_variant)
            except RecordError as error:
                text = str(error)
            else:
                continue
            if f"action {index + 1}," in text:
                continue  # refused where it stands: no hint needed there
            assert text.endswith(hint), text
            # Without the chance lines the digest cannot be checked before the end: no hint.
            moves = Record(**{**record.__dict__, "actions": moves_of(actions)})
            assert not refusal(tmp_path, write_record(moves)).endswith(hint)
            return
    pytest.fail("no play could be edited into another legal one")


def test_the_recorder_writes_a_digest_that_replays() -> None:
    text = write_record(parse(RUBICON))
    data = tomllib.loads(text)
    assert "actions_digest" not in data  # the golden records are of the older form
    record = parse(RUBICON)
    game = replay(record, load_variant("rubicon"))
    again = Recorder(game, variant_name="rubicon", seats=record.seats, seed=1).record()
    data = tomllib.loads(write_record(again))
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", data["actions_digest"])
    replay(parse(write_record(again)), load_variant("rubicon"))
