"""Play a game in the terminal: a person against bots (``bezique play VARIANT``).

The screen shows the person's hand, the declared cards on every side of the table, trumps,
the stock and the scores, and numbers the legal moves; a move is typed as its number or in the
move notation (``play QS``, ``Q♠``, ``declare bezique Q♠ J♦``).  Cards are shown with their
suit symbols, hearts and diamonds in red where the terminal has colours, and lines are wrapped
between words at the terminal's width.

- :mod:`~interpreter.play.session`: the game loop and the commands;
- :mod:`~interpreter.play.screen`: the table, the events and the moves as text;
- :mod:`~interpreter.play.deal_end`: the breakdown at the end of a deal;
- :mod:`~interpreter.play.hints`: where a bot that explains its choices plugs in;
- :mod:`~interpreter.play.text`: the notation, plurals, wrapping and colours.
"""

from interpreter.play.screen import describe, render, seat_names
from interpreter.play.session import Rater, play_terminal

__all__ = ["Rater", "describe", "play_terminal", "render", "seat_names"]
