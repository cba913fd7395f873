"""The variant loader: TOML file or folder → merged dict (``extends``) → frozen
:class:`~interpreter.model.Variant`, with every problem reported at once as
``file:line: key.path: message``.

A variant is one TOML file or a folder of TOML files merged into one.  ``extends = "NAME"``
lays the variant over a shipped variant (or a path), merging ``combinations`` by ``id``;
``seven = false`` removes an optional table.  See :mod:`interpreter.loader.gather` (reading and
merging) and :mod:`interpreter.loader.load` (validation).

Each name is imported from its module when first used, so that a command that only lists or
reads variants does not pay for the model and pydantic.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.loader.diagnostics import Diagnostic, VariantError
    from interpreter.loader.gather import load_raw
    from interpreter.loader.load import check, dump_variant, load_variant, parent_variant
    from interpreter.loader.shipped import (
        extends_of,
        resolve_variant_path,
        shipped_variant_names,
        shipped_variants_dir,
    )

_HOMES = {
    "Diagnostic": "diagnostics",
    "VariantError": "diagnostics",
    "load_raw": "gather",
    "check": "load",
    "dump_variant": "load",
    "load_variant": "load",
    "parent_variant": "load",
    "extends_of": "shipped",
    "resolve_variant_path": "shipped",
    "shipped_variant_names": "shipped",
    "shipped_variants_dir": "shipped",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Diagnostic",
    "VariantError",
    "check",
    "dump_variant",
    "extends_of",
    "load_raw",
    "load_variant",
    "parent_variant",
    "resolve_variant_path",
    "shipped_variant_names",
    "shipped_variants_dir",
]
