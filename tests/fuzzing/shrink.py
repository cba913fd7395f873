"""A smaller variant file that breaks the same promise: the changes made to a shipped variant
are taken back one by one, then the texts, tables, keys and combinations of the document are
left out one by one (a key left out takes its default), each kept out while the judge still
gives the same cause.  What remains is a short file that shows the bug."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from tests.fuzzing.changes import Case
from tests.fuzzing.mutations import rebuilt

Check = Callable[[dict[str, Any]], str]
"""The cause a document fails with ('' when it keeps every promise)."""

_KEPT = frozenset({"name", "title"})  # required by the schema
_WORDS = frozenset({"source", "note", "summary"})
_COMBINATION_KEYS = frozenset({"id", "shape", "class", "points", "ranks", "of"})


def minimise(case: Case, cause: str, check: Check) -> dict[str, Any]:
    """The smallest document found that still fails with ``cause``."""
    doc = case.doc
    if case.base is not None:
        changes = list(case.changes)
        for index in reversed(range(len(changes))):
            fewer = changes[:index] + changes[index + 1 :]
            try:
                candidate = rebuilt(case.base, tuple(fewer))
            except (LookupError, TypeError, AttributeError):  # a later change needed this one
                continue
            if check(candidate) == cause:
                changes, doc = fewer, candidate
    plain = _without_words(doc)
    if check(plain) == cause:
        doc = plain
    for depth in (1, 2, 3):
        for path in reversed(_paths(doc, depth)):
            trial = copy.deepcopy(doc)
            if _delete(trial, path) and check(trial) == cause:
                doc = trial
    bare = {key: value for key, value in doc.items() if value != {}}  # tables left empty
    return bare if bare == doc or check(bare) == cause else doc


def _without_words(node: Any) -> Any:
    """A copy without the texts that never change the rules (``source``, ``note``,
    ``summary``)."""
    if isinstance(node, dict):
        return {k: _without_words(v) for k, v in node.items() if k not in _WORDS}
    if isinstance(node, list):
        return [_without_words(item) for item in node]
    return node


def _paths(doc: dict[str, Any], depth: int) -> list[tuple[str | int, ...]]:
    """The keys (and list items) at ``depth`` that may be left out, in document order."""
    found: list[tuple[str | int, ...]] = []

    def walk(node: Any, prefix: tuple[str | int, ...]) -> None:
        if len(prefix) == depth:
            found.append(prefix)
            return
        if isinstance(node, dict):
            for key, value in node.items():
                if prefix or key not in _KEPT:
                    if (
                        len(prefix) == 2
                        and prefix[0] == "combinations"
                        and key in _COMBINATION_KEYS
                    ):
                        continue
                    walk(value, (*prefix, key))
        elif isinstance(node, list) and prefix == ("combinations",):
            for index, item in enumerate(node):
                walk(item, (*prefix, index))

    walk(doc, ())
    return found


def _delete(doc: dict[str, Any], path: tuple[str | int, ...]) -> bool:
    """Leave out the key or list item at ``path``; False when it is no longer there."""
    node: Any = doc
    for key in path[:-1]:
        try:
            node = node[key]
        except (LookupError, TypeError):
            return False
    last = path[-1]
    if isinstance(node, dict) and last in node:
        del node[last]
        return True
    if isinstance(node, list) and isinstance(last, int) and last < len(node):
        del node[last]
        return True
    return False
