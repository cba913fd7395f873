"""The texts of a variant file, printed in the rulebook exactly as written.

A title, a summary, a source, a note or a combination's name is plain text (the loader refuses
control characters in it), but the rulebook is Markdown, and the site turns Markdown into HTML:
a note holding ``<script>``, a link to ``javascript:`` or an attribute list ``{ onclick=… }``
would become part of the page.  So the page is written from a copy of the variant whose every
text is made literal: each character that Markdown or HTML would read as markup is written as
a character reference (``[`` as ``&#91;``), which Markdown passes on and a browser shows as the
character, in Markdown and in the page's HTML blocks alike; and a line break inside a text is
a space (a text is one paragraph: a break could otherwise end a note and start a heading).
The copy plays exactly as the variant: no text changes a rule.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import TypeVar

from pydantic import BaseModel

_MARKUP = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        "[": "&#91;",
        "]": "&#93;",
        "{": "&#123;",
        "}": "&#125;",
        "|": "&#124;",
        "`": "&#96;",
        "*": "&#42;",
        "\\": "&#92;",
    }
)
_BREAK = re.compile(r"[ \t]*\n\s*")

M = TypeVar("M", bound=BaseModel)


def literal(text: str) -> str:
    """``text`` as Markdown that shows it as written."""
    return _BREAK.sub(" ", text).translate(_MARKUP)


def literal_copy(model: M) -> M:
    """A copy of ``model`` (a variant, or any block of one) with every text made literal."""
    changed = {}
    for name in type(model).model_fields:
        value = getattr(model, name)
        made = _literal_value(value)
        if made is not value:
            changed[name] = made
    return model.model_copy(update=changed) if changed else model


def _literal_value(value: object) -> object:
    if isinstance(value, Enum):  # a StrEnum is a str, and a rule: kept as it is
        return value
    if isinstance(value, str):
        made = literal(value)
        return value if made == value else made
    if isinstance(value, BaseModel):
        return literal_copy(value)
    if isinstance(value, list | tuple):
        items = [_literal_value(item) for item in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        return type(value)(items)
    return value
