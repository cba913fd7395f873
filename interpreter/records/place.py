"""Where a record came from, so that every refusal says ``file:line: key: message``."""

from __future__ import annotations

from interpreter.loader.diagnostics import KeyPath, format_path
from interpreter.loader.lines import Source


class RecordError(ValueError):
    """A record that cannot be read or replayed; each line of the message says where and why
    (``file:line: key: message``)."""


class Place:
    """A record's name as messages show it and, when it was read from text, the line of each
    of its keys (the loader's line scanner, run only when a message needs a line)."""

    def __init__(self, shown: str = "record", text: str | None = None) -> None:
        self.shown = shown
        self._source = None if text is None else Source(shown, text)

    def line(self, path: KeyPath) -> int | None:
        """The line of ``path``, or of its nearest ancestor written in the text; line 1 for a
        key the text does not have at all (a missing key); None when there is no text."""
        if self._source is None:
            return None
        return self._source.line(path) or 1

    def at(self, path: KeyPath = ()) -> str:
        """``file:line`` of ``path`` (just ``file`` when there is no text)."""
        line = self.line(path)
        return self.shown if line is None else f"{self.shown}:{line}"

    def message(self, path: KeyPath, text: str) -> str:
        """``file:line: key.path: text`` (without the key for the record as a whole)."""
        key = format_path(path)
        return f"{self.at(path)}: {key}: {text}" if key else f"{self.at(path)}: {text}"

    def error(self, path: KeyPath, text: str) -> RecordError:
        return RecordError(self.message(path, text))
