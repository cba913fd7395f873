"""MkDocs glue: add one generated page per shipped variant, an index of them and the comparison
page.  The pages come from ``interpreter.rulebook``; nothing here knows the rules."""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from interpreter.loader import load_variant, parent_variant, shipped_variant_names
from interpreter.rulebook import comparison, render


def _pages() -> dict[str, str]:
    names = shipped_variant_names()
    variants = {name: load_variant(name) for name in names}
    pages = {
        f"variants/{name}.md": render(variant, parent=parent_variant(name))
        for name, variant in variants.items()
    }
    rows = ["| Variant | Players | Packs | Hand | Based on |", "|---|---|---|---|---|"]
    for name, variant in variants.items():
        parent = parent_variant(name)
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
        + comparison(list(variants.values()))
    )
    return pages


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    names = shipped_variant_names()
    entries: list[Any] = [{"Overview": "variants/index.md"}]
    entries += [{load_variant(name).title: f"variants/{name}.md"} for name in names]
    nav = list(config.nav or [])
    nav.append({"Variants": entries})
    nav.append({"All variants compared": "comparison.md"})
    config.nav = nav
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    for path, content in _pages().items():
        files.append(File.generated(config, path, content=content))
    return files
