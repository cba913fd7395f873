"""The shipped variants, and finding a variant by name or path."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from interpreter.loader.diagnostics import Diagnostic, VariantError, suggest
from interpreter.loader.files import as_variant_path, folder_members
from interpreter.loader.reading import extends_in


@cache
def shipped_variants_dir() -> Path:
    """Where the shipped variants are: inside the installed package (the wheel puts them in
    ``interpreter/_shipped_variants``), else the repository's ``variants/`` folder.  Looked up
    once: where the package is installed does not change while it runs."""
    packaged = Path(__file__).parents[1] / "_shipped_variants"  # interpreter/_shipped_variants
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "variants"


def shipped_variants() -> dict[str, Path]:
    """The shipped variants by name: each sub-folder holding TOML files (by folder name) and
    each TOML file (by stem)."""
    return folder_members(shipped_variants_dir())


def shipped_variant_names() -> list[str]:
    """The sorted names of the shipped variants."""
    return list(shipped_variants())


def is_plain_name(text: str) -> bool:
    """Whether ``text`` is a bare name (no folder, no ``.toml``), so may be a shipped name."""
    return os.sep not in text and "/" not in text and not text.endswith(".toml")


def unknown_variant_message(text: str) -> str:
    names = shipped_variant_names()
    if is_plain_name(text):
        listing = ", ".join(names) or "none"
        return f"no variant named {text!r}{suggest(text, names)}; shipped variants: {listing}"
    stem = Path(text).name.removesuffix(".toml")
    if text.endswith(".toml") and stem in names:
        return f"no such file or folder: {text} (did you mean the shipped variant {stem!r}?)"
    return f"no such file or folder: {text}"


def resolve_variant_path(name_or_path: str | Path) -> Path:
    """A shipped variant's name, or a path to a ``.toml`` file or a folder → its path.

    A shipped name wins over a file of the same name in the working directory; ``mine`` finds
    ``mine.toml``.  Raises :class:`VariantError` with the nearest shipped name when nothing is
    found."""
    text = str(name_or_path)
    if is_plain_name(text):
        shipped = shipped_variants().get(text)
        if shipped is not None:
            return shipped
    found = as_variant_path(Path(text)) if text else None
    if found is None:
        message = unknown_variant_message(text)
        raise VariantError([Diagnostic(text or ".", None, None, "", message)])
    return found


def extends_of(name_or_path: str | Path) -> str | None:
    """What a variant's own files say it ``extends`` (None for a base variant)."""
    path = resolve_variant_path(name_or_path)
    files = sorted(path.glob("*.toml")) if path.is_dir() else [path]
    for file in files:
        parent = extends_in(file)
        if isinstance(parent, str):
            return parent
    return None
