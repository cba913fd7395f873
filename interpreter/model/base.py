"""The base of every rule block: frozen, strict, with an optional ``source`` and ``note``."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from interpreter.cards import JOKER, RANK_LETTERS, SUIT_LETTERS, CardSyntaxError, parse_face

RankLetter = Annotated[str, StringConstraints(pattern=f"^[{''.join(RANK_LETTERS)}]$")]
RANK_OR_JOKER = f"^([{''.join(RANK_LETTERS)}]|{JOKER})$"
RankOrJoker = Annotated[str, StringConstraints(pattern=RANK_OR_JOKER)]
SuitLetter = Annotated[str, StringConstraints(pattern=f"^[{''.join(SUIT_LETTERS)}]$")]
Identifier = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
Points = Annotated[int, Strict(), Field(ge=0, le=1_000_000)]


class Block(BaseModel):
    """A rule block.  ``source`` says which law or book the rule comes from; ``note`` explains
    a choice.  Both are printed in the rulebook and never change how the game is played."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        populate_by_name=True,
        use_enum_values=False,
        validate_default=True,
    )

    source: str | None = Field(default=None, description="Where this rule comes from.")
    note: str | None = Field(default=None, description="Why this rule reads as it does.")


def check_card(text: str) -> str:
    """Validate one card in the notation and return it in canonical letters (``Q♠`` → ``QS``)."""
    try:
        return str(parse_face(text))
    except CardSyntaxError as error:
        raise ValueError(str(error)) from None
