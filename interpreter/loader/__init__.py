"""The variant loader: TOML file or folder → merged dict (``extends``) → frozen
:class:`~interpreter.model.Variant`, with every problem reported at once as
``file:line: key.path: message``.

A variant is one TOML file or a folder of TOML files merged into one.  ``extends = "NAME"``
lays the variant over a shipped variant (or a path), merging ``combinations`` by ``id``;
``seven = false`` removes an optional table.  See :mod:`interpreter.loader.gather` (reading and
merging), :mod:`interpreter.loader.load` (validation), :mod:`interpreter.loader.trust` (untrusted
files) and :mod:`interpreter.loader.limits`.

Each name is imported from its module when first used, so that a command that only lists or
reads variants does not pay for the model and pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.lazy import names_on_first_use

if TYPE_CHECKING:
    from interpreter.loader.diagnostics import Diagnostic, VariantError
    from interpreter.loader.gather import load_raw
    from interpreter.loader.load import (
        check,
        dump_variant,
        load_variant,
        load_variant_text,
        parent_variant,
    )
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
    "load_variant_text": "load",
    "parent_variant": "load",
    "extends_of": "shipped",
    "resolve_variant_path": "shipped",
    "shipped_variant_names": "shipped",
    "shipped_variants_dir": "shipped",
}


__getattr__ = names_on_first_use(__name__, _HOMES, globals())


__all__ = [
    "Diagnostic",
    "VariantError",
    "check",
    "dump_variant",
    "extends_of",
    "load_raw",
    "load_variant",
    "load_variant_text",
    "parent_variant",
    "resolve_variant_path",
    "shipped_variant_names",
    "shipped_variants_dir",
]
