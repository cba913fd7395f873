"""Words for counts, for every layer that prints: ``1 card``, ``2 cards``, never a hedged plural."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``words`` for a plural that is not ``word`` + s."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


__all__ = ["plural"]
