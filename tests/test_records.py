"""Game records: written while playing, replayed with every action checked, round trips."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.agents import make_agent
from interpreter.engine import Game
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.model import variant_data, variant_from_data, variant_hash
from interpreter.model.serial import _digest, complete_data
from interpreter.records import (
    Record,
    Recorder,
    RecordError,
    parse,
    read,
    record_variant,
    replay,
    replay_file,
    write,
)
from tests.golden.records import RECORDS, britannica_130, britannica_430, seeded

NAMES = shipped_variant_names()


def played(name: str, seed: int, actions: int = 10_000) -> tuple[Game, Record]:
    variant = load_variant(name)
    game = Game.new(variant, seed=seed)
    names = ["random"] * game.rules.players
    bots = [make_agent(n, game.rules, seed + s) for s, n in enumerate(names)]
    recorder = Recorder(game, variant_name=name, seats=names, seed=seed)
    while not game.is_over and len(recorder.actions) < actions:
        seat = game.to_act
        assert seat is not None
        recorder.step(bots[seat].choose(game.view(seat)))
    return game, recorder.record()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 2**40), length=st.integers(1, 400))
def test_a_recorded_game_replays_to_the_same_state(name: str, seed: int, length: int) -> None:
    game, record = played(name, seed, length)
    text = write(record)
    again = parse(text)
    assert again == record
    assert write(again) == text
    replayed = replay(again, record_variant(again, load_variant))
    assert replayed.events == game.events
    assert replayed.scores == game.scores


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthroughs_replay(name: str) -> None:
    """Regenerate with: python tests/golden/regenerate.py"""
    path = RECORDS / f"{name}-seed-1.toml"
    assert path.exists(), "run: python tests/golden/regenerate.py"
    record, game = replay_file(path, load_variant)
    assert write(record) == path.read_text(encoding="utf-8") == write(seeded(name, 1))
    if record.result:
        assert list(game.scores) == record.result["scores"]


def test_britannica_430_compound_declaration_record() -> None:
    record, game = replay_file(RECORDS / "britannica-polish-430.toml", load_variant)
    declared = [e.points for e in game.events if e.kind == "declare" and e.player == 0]
    assert declared == [40, 80, 60, 250] and sum(declared) == 430
    assert write(record) == write(britannica_430())


def test_britannica_130_seven_exchange_record() -> None:
    record, game = replay_file(RECORDS / "britannica-polish-130.toml", load_variant)
    last = [e for e in game.events if e.kind == "score" and e.player == 0][-4:]
    assert (
        sum(e.points for e in last) == 130
    )  # seven 10, ace of hearts 10, ace of spades 10, aces 100
    assert write(record) == write(britannica_130())


def _golden(name: str = "bezique") -> str:
    return (RECORDS / f"{name}-seed-1.toml").read_text(encoding="utf-8")


def _first_play(text: str) -> tuple[int, str]:
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if '"p1 play ' in line or '"p2 play ' in line)
    return number + 1, lines[number]


def test_an_illegal_action_is_rejected_with_its_position_and_reason(tmp_path: Path) -> None:
    text = _golden()
    record = parse(text)
    index = next(
        i
        for i, a in enumerate(record.actions)
        if " play " in a and record.actions[i + 1].startswith("p")
    )
    seat, move = record.actions[index].split(" ", 1)
    game = replay(
        Record(**{**record.__dict__, "actions": record.actions[:index], "result": {}}),
        load_variant("bezique"),
    )
    held = {str(f) for _, f in game.view(game.to_act or 0).my_cards}
    missing = next(f"{r}{s}" for s in "SHDC" for r in "AKQJT987" if f"{r}{s}" not in held)
    bad = record.actions[index].replace(move, f"play {missing}")
    line = text.splitlines().index(f'  "{record.actions[index]}",') + 1
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(f'"{record.actions[index]}"', f'"{bad}"', 1), encoding="utf-8")
    with pytest.raises(RecordError) as error:
        replay_file(path, load_variant)
    assert str(error.value) == (
        f"{path}:{line}: action {index + 1}, {seat} 'play {missing}': you do not hold {missing}"
    )


def test_an_endgame_revoke_in_a_record_says_what_must_be_followed(tmp_path: Path) -> None:
    _, record = played("bezique", 3)
    for index, action in enumerate(record.actions):
        prefix = Record(
            **{
                **record.__dict__,
                "actions": record.actions[:index],
                "result": {},
                "actions_digest": None,
            }
        )
        state = replay(prefix, load_variant("bezique"))
        if " play " not in action or state.view(0).stock_size or not state._state.table.trick:
            continue
        seat = state.to_act or 0
        legal = {str(m) for m in state.legal_moves()}
        wrong = next(
            (f"play {f}" for _, f in state.view(seat).hand if f"play {f}" not in legal), None
        )
        if wrong is None:
            continue
        bad = Record(
            **{
                **record.__dict__,
                "actions": [*record.actions[:index], f"p{seat + 1} {wrong}"],
                "result": {},
            }
        )
        with pytest.raises(
            RecordError,
            match=rf"action {index + 1}, p{seat + 1} '{wrong}': "
            r"must (follow suit|win|trump)",
        ):
            replay(bad, load_variant("bezique"))
        return
    pytest.fail("no endgame position with an illegal card was found")


def test_a_move_out_of_turn_is_rejected() -> None:
    record = parse(_golden())
    index = next(i for i, a in enumerate(record.actions) if " play " in a)
    seat = record.actions[index][:2]
    other = "p2" if seat == "p1" else "p1"
    actions = [*record.actions[:index], other + record.actions[index][2:]]
    with pytest.raises(RecordError, match="is to move"):
        replay(
            Record(**{**record.__dict__, "actions": actions, "result": {}}), load_variant("bezique")
        )


def test_a_chance_line_that_does_not_match_the_cards_is_rejected() -> None:
    record = parse(_golden())
    index = next(i for i, a in enumerate(record.actions) if " draws " in a)
    seat, _, card = record.actions[index].split(" ")
    wrong = "AS" if card != "AS" else "AH"
    actions = list(record.actions)
    actions[index] = f"{seat} draws {wrong}"
    with pytest.raises(RecordError, match=f"the cards say {card}, not {wrong}"):
        replay(Record(**{**record.__dict__, "actions": actions}), load_variant("bezique"))
    actions[index] = f"{seat} draws ??"  # a card the recorder did not see
    replay(Record(**{**record.__dict__, "actions": actions}), load_variant("bezique"))


def test_chance_lines_may_be_left_out() -> None:
    record = parse(_golden())
    moves = [
        a
        for a in record.actions
        if " draws " not in a and " is dealt " not in a and not a.startswith("turn-up")
    ]
    game = replay(Record(**{**record.__dict__, "actions": moves}), load_variant("bezique"))
    assert list(game.scores) == record.result["scores"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("seed = 1", 'seed = "one"'), r"bad.toml:\d+: seed: should be a whole number"),
        (('format = "bezique-record"', 'format = "pgn"'), "bad.toml:1: format: expected format"),
        (
            ("actions = [", 'actions = [\n  "p1 jump",'),
            r"bad.toml:\d+: action 1: unknown move 'jump'",
        ),
        (("actions = [", 'actions = [\n  "hello",'), r"bad.toml:\d+: action 1: 'hello' is not an "),
        (("version = 1", "version = 9"), "bad.toml:2: version: this program reads version 1"),
        (("actions = [", "actions = [[["), r"bad.toml:\d+(:\d+)?: TOML syntax error"),
    ],
)
def test_a_malformed_record_says_which_line_is_wrong(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(_golden().replace(*change, 1), encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        replay_file(path, load_variant)


def test_a_wrong_result_is_caught(tmp_path: Path) -> None:
    record = parse(_golden())
    record.result["scores"] = [0, 0]
    with pytest.raises(RecordError, match=r"result.scores: the record says \[0, 0\], the replay"):
        replay(record, load_variant("bezique"))


def test_a_changed_variant_is_caught_unless_the_record_embeds_it() -> None:
    record = parse(_golden())
    record.variant_hash = "sha256:0"
    with pytest.raises(RecordError, match="has changed since this record was written"):
        record_variant(record, load_variant)
    game, embedded = played("bezique", 4, 60)
    embedded.variant_data = variant_data(game.variant)
    again = parse(write(embedded))
    assert record_variant(again, lambda name: pytest.fail("must not load " + name)) == game.variant


@pytest.mark.parametrize("name", NAMES)
def test_a_record_that_embeds_its_variant_replays_for_every_shipped_variant(name: str) -> None:
    """The embedded ``[variant_data]`` is the variant itself (``queen = false`` included):
    written, read back and replayed without loading anything by name."""
    variant = load_variant(name)
    game = Game.new(variant, seed=5)
    bots = [make_agent("random", game.rules, 5 + s) for s in range(game.rules.players)]
    recorder = Recorder(game, variant_name=name, seats=["random"] * len(bots), seed=5, embed=True)
    while not game.is_over and len(recorder.actions) < 150:
        seat = game.to_act
        assert seat is not None
        recorder.step(bots[seat].choose(game.view(seat)))
    again = parse(write(recorder.record()))
    assert again.variant_data is not None
    embedded = record_variant(again, lambda other: pytest.fail("must not load " + other))
    assert embedded == variant
    replayed = replay(again, embedded)
    assert replayed.events == game.events
    assert replayed.scores == game.scores


def test_records_with_comments_round_trip() -> None:
    record = parse(_golden())
    record.actions[5] += "  # a bold lead"
    record.meta = {"event": "club night", "date": "1887-06-01"}
    text = write(record)
    assert parse(text) == record and write(parse(text)) == text
    replay(parse(text), load_variant("bezique"))


def test_nothing_in_a_record_is_run() -> None:
    text = _golden().replace('variant = "bezique"', "variant = \"__import__('os')\"", 1)
    with pytest.raises(Exception, match="no variant named"):
        record_variant(parse(text), load_variant)


def test_read_reports_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the record"):
        read(tmp_path / "nope.toml")


def test_random_is_not_used_by_replay() -> None:
    state = random.getstate()
    replay_file(RECORDS / "bezique-seed-1.toml", load_variant)
    assert random.getstate() == state


def test_the_variant_hash_covers_the_rules_not_the_texts_for_readers() -> None:
    """A rulebook text corrected later (a title, a summary, a source, a note, a combination's
    name) leaves every record of the variant valid; any rule changed does not."""
    from tests.support import variant_with

    base = variant_hash(load_variant("bezique"))
    texts = {
        "title": "Another title",
        "summary": "Another summary.",
        "note": "Another note.",
        "deal.source": "Another source",
    }
    for key, value in texts.items():
        assert variant_hash(variant_with("bezique", **{key: value})) == base, key
    renamed = variant_data(load_variant("bezique"))
    renamed["combinations"][0]["name"] = "another name"
    assert variant_hash(variant_from_data(renamed)) == base
    assert variant_hash(variant_with("bezique", **{"game.target": 1500})) != base
    assert variant_hash(variant_with("bezique", **{"deal.packets": [2, 3, 3]})) != base


def test_a_record_written_when_the_hash_covered_the_texts_still_replays() -> None:
    """Records written before the texts were left out of the hash carry the digest of the
    variant's complete form: they replay while the variant is the same."""
    variant = load_variant("bezique")
    record = parse(_golden())
    record.variant_hash = _digest(complete_data(variant))
    assert record_variant(record, load_variant) == variant
