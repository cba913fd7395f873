"""The generated pages of the documentation site, independent of the tool that builds it.

``generated_site()`` gives every page the site generates — the rulebook of each shipped
variant, an overview of them and the comparison of all variants — as Markdown keyed by its
path under ``docs/``, and the navigation entries that list them. A site generator only has to
add these pages and entries: the MkDocs hook (``mkdocs_hooks.py`` at the top of the
repository) does nothing else, and nothing here imports MkDocs. Each call loads every shipped
variant once; the pages of one call share the loaded variants."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from interpreter.engine import Rules
from interpreter.loader import extends_of, load_variant, parent_variant, shipped_variant_names
from interpreter.model import Variant
from interpreter.puzzles import (
    SITE_DEALS,
    SITE_PUZZLES,
    SITE_SEED,
    Finder,
    Puzzle,
    from_bots,
    solvable,
)
from interpreter.rulebook import puzzles
from interpreter.rulebook.analytics import comparison_section, variant_section
from interpreter.rulebook.compare import comparison_page
from interpreter.rulebook.index import index_page
from interpreter.rulebook.literal import literal_copy
from interpreter.rulebook.render import render

# A navigation entry as mkdocs.yml writes one: {title: page path} or {title: [entries]}.
NavEntry = dict[str, "str | list[NavEntry]"]

OVERVIEW = "variants/index.md"
COMPARISON = "comparison.md"


@dataclass(frozen=True)
class GeneratedSite:
    """The generated pages (path under ``docs/`` → Markdown) and the navigation entries to
    append to the site's own, in order."""

    pages: dict[str, str]
    nav: list[NavEntry]


def generated_site(docs: Path | None = None) -> GeneratedSite:
    """Every generated page of the site, and where the navigation lists them.  Given the
    site's ``docs`` folder, each variant's page and the comparison page also show the
    analytics found there (:mod:`interpreter.rulebook.analytics`)."""
    shipped = _shipped()
    pages = {
        f"variants/{name}.md": _with(
            render(variant, parent=parent, site=True),
            "" if docs is None else variant_section(name, docs),
        )
        for name, (variant, parent) in shipped.items()
    }
    # the tables print the variants' texts as written, as the pages do (``Page.of``)
    shown = [
        (literal_copy(variant), None if parent is None else literal_copy(parent))
        for variant, parent in shipped.values()
    ]
    pages[OVERVIEW] = index_page(shown)
    pages[COMPARISON] = _with(
        comparison_page([variant for variant, _ in shown]),
        "" if docs is None else comparison_section(docs),
    )
    entries: list[NavEntry] = [{"Overview": OVERVIEW}]
    entries += [{variant.title: f"variants/{name}.md"} for name, (variant, _) in shipped.items()]
    puzzles, puzzle_entries = _puzzles(shipped)
    pages |= puzzles
    nav: list[NavEntry] = [
        {"Variants": entries},
        {"All variants compared": COMPARISON},
        {"Puzzles": puzzle_entries},
    ]
    return GeneratedSite(pages, nav)


def _puzzles(
    shipped: dict[str, tuple[Variant, Variant | None]],
) -> tuple[dict[str, str], list[NavEntry]]:
    """A page of puzzles per variant whose last tricks are solved exactly, and their
    overview."""
    pages: dict[str, str] = {}
    entries: list[NavEntry] = [{"Overview": puzzles.INDEX}]
    rows, left_out = [], []
    for name, (variant, _) in shipped.items():
        if not solvable(Rules(variant)):
            left_out.append(variant.title)
            continue
        found = site_puzzles(name)
        rows.append((name, variant.title, len(found)))
        if found:
            looked = f"the first {SITE_DEALS} deals the bots played"
            pages[f"puzzles/{name}.md"] = puzzles.puzzle_page(variant.title, found, looked, True)
            entries.append({variant.title: f"puzzles/{name}.md"})
    pages[puzzles.INDEX] = puzzles.index_text(rows, left_out, SITE_DEALS)
    return pages, entries


@cache
def site_puzzles(name: str) -> tuple[Puzzle, ...]:
    """The site's puzzles of the shipped variant ``name``: the same each build (the bots'
    deals of fixed seeds); found once per process."""
    finder = Finder(name, Rules(load_variant(name)))
    seeds = range(SITE_SEED, SITE_SEED + SITE_DEALS)
    return tuple(from_bots(finder, seeds, SITE_PUZZLES))


def _with(page: str, section: str) -> str:
    return page if not section else page.rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n"


def _shipped() -> dict[str, tuple[Variant, Variant | None]]:
    """Each shipped variant by name, with the variant it extends (None for a base variant)."""
    variants = {name: load_variant(name) for name in shipped_variant_names()}
    return {name: (variant, _parent(name, variants)) for name, variant in variants.items()}


def _parent(name: str, variants: dict[str, Variant]) -> Variant | None:
    """The parent as ``parent_variant`` finds it, taken from ``variants`` when it names one."""
    extends = extends_of(name)
    if extends is None:
        return None
    return variants[extends] if extends in variants else parent_variant(name)
