"""The game: create one from a variant, list legal moves, apply them, and read the outcome.

All randomness comes from one ``random.Random`` seeded at creation.  ``legal_moves()`` and
``apply()`` share the code that decides legality (``moves_now``); ``apply`` refuses an illegal
move with the reason and leaves the game as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from interpreter.cards import parse_face
from interpreter.engine import dealing, explain, flow
from interpreter.engine.errors import IllegalMoveError, MoveSyntaxError
from interpreter.engine.moves import Move, normalize
from interpreter.engine.outcome import Outcome
from interpreter.engine.rules import Rules
from interpreter.engine.state import DealResult, Event, Phase, State
from interpreter.engine.view import PlayerView, make_view
from interpreter.model import Variant


class Game:
    """One game of a variant (a single deal, or a race over several deals)."""

    def __init__(self, rules: Rules, state: State) -> None:
        self.rules = rules
        self._state = state

    @classmethod
    def new(
        cls,
        variant: Variant | Rules,
        *,
        seed: int | None = None,
        deck_order: Sequence[str | int] | None = None,
        deal_orders: Sequence[Sequence[str | int]] = (),
        dealer: int | None = None,
        count_guess: tuple[int, int] | None = None,
    ) -> Game:
        """A new game.  ``seed`` drives every shuffle and cut.  ``deck_order`` fixes the cards
        of the first deal, top card first (faces like ``"QS"``; each physical copy is taken in
        turn), for worked examples and tests; ``deal_orders`` fixes the orders of the first
        deals in turn (game records).  ``dealer`` skips the cut.  ``count_guess`` fixes the
        six-pack deal count of the first deal: (cards lifted, non-dealer's guess)."""
        rules = variant if isinstance(variant, Rules) else Rules(variant)
        state = State(players=rules.players, rng=random.Random(seed))
        state.scores = [0] * rules.players
        state.reset_deal()
        state.count_override = count_guess
        orders = [deck_order] if deck_order is not None else []
        state.deal_orders = [_resolve_order(rules, order) for order in [*orders, *deal_orders]]
        dealing.start(rules, state, dealer)
        return cls(rules, state)

    # -- queries -----------------------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        return self.rules.variant

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def is_over(self) -> bool:
        return self._state.phase is Phase.OVER

    @property
    def to_act(self) -> int | None:
        """The seat that must move now, or None when the game is over."""
        return None if self.is_over else self._state.to_act

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._state.scores)

    @property
    def trump(self) -> str | None:
        return self._state.trump

    @property
    def deal_no(self) -> int:
        return self._state.deal_no

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._state.events)

    def events_since(self, start: int) -> tuple[Event, ...]:
        """The events from position ``start`` on."""
        return tuple(self._state.events[start:])

    @property
    def deals_finished(self) -> int:
        """How many deals have been played to the end."""
        return len(self._state.deal_results)

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        """One summary per finished deal."""
        return tuple(self._state.deal_results)

    @property
    def outcome(self) -> Outcome | None:
        state = self._state
        if state.phase is not Phase.OVER:
            return None
        return Outcome(
            scores=tuple(state.scores),
            winner=state.winner,
            deals=state.deal_no,
            reason=state.events[-1].text,
            deal_scores=tuple(state.deal_history),
            settlement=state.settled,
            sides=self.rules.sides,
            winning_side=(
                state.winning_side
                if state.winning_side is not None
                else None
                if state.winner is None
                else self.rules.side_of[state.winner]
            ),
        )

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in a fixed order; interchangeable copies appear once."""
        return flow.moves_now(self.rules, self._state)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now."""
        return make_view(self.rules, self._state, player, self.legal_moves())

    def copy(self) -> Game:
        return Game(self.rules, self._state.clone())

    # -- moves -------------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text``; raises ``MoveSyntaxError`` or
        ``IllegalMoveError`` (with the reason) otherwise."""
        canonical = normalize(text)
        for move in self.legal_moves():
            if str(move) == canonical:
                return move
        raise IllegalMoveError(canonical, explain.why_not(self.rules, self._state, canonical))

    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a move object or its text).  An illegal move raises
        ``IllegalMoveError`` saying why, and changes nothing."""
        if isinstance(move, str):
            legal = self.parse_move(move)
        else:
            text = str(move)
            found = [m for m in self.legal_moves() if str(m) == text]
            if not found:
                raise IllegalMoveError(text, explain.why_not(self.rules, self._state, text))
            legal = found[0]
        flow.do(self.rules, self._state, legal)

    def step(self, move: Move) -> None:
        """Play a move taken from ``legal_moves()`` without checking it again (for
        simulations).  Passing anything else leaves the game in an undefined state."""
        flow.do(self.rules, self._state, move)


def _resolve_order(rules: Rules, order: Sequence[str | int]) -> list[int]:
    if len(order) != rules.n_cards:
        raise ValueError(f"deck_order has {len(order)} cards; the deck has {rules.n_cards}")
    if all(isinstance(item, int) for item in order):
        ids = [int(item) for item in order]
        if sorted(ids) != list(range(rules.n_cards)):
            raise ValueError("deck_order must list every card id exactly once")
        return ids
    remaining = {face: list(cards) for face, cards in rules.by_face.items()}
    ids = []
    for item in order:
        face = str(parse_face(str(item))) if isinstance(item, str) else rules.face[item]
        pool = remaining.get(face)
        if not pool:
            raise ValueError(f"deck_order has more {face} than the deck")
        ids.append(pool.pop(0))
    return ids


__all__ = ["Game", "IllegalMoveError", "MoveSyntaxError"]
