"""The documentation generated from the schema is up to date, and the CI builds the site."""

from __future__ import annotations

from pathlib import Path

from interpreter.loader.semantic import UNSUPPORTED
from interpreter.schema_doc import (
    BEGIN,
    END,
    UNSUPPORTED_BEGIN,
    UNSUPPORTED_END,
    reference,
    unsupported,
)

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_the_field_reference_in_the_authoring_guide_is_generated_from_the_model() -> None:
    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    block = page[page.index(BEGIN) + len(BEGIN) : page.index(END)]
    assert block.strip() == reference().strip(), (
        "run: python -m interpreter.schema_doc --write docs/authoring.md"
    )


def test_the_authoring_guide_lists_exactly_the_rules_not_supported_yet() -> None:
    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    block = page[
        page.index(UNSUPPORTED_BEGIN) + len(UNSUPPORTED_BEGIN) : page.index(UNSUPPORTED_END)
    ]
    assert block.strip() == unsupported().strip()
    for key, _, _ in UNSUPPORTED:
        assert f"`{key}`" in block, key


def test_the_authoring_guide_lists_exactly_the_rulebook_only_keys() -> None:
    from interpreter.schema_doc import RULEBOOK_ONLY_BEGIN, RULEBOOK_ONLY_END, rulebook_only

    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    start = page.index(RULEBOOK_ONLY_BEGIN) + len(RULEBOOK_ONLY_BEGIN)
    block = page[start : page.index(RULEBOOK_ONLY_END)]
    assert block.strip() == rulebook_only().strip()
    assert "`endgame.revoke_penalty`" in block
