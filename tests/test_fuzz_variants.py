"""The variant fuzzer on a small budget (issue 12, "accepted means playable"): variant files
generated from the shipped variants and from the JSON Schema must be refused with a
``VariantError`` or play — ``Game.new`` returns, a legal move until the game is over, every card
in one place, nothing raises, a race game scores.  The long run is
``benchmarks/fuzz_variants.py``; the strategies and the judge are in ``tests/fuzzing``.

The examples are derandomized, so CI sees the same files every run; a failure shows the
changes that made the file and the file itself.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from interpreter.engine import Game, Rules
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.model import variant_data, variant_from_data
from tests.fuzzing import judge as judging
from tests.fuzzing.changes import DROP, Case, Change, apply
from tests.fuzzing.documents import schema_documents
from tests.fuzzing.judge import Budget, Verdict, judge, toml_text
from tests.fuzzing.mutations import mutated_variants, rebuilt, shipped_raw
from tests.fuzzing.scoring import combinations_score
from tests.fuzzing.shrink import minimise
from tests.support import shipped, variant_with

ROOT = Path(__file__).resolve().parents[1]

FUZZ = settings(
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a hang would be waited for again
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def judged(case: Case) -> Verdict:
    with tempfile.TemporaryDirectory() as folder:
        return judge(case.doc, Path(folder), Budget(seconds=10.0))


def shown(case: Case, verdict: Verdict) -> str:
    """A failure as a developer needs it: what broke, how the file was made, the file."""
    return (
        f"{verdict.cause}: {verdict.detail}\n{case.describe()}\n"
        f"--- the variant file ---\n{toml_text(case.doc)}"
    )


@settings(FUZZ, max_examples=200)
@given(case=mutated_variants())
def test_a_mutated_shipped_variant_is_refused_or_plays(case: Case) -> None:
    verdict = judged(case)
    assert not verdict.failed, shown(case, verdict)


@settings(FUZZ, max_examples=60)
@given(case=schema_documents())
def test_a_document_drawn_from_the_schema_is_refused_or_plays(case: Case) -> None:
    verdict = judged(case)
    assert not verdict.failed, shown(case, verdict)


@settings(FUZZ, max_examples=40)
@given(case=mutated_variants(most=1, kinds=("wrong_type",)))
def test_a_value_of_a_type_the_schema_refuses_is_refused(case: Case) -> None:
    """Numbers and booleans are never read from strings, floats or each other (issue 12)."""
    verdict = judged(case)
    assert not verdict.failed, shown(case, verdict)


# -- the judge ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", shipped_variant_names())
def test_the_judge_plays_each_shipped_variant(name: str) -> None:
    verdict = judged(Case(name, (), shipped_raw(name)))
    assert verdict.outcome == "accepted"
    variant = load_variant(name)
    # One deal is the whole game: a one-deal game, or each deal a game outside a match (the
    # schnapsen package's); else two deals are played, or more while nobody has scored.
    one_deal = variant.game.format.value == "single_deal" or (
        variant.game.played_out.value != "next_deal" and variant.match is None
    )
    assert verdict.deals == 1 if one_deal else verdict.deals >= 2
    assert verdict.moves > (100 if variant.deal.hand_size > 6 else 10)


def test_a_refusal_is_a_refusal_with_the_loaders_message() -> None:
    case = Case("bezique", (), rebuilt("bezique", (Change(("deal", "packets"), [3, 3]),)))
    verdict = judged(case)
    assert verdict.outcome == "refused"
    assert "packets add up to 6, not deal.hand_size = 8" in verdict.detail


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("deal", "hand_size"), 8.0, "deal.hand_size: 8.0 is not of type 'integer'"),
        (("players", "count"), True, "players.count: True is not of type 'integer'"),
        (("endgame", "follow_suit"), 1, "endgame.follow_suit: 1 is not of type 'boolean'"),
        (("deck", "packs"), "2", "deck.packs: '2' is not of type 'integer'"),
    ],
)
def test_the_schema_check_reads_types_strictly(
    path: tuple[str, str], value: Any, said: str
) -> None:
    """An accepted file the JSON Schema refuses is a failure (issue 12: numbers and booleans
    are never read from strings, floats or each other)."""
    pytest.importorskip("jsonschema")
    assert judging.schema_refusal(shipped_raw("bezique")) is None
    assert judging.schema_refusal(rebuilt("bezique", (Change(path, value),))) == said


class _Seen:
    """A game seen through a wrapper that breaks it on purpose: the judge must notice.  (The
    engine's classes cannot be patched in the compiled build, so the judge's ``Game`` is.)"""

    def __init__(self, game: Game, *, double_at: int = -1, broken: bool = False) -> None:
        self._game, self._double_at, self._broken = game, double_at, broken

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, move: Any) -> None:
        self._game.apply(move)
        if self._game.moves_made == self._double_at:  # a card of seat 1 also in seat 0's hand
            table = self._game._state.table
            table.hands[0].add(next(iter(table.hands[1])))

    def legal_moves(self) -> list[Any]:
        if self._broken:
            raise IndexError("list index out of range")
        return self._game.legal_moves()


def _judged_through(monkeypatch: pytest.MonkeyPatch, new: Any, seconds: float = 10.0) -> Verdict:
    monkeypatch.setattr("tests.fuzzing.judge.Game", type("Game", (), {"new": staticmethod(new)}))
    with tempfile.TemporaryDirectory() as folder:
        return judge(shipped_raw("bezique"), Path(folder), Budget(seconds=seconds))


def test_a_hang_is_reported_with_where_it_hung(monkeypatch: pytest.MonkeyPatch) -> None:
    def forever(*args: Any, **kwargs: Any) -> Game:
        time.sleep(30)
        raise AssertionError("the time limit did not stop the game")

    verdict = _judged_through(monkeypatch, forever, seconds=0.2)
    assert (verdict.accepted, verdict.cause) == (True, "hangs in Game.new")


def test_a_card_in_two_places_is_reported_after_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    verdict = _judged_through(monkeypatch, lambda *a, **k: _Seen(Game.new(*a, **k), double_at=5))
    assert verdict.cause.startswith("a card is doubled after ")
    assert "65 cards counted, 64 different" in verdict.detail


def test_an_exception_is_reported_with_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    verdict = _judged_through(monkeypatch, lambda *a, **k: _Seen(Game.new(*a, **k), broken=True))
    assert verdict.cause.startswith("legal_moves raised IndexError")


def _greedy_deal(game: Game) -> bool:
    return judging._scores_in_a_deal(judging._Progress(), game)


def test_a_rare_combination_is_told_from_one_no_hand_can_hold() -> None:
    """A race game whose only combination is a double bézique can score (rarely); one whose
    hands hold one card can never score a combination."""
    data = variant_data(shipped("bezique"))
    for combo in data["combinations"]:
        combo["enabled"] = combo["id"] == "double_bezique"
    rare = variant_from_data(data)
    assert combinations_score(Rules(rare), _greedy_deal, random.Random(1)) == ["double_bezique"]
    one_card = variant_with("bezique", **{"deal.hand_size": 1, "deal.packets": [1]})
    assert combinations_score(Rules(one_card), _greedy_deal, random.Random(1)) == []


def test_a_failure_shows_how_the_file_was_made_and_the_file() -> None:
    changes = (Change(("deal", "packets"), [-1, 9]), Change(("seven",), DROP))
    case = Case("bezique", changes, rebuilt("bezique", changes))
    text = shown(case, Verdict(True, "a card is doubled at the deal", "72 cards counted"))
    assert "bezique with: deal.packets = [-1, 9]; remove seven" in text
    assert "packets = [\n    -1,\n    9,\n]" in text and 'name = "bezique"' in text


def test_a_change_is_copied_into_the_document() -> None:
    kept = [1, 2]
    doc: dict[str, Any] = {}
    apply(doc, Change(("deal", "packets"), kept))
    apply(doc, Change(("deal", "packets", 0), DROP))
    assert doc == {"deal": {"packets": [2]}} and kept == [1, 2]


def test_the_minimiser_keeps_only_what_the_failure_needs() -> None:
    changes = (
        Change(("seven", "rank"), "Q"),
        Change(("deal", "hand_size"), 9),
        Change(("title",), "House rules"),
    )
    case = Case("bezique", changes, rebuilt("bezique", changes))

    def check(doc: dict[str, Any]) -> str:
        seven = doc.get("seven")
        return "queen sevens" if isinstance(seven, dict) and seven.get("rank") == "Q" else ""

    smaller = minimise(case, "queen sevens", check)
    assert smaller == {
        "name": "bezique",
        "title": shipped_raw("bezique")["title"],
        "seven": {"rank": "Q"},
    }


def test_the_long_run_prints_its_figures(tmp_path: Path) -> None:
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "fuzz_variants.py"),
        *("--files", "12", "--seed", "3", "--out", str(tmp_path), "--no-minimise"),
    ]
    run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode in (0, 1), run.stderr
    assert "[    12/12]" in run.stdout
    assert "files generated: 12" in run.stdout
    assert "refused with a VariantError:" in run.stdout
    assert run.returncode == 0 or any(tmp_path.iterdir())
