"""Puzzles from real deals (issue 37): last-trick positions where one card is clearly best,
with exact answers, found by ``bezique puzzles`` and shown on the site."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.engine import Play, Rules
from interpreter.puzzles import MIN_CHOICES, MIN_GAP, Finder, from_bots
from interpreter.rulebook.site import generated_site, site_puzzles
from tests.support import bezique, shipped
from tests.test_expert import brute_force

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", ["bezique", "turkish", "pinochle", "pinochle-counters"])
def test_every_answer_is_what_a_minimax_through_the_engine_finds(name: str) -> None:
    """Each card's value in a puzzle is the points the mover's side makes to the end of the
    deal with best play on both sides: checked by plain search through the engine on the
    puzzles of four cards or fewer a hand (Pinochle's cards count their ranks' points)."""
    rules = Rules(shipped(name))
    finder = Finder(name, rules)
    checked = 0
    for seed in range(1, 13):
        for puzzle, game in finder.candidates(seed):
            assert len(puzzle.choices) >= MIN_CHOICES and puzzle.gap >= MIN_GAP
            if len(puzzle.hand) > 4:
                continue
            value = {c.card: c.value for c in puzzle.choices}
            side = rules.side_of[puzzle.seat]
            searched = {}
            for move in game.legal_moves():
                assert isinstance(move, Play)
                searched[rules.face[move.card]] = brute_force(game, move, side, (0, 1))
            # The search counts what the deal scores at its end, cards won before the position
            # too where they are counted only then: the same for every card.
            best = max(searched.values())
            assert {card: v - best for card, v in searched.items()} == {
                card: v - puzzle.answer.value for card, v in value.items()
            }
            checked += 1
    assert checked >= 1


def test_the_same_seeds_give_the_same_puzzles_and_the_site_shows_them() -> None:
    again = from_bots(Finder("bezique", Rules(shipped("bezique"))), range(1, 9), 3)
    assert tuple(again) == site_puzzles("bezique") and again
    site = generated_site()
    page = site.pages["puzzles/bezique.md"]
    for number, puzzle in enumerate(again, 1):
        assert f"### Puzzle {number}" in page
        assert f"From {puzzle.source}, trick {puzzle.trick}." in page
    assert page.count("<details><summary>Answer</summary>") == len(again)
    assert 'class="card-face' in page  # the cards drawn as cards
    index = site.pages["puzzles/index.md"]
    assert "| [Bézique (two-pack)](bezique.md) | 3 |" in index
    assert "Not here: " in index and "Sixty-six" in index  # declaring in the last tricks
    (puzzles,) = [entry["Puzzles"] for entry in site.nav if "Puzzles" in entry]
    assert isinstance(puzzles, list) and {"Overview": "puzzles/index.md"} in puzzles


def test_the_command_writes_puzzles_from_the_bots_deals_and_from_records(tmp_path: Path) -> None:
    made = bezique("puzzles", "turkish", "--out", str(tmp_path / "out"), "--deals", "4")
    assert made.returncode == 0, made.stderr
    data = json.loads((tmp_path / "out" / "turkish.json").read_text("utf-8"))
    assert data["looked_through"] == "4 deals greedy played against greedy"
    assert data["puzzles"] and all(p["variant"] == "turkish" for p in data["puzzles"])
    text = (tmp_path / "out" / "turkish.md").read_text("utf-8")
    assert text.startswith("# Puzzles: Turkish Bezik") and "Answer: Play " in text
    assert f"{len(data['puzzles'])} puzzles in 4 deals" in made.stdout
    records = tmp_path / "records"
    simulated = bezique("simulate", "bezique", "--deals", "12", "--record", str(records))
    assert simulated.returncode == 0, simulated.stderr
    files = sorted(str(p) for p in records.glob("*.toml"))
    found = bezique("puzzles", "bezique", "--out", str(tmp_path / "rec"), "--from", *files)
    assert found.returncode == 0, found.stderr
    shown = json.loads((tmp_path / "rec" / "bezique.json").read_text("utf-8"))
    for puzzle in shown["puzzles"]:
        assert puzzle["source"].startswith("deal ") and ".toml" in puzzle["source"]
    wrong = bezique("puzzles", "rubicon", "--out", str(tmp_path / "w"), "--from", files[0])
    assert wrong.returncode != 0 and "a game of bezique, not of rubicon" in wrong.stderr


def test_a_variant_whose_last_tricks_are_not_card_play_alone_is_refused(tmp_path: Path) -> None:
    for name, why in (("sixty-six", "declaring in them"), ("three-handed", "3 players")):
        refused = bezique("puzzles", name, "--out", str(tmp_path))
        assert refused.returncode != 0 and why in refused.stderr, refused.stderr
