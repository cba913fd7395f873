"""The one variant serialiser: ``variant_data`` and ``variant_from_data`` round-trip every
variant exactly, through TOML too, and the loader, the records and the test helpers use them."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.loader import dump_variant, load_variant, shipped_variant_names
from interpreter.model import Variant, variant_data, variant_from_data, variant_hash
from interpreter.model.combinations import BeziqueCards
from interpreter.model.play import CarteBlanche, OpenCards, Seven
from tests.support import variant_with
from tests.test_conformance import overlays

NAMES = shipped_variant_names()


def through_toml(variant: Variant) -> Variant:
    """What a record or a ``bezique show`` file gives back: data → TOML text → data."""
    return variant_from_data(tomllib.loads(tomli_w.dumps(variant_data(variant))))


@pytest.mark.parametrize("name", NAMES)
def test_every_shipped_variant_round_trips_exactly(name: str) -> None:
    variant = load_variant(name)
    assert variant_from_data(variant_data(variant)) == variant
    assert through_toml(variant) == variant
    assert variant_hash(through_toml(variant)) == variant_hash(variant)


def test_a_card_removed_with_false_is_written_false_not_left_out() -> None:
    """The replay failure: ``queen = false`` dumped without its ``None`` came back as the
    default ``QS``, so the embedded variant hashed differently from the one played."""
    variant = load_variant("chinese-trump-bezique")
    assert variant.bezique.queen is None and variant.bezique.jack is None
    data = variant_data(variant)
    assert data["bezique"]["queen"] is False and data["bezique"]["jack"] is False
    assert variant_from_data(data).bezique.pair(None) is None


def test_the_dump_of_bezique_show_is_the_serialiser_s_data() -> None:
    variant = load_variant("chinese-trump-bezique")
    assert tomllib.loads(dump_variant(variant)) == variant_data(variant)


def test_the_hash_tells_a_removed_card_from_the_default() -> None:
    variant = load_variant("chinese")
    removed = variant.model_copy(update={"bezique": BeziqueCards(queen=None, jack=None)})
    assert variant_hash(removed) != variant_hash(variant)


def _optional_values() -> st.SearchStrategy[dict[str, Any]]:
    """Updates that set the fields where ``None`` and absence could be confused."""
    card = st.sampled_from(["QS", "QH", "JD", "JC"])
    return st.fixed_dictionaries(
        {},
        optional={
            "bezique": st.builds(
                BeziqueCards,
                queen=st.none() | card,
                jack=st.none() | card,
                source=st.none() | st.just("house"),
            ),
            "seven": st.none() | st.builds(Seven, note=st.none() | st.just("n")),
            "carte_blanche": st.none() | st.builds(CarteBlanche),
            "open_cards": st.none() | st.builds(OpenCards),
            "summary": st.sampled_from(["", "A house game."]),
        },
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), update=_optional_values(), kinds=st.booleans())
def test_variants_with_none_and_false_round_trip(
    name: str, update: dict[str, Any], kinds: bool
) -> None:
    variant = load_variant(name).model_copy(update=update)
    if kinds:  # a combination's kind given or left to default to its id
        combos = tuple(c.model_copy(update={"kind": None}) for c in variant.combinations)
        variant = variant.model_copy(update={"combinations": combos})
    variant = Variant.model_validate(variant.model_dump())  # a valid, fully built variant
    assert variant_from_data(variant_data(variant)) == variant
    assert through_toml(variant) == variant


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=overlays())
def test_house_rule_overlays_round_trip(variant: Variant) -> None:
    assert through_toml(variant) == variant


@pytest.mark.parametrize("name", NAMES)
def test_variant_with_no_changes_is_the_shipped_variant(name: str) -> None:
    assert variant_with(name) == load_variant(name)


def test_an_overlay_of_chinese_trump_bezique_keeps_its_bezique() -> None:
    variant = variant_with("chinese-trump-bezique", **{"game.target": 2000})
    assert variant.game.target == 2000
    assert variant.bezique == load_variant("chinese-trump-bezique").bezique
    assert variant.bezique.pair(None) is None and variant.bezique.pair("H") == ("QH", "JC")


def test_variant_with_a_key_under_a_removed_table_brings_the_table_in() -> None:
    variant = variant_with("bezique", **{"seven": False})
    assert variant.seven is None
    again = variant_with("bezique", **{"seven": False, "carte_blanche.points": 70})
    assert again.carte_blanche == CarteBlanche(points=70)
