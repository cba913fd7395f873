"""The JSON Schema of variant files, for editors (``bezique schema``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from interpreter.model import Variant

JSON_SCHEMA_DRAFT = "http://json-schema.org/draft-07/schema#"

_FALSE = {"const": False, "description": "false: none (TOML has no null)"}
TEXT = "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$"
"""A string the loader reads: no control character but tab and line feed, no bidirectional
control (``interpreter.loader.diagnostics.CONTROL``)."""


def json_schema(*, overlay: bool = False) -> dict[str, Any]:
    """The JSON Schema of a variant file, for editors.

    It is :class:`Variant`'s own schema (``by_alias``, validation mode), made to say what the
    loader reads:

    * ``extends`` (a string) is allowed at the top;
    * every optional value may be written ``false`` (TOML has no null; the loader reads
      ``false`` as "none", so ``seven = false`` removes the table), and no default is null;
    * it is a draft-07 schema (``definitions`` rather than ``$defs``), which more editors
      understand;
    * a string holds no control character but tab and line feed, and no bidirectional control
      (the loader refuses them).

    It cannot say what JSON does not tell apart: the loader refuses ``8.0`` for an integer.

    It describes a whole variant, after the files of a folder are joined and an overlay is
    laid over its parent.  With ``overlay=True`` nothing is required and a combinations entry
    may give any keys of any shape, so that an overlay, or one file of a variant folder,
    validates as well: it is then checked only key by key (``bezique check`` checks the rest).
    """
    schema = Variant.model_json_schema(by_alias=True, mode="validation")
    definitions = schema.pop("$defs", {})
    _draft07({"definitions": definitions})
    _draft07(schema)
    properties: dict[str, Any] = schema["properties"]
    properties["extends"] = {
        "type": "string",
        "minLength": 1,
        "pattern": TEXT,
        "description": "The variant this one is laid over: a shipped name, or a path relative "
        "to this file. The file then gives only the keys that differ.",
    }
    if overlay:
        _relax(schema)
        _relax({"definitions": definitions})
        title = "Bézique variant file, overlay or part of a folder (bezique-interpreter)"
        summary = (
            "Any file of a Bézique variant: an overlay (extends) or one file of a variant "
            "folder. Nothing is required; `bezique check` checks the merged variant."
        )
    else:
        title = "Bézique variant (bezique-interpreter)"
        summary = (
            "A whole Bézique variant, as the loader validates it once the files of a folder "
            "are joined and an overlay is laid over its parent."
        )
    head = {"$schema": JSON_SCHEMA_DRAFT, "title": title, "description": summary}
    body = {key: value for key, value in schema.items() if key not in head}
    return {**head, **body, "definitions": definitions}


def _schemas(node: Any) -> Iterator[dict[str, Any]]:
    """``node`` and every sub-schema in it, depth first (not the values of ``default``,
    ``const`` or ``enum``, which are data)."""
    if not isinstance(node, dict):
        return
    yield node
    for key in ("properties", "definitions", "$defs"):
        for child in node.get(key, {}).values():
            yield from _schemas(child)
    for key in ("items", "additionalProperties", "not"):
        yield from _schemas(node.get(key))
    for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
        for child in node.get(key, []):
            yield from _schemas(child)


def _draft07(root: dict[str, Any]) -> None:
    """In place: ``$defs`` references → ``definitions``; ``null`` → ``false``; no null
    defaults; a string without a pattern of its own takes :data:`TEXT`."""
    for node in list(_schemas(root)):
        ref = node.get("$ref")
        if isinstance(ref, str):
            node["$ref"] = ref.replace("#/$defs/", "#/definitions/")
        mapping = node.get("discriminator", {}).get("mapping", {})
        for key, target in mapping.items():
            mapping[key] = target.replace("#/$defs/", "#/definitions/")
        options = node.get("anyOf", [])
        if {"type": "null"} in options:
            boolean = any(option.get("type") == "boolean" for option in options)
            node["anyOf"] = [option for option in options if option != {"type": "null"}]
            if not boolean:
                node["anyOf"].append(dict(_FALSE))
        if "default" in node and node["default"] is None:
            del node["default"]
        if node.get("type") == "string" and not {"pattern", "enum", "const"} & node.keys():
            node["pattern"] = TEXT


def _relax(root: dict[str, Any]) -> None:
    """In place: no ``required`` anywhere, and ``oneOf`` → ``anyOf`` (an entry that gives
    neither ``shape`` nor a key of one shape matches several)."""
    for node in list(_schemas(root)):
        node.pop("required", None)
        if "oneOf" in node:
            node["anyOf"] = node.pop("oneOf")
            node.pop("discriminator", None)
