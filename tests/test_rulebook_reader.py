"""Rulebooks as a reader meets them (issue 13, points 12, 14, 18, 20, 21): a page never
contradicts its own data, a page of one's own reads well outside the site, the comparison
knows a combination by what it is, and the engine's vocabulary stays in the closed blocks for
variant authors.  The same pages in a browser: tests/test_site_reader.py."""

from __future__ import annotations

import enum
import re
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

from interpreter.loader import load_variant, parent_variant, shipped_variant_names
from interpreter.model import Variant
from interpreter.rulebook import comparison, comparison_page, index_page, render, stale_texts
from interpreter.rulebook.compare import identity
from interpreter.rulebook.values import CHOICES, generic
from tests.support import shipped

ROOT = Path(__file__).resolve().parents[1]
NAMES = shipped_variant_names()
OVERLAYS = [name for name in NAMES if parent_variant(name) is not None]

README_HOUSE_RULE = """\
# my-bezique.toml
extends = "bezique"
name = "my-bezique"
title = "Bézique, 2000 up"
game = { target = 2000 }
"""


def _overlay(tmp_path: Path, text: str, name: str = "mine.toml") -> tuple[Variant, Variant]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    parent = parent_variant(path)
    assert parent is not None
    return load_variant(path), parent


def _authors_blocks_removed(page: str) -> str:
    return re.sub(r'<details class="for-authors">.*?</details>', "", page, flags=re.S)


# -- point 12: an inherited text that no longer fits is the parent's ------------------------


def test_the_readme_house_rule_has_its_stale_texts_found(tmp_path: Path) -> None:
    """The README's house rule without the summary and source of its own that it shows (the
    README says what leaving them out does)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    bare = re.sub(r"^summary = .*\n", "", example, flags=re.MULTILINE)
    assert bare.replace(', source = "house rule"', "") == README_HOUSE_RULE
    variant, parent = _overlay(tmp_path, README_HOUSE_RULE)
    found = dict(stale_texts(variant, parent))
    assert set(found) == {"summary", "game.source"}, found
    assert "game.target: 1000 → 2000" in found["summary"]
    assert "inherited from bezique" in found["game.source"]
    assert 'source = ""' in found["game.source"]  # how to print none


def test_the_readme_house_rule_page_marks_the_parents_texts(tmp_path: Path) -> None:
    variant, parent = _overlay(tmp_path, README_HOUSE_RULE)
    page = render(variant, parent=parent)
    assert "2000 points or more at the end of a deal" in page
    for line in page.splitlines():
        if "race to 1000" in line or "usually 1000 up" in line:
            assert line.startswith(("*From Bézique (two-pack)", "*Source, as given for Bézique")), (
                line
            )
    assert "*From Bézique (two-pack) (`bezique`), which this variant changes:*" in page


def test_a_double_bezique_of_1000_does_not_sit_beside_a_source_quoting_500(
    tmp_path: Path,
) -> None:
    text = (
        'extends = "bezique"\nname = "dbl"\ntitle = "Dbl"\n'
        '[[combinations]]\nid = "double_bezique"\npoints = 1000\n'
    )
    variant, parent = _overlay(tmp_path, text)
    assert [path for path, _ in stale_texts(variant, parent)] == [
        "combinations[double_bezique].source"
    ]
    page = render(variant, parent=parent)
    assert "| double bézique | 1000 |" in page
    assert "double bézique: (given for Bézique (two-pack)) Hoyle: 'Double Bézique' 500" in page
    assert "double bézique: Hoyle" not in page


def test_texts_that_do_not_speak_of_the_change_stay_unmarked(tmp_path: Path) -> None:
    variant, parent = _overlay(
        tmp_path,
        'extends = "bezique"\nname = "mine"\ntitle = "Mine"\n'
        'summary = "Two-pack bézique, played to a higher target."\ngame = { target = 2000 }\n',
    )
    assert [path for path, _ in stale_texts(variant, parent)] == ["game.source"]
    page = render(variant, parent=parent)
    assert "*Source: Hoyle: 'the piquet pack of thirty-two cards" in page  # [deck]: unchanged
    # [game]'s source, and the variant's own (given for the parent's game, which it changes):
    # the page marks both, check warns of the first only (a house rule needs no top source)
    assert page.count("as given for") == 2
    assert "as given for Bézique (two-pack) (this variant changes some of its rules)" in page


def test_a_summary_that_states_a_changed_number_in_words_is_found(tmp_path: Path) -> None:
    (tmp_path / "base.toml").write_text(
        'extends = "bezique"\nname = "base"\ntitle = "Base"\n'
        'summary = "Eight cards each, the queen of spades and knave of diamonds."\n',
        encoding="utf-8",
    )
    variant, parent = _overlay(
        tmp_path,
        'extends = "base.toml"\nname = "mine"\ntitle = "Mine"\n'
        'bezique = { queen = "QC", jack = "JH" }\n',
    )
    found = dict(stale_texts(variant, parent))
    assert 'bezique.queen: "QS" → "QC"' in found["summary"]
    assert "deal" not in found["summary"]  # "eight cards" is not a value this overlay changes


def test_an_overlay_that_writes_its_own_texts_has_none_stale(tmp_path: Path) -> None:
    variant, parent = _overlay(
        tmp_path,
        'extends = "bezique"\nname = "mine"\ntitle = "Mine"\nsummary = "Played to 2000."\n'
        'game = { target = 2000, source = "Enquire Within 125 viii: 2000" }\n',
    )
    assert stale_texts(variant, parent) == []
    page = render(variant, parent=parent)
    assert page.count("as given for") == 1  # the top-level source it did not write
    mine = variant.model_copy(update={"source": "house rule"})
    assert "as given for" not in render(mine, parent=parent)


@pytest.mark.parametrize("name", OVERLAYS)
def test_every_stale_text_of_a_shipped_overlay_is_printed_as_the_parents(name: str) -> None:
    """Whatever the shipped texts say, the page never presents a stale one as its own."""
    variant, parent = shipped(name), parent_variant(name)
    assert parent is not None
    page = render(variant, parent=parent)
    texts = dict(_all_texts(variant))
    for path, _ in stale_texts(variant, parent):
        text = texts[path]
        for match in re.finditer(re.escape(text), page):
            before = page[max(0, match.start() - 200) : match.start()]
            assert re.search(r"as given for|given for|From |Note from", before), (path, before)


def _all_texts(variant: Variant) -> list[tuple[str, str]]:
    from interpreter.rulebook.inherited import texts

    return list(texts(variant))


# -- point 14: a page of one's own ------------------------------------------------------------


def test_a_standalone_page_names_its_parent_plainly_and_says_its_differences_in_words(
    tmp_path: Path,
) -> None:
    variant, parent = _overlay(tmp_path, README_HOUSE_RULE)
    page = render(variant, parent=parent)
    assert not re.search(r"\]\([^)]*\.md\)", page), "a link to a page that is not there"
    assert (
        "| Based on | Bézique (two-pack) (`bezique`), with the differences listed below |" in page
    )
    differences = page.split("## Differences from Bézique (two-pack)")[1]
    bullets = [line for line in differences.splitlines() if line.startswith("- ")]
    assert bullets == ["- Points that win a race game: 2000 (Bézique (two-pack): 1000)."]
    assert "<code>game.target</code>" in differences  # the key path: for authors only
    assert "card-face" not in page and "suit-red" not in page  # plain text


def test_a_site_page_links_its_parent_and_shows_cards() -> None:
    page = render(shipped("bezique-handbook"), parent=shipped("bezique"), site=True)
    assert "| Based on | [Bézique (two-pack)](bezique.md), with the differences" in page
    assert '<span class="card-face red"' in page and '<span class="suit-red">♥</span>' in page


@pytest.mark.parametrize("name", OVERLAYS)
def test_no_difference_ends_with_a_key_path(name: str) -> None:
    parent = parent_variant(name)
    assert parent is not None
    page = render(shipped(name), parent=parent)
    differences = page.split("## Differences from")[1]
    for line in differences.splitlines():
        if line.startswith("- "):
            assert not re.search(r"\(\w+(\[\w+\])?\.\w+.*\)\.?$", line), line
            assert "_" not in line, line


def test_every_value_of_every_choice_has_words() -> None:
    missing = [
        f"{path}: {value}"
        for path, choice in _choices(Variant, "")
        for value in (member.value for member in choice)
        if value not in CHOICES.get(generic(path), {})
    ]
    assert not missing, missing


def _choices(model: type[BaseModel], prefix: str) -> list[tuple[str, type[enum.Enum]]]:
    found: list[tuple[str, type[enum.Enum]]] = []
    for name, field in model.model_fields.items():
        path = prefix + (field.alias or name)
        for arg in _flat(field.annotation):
            if isinstance(arg, type) and issubclass(arg, BaseModel):
                found += _choices(arg, path + ".")
            elif isinstance(arg, type) and issubclass(arg, enum.Enum):
                found.append((path, arg))
    return found


def _flat(annotation: object) -> list[object]:
    args = typing.get_args(annotation)
    if not args:
        return [annotation]
    return [leaf for arg in args for leaf in _flat(arg)]


# -- point 18: the comparison --------------------------------------------------------------


def test_a_combination_named_differently_is_one_row_of_the_comparison() -> None:
    rubicon, bezique = shipped("rubicon"), shipped("bezique")
    assert identity(rubicon.combination("marriage_royal")) == identity(
        bezique.combination("marriage_royal")
    )
    table = comparison([bezique, rubicon]).split("## Points for each combination")[1]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    labels = [row.split(" | ")[0].removeprefix("| ") for row in rows]
    assert "royal marriage (also: marriage in trumps)" in labels
    assert not any(label.startswith("marriage in trumps") for label in labels)
    assert "| royal marriage (also: marriage in trumps) | 40 | 40 |" in table


def test_every_combination_of_every_variant_is_in_exactly_one_row() -> None:
    variants = [shipped(name) for name in NAMES]
    table = comparison(variants).split("## Points for each combination")[1]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    kinds = {identity(c) for v in variants for c in v.combinations if c.enabled}
    assert len(rows) == 1 + len(kinds) + 2  # heading, the combinations, carte blanche, seven


def test_the_comparison_page_keeps_the_navigation() -> None:
    page = comparison_page([shipped("bezique"), shipped("polish")])
    front = page.split("\n---\n")[0]
    assert "navigation" not in front and page.count("{: .scroll-cue }") == 2


def test_the_index_page_links_every_variant_and_its_parent() -> None:
    page = index_page([(shipped(name), parent_variant(name)) for name in NAMES])
    for name in NAMES:
        assert f"]({name}.md) |" in page
    assert "| [Three-handed Bézique with two packs](three-handed-two-packs.md) | three |" in page
    assert "[Three-handed Bézique](three-handed.md) |\n" in page


# -- point 20: rules as a card player reads them -------------------------------------------


JARGON = ("| Kind |", "Class (rank)", "This governs", "(the *Kind* column", "*Class* column")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("site", [False, True])
def test_the_engines_vocabulary_is_only_in_the_blocks_for_authors(name: str, site: bool) -> None:
    variant = shipped(name)
    page = render(variant, parent=parent_variant(name), site=site)
    assert page.count('<details class="for-authors">') >= 2
    prose = _authors_blocks_removed(page)
    prose = "\n".join(  # the variant's own source and note texts are its author's words
        line
        for line in prose.splitlines()
        if not line.startswith(("*Source", "    ", "*Sources", "!!! note"))
    )
    for word in JARGON:
        assert word not in prose, word
    for combo in variant.combinations:
        if "_" in combo.id:
            assert f"`{combo.id}`" not in prose and f"<code>{combo.id}</code>" not in prose
            assert f"<code>{combo.id}</code>" in page  # in the block for authors
    assert "Game.new(" not in prose and "schema version" not in prose


def test_the_reuse_rules_name_the_combinations_they_concern() -> None:
    page = render(shipped("rubicon"))
    assert "This concerns the marriage in a plain suit and the marriage in trumps." in page
    bezique = render(shipped("bezique"))
    assert "The common marriage and the royal marriage count as one kind" in bezique
    assert (
        "So cards that scored in a sequence cannot then make a royal marriage; a royal "
        "marriage first and a sequence after is allowed." in bezique
    )


def test_the_authors_block_is_closed_html_without_blank_lines() -> None:
    page = render(shipped("bezique"))
    for block in re.findall(r'<details class="for-authors">.*?</details>', page, flags=re.S):
        assert "\n\n" not in block and " open" not in block.split(">")[0]


# -- point 21: the home page -----------------------------------------------------------------


def test_the_home_page_links_every_variant_and_says_no_status() -> None:
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    section = home.split("## Variants")[1].split("\n## ")[0]
    linked = re.findall(
        r"^\| \[[^\]]+\]\(variants/([a-z0-9-]+)\.md\) \| `([a-z0-9-]+)` \|", section, re.M
    )
    assert sorted(name for name, _ in linked) == sorted(NAMES)
    assert all(link == name for link, name in linked)
    assert "shipped |" not in section and "status" not in section
