"""Rulebooks rendered from the variant data: stable and true to the engine.  That every rule
is rendered — changing any field changes the page — is tested in test_schema_honesty.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.loader import load_variant, parent_variant, shipped_variant_names
from interpreter.rulebook import comparison, render
from tests.support import shipped

GOLDEN = Path(__file__).parent / "golden" / "rulebook"
NAMES = shipped_variant_names()


@pytest.mark.parametrize("name", NAMES)
def test_the_rulebook_matches_its_golden_file(name: str) -> None:
    """Regenerate with: python tests/golden/regenerate.py"""
    page = render(shipped(name), parent=parent_variant(name))
    golden = GOLDEN / f"{name}.md"
    assert golden.exists(), "run: python tests/golden/regenerate.py"
    assert page == golden.read_text(encoding="utf-8")


def test_render_is_pure() -> None:
    variant = load_variant("rubicon")
    before = variant.model_dump()
    assert render(variant) == render(variant)
    assert variant.model_dump() == before


def test_every_combination_and_its_points_are_in_the_table() -> None:
    for name in NAMES:
        page = render(shipped(name))
        for combo in shipped(name).combinations:
            assert combo.display_name in page, (name, combo.id)


def test_settlement_examples_are_computed_by_the_engine() -> None:
    page = render(shipped("rubicon"))
    assert "| 1510 – 1240 | — | seat 1 | 800 |" in page  # Hoyle's worked example, law 57
    assert "| 1550 – 1520 | — | seat 1 | 600 |" in page
    assert "| 1320 – 620 | — | seat 1 | 3200 |" in page  # rubicon, law 58


def test_polish_explains_open_cards_to_a_newcomer() -> None:
    page = render(shipped("polish"))
    assert "## Open cards" in page
    assert "can never be played again" in page
    assert "Every declaration must include a card of the trick just won" in page
    assert "Only open cards declare" in page


def test_an_overlay_page_lists_its_differences_from_the_parent() -> None:
    page = render(shipped("bezique-handbook"), parent=shipped("bezique"))
    differences = page.split("## Differences from")[1]
    assert "last_trick.which" in differences and "brisques.timing" in differences
    assert "target" not in differences


def test_the_comparison_puts_every_variant_side_by_side() -> None:
    variants = [shipped(name) for name in NAMES]
    page = comparison(variants)
    for name in NAMES:
        assert f"[{name}](variants/{name}.md)" in page
    assert "| quintuple bézique |" in page and "9000" in page
