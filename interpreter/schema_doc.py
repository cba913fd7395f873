"""The field reference of the variant schema, generated from the pydantic models so that the
documentation cannot drift from the code.

    python -m interpreter.schema_doc --write docs/authoring.md

rewrites the part of the page between ``<!-- schema:begin -->`` and ``<!-- schema:end -->``.
"""

from __future__ import annotations

import argparse
import types
from enum import Enum
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from interpreter.model import Combination, Variant

BEGIN = "<!-- schema:begin -->"
END = "<!-- schema:end -->"
UNSUPPORTED_BEGIN = "<!-- unsupported:begin -->"
UNSUPPORTED_END = "<!-- unsupported:end -->"
RULEBOOK_ONLY_BEGIN = "<!-- rulebook-only:begin -->"
RULEBOOK_ONLY_END = "<!-- rulebook-only:end -->"
_SKIP = {"source", "note"}


def _type_name(annotation: Any) -> str:
    origin = get_origin(annotation)
    if origin is Literal:
        return " \\| ".join(f"`{value}`" for value in get_args(annotation))
    if origin in (Union, types.UnionType):
        parts = [_type_name(a) for a in get_args(annotation) if a is not type(None)]
        optional = type(None) in get_args(annotation)
        return " or ".join(parts) + (" (optional)" if optional else "")
    if origin is tuple:
        args = [a for a in get_args(annotation) if a is not Ellipsis]
        if args and _model_of(args[0]) is not None:
            return "array of tables"
        return f"list of {_type_name(args[0])}" if args else "list"
    if origin is dict:
        key, value = get_args(annotation)
        return f"table of {_type_name(key)} → {_type_name(value)}"
    if getattr(annotation, "__metadata__", None) is not None:
        return _type_name(get_args(annotation)[0])
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return " \\| ".join(f"`{member.value}`" for member in annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "table"
    return getattr(annotation, "__name__", str(annotation))


def _default(field: FieldInfo) -> str:
    if field.default_factory is dict:
        return "`{}`"
    if field.default_factory is not None:
        return "(table)"
    value = field.default
    if value is PydanticUndefined:
        return "required"
    if value is None:
        return "absent"
    if isinstance(value, Enum):
        return f"`{value.value}`"
    if isinstance(value, tuple):
        return "`[" + ", ".join(_item(v) for v in value) + "]`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value!r}`" if isinstance(value, str) else f"`{value}`"


def _item(value: Any) -> str:
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(_item(v) for v in value) + "]"
    return str(value)


def _model_of(annotation: Any) -> type[BaseModel] | None:
    for candidate in (annotation, *get_args(annotation)):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
        if get_origin(candidate) is tuple or get_args(candidate):
            inner = _model_of(candidate) if candidate is not annotation else None
            if inner is not None:
                return inner
    return None


def _rows(model: type[BaseModel], prefix: str) -> list[str]:
    rows: list[str] = []
    nested: list[tuple[str, type[BaseModel]]] = []
    for name, field in model.model_fields.items():
        key = field.alias or name
        if key in _SKIP:
            continue
        path = f"{prefix}{key}"
        sub = _model_of(field.annotation)
        if sub is not None and key != "combinations":
            nested.append((path, sub))
            continue
        description = (field.description or "").replace("|", "\\|")
        rows.append(
            f"| `{path}` | {_type_name(field.annotation)} | {_default(field)} | {description} |"
        )
    for path, sub in nested:
        summary = " ".join((sub.__doc__ or "").split("\n\n")[0].split()).replace("``", "`")
        array = get_origin(model.model_fields[path.rsplit(".", 1)[-1]].annotation) is tuple
        label = f"[[{path}]]" if array else f"[{path}]"
        rows.append(f"| `{label}` | {'array of tables' if array else 'table'} | | {summary} |")
        rows.extend(_rows(sub, f"{path}."))
    return rows


_SHAPES: tuple[type[BaseModel], ...] = get_args(get_args(Combination)[0])
"""Every shape's class, in the order of the union ``Combination``: a new shape has its section
without a change here."""


def reference() -> str:
    """The Markdown field reference."""
    head = "| key | type / values | default | meaning |\n|---|---|---|---|"
    parts = ["### Every key of a variant file", "", head, *_rows(Variant, "")]
    for shape in _SHAPES:
        label = shape.model_fields["shape"].annotation
        parts += [
            "",
            f'### `[[combinations]]` with `shape = "{get_args(label)[0]}"`',
            "",
            (shape.__doc__ or "").strip(),
            "",
            head,
            *_rows(shape, "combinations[]."),
        ]
    return "\n".join(parts) + "\n"


def unsupported() -> str:
    """The Markdown table of the rules the engine does not play yet."""
    from interpreter.loader.semantic import UNSUPPORTED

    rows = ["| key | the engine plays |", "|---|---|"]
    rows += [f"| `{key}` | {what} |" for key, _, what in UNSUPPORTED]
    return "\n".join(rows) + "\n"


def rulebook_only() -> str:
    """The Markdown table of the fields that cannot change a game the engine plays."""
    from interpreter.model.enforcement import RULEBOOK_ONLY, Kind

    said = {
        Kind.TABLE: "rule for the table, not enforced",
        Kind.FIXED: "one value, always played",
        Kind.LABEL: "name or description",
    }
    rows = ["| key | what it is | why |", "|---|---|---|"]
    rows += [f"| `{key}` | {said[kind]} | {why} |" for key, (kind, why) in RULEBOOK_ONLY.items()]
    return "\n".join(rows) + "\n"


def _replace(text: str, begin: str, end: str, block: str) -> str:
    if begin not in text:
        return text
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[:start] + "\n" + block + text[stop:]


def write(page: Path) -> bool:
    """Replace the generated blocks of ``page``; returns whether the file changed."""
    text = page.read_text(encoding="utf-8")
    updated = _replace(text, BEGIN, END, reference())
    updated = _replace(updated, UNSUPPORTED_BEGIN, UNSUPPORTED_END, unsupported())
    updated = _replace(updated, RULEBOOK_ONLY_BEGIN, RULEBOOK_ONLY_END, rulebook_only())
    if updated != text:
        page.write_text(updated, encoding="utf-8")
    return updated != text


def main() -> None:
    parser = argparse.ArgumentParser(description="Print or write the schema field reference.")
    parser.add_argument("--write", type=Path, help="page whose generated block to rewrite")
    args = parser.parse_args()
    if args.write:
        print("updated" if write(args.write) else "unchanged")
    else:
        print(reference(), end="")


if __name__ == "__main__":
    main()
