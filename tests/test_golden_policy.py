"""The golden records are games of the rules, not of the bots (issue 33, item 6): every seat
plays the fixed policy that plays the rulebook's sample deal, so a bot change cannot rewrite
them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import interpreter.agents
from interpreter.agents.greedy import GreedyAgent
from interpreter.records import parse, write
from tests.golden.records import POLICY_SEAT, RECORDS, seeded

ROOT = Path(__file__).resolve().parents[1]
PLAYED = ["rubicon", "four-handed-partners", "polish"]


def test_playing_the_golden_records_loads_no_bot() -> None:
    """A fresh interpreter plays golden games; no module of ``interpreter.agents`` is loaded."""
    script = (
        "import sys\n"
        "from tests.golden.records import seeded\n"
        f"for name in {PLAYED!r}:\n"
        "    seeded(name, 1)\n"
        "print(sorted(m for m in sys.modules if m.startswith('interpreter.agents')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", PLAYED)
def test_a_broken_bot_leaves_the_golden_records_unchanged(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise AssertionError("a golden record asked a bot for a move")

    monkeypatch.setattr(interpreter.agents, "make_agent", broken)
    monkeypatch.setattr(GreedyAgent, "choose", broken)
    golden = (RECORDS / f"{name}-seed-1.toml").read_text(encoding="utf-8")
    assert write(seeded(name, 1)) == golden


def test_the_golden_records_say_who_played() -> None:
    record = parse((RECORDS / "rubicon-seed-1.toml").read_text(encoding="utf-8"))
    assert record.seats == [POLICY_SEAT, POLICY_SEAT]
    assert "interpreter/rulebook/policy.py" in record.meta["comment"]
