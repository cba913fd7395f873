"""The terminal's words and layout: cards in one notation (the suit symbols), plurals, lines
wrapped between words at the width of the screen, and red hearts and diamonds.

Nothing here knows the rules; :class:`Screen` is where every line the person sees goes
through, and where every answer is read."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from interpreter.cards import SUIT_SYMBOLS
from interpreter.wording import plural as plural

NBSP = "\u00a0"
"""Joins words that must stay on one line ("1. play Q♠", "p2 (greedy)"); printed as a space."""

_LETTER_CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[AKQJT2-9])([SHDC])(?=[*^+]|[^\w]|$)")
_RED_CARD = re.compile(r"(?:10|[AKQJT2-9])?[♥♦](?:[*^+][\d.]*)?")
_LABEL = re.compile(r"^[^:]{1,12}: ")


def with_symbols(text: str) -> str:
    """Every card written with letters (``QS``, ``QS*1``) written with its suit symbol
    (``Q♠``, ``Q♠*1``): one notation on the screen, whatever the engine's text used."""
    return _LETTER_CARD.sub(lambda m: m[1] + SUIT_SYMBOLS[m[2]], text)


def together(text: str) -> str:
    """``text`` kept on one line when lines are wrapped."""
    return text.replace(" ", NBSP)


def wrap(line: str, width: int) -> list[str]:
    """``line`` cut between words into lines of at most ``width`` columns (a word longer than
    the width stays whole).  A line that begins with a short label (``Moves: ``) goes on under
    the text after the label; any other line, two columns in."""
    if len(line) <= width:
        return [line.replace(NBSP, " ")]
    label = _LABEL.match(line)
    indent = " " * (len(label[0]) if label else 2)
    lines = textwrap.wrap(
        line,
        width=width,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [part.replace(NBSP, " ") for part in lines]


def styled(line: str) -> Text:
    """The line with the cards of the red suits in red (♠ and ♣ keep the default colour)."""
    text = Text(line)
    for match in _RED_CARD.finditer(line):
        text.stylize("red", match.start(), match.end())
    return text


class Screen:
    """The terminal: lines out, wrapped to its width and coloured where it has colours;
    answers in.  ``pause`` makes :meth:`wait` ask for Enter (a person at a terminal); scripted
    input is never waited for."""

    def __init__(
        self, read: Callable[[str], str], console: Console | None = None, pause: bool = False
    ) -> None:
        self.read = read
        self.console = console or Console(highlight=False, emoji=False)
        self.pause = pause

    @property
    def width(self) -> int:
        return max(self.console.width, 40)

    def say(self, text: str = "") -> None:
        """Print ``text`` (lines separated by newlines), each line wrapped to the width."""
        for line in text.split("\n"):
            for part in wrap(line, self.width):
                self.console.print(styled(part), soft_wrap=True)

    def ask(self, prompt: str) -> str:
        """The person's answer, stripped; raises ``EOFError`` at the end of input and
        ``KeyboardInterrupt`` on Ctrl-C."""
        self.console.file.flush()
        return self.read(prompt).strip()

    def wait(self, prompt: str) -> str:
        """At a terminal: ask for Enter (the answer is returned, ``quit`` counts); otherwise
        nothing is asked and the answer is empty."""
        return self.ask(prompt) if self.pause else ""
