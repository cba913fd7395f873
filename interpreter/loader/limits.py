"""The loader's limits: what one variant may take of time and memory.

Each is far above what a variant needs (the largest shipped file is a few kilobytes; no table
nests deeper than four levels; no shipped variant extends more than three others) and low
enough that whatever a file holds, reading it takes time and memory in proportion to its size.
docs/security.md lists them.
"""

from __future__ import annotations

MAX_FILE_BYTES = 1024 * 1024
"""The most a variant file (or text) may hold, checked before it is read."""

MAX_UNTRUSTED_FILE_BYTES = 256 * 1024
"""The same in untrusted mode."""

MAX_VARIANT_FILES = 64
"""The most ``.toml`` files one variant folder may have."""

MAX_EXTENDS = 16
"""The most ``extends`` followed from one variant, its parents' included."""

MAX_DEPTH = 16
"""The deepest a value may lie in a file: tables, arrays and dotted keys each count a level
(``combinations[3].ranks[0]`` lies four deep)."""

MAX_KEY_PARTS = 100
"""The most parts a dotted key may have.  ``tomllib`` takes time and memory growing with the
square of a key's parts, so longer keys are refused before it reads them."""


def size_text(count: int) -> str:
    """``1 MiB``, ``256 KiB``: a limit as the messages write it."""
    if count % (1024 * 1024) == 0:
        return f"{count // (1024 * 1024)} MiB"
    return f"{count // 1024} KiB"
