"""The variant a record was played under: embedded (checked by the full loader), a shipped
variant, or — the record being untrusted — a variant file inside the record's own folder; any
other path only when the user trusts the record's paths."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePath

from interpreter.loader.diagnostics import Diagnostic, VariantError
from interpreter.loader.embedded import load_variant_data
from interpreter.loader.files import as_variant_path
from interpreter.loader.shipped import is_plain_name, shipped_variants, unknown_variant_message
from interpreter.model import Variant
from interpreter.model.serial import hash_fits
from interpreter.records.format import Record
from interpreter.records.place import RecordError

TRUST_FLAG = "--trust-paths"


def record_variant(
    record: Record,
    load: Callable[[str], Variant],
    *,
    folder: Path | None = None,
    trust_paths: bool = False,
) -> Variant:
    """The variant a record was played under: its embedded ``[variant_data]`` (validated as
    the loader validates a variant file), else the variant ``record.variant`` names — a shipped
    name or a file in ``folder`` (the record's folder), or any path if ``trust_paths`` — which
    must still hash as it did when the game was recorded."""
    place = record.place
    if record.variant_data is not None:
        variant = _embedded(record)
        if not hash_fits(variant, record.variant_hash):
            raise place.error(
                ("variant_hash",), "does not match [variant_data]: one of them was edited"
            )
        return variant
    target = _target(record, folder, trust_paths)
    try:
        variant = load(target)
    except VariantError as error:
        head = place.message(("variant",), f"the variant {record.variant!r} cannot be loaded:")
        raise RecordError(f"{head}\n{error}") from None
    if not hash_fits(variant, record.variant_hash):
        raise place.error(
            ("variant_hash",),
            f"the variant {record.variant!r} has changed since this record was written (its "
            "hash differs); a record that embeds [variant_data] replays anyway",
        )
    return variant


def _embedded(record: Record) -> Variant:
    place = record.place
    data = record.variant_data or {}
    try:
        return load_variant_data(
            data, place.shown, lambda path: place.line(("variant_data", *path))
        )
    except VariantError as error:
        raise RecordError("\n".join(str(_in_record(d)) for d in error.diagnostics)) from None


def _in_record(diagnostic: Diagnostic) -> Diagnostic:
    """A diagnostic of the embedded variant, its key named as the record names it."""
    path = f"variant_data.{diagnostic.path}" if diagnostic.path else "variant_data"
    return Diagnostic(diagnostic.file, diagnostic.line, diagnostic.column, path, diagnostic.message)


def _target(record: Record, folder: Path | None, trust_paths: bool) -> str:
    """What to load for ``record.variant``, or a refusal."""
    text = record.variant
    if is_plain_name(text) and text in shipped_variants():
        return text
    if trust_paths:
        given = Path(text)
        return str(given if folder is None or given.is_absolute() else folder / given)
    found = _inside(folder, text) if folder is not None else None
    if found is not None:
        return str(found)
    if is_plain_name(text) and folder is None:
        reason = unknown_variant_message(text)
    elif is_plain_name(text):
        reason = f"{unknown_variant_message(text)}; nor is there such a file beside the record"
    else:
        reason = (
            "a record may name a shipped variant, or a variant file in its own folder (no "
            f"absolute or '..' path); {text!r} is neither. To replay it anyway, pass "
            f"{TRUST_FLAG} if you trust the record"
        )
    raise record.place.error(("variant",), reason)


def _inside(folder: Path, text: str) -> Path | None:
    """The variant file or folder ``text`` names inside ``folder`` (links followed, and the
    place they lead to inside it too), or None."""
    given = PurePath(text)
    if not given.parts or given.is_absolute() or given.drive or ".." in given.parts:
        return None
    try:
        found = as_variant_path(folder / given)
        if found is None or not found.resolve().is_relative_to(folder.resolve()):
            return None
    except (OSError, ValueError):  # a name the system cannot look up
        return None
    return found
