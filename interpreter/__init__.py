"""A rules-as-data interpreter for the Bézique family of card games."""

from __future__ import annotations


def compiled() -> bool:
    """Whether the engine in use is the compiled build (``BEZIQUE_COMPILE=1 pip install .``,
    compiled with mypyc) rather than pure Python: told from the engine's files, without
    importing it (``bezique --version`` answers at once).  Python imports an extension module
    before a source file of the same name, so a compiled ``game`` beside the package's source
    is the one in use."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    engine = Path(__file__).parent / "engine"
    return any((engine / f"game{suffix}").is_file() for suffix in EXTENSION_SUFFIXES)
