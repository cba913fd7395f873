"""A commented starter overlay, the beginning of a house rule (``bezique new``)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import tomli_w

from interpreter.authoring.changes import rule_label
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.model import Bezique, Variant
from interpreter.model.scoring import GameFormat

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


def starter_overlay(name: str, parent: str, *, directory: str | Path | None = None) -> str:
    """The text of a commented starter overlay called ``name`` on ``parent`` (a shipped name
    or a path): ``extends``, ``name``, ``title`` and ``summary`` written with tomli-w, a
    comment header on overlays, and commented-out examples with the parent's values.

    A ``parent`` that is a path is written relative to ``directory``, the folder the overlay
    will be saved in (the working directory by default), since the loader reads ``extends``
    relative to the file that says it.  Raises :class:`ValueError` for a bad name and
    :class:`~interpreter.loader.VariantError` for a parent that does not load."""
    if not _NAME.fullmatch(name) or len(name) > 64:
        raise ValueError(
            f"{name!r} is not a valid variant name: use lower-case letters, digits and '-', "
            "starting with a letter (at most 64 characters)"
        )
    if name in shipped_variant_names():
        raise ValueError(f"{name!r} is the name of a shipped variant: choose another name")
    base = load_variant(parent)
    extends = _extends_value(parent, directory)
    head = {
        "extends": extends,
        "name": name,
        "title": f"{base.title} — {name}",
        "summary": f"House rules on {base.title}: say here what they change.",
    }
    commands = [
        ("check FILE", "every problem, as file:line: key.path: message"),
        (f"diff {parent} FILE", "what these house rules change"),
        ("show FILE", "the whole variant, as the engine plays it"),
    ]
    width = max(len(command) for command, _ in commands)
    header = [
        f"# {name}: house rules on {extends} ({base.title}).",
        "#",
        "# This file is an overlay: `extends` names the variant it changes, and the file gives",
        "# only what differs. A table is merged key by key with the parent's; a [[combinations]]",
        "# entry with one of the parent's ids changes that combination and a new id adds one;",
        "# `seven = false` (at the top, before any table) removes an optional table.",
        "# The commented examples below hold the parent's values: uncomment one and change it.",
        "#",
        "# Then, with FILE the path of this file:",
        *(f"#   bezique {command:<{width}}   {what}" for command, what in commands),
        "",
    ]
    text = "\n".join(header) + "\n" + tomli_w.dumps(head)
    for comment, table, keys in _examples(base):
        body = f"{table}\n{tomli_w.dumps(keys)}"
        text += f"\n# {comment}\n" + "".join(f"# {line}\n" for line in body.splitlines())
    return text


def _extends_value(parent: str, directory: str | Path | None) -> str:
    """``parent`` as the overlay's ``extends`` says it: a shipped name as it is, a path
    relative to the folder of the overlay."""
    if parent in shipped_variant_names():
        return parent
    target = os.path.abspath(parent)
    start = os.path.abspath(directory if directory is not None else os.curdir)
    try:
        return Path(os.path.relpath(target, start)).as_posix()
    except ValueError:  # another drive (Windows)
        return Path(target).as_posix()


def _examples(base: Variant) -> list[tuple[str, str, dict[str, Any]]]:
    """Keys a house rule often changes, with the parent's values: (what it is, the table
    header, the keys)."""
    found: list[tuple[str, str, dict[str, Any]]] = []
    if base.game.format is GameFormat.RACE:
        label = rule_label(type(base.game).model_fields["target"], ("game", "target"), None)
        found.append((label, "[game]", {"target": base.game.target}))
    elif base.settlement is not None:
        path = ("settlement", "rubicon_threshold")
        label = rule_label(type(base.settlement).model_fields[path[1]], path, None)
        found.append((label, "[settlement]", {path[1]: base.settlement.rubicon_threshold}))
    label = rule_label(type(base.last_trick).model_fields["points"], ("last_trick", "points"), None)
    found.append((label, "[last_trick]", {"points": base.last_trick.points}))
    active = base.active_combinations
    if active:
        doubles = [c for c in active if isinstance(c, Bezique) and c.count == 2]
        combo = doubles[0] if doubles else active[0]
        comment = f"The points of {combo.display_name}, changed by its id (a new id adds one)"
        found.append((comment, "[[combinations]]", {"id": combo.id, "points": combo.points}))
    return found
