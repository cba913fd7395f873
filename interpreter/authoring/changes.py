"""``bezique diff``: the differences of two variants (:mod:`interpreter.model.changes`) as
lines grouped by table."""

from __future__ import annotations

import re
from collections.abc import Sequence

from interpreter.model import Variant
from interpreter.model.changes import (
    Change,
    describe_change,
    differences,
    first_clause,
    rule_label,
    table_model,
)

__all__ = ["Change", "describe_change", "differences", "report", "rule_label"]


def report(changes: Sequence[Change]) -> list[str]:
    """The lines ``bezique diff`` prints: the changes grouped by top-level table, each group
    under a heading (``[last_trick] The bonus for the last trick``)."""
    if not changes:
        return ["no differences in the rules"]
    lines: list[str] = []
    current: str | None = None
    for change in changes:
        top = re.split(r"[.\[]", change.path, maxsplit=1)[0]
        if top != current:
            if lines:
                lines.append("")
            lines.append(_heading(top))
            current = top
        lines.append("  " + describe_change(change))
    return lines


def _heading(key: str) -> str:
    field = Variant.model_fields.get(key)
    if key == "combinations":
        return "[[combinations]] The combinations that score"
    table = table_model(field) if field is not None else None
    if table is None:
        return "(top level) The variant itself"
    return f"[{key}] {first_clause(table.__doc__)}"
