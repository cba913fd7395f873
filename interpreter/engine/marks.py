"""What the compiled build's compiler reads in the source: ``mypyc_attr`` from
``mypy_extensions``, or, where that package is not installed (the core install does not need
it), a stand-in that changes nothing.

``@mypyc_attr(allow_interpreted_subclasses=True)`` lets a class compiled by mypyc be
subclassed by ordinary Python classes (a view's fields, an agent of one's own)."""

from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # not installed: the attribute only speaks to the compiler

    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls


__all__ = ["mypyc_attr"]
