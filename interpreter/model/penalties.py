"""Penalties the sources set for mistakes at the table (drawing out of turn, a hand of too
many cards): rules for the players, printed in the rulebook.  The engine allows none of these
mistakes, so none is ever due in a game it plays."""

from __future__ import annotations

from pydantic import Field

from interpreter.model.base import Block


class Penalty(Block):
    """One mistake and what it costs (Enquire Within 126; the Britannica's penalties)."""

    offence: str = Field(
        min_length=1, max_length=200, description="The mistake, e.g. 'drawing out of turn'."
    )
    penalty: str = Field(
        min_length=1,
        max_length=400,
        description="What it costs or how it is put right, e.g. '10 points forfeit'.",
    )
