"""``bezique replay --tricks``: a record played again trick by trick in the terminal, as the
browser's replay viewer shows it (one walk through the record for both)."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import pytest

from interpreter.play.text import with_symbols
from interpreter.web.replay import record_frames
from tests.support import bezique as run_bezique

ROOT = Path(__file__).resolve().parents[1]


bezique = partial(run_bezique, columns=120)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    run = bezique(
        "simulate",
        "schnapsen",
        "--deals",
        "3",
        "--seed",
        "4",
        "--agents",
        "greedy,random",
        "--record",
        str(folder),
    )
    assert run.returncode == 0, run.stderr
    return sorted(folder.glob("*.toml"))[0]


def test_replay_tricks_shows_every_trick_with_the_hands_open(record: Path) -> None:
    plain, tricks = bezique("replay", str(record)), bezique("replay", "--tricks", str(record))
    assert tricks.returncode == 0, tricks.stderr
    out = tricks.stdout
    headings = re.findall(r"^Deal (\d+) · trick (\d+) · trump .* · stock (\d+) cards?$", out, re.M)
    deals = {deal for deal, _, _ in headings}
    assert len(deals) >= 1
    for deal in deals:  # Schnapsen: tricks 1 to 10 (or fewer when a player closes or goes out)
        numbers = [int(trick) for d, trick, _ in headings if d == deal]
        assert numbers == list(range(1, len(numbers) + 1))
    hands = re.findall(r"^  p1 \(greedy\): (.*?)(?:   table: .*)?$", out, re.M)
    assert len(hands) == len(headings)
    assert all(len(hand.split()) <= 5 for hand in hands)  # five cards a hand, never more
    assert re.search(r"^p2 \(random\): play [AKQJT9][♠♥♦♣]$", out, re.M)
    # the summary of the plain replay follows, unchanged
    assert out.splitlines()[0] == plain.stdout.splitlines()[0]
    assert out.endswith("\n".join(plain.stdout.splitlines()[1:]) + "\n")


def test_the_terminal_says_what_the_browsers_replay_says(record: Path) -> None:
    frames = record_frames(record.read_text(encoding="utf-8"), record.name)["frames"]
    said = [with_symbols(line) for frame in frames for line in frame["lines"]]
    out = bezique("replay", "--tricks", str(record)).stdout.splitlines()
    heading = re.compile(r"Deal \d+ · trick \d+ · |Scores: |Game points: |  p\d \(")
    events = [line for line in out[1:] if line and not heading.match(line)]
    assert events[: len(said)] == said
    assert len(frames) == sum(1 for line in out if re.match(r"Deal \d+ · trick ", line)) + 1
