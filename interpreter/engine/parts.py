"""How a rule concept compiles its part of :class:`~interpreter.engine.rules.Rules`: the
fields its frozen record declares, read once from the variant's model blocks."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

from pydantic import BaseModel

Part = TypeVar("Part")


def from_blocks(cls: type[Part], *blocks: BaseModel) -> Part:
    """A compiled part: the fields ``cls`` declares (those its constructor takes), each read
    from the first of ``blocks`` that has it."""
    values: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if not f.init:
            continue
        block = next(b for b in blocks if f.name in type(b).model_fields)
        values[f.name] = getattr(block, f.name)
    return cls(**values)
