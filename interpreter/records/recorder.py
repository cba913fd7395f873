"""Recording a game as it is played."""

from __future__ import annotations

from interpreter.engine import Game, Move
from interpreter.model import variant_data, variant_hash
from interpreter.records.claims import actions_digest, result_of
from interpreter.records.format import Record


class Recorder:
    """Wraps a game, for ``record()`` to turn it into a ``Record``: its actions are the game's
    whole history (``Game.public_history(None)``)."""

    def __init__(
        self,
        game: Game,
        *,
        variant_name: str,
        seats: list[str],
        seed: int,
        dealer: int | None = None,
        embed: bool = False,
        deals: list[list[str]] | None = None,
    ) -> None:
        self.game = game
        self.variant_name = variant_name
        self.seats = seats
        self.seed = seed
        self.dealer = dealer
        self.embed = embed
        self.deals = deals or []

    @property
    def actions(self) -> list[str]:
        """Every move and recorded chance event so far, in the record notation."""
        return self.game.public_history(None)

    def step(self, move: Move) -> None:
        self.game.step(move)

    def apply(self, move: Move | str) -> None:
        """A checked move (as typed by a person)."""
        self.game.apply(move)

    def record(self) -> Record:
        """The record of the game so far: its result once it is over, and the digest of its
        actions."""
        variant = self.game.variant
        actions = list(self.actions)
        return Record(
            variant=self.variant_name,
            variant_hash=variant_hash(variant),
            seats=self.seats,
            seed=self.seed,
            actions=actions,
            dealer=self.dealer,
            deals=self.deals,
            result=result_of(self.game),
            variant_data=variant_data(variant) if self.embed else None,
            actions_digest=actions_digest(actions),
        )
