"""Telling agents what happens: the optional methods of the agent protocol (docs/agents.md).

An agent needs only ``name`` and ``choose(view)``.  It may also have any of these methods,
looked up by name when a game starts; the ones it lacks cost nothing:

- ``game_start(seat)``: a game begins and the agent sits in ``seat`` (from 0);
- ``observe(event)``: every event of the game in order, as the agent's seat saw it: the cards
  of an event it did not see (another seat's hand or draw) are each written ``"??"``; the
  start of a deal is its ``deal`` event;
- ``deal_over(result)``: a deal has ended (the :class:`~interpreter.engine.DealResult`), told
  right after its ``end_of_deal`` event;
- ``game_over(outcome)``: the game has ended (the :class:`~interpreter.engine.Outcome`), right
  after its ``game_over`` event.

An agent is told every event up to the moment it is asked to choose.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from interpreter.engine import Event, EventKind, Game

HOOKS = ("game_start", "observe", "deal_over", "game_over")
"""The optional methods an agent may have."""

HIDDEN = "??"
"""A card its seat did not see, in an event handed to ``observe``."""


class Listeners:
    """The agents of one game that have any of :data:`HOOKS`, and what they have been told."""

    def __init__(self, game: Game, agents: Sequence[object]) -> None:
        self.game = game
        self.told = 0  # events told so far
        self.started = False
        self.seats: list[tuple[int, dict[str, Callable[..., Any]]]] = []
        for seat, agent in enumerate(agents):
            hooks = {name: getattr(agent, name, None) for name in HOOKS}
            found = {name: hook for name, hook in hooks.items() if callable(hook)}
            if found:
                self.seats.append((seat, found))

    def __bool__(self) -> bool:
        return bool(self.seats)

    def tell(self) -> None:
        """Tell the agents everything that happened since they were last told."""
        game = self.game
        if not self.started:
            self.started = True
            for seat, hooks in self.seats:
                if "game_start" in hooks:
                    hooks["game_start"](seat)
        events = game.events_since(self.told)
        self.told += len(events)
        for event in events:
            for seat, hooks in self.seats:
                if "observe" in hooks:
                    hooks["observe"](as_seen(event, seat))
                if event.kind is EventKind.END_OF_DEAL and "deal_over" in hooks:
                    hooks["deal_over"](game.deal_results[event.number - 1])
                if event.kind is EventKind.GAME_OVER and "game_over" in hooks:
                    hooks["game_over"](game.outcome)


def as_seen(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` saw it: the cards it did not see written ``"??"``."""
    if event.visible_to(seat) or not event.cards:
        return event
    return event._replace(cards=(HIDDEN,) * len(event.cards))
