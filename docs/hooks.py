"""MkDocs glue: add one generated page per shipped variant, an index of them and the comparison
page.  The pages come from ``interpreter.rulebook``; nothing here knows the rules.

Each build loads every shipped variant once (:func:`_shipped`, emptied when a build starts); the
frozen models are shared between the pages of that build."""

from __future__ import annotations

from functools import cache
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from interpreter.loader import extends_of, load_variant, parent_variant, shipped_variant_names
from interpreter.model import Variant
from interpreter.rulebook import comparison, render


@cache
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


def _pages() -> dict[str, str]:
    shipped = _shipped()
    pages = {
        f"variants/{name}.md": render(variant, parent=parent)
        for name, (variant, parent) in shipped.items()
    }
    rows = ["| Variant | Players | Packs | Hand | Based on |", "|---|---|---|---|---|"]
    for name, (variant, parent) in shipped.items():
        based = f"[{parent.name}]({parent.name}.md)" if parent else ""
        rows.append(
            f"| [{variant.title}]({name}.md) | {variant.players.count} | "
            f"{variant.deck.packs} | {variant.deal.hand_size} | {based} |"
        )
    pages["variants/index.md"] = (
        "# The variants\n\nEvery page here is generated from the variant's TOML files by "
        "`interpreter.rulebook.render`, so the rulebook and the engine cannot disagree. "
        "Overlays (house rules) end with the differences from the variant they extend.\n\n"
        + "\n".join(rows)
        + "\n"
    )
    pages["comparison.md"] = (
        "---\nhide:\n  - navigation\n  - toc\n---\n\n"  # the tables need the whole width
        "# All variants compared\n\nGenerated from the variant data.\n\n"
        + comparison([variant for variant, _ in shipped.values()])
    )
    return pages


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    _shipped.cache_clear()  # a new build (``mkdocs serve`` rebuilds) reads the variants again
    entries: list[Any] = [{"Overview": "variants/index.md"}]
    entries += [{variant.title: f"variants/{name}.md"} for name, (variant, _) in _shipped().items()]
    nav = list(config.nav or [])
    nav.append({"Variants": entries})
    nav.append({"All variants compared": "comparison.md"})
    config.nav = nav
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    for path, content in _pages().items():
        files.append(File.generated(config, path, content=content))
    return files
