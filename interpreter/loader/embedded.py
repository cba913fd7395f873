"""A variant embedded in another file — a game record's ``[variant_data]`` — checked exactly as
the loader checks a variant file once it is read: the schema, then the semantic checks, every
problem at once, each at its line in the file that embeds it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.loader.diagnostics import Diagnostic, KeyPath, VariantError
from interpreter.loader.lines import Source
from interpreter.loader.load import validate_document
from interpreter.loader.merge import Doc
from interpreter.model import Variant

LineOf = Callable[[KeyPath], int | None]
"""The line of a key path of the embedded variant (relative to it) in the file holding it."""


class _Embedded(Source):
    """The file holding the variant, as the loader's documents ask it for lines: the embedding
    file knows where its sub-table's keys are."""

    def __init__(self, shown: str, line_of: LineOf) -> None:
        super().__init__(shown, "")
        self._line_of = line_of

    def line(self, path: KeyPath) -> int:
        return self._line_of(path) or 1


def load_variant_data(data: dict[str, Any], shown: str, line_of: LineOf) -> Variant:
    """The variant ``data`` describes (as ``bezique show`` writes one: complete, ``extends``
    resolved), validated as the loader validates a variant file; :class:`VariantError` lists
    every problem, in ``shown`` at the lines ``line_of`` gives."""
    doc = Doc.from_file(data, _Embedded(shown, line_of))
    problems: list[Diagnostic] = []
    variant = validate_document(doc, problems)
    if variant is None or problems:
        raise VariantError(problems)
    return variant
