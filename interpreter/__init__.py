"""A rules-as-data interpreter for the Bézique family of card games."""

from __future__ import annotations


def compiled() -> bool:
    """Whether the engine in use is the compiled build (``BEZIQUE_COMPILE=1 pip install .``,
    compiled with mypyc) rather than pure Python."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from interpreter.engine import game

    return (game.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
