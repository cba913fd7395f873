"""Texts an overlay inherits from its parent that no longer fit it.

An overlay (a variant that ``extends`` another) inherits every ``summary``, ``source`` and
``note`` it does not write.  Such a text was written for the parent; when the overlay changes a
rule it speaks of, printing it as the overlay's own would make the rulebook contradict its data
(a double bézique worth 1000 beside a source quoting 500).  An inherited text is *stale* when:

* it is the ``source`` of a rule block (``[game]``, a combination …) in which the overlay
  changes a rule: the source was given for the parent's rule; or the variant's own top-level
  ``source``, when the overlay changes any rule: it was given for the parent's game;
* it is a ``summary`` or a ``note`` (of the variant or of a block) and it states a value that
  the overlay changes (``race to 1000`` when ``game.target`` becomes 2000) or names a key whose
  value it changes (``set must_head = false``).

:func:`stale_texts` lists them for ``bezique check`` (but the top-level ``source``, which the
page alone marks); the rulebook prints them marked as the parent's
(:mod:`interpreter.rulebook.page`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from interpreter.cards import CardSyntaxError, parse_face
from interpreter.model import Variant
from interpreter.model.changes import Change, differences
from interpreter.rulebook.words import number_word

TEXT_KEYS = ("summary", "source", "note")


@dataclass(frozen=True)
class Stale:
    """An inherited text at ``path`` (``game.source``) and the changes it no longer fits."""

    path: str
    changes: tuple[Change, ...]

    @property
    def block(self) -> str:
        """The key path of the block the text belongs to (``""`` for the variant itself)."""
        return self.path.rpartition(".")[0]


def stale_texts(variant: Variant, parent: Variant) -> list[tuple[str, str]]:
    """Each text ``variant`` inherits from ``parent`` although it changes a rule the text
    speaks of: ``(key path, message)``, in the order of the schema.  Empty when every
    inherited text still fits (or ``variant`` writes its own)."""
    # The variant's own top-level source is only marked on the page as the parent's: a house
    # rule need not write one (its changed blocks carry their sources).
    return [
        (found.path, _message(found, parent))
        for found in stale(variant, parent)
        if found.path != "source"
    ]


def stale(variant: Variant, parent: Variant) -> list[Stale]:
    """The stale inherited texts of ``variant`` (see the module's docstring)."""
    changes = [c for c in differences(parent, variant) if not c.path.endswith(".enabled")]
    if not changes:
        return []
    theirs = dict(texts(parent))
    found = []
    for path, text in texts(variant):
        if theirs.get(path) != text:
            continue  # written by the overlay itself
        block, _, key = path.rpartition(".")
        if key == "source":  # the variant's own source was given for the parent's whole game
            relevant = [c for c in changes if not block or _inside(c.path, block)]
        else:
            relevant = [c for c in changes if _states(text, c.before) or _names(text, c.path)]
        if relevant:
            found.append(Stale(path, tuple(relevant)))
    return found


def texts(variant: Variant) -> Iterator[tuple[str, str]]:
    """Every non-empty ``summary``, ``source`` and ``note`` of ``variant`` by key path;
    combinations are named by id (``combinations[bezique].source``)."""
    yield from _texts(variant, "")


def _texts(block: BaseModel, prefix: str) -> Iterator[tuple[str, str]]:
    for key in TEXT_KEYS:
        value = getattr(block, key, None)
        if isinstance(value, str) and value:
            yield (f"{prefix}.{key}" if prefix else key), value
    for name, field in type(block).model_fields.items():
        key = field.alias or name
        value = getattr(block, name)
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, BaseModel):
            yield from _texts(value, path)
        elif isinstance(value, tuple):
            for index, item in enumerate(value):
                if isinstance(item, BaseModel):
                    ident = getattr(item, "id", None)
                    where = f"{path}[{ident if isinstance(ident, str) else index}]"
                    yield from _texts(item, where)


def _inside(path: str, block: str) -> bool:
    return path == block or path.startswith(block + ".") or path.startswith(block + "[")


def _names(text: str, path: str) -> bool:
    """Whether ``text`` names the key at ``path`` (``must_head`` for ``endgame.must_head``)."""
    key = path.rpartition(".")[2]
    return "_" in key and re.search(rf"\b{re.escape(key)}\b", text) is not None


def _states(text: str, value: object) -> bool:
    """Whether ``text`` states ``value``: a number (``1000``, ``1 000``, ``1,000``; from two
    to fifteen also as a word) or a card (``QS``, ``Q♠``, ``queen of spades``)."""
    if isinstance(value, list):
        if all(isinstance(item, int) for item in value):  # deal packets: "3, 2, 3"
            return len(value) > 1 and ", ".join(map(str, value)) in text
        return any(_states(text, item) for item in value)
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        if value < 2:
            return False  # "one" and "0" are everywhere
        digits = str(value)
        spaced = f"{value:,}"
        forms = {digits, spaced, spaced.replace(",", " ")}
        pattern = "|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True))
        if re.search(rf"(?<![\d.,§-])(?:{pattern})(?![\d]|[.,]\d)", text):
            return True
        word = number_word(value)
        # "three packs", but not "three-handed" or "two-pack", which name games
        found = re.search(rf"(?<![\w-]){word}(?![\w-])", text, re.IGNORECASE)
        return word != digits and found is not None
    if isinstance(value, str):
        try:
            face = parse_face(value)
        except CardSyntaxError:
            return False
        if str(face) != value:
            return False
        pattern = rf"\b{value}\b|{re.escape(face.pretty)}|\b{face.long_name}\b"
        return re.search(pattern, text, re.IGNORECASE) is not None
    return False


def _message(found: Stale, parent: Variant) -> str:
    changed = "; ".join(describe(change) for change in found.changes)
    if found.path.endswith(".source"):
        where = _owner(found.block)
        return (
            f"inherited from {parent.name}, but this variant changes that rule ({changed}): "
            f"give {where} a {found.path.rpartition('.')[2]} of its own, or "
            f'{found.path.rpartition(".")[2]} = "" to print none'
        )
    key = found.path.rpartition(".")[2]
    where = f" in {_owner(found.block)}" if found.block else ""
    return (
        f"inherited from {parent.name}, and it speaks of a rule this variant changes "
        f'({changed}): write a {key} of its own{where}, or {key} = "" to print none'
    )


def _owner(block: str) -> str:
    match = re.fullmatch(r"combinations\[([a-z0-9_]+)\]", block)
    if match:
        return f'its [[combinations]] entry with id = "{match.group(1)}"'
    return f"[{block}]"


def describe(change: Change) -> str:
    """One change, as ``check`` prints it: ``game.target: 1000 → 2000``."""
    return f"{change.path}: {toml_value(change.before)} → {toml_value(change.after)}"


def toml_value(value: object) -> str:
    """A value as a TOML file writes it (``absent`` for none)."""
    if value is None:
        return "absent"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)
