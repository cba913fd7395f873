"""The variant loader: TOML file or folder → merged dict (``extends``) → frozen
:class:`~interpreter.model.Variant`, with every problem reported at once as
``file:line: key.path: message``.

A variant is one TOML file or a folder of TOML files merged into one.  ``extends = "NAME"``
lays the variant over a shipped variant (or a path), merging ``combinations`` by ``id``;
``seven = false`` removes an optional table.  See :mod:`interpreter.loader.load`.
"""

from interpreter.loader.diagnostics import Diagnostic, VariantError
from interpreter.loader.load import (
    check,
    dump_variant,
    load_raw,
    load_variant,
    parent_variant,
)
from interpreter.loader.shipped import (
    extends_of,
    resolve_variant_path,
    shipped_variant_names,
    shipped_variants_dir,
)

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
