"""The *Differences* section of an overlay's page: each rule it plays differently from the
variant it extends, in words, and the same changes as key paths and TOML values in a closed
block for variant authors."""

from __future__ import annotations

import html

from interpreter.model import Variant
from interpreter.model.changes import Change, differences
from interpreter.rulebook.combos import details
from interpreter.rulebook.inherited import toml_value
from interpreter.rulebook.page import Page
from interpreter.rulebook.values import in_words
from interpreter.rulebook.words import points


def section(page: Page, parent: Variant) -> str:
    """The differences from ``parent``, in words, then in data."""
    found = differences(parent, page.variant)
    if not found:
        return f"The rules are the same as those of {page.parent_link()}."
    lines = [f"Where this variant differs from {page.parent_link()}:", ""]
    lines += [f"- {in_sentence(change, parent)}" for change in found]
    rows = [(f"<code>{html.escape(c.path)}</code>", _code(c.before), _code(c.after)) for c in found]
    block = details(
        "For variant authors: the differences as data",
        "Each key path, with its value in the parent and in this variant.",
        ("Key", parent.name, page.variant.name),
        rows,
    )
    return "\n".join(lines) + "\n\n" + block


def in_sentence(change: Change, parent: Variant) -> str:
    """One difference as a player reads it, e.g. ``Points that win a race game: 2000
    (Bézique (two-pack): 1000).``"""
    before, after = change.before, change.after
    label = change.label
    if change.path.startswith("combinations[") and change.path.endswith("]"):
        name = label.removeprefix("Combination ")
        if isinstance(after, dict) and before is None:
            return f"A combination of its own: {name}, {_points(after)}."
        return f"{_capital(name)}: not in this variant ({parent.title}: {_points(before)})."
    if change.path.endswith(".enabled") and change.path.startswith("combinations["):
        name = label.removeprefix("Combination ").split(" — ")[0]
        played = "played" if after else "not played"
        return f"{_capital(name)}: {played} in this variant."
    if change.path.endswith(".points") and change.path.startswith("combinations["):
        name = label.removeprefix("Combination ").split(" — ")[0]
        return f"{_capital(name)} scores {_number(after)} ({parent.title}: {_number(before)})."
    if after is None and isinstance(before, dict):
        return f"{label}: none in this variant."
    if before is None and isinstance(after, dict):
        return f"{label}: yes, in this variant (see above)."
    return (
        f"{label}: {in_words(change.path, after)} "
        f"({parent.title}: {in_words(change.path, before)})."
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _points(entry: object) -> str:
    if isinstance(entry, dict):
        return f"{_number(entry.get('points'))} points"
    return "—"


def _number(value: object) -> str:
    return points(value) if isinstance(value, int) else str(value)


def _code(value: object) -> str:
    # The page's variants are literal copies (``Page.of``): a text among the values is
    # markup-free already, and escaping its ``&`` again would show its character references.
    return f"<code>{toml_value(value).translate(_QUOTES)}</code>"


_QUOTES = str.maketrans({'"': "&quot;", "'": "&#x27;"})
