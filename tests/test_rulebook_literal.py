"""A variant's texts reach the rulebook as text: a house-rule file cannot put markup, links or
scripts into a page (``bezique rulebook``, or a site built from it)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
import yaml

from interpreter.loader import load_variant, parent_variant
from interpreter.rulebook import render

HOSTILE = {
    "title": "House <script>alert(1)</script> | rules",
    "summary": "See [the rules](javascript:alert(2)) and <img src=x onerror=alert(3)>.",
    "note": 'First line.\n\n# Not a heading\n\n!!! danger "Not a box"\n    {: onclick=alert(4) }',
    "source": "Hoyle & *my* uncle's `notes` \\ {: .evil }",
    "name": "royal <b>marriage</b> {: onmouseover=alert(5) }",
}

OVERLAY = f"""extends = "bezique"
name = "hostile"
title = {HOSTILE["title"]!r}
summary = {HOSTILE["summary"]!r}
note = '''{HOSTILE["note"]}'''

[deck]
source = {HOSTILE["source"]!r}

[[combinations]]
id = "marriage_royal"
name = {HOSTILE["name"]!r}
"""


class Elements(HTMLParser):
    """Every element of a page, its attributes, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def as_site(page: str) -> Elements:
    """The page as the site's Markdown (the extensions of mkdocs.yml) makes it into HTML."""
    config = yaml.safe_load(Path("mkdocs.yml").read_text(encoding="utf-8"))
    extensions = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    parsed = Elements()
    parsed.feed(markdown.markdown(page, extensions=extensions))
    return parsed


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.toml"
    path.write_text(OVERLAY, encoding="utf-8")
    return path


@pytest.mark.parametrize("site", [False, True])
def test_texts_bring_no_markup_into_the_page(
    hostile: Path, site: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(__file__).parent.parent)
    variant = load_variant(hostile)
    parsed = as_site(render(variant, parent=parent_variant(hostile), site=site))
    tags = {tag for tag, _ in parsed.tags}
    assert not tags & {"script", "img", "iframe", "b"}
    for tag, attributes in parsed.tags:
        assert not any(name.startswith("on") for name in attributes), (tag, attributes)
        assert not str(attributes.get("href", "")).startswith("javascript"), attributes
        assert "evil" not in str(attributes.get("class", "")), attributes
    # one heading of the first level (the title), and no box but the notes' own
    assert [tag for tag, _ in parsed.tags].count("h1") == 1
    boxes = [a for tag, a in parsed.tags if "admonition" in str(a.get("class", ""))]
    assert not any("danger" in str(a.get("class")) for a in boxes)
    # and every text is shown as written (a line break in a text is a space)
    shown = " ".join("".join(parsed.text).split())
    for text in HOSTILE.values():
        assert " ".join(text.split()) in shown, text


def test_a_text_without_markup_is_printed_unchanged() -> None:
    variant = load_variant("bezique")
    page = render(variant)
    assert f"# {variant.title}\n" in page
    assert variant.summary in page
