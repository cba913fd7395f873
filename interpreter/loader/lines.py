"""Where each key of a TOML file was written.

``tomllib`` returns values without positions, so this small scanner reads the text once more and
maps every key path to the line of its key: ``("deck", "packs")`` for ``packs = 2`` under
``[deck]``; ``("combinations", 3, "points")`` for the fourth ``[[combinations]]`` entry; array
elements get their own index (``("deck", "ranks", 2)``).  It never raises: on text it does not
understand it skips to the next line, and syntax errors are left to ``tomllib``.
"""

from __future__ import annotations

from collections.abc import Mapping

from interpreter.loader.diagnostics import KeyPath

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_ESCAPES = {
    "b": "\b",
    "t": "\t",
    "n": "\n",
    "f": "\f",
    "r": "\r",
    '"': '"',
    "\\": "\\",
    "e": "\x1b",
}


def scan_lines(text: str) -> dict[KeyPath, int]:
    """Map every key path of the document (tables, keys, array elements) to its 1-based line."""
    return _Scanner(text).run()


def line_of(lines: Mapping[KeyPath, int], path: KeyPath) -> int | None:
    """The line of ``path``, or of its nearest ancestor that has one."""
    for end in range(len(path), 0, -1):
        line = lines.get(path[:end])
        if line is not None:
            return line
    return None


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.lines: dict[KeyPath, int] = {}
        self.arrays: dict[KeyPath, int] = {}  # array-of-tables path → entries seen so far

    # -- characters ---------------------------------------------------------------------------

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.text[index] if index < len(self.text) else ""

    def advance(self, count: int = 1) -> None:
        for _ in range(count):
            if self.pos < len(self.text):
                if self.text[self.pos] == "\n":
                    self.line += 1
                self.pos += 1

    def skip_blanks(self, newlines: bool) -> None:
        """Skip spaces and comments, and line breaks too when ``newlines``."""
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char in " \t\r" or (newlines and char == "\n"):
                self.advance()
            elif char == "#":
                while self.pos < len(self.text) and self.text[self.pos] != "\n":
                    self.pos += 1
            else:
                return

    def skip_line(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] != "\n":
            self.pos += 1
        self.advance()

    def record(self, path: KeyPath, line: int) -> None:
        self.lines.setdefault(path, line)

    # -- document -----------------------------------------------------------------------------

    def run(self) -> dict[KeyPath, int]:
        table: KeyPath = ()
        while True:
            self.skip_blanks(newlines=True)
            if self.pos >= len(self.text):
                return self.lines
            start = self.pos
            if self.peek() == "[":
                table = self.header(table)
            else:
                self.key_value(table)
            if self.pos == start:
                self.skip_line()

    def header(self, current: KeyPath) -> KeyPath:
        line = self.line
        is_array = self.peek(1) == "["
        self.advance(2 if is_array else 1)
        self.skip_blanks(newlines=False)
        keys = self.key()
        if not keys:
            self.skip_line()
            return current
        path: KeyPath = ()
        for index, key in enumerate(keys):
            path = (*path, key)
            last = index == len(keys) - 1
            if not last or not is_array:
                if path in self.arrays:
                    path = (*path, self.arrays[path] - 1)
                self.record(path, line)
            else:
                self.record(path, line)
                entry = self.arrays.get(path, 0)
                self.arrays[path] = entry + 1
                path = (*path, entry)
                self.record(path, line)
        self.skip_line()
        return path

    def key_value(self, table: KeyPath) -> None:
        line = self.line
        keys = self.key()
        if not keys:
            return
        self.skip_blanks(newlines=False)
        if self.peek() != "=":
            self.skip_line()
            return
        self.advance()
        self.skip_blanks(newlines=False)
        path = table
        for key in keys:
            path = (*path, key)
            self.record(path, line)
        self.value(path)

    # -- keys ---------------------------------------------------------------------------------

    def key(self) -> list[str]:
        """A dotted key; an empty list when there is none here."""
        keys: list[str] = []
        while True:
            part = self.simple_key()
            if part is None:
                return keys
            keys.append(part)
            self.skip_blanks(newlines=False)
            if self.peek() != ".":
                return keys
            self.advance()
            self.skip_blanks(newlines=False)

    def simple_key(self) -> str | None:
        char = self.peek()
        if char == '"':
            return self.basic_string()
        if char == "'":
            return self.literal_string()
        start = self.pos
        while self.peek() and self.peek() in _BARE:
            self.pos += 1
        return self.text[start : self.pos] if self.pos > start else None

    def basic_string(self) -> str:
        self.advance()
        out: list[str] = []
        while self.peek() not in ('"', "\n", ""):
            char = self.peek()
            if char == "\\":
                code = self.peek(1)
                if code in ("u", "U"):
                    size = 4 if code == "u" else 8
                    digits = self.text[self.pos + 2 : self.pos + 2 + size]
                    try:
                        out.append(chr(int(digits, 16)))
                    except ValueError:
                        out.append(digits)
                    self.advance(2 + size)
                    continue
                out.append(_ESCAPES.get(code, code))
                self.advance(2)
                continue
            out.append(char)
            self.advance()
        if self.peek() == '"':
            self.advance()
        return "".join(out)

    def literal_string(self) -> str:
        self.advance()
        start = self.pos
        while self.peek() not in ("'", "\n", ""):
            self.advance()
        text = self.text[start : self.pos]
        if self.peek() == "'":
            self.advance()
        return text

    # -- values -------------------------------------------------------------------------------

    def value(self, path: KeyPath) -> None:
        char = self.peek()
        if self.text.startswith('"""', self.pos) or self.text.startswith("'''", self.pos):
            self.multiline_string(char)
        elif char == '"':
            self.basic_string()
        elif char == "'":
            self.literal_string()
        elif char == "[":
            self.array(path)
        elif char == "{":
            self.inline_table(path)
        else:
            while self.peek() not in (",", "]", "}", "\n", "#", ""):
                self.advance()

    def multiline_string(self, quote: str) -> None:
        delimiter = quote * 3
        self.advance(3)
        while self.pos < len(self.text):
            if quote == '"' and self.peek() == "\\":
                self.advance(2)
            elif self.text.startswith(delimiter, self.pos):
                self.advance(3)
                # Up to two quotes may stand just inside the closing delimiter.
                for _ in range(2):
                    if self.peek() == quote:
                        self.advance()
                return
            else:
                self.advance()

    def array(self, path: KeyPath) -> None:
        self.advance()
        index = 0
        while True:
            self.skip_blanks(newlines=True)
            char = self.peek()
            if char in ("]", ""):
                self.advance()
                return
            start = self.pos
            self.record((*path, index), self.line)
            self.value((*path, index))
            self.skip_blanks(newlines=True)
            if self.peek() == ",":
                self.advance()
                index += 1
            elif self.pos == start or self.peek() != "]":
                self.skip_line()
                return

    def inline_table(self, path: KeyPath) -> None:
        self.advance()
        while True:
            self.skip_blanks(newlines=True)
            if self.peek() in ("}", ""):
                self.advance()
                return
            line = self.line
            keys = self.key()
            self.skip_blanks(newlines=False)
            if not keys or self.peek() != "=":
                self.skip_line()
                return
            self.advance()
            self.skip_blanks(newlines=False)
            inner = path
            for key in keys:
                inner = (*inner, key)
                self.record(inner, line)
            self.value(inner)
            self.skip_blanks(newlines=True)
            if self.peek() == ",":
                self.advance()
