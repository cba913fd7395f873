"""``bezique analyze``: its figures, their intervals, and what a house rule changes."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from interpreter.analytics.intervals import Mean, Share, mean_difference, share_difference
from interpreter.analytics.paired import PairedRatio
from interpreter.analytics.report import Run, analyze_pair, differences, figures
from interpreter.cli import main
from interpreter.engine import Ending, Outcome
from interpreter.loader import load_variant
from interpreter.moments import Moments
from interpreter.scale.detail import Detail
from interpreter.scale.histogram import Histogram

FIXTURES = Path(__file__).parent / "fixtures" / "docs"
values = st.lists(st.integers(min_value=0, max_value=3000), max_size=200)


def histogram_of(numbers: list[int], width: int = 10) -> Histogram:
    histogram = Histogram(width)
    for number in numbers:
        histogram.add(number)
    return histogram


@given(values, values)
def test_histograms_merge_exactly_and_keep_a_bin_per_width(a: list[int], b: list[int]) -> None:
    merged = histogram_of(a)
    merged.merge(histogram_of(b))
    assert merged == histogram_of(a + b)
    assert len(merged.bins) == len({n // 10 for n in a + b}) <= 301
    assert sum(count for _, _, count in merged.bars(7)) == len(a + b)
    if a + b:
        median = merged.quantile(0.5)
        assert median <= statistics.median_low(a + b) < median + 10


def test_histograms_of_other_widths_do_not_merge() -> None:
    with pytest.raises(ValueError, match="widths"):
        Histogram(10).merge(Histogram(1))


def test_intervals_are_those_worked_out_by_hand() -> None:
    # Wilson: 0 of 10 gives 0 to 27.75 %; Newcombe's own example (1998, method 10): 56/70
    # against 48/80 gives a difference of 0.2, from 0.0524 to 0.3339.
    low, high = Share(0, 10).interval() or (1.0, 0.0)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    difference, interval = share_difference(Share(48, 80), Share(56, 70))
    assert math.isclose(difference, 0.2, abs_tol=1e-9)
    assert interval is not None
    assert math.isclose(interval[0], 0.0524, abs_tol=1e-4)
    assert math.isclose(interval[1], 0.3339, abs_tol=1e-4)
    # t: the values 1 to 5 have mean 3, sample sd √2.5, t(4) = 2.776
    moments = Moments()
    for value in range(1, 6):
        moments.add(value)
    mean_low, mean_high = Mean.of(moments).interval() or (0.0, 0.0)
    assert math.isclose(mean_high - 3, 2.7764 * math.sqrt(2.5 / 5), abs_tol=1e-3)
    assert math.isclose(3 - mean_low, mean_high - 3)
    # Welch: two equal samples differ by 0, their interval symmetric about it
    same, around = mean_difference(Mean.of(moments), Mean.of(moments))
    assert same == 0.0 and around is not None and math.isclose(-around[0], around[1])


def outcome(deal_scores: tuple[tuple[int, int], ...], winner: int) -> Outcome:
    scores = tuple(sum(deal[seat] for deal in deal_scores) for seat in (0, 1))
    return Outcome(
        scores=scores,
        winner=winner,
        deals=len(deal_scores),
        ending=Ending.TARGET,
        deal_scores=deal_scores,
        sides=((0,), (1,)),
        winning_side=winner,
        target=1000,
    )


def test_a_game_won_from_behind_in_its_last_deal_is_decided_by_it() -> None:
    detail = Detail(players=2)
    detail.add_game(outcome(((600, 300), (500, 400)), winner=0), first_dealer=1)  # led all along
    detail.add_game(outcome(((600, 300), (100, 800)), winner=1), first_dealer=1)  # came back
    detail.add_game(outcome(((500, 500), (300, 600)), winner=1), first_dealer=0)  # was level
    assert (detail.races, detail.comebacks) == (3, 2)
    assert (detail.decided, detail.first_dealer_wins) == (3, 1)
    assert detail.game_lengths.bins == {2: 3}


def analyze_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["analyze", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_a_variant_against_itself_differs_in_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = analyze_json(capsys, "rubicon", "--vs", "rubicon", "--deals", "24", "--seed", "3")
    assert data["a"] == data["b"]
    rows = data["differences"]
    assert isinstance(rows, list)
    keys = {row["figure"] for row in rows}
    assert {"game_value", "rubicon_rate", "skill_margin", "upsets"} <= keys
    for row in rows:
        assert row["difference"] == 0
        if row["ci95"] is not None:
            assert row["ci95"][0] <= 0 <= row["ci95"][1]
        # The same games on both sides: a paired difference has no spread at all.
        if row["interval"] == "paired" and row["ci95"] is not None:
            assert row["ci95"] == [0, 0], row
    assert {row["figure"] for row in rows if row["interval"] == "paired"} == {
        "points_per_deal",
        "game_value",
        "dealer_advantage",
        "skill_margin",  # board by board
    }  # the shares are compared as independent samples


def test_a_house_rule_is_measured_on_the_same_deals_with_a_paired_interval(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The last trick worth 50 instead of 10 adds about 20 points a seat and a deal: the
    paired interval says so within a few points, where two independent samples of the same
    size would leave it several times as wide."""
    house = tmp_path / "last50.toml"
    house.write_text(
        'extends = "bezique"\nname = "last50"\ntitle = "Last trick 50"\n'
        "[last_trick]\npoints = 50\n",
        encoding="utf-8",
    )
    data = analyze_json(capsys, "bezique", "--vs", str(house), "--deals", "240", "--seed", "5")
    differences = data["differences"]
    assert isinstance(differences, list)
    rows = {row["figure"]: row for row in differences}
    points = rows["points_per_deal"]
    low, high = points["ci95"]
    assert points["interval"] == "paired" and low < 20 < high, points
    # The same figure's intervals in each variant alone: Welch's for two independent samples
    # would be about √2 times their half-widths.
    alone = [data[side]["figures"]["points_per_deal"]["ci95"] for side in "ab"]  # type: ignore[index]
    independent = math.hypot(*((hi - lo) / 2 for lo, hi in alone)) * 2
    assert high - low < independent / 2, (high - low, independent)
    assert rows["skill_margin"]["interval"] == "paired"  # board by board
    assert rows["upsets"]["interval"] == "independent"


def test_games_without_a_partner_are_in_the_pairs_sums(tmp_path: Path) -> None:
    """Played to 2000, games are twice as long: a shard holds fewer of them, and those of the
    shorter game without a partner still count, so the paired difference is the reported one."""
    house = tmp_path / "long.toml"
    house.write_text(
        'extends = "bezique"\nname = "long"\ntitle = "Long"\ngame = { target = 2000 }\n'
    )
    base, longer = load_variant("bezique"), load_variant(str(house))
    a, b, pairs = analyze_pair(base, longer, Run(deals=120, seed=2, shard_deals=40))
    assert a.sample.games > b.sample.games  # fewer, longer games in B
    rows = {row["figure"]: row for row in differences(a, b, pairs)}
    for key in ("points_per_deal", "game_length", "dealer_advantage"):
        figure = {f.key: f for f in figures(b)}[key].estimate.value
        figure -= {f.key: f for f in figures(a)}[key].estimate.value
        assert math.isclose(pairs[key].difference, figure, rel_tol=1e-9, abs_tol=1e-9), key
        assert rows[key]["interval"] == "paired"


def test_variants_that_do_not_deal_alike_are_compared_as_independent_samples(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = analyze_json(capsys, "rubicon", "--vs", "bezique", "--deals", "12", "--seed", "1")
    rows = data["differences"]
    assert isinstance(rows, list) and rows
    assert all(row["interval"] == "independent" for row in rows)


def _pairs_by_hand(pairs: list[tuple[int, int, int, int]]) -> tuple[float, float]:
    """The difference of the two ratios and its standard error, the residuals listed."""
    n = len(pairs)
    ya, da, yb, db = (sum(p[i] for p in pairs) for i in range(4))
    ra, rb, mean_da, mean_db = ya / da, yb / db, da / n, db / n
    z = [(p[2] - rb * p[3]) / mean_db - (p[0] - ra * p[1]) / mean_da for p in pairs]
    return rb - ra, math.sqrt(sum(v * v for v in z) / (n * (n - 1)))


@given(
    st.lists(
        st.tuples(
            st.integers(-500, 2000), st.integers(1, 9), st.integers(-500, 2000), st.integers(1, 9)
        ),
        min_size=2,
        max_size=40,
    ),
    st.integers(0, 40),
)
def test_a_paired_ratio_is_the_delta_method_over_the_pairs_merged_in_any_cut(
    pairs: list[tuple[int, int, int, int]], cut: int
) -> None:
    whole, first, second = PairedRatio(), PairedRatio(), PairedRatio()
    for index, pair in enumerate(pairs):
        whole.add(*pair)
        (first if index < cut else second).add(*pair)
    first.merge(second)
    assert first == whole
    difference, error = _pairs_by_hand(pairs)
    assert math.isclose(whole.difference, difference, rel_tol=1e-9, abs_tol=1e-9)
    assert whole.standard_error is not None
    assert math.isclose(whole.standard_error, error, rel_tol=1e-6, abs_tol=1e-9)


def test_a_house_rule_that_doubles_the_target_makes_games_longer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    house = str(FIXTURES / "my-bezique.toml")  # target 2000, double bézique 1000
    data = analyze_json(capsys, "bezique", "--vs", house, "--deals", "160", "--seed", "2")
    differences = data["differences"]
    assert isinstance(differences, list)
    rows = {row["figure"]: row for row in differences}
    length = rows["game_length"]
    assert length["difference"] > 2 and length["ci95"][0] > 0, length
    sources = {s["source"]: s for s in data["b"]["sources"]}  # type: ignore[index]
    assert "four_tens" in sources and sources["four_tens"]["combination"]


def test_the_points_of_every_source_add_up_to_the_points_scored(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = analyze_json(capsys, "bezique", "--deals", "30", "--seed", "4")
    points = data["deal_points"]
    assert isinstance(points, dict) and isinstance(data["sources"], list)
    assert sum(s["points"] for s in data["sources"]) == round(points["mean"] * points["count"])
    assert math.isclose(sum(s["share"] for s in data["sources"]), 1.0, abs_tol=1e-3)
    figures = data["figures"]
    assert isinstance(figures, dict)
    assert set(figures) == {
        "points_per_deal",
        "game_length",
        "decided_by_last_deal",
        "dealer_advantage",
        "first_dealer_wins",
        "skill_margin",
        "upsets",
    }


def test_the_text_report_names_each_figure_with_its_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyze", "rubicon", "--deals", "10", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for text in ("Figures, with 95 % intervals", "games whose loser is rubiconed", "Game values"):
        assert text in out
    assert "Points by source" in out and "Game lengths" not in out


def test_bad_input_is_refused_before_anything_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """(A folder ``--out`` cannot create: tests/test_analytics_plots.py, which has matplotlib.)"""
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    assert main(["analyze", "bezique", "--vs", "bezque"]) == 1
    assert "did you mean 'bezique'" in capsys.readouterr().err
    assert main(["analyze", "bezique", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "give --backend dask too" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["a-file"]
