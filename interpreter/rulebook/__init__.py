"""Rulebooks rendered from the variant data: ``render(variant)`` is a pure function from a
validated variant to a Markdown page; ``comparison_page(variants)`` puts variants side by
side and ``index_page`` lists them, for the site; ``stale_texts(variant, parent)`` finds the
texts an overlay inherits although it changes the rules they speak of."""

from interpreter.rulebook.compare import comparison, comparison_page
from interpreter.rulebook.index import index_page
from interpreter.rulebook.inherited import stale_texts
from interpreter.rulebook.render import render

__all__ = ["comparison", "comparison_page", "index_page", "render", "stale_texts"]
