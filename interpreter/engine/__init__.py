"""The generic engine: one interpreter for every variant's data."""

from interpreter.engine.errors import IllegalMoveError, MoveSyntaxError
from interpreter.engine.events import Ending, Event, EventKind, RawEvent, Reason, as_event, describe
from interpreter.engine.game import Game
from interpreter.engine.moves import (
    CarteBlanche,
    Claim,
    Close,
    Declare,
    Draw,
    Elect,
    ExchangeSeven,
    Move,
    Play,
    ScorePending,
    ShowSeven,
    Yield,
)
from interpreter.engine.outcome import Outcome
from interpreter.engine.resample import ResampleError
from interpreter.engine.rules import Rules
from interpreter.engine.sight import PublicEntry
from interpreter.engine.state import DealResult, Phase
from interpreter.engine.view import PlayerView

__all__ = [
    "CarteBlanche",
    "Claim",
    "Close",
    "DealResult",
    "Declare",
    "Draw",
    "Elect",
    "Ending",
    "Event",
    "EventKind",
    "ExchangeSeven",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveSyntaxError",
    "Outcome",
    "Phase",
    "Play",
    "PlayerView",
    "PublicEntry",
    "RawEvent",
    "Reason",
    "ResampleError",
    "Rules",
    "ScorePending",
    "ShowSeven",
    "Yield",
    "as_event",
    "describe",
]
