"""Rulebooks rendered from the variant data: ``render(variant)`` is a pure function from a
validated variant to a Markdown page; ``comparison(variants)`` puts variants side by side."""

from interpreter.rulebook.compare import comparison
from interpreter.rulebook.render import render

__all__ = ["comparison", "render"]
