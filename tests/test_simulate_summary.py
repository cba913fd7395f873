"""The summary of a simulation: running sums that merge exactly and do not grow with the deals."""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Mapping

from hypothesis import given
from hypothesis import strategies as st

from interpreter.engine import Reason
from interpreter.loader import load_variant
from interpreter.moments import Moments
from interpreter.simulate import Summary, simulate

points = st.lists(st.integers(min_value=-5_000, max_value=50_000), max_size=300)


def moments_of(values: list[int]) -> Moments:
    moments = Moments()
    for value in values:
        moments.add(value)
    return moments


@given(points)
def test_mean_and_sd_are_those_of_the_whole_list(values: list[int]) -> None:
    moments = moments_of(values)
    assert moments.count == len(values)
    assert moments.mean == (statistics.fmean(values) if values else 0.0)
    assert moments.pstdev == (statistics.pstdev(values) if len(values) > 1 else 0.0)


@given(points, points)
def test_merging_two_halves_equals_one_pass(first: list[int], second: list[int]) -> None:
    merged = moments_of(first)
    merged.merge(moments_of(second))
    assert merged == moments_of(first + second)
    assert (merged.mean, merged.pstdev) == (
        moments_of(first + second).mean,
        moments_of(first + second).pstdev,
    )


def test_sd_of_huge_counts_is_exact() -> None:
    # a hundred million deals of 0 and 1000 points alternately: mean 500, sd 500
    moments = Moments(count=10**8, total=500 * 10**8, squares=1000**2 * 10**8 // 2)
    assert (moments.mean, moments.pstdev) == (500.0, 500.0)


def stored(value: object) -> int:
    """How many values a summary field holds, counting into lists, tuples, maps and records."""
    if isinstance(value, Mapping):
        return sum(1 + stored(item) for item in value.values())
    if isinstance(value, list | tuple):
        return sum(stored(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sum(stored(getattr(value, f.name)) for f in dataclasses.fields(value))
    return 1


def test_summary_size_does_not_grow_with_the_deals() -> None:
    variant = load_variant("rubicon")  # one-deal games: the game values are kept too
    few, many = (simulate(variant, deals, seed=4, agents=["random"] * 2) for deals in (10, 200))
    assert (few.deal_points[0].count, many.deal_points[0].count) == (10, 200)
    assert (few.game_values.count, many.game_values.count) == (10, 200)
    for field in dataclasses.fields(Summary):
        if field.name != "combinations":
            assert stored(getattr(few, field.name)) == stored(getattr(many, field.name)), field.name
    # combinations: one counter per kind scored, however many deals
    kinds = {c.id for c in variant.combinations} | {str(reason) for reason in Reason}
    assert set(many.combinations) <= kinds
