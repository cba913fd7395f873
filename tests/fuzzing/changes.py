"""A generated variant document and the changes that made it from a shipped variant."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

Path = tuple[str | int, ...]


class _Drop:
    """The value of a change that removes its key."""

    def __repr__(self) -> str:
        return "DROP"

    def __reduce__(self) -> str:
        return "DROP"  # unpickled as this module's DROP: a worker's changes keep their meaning


DROP: Any = _Drop()


@dataclass(frozen=True)
class Change:
    path: Path
    value: Any

    def __str__(self) -> str:
        where = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in self.path)
        where = where.replace(".[", "[")
        if self.value is DROP:
            return f"remove {where}"
        said = repr(self.value)
        return f"{where} = {said if len(said) <= 80 else said[:70] + ' …' + said[-6:]}"


@dataclass(frozen=True)
class Case:
    """A generated variant document: a shipped variant and the changes made to it, or (with
    no base) a whole document drawn from the schema."""

    base: str | None
    changes: tuple[Change, ...]
    doc: dict[str, Any] = field(repr=False)  # shown as TOML by the tests
    origin: str = "mutation"  # which strategy made it: mutation, schema, wrong type

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How Hypothesis shows a failing case (the document is shown as TOML)."""
        printer.text(f"Case({self.describe()!r})")

    def describe(self) -> str:
        if self.base is None:
            return "a whole document drawn from the JSON Schema"
        return f"{self.base} with: " + "; ".join(str(change) for change in self.changes)


def apply(doc: dict[str, Any], change: Change) -> None:
    """Make ``change`` in ``doc``: tables on the way are made (or made again where the file
    removed them with ``false``); an index one past the end of a list appends.  The value is
    copied in, so that later changes leave the change itself as it was."""
    node: Any = doc
    *parents, last = change.path
    for key in parents:
        if isinstance(node, list) and isinstance(key, int):
            node = node[key]
            continue
        if not isinstance(node.get(key), dict | list):
            node[key] = {}
        node = node[key]
    if change.value is DROP:
        if isinstance(node, list) and isinstance(last, int):
            del node[last]
        else:
            node.pop(last, None)
    elif isinstance(node, list) and last == len(node):
        node.append(copy.deepcopy(change.value))
    else:
        node[last] = copy.deepcopy(change.value)
