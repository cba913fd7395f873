"""Errors raised by the engine."""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move that the rules do not allow now; the game is left unchanged.

    ``reason`` says why, in words a player understands."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"illegal move {move!r}: {reason}")
        self.move = move
        self.reason = reason


class MoveSyntaxError(ValueError):
    """A move written in the notation could not be read."""
