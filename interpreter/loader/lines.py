"""Where each key of a TOML file was written.

``tomllib`` returns values without positions, so this small scanner reads the text once more and
maps every key path to the line of its key: ``("deck", "packs")`` for ``packs = 2`` under
``[deck]``; ``("combinations", 3, "points")`` for the fourth ``[[combinations]]`` entry; array
elements get their own index (``("deck", "ranks", 2)``).  It never raises: on text it does not
understand it skips to the next line, and syntax errors are left to ``tomllib``.

The scan is only run when a diagnostic needs a line (:class:`Source`), and it is linear in the
text: the paths are kept as a tree, each key once under its parent, so a dotted key of n parts
costs n entries rather than n tuples of growing length.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cached_property

from interpreter.loader.diagnostics import KeyPath
from interpreter.loader.limits import MAX_DEPTH

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_BLANKS = re.compile(r"(?:[ \t\r]+|#[^\n]*)*")
_BLANK_LINES = re.compile(r"(?:[ \t\r\n]+|#[^\n]*)*")
_PLAIN = re.compile(r'[^"\\\n]*')  # the inside of a basic string up to a quote, escape or newline
_LITERAL = re.compile(r"[^'\n]*")
_MULTILINE = {
    '"': re.compile(r'(?:[^"\\]+|\\[\s\S]|"(?!""))*'),
    "'": re.compile(r"(?:[^']+|'(?!''))*"),
}
_BARE_VALUE = re.compile(r"[^,\]}\n#]*")
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
_MAX_NESTING = 200
"""Arrays and inline tables nested deeper than this are skipped: their values get the line of
their nearest ancestor (the scanner recurses once per level)."""


class LineMap(Mapping[KeyPath, int]):
    """The 1-based line of every key path of a document, kept as a tree: node 0 is the document,
    and ``(node, key)`` leads to a child node and the line its key was first written on."""

    def __init__(self) -> None:
        self._edges: dict[tuple[int, str | int], tuple[int, int]] = {}
        self.longest_key: tuple[int, int] = (0, 0)
        """The number of parts of the longest key (dotted keys count each part) and its line."""
        self.too_deep: int | None = None
        """The first line where arrays and inline tables nest more than ``MAX_DEPTH`` deep."""

    def add(self, node: int, key: str | int, line: int) -> int:
        """The node of ``key`` under ``node``, made at ``line`` if it is new."""
        found = self._edges.get((node, key))
        if found is None:
            found = (len(self._edges) + 1, line)
            self._edges[node, key] = found
        return found[0]

    def line_of(self, path: KeyPath) -> int:
        """The line of ``path``, or of its nearest ancestor that has one; line 1, where the
        document starts, when none has."""
        node, line = 0, 1
        for key in path:
            found = self._edges.get((node, key))
            if found is None:
                break
            node, line = found
        return line

    def __getitem__(self, path: KeyPath) -> int:
        node, line = 0, None
        for key in path:
            node, line = self._edges[node, key]
        if line is None:
            raise KeyError(path)
        return line

    def __iter__(self) -> Iterator[KeyPath]:
        paths: dict[int, KeyPath] = {0: ()}
        for (parent, key), (node, _) in self._edges.items():
            path = paths[node] = (*paths[parent], key)
            yield path

    def __len__(self) -> int:
        return len(self._edges)


def scan_lines(text: str) -> LineMap:
    """Map every key path of the document (tables, keys, array elements) to its 1-based line."""
    scanner = _Scanner(text)
    scanner.run()
    return scanner.lines


class Source:
    """The text of one file and its name as diagnostics show it.  Its lines are scanned the
    first time one is asked for, so a variant that loads cleanly is never scanned."""

    def __init__(self, shown: str, text: str) -> None:
        self.shown = shown
        self.text = text

    @cached_property
    def lines(self) -> LineMap:
        return scan_lines(self.text)

    def line(self, path: KeyPath) -> int:
        """The line of ``path`` in this file, or of its nearest ancestor that has one (line 1
        when none has)."""
        return self.lines.line_of(path)


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.depth = 0  # arrays and inline tables open around the value being read
        self.lines = LineMap()
        self.arrays: dict[int, int] = {}  # array-of-tables node → entries seen so far

    # -- characters ---------------------------------------------------------------------------

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.text[index] if index < len(self.text) else ""

    def move_to(self, end: int) -> None:
        """Move to ``end`` (at most the end of the text), counting the line breaks passed."""
        end = min(end, len(self.text))
        self.line += self.text.count("\n", self.pos, end)
        self.pos = end

    def advance(self, count: int = 1) -> None:
        self.move_to(self.pos + count)

    def skip(self, pattern: re.Pattern[str]) -> None:
        found = pattern.match(self.text, self.pos)
        if found is not None:
            self.move_to(found.end())

    def skip_blanks(self, newlines: bool) -> None:
        """Skip spaces and comments, and line breaks too when ``newlines``."""
        self.skip(_BLANK_LINES if newlines else _BLANKS)

    def skip_line(self) -> None:
        end = self.text.find("\n", self.pos)
        self.move_to(len(self.text) if end < 0 else end + 1)

    # -- document -----------------------------------------------------------------------------

    def run(self) -> None:
        table = 0
        while True:
            self.skip_blanks(newlines=True)
            if self.pos >= len(self.text):
                return
            start = self.pos
            if self.peek() == "[":
                table = self.header(table)
            else:
                self.key_value(table)
            if self.pos == start:
                self.skip_line()

    def header(self, current: int) -> int:
        line = self.line
        is_array = self.peek(1) == "["
        self.advance(2 if is_array else 1)
        self.skip_blanks(newlines=False)
        keys = self.key()
        if not keys:
            self.skip_line()
            return current
        node = 0
        for index, key in enumerate(keys):
            node = self.lines.add(node, key, line)
            if index < len(keys) - 1 or not is_array:
                if node in self.arrays:
                    node = self.lines.add(node, self.arrays[node] - 1, line)
            else:
                entry = self.arrays.get(node, 0)
                self.arrays[node] = entry + 1
                node = self.lines.add(node, entry, line)
        self.skip_line()
        return node

    def key_value(self, table: int) -> None:
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
        node = table
        for key in keys:
            node = self.lines.add(node, key, line)
        self.value(node)

    # -- keys ---------------------------------------------------------------------------------

    def key(self) -> list[str]:
        """A dotted key; an empty list when there is none here."""
        line = self.line
        keys: list[str] = []
        while True:
            part = self.simple_key()
            if part is None:
                break
            keys.append(part)
            self.skip_blanks(newlines=False)
            if self.peek() != ".":
                break
            self.advance()
            self.skip_blanks(newlines=False)
        if len(keys) > self.lines.longest_key[0]:
            self.lines.longest_key = (len(keys), line)
        return keys

    def simple_key(self) -> str | None:
        char = self.peek()
        if char == '"':
            return self.basic_string()
        if char == "'":
            return self.literal_string()
        found = _BARE.match(self.text, self.pos)
        if found is None:
            return None
        self.pos = found.end()
        return found.group()

    def basic_string(self) -> str:
        self.advance()
        out: list[str] = []
        while True:
            plain = _PLAIN.match(self.text, self.pos)
            if plain is not None and plain.end() > self.pos:
                out.append(plain.group())
                self.pos = plain.end()
            if self.peek() != "\\":
                break
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
        if self.peek() == '"':
            self.advance()
        return "".join(out)

    def literal_string(self) -> str:
        self.advance()
        start = self.pos
        self.skip(_LITERAL)
        text = self.text[start : self.pos]
        if self.peek() == "'":
            self.advance()
        return text

    # -- values -------------------------------------------------------------------------------

    def value(self, node: int) -> None:
        char = self.peek()
        if self.text.startswith('"""', self.pos) or self.text.startswith("'''", self.pos):
            self.multiline_string(char)
        elif char == '"':
            self.basic_string()
        elif char == "'":
            self.literal_string()
        elif char in ("[", "{") and self.depth >= _MAX_NESTING:
            self.skip_line()
        elif char in ("[", "{") and self.depth >= MAX_DEPTH and self.lines.too_deep is None:
            self.lines.too_deep = self.line
            self.value(node)
        elif char == "[":
            self.depth += 1
            self.array(node)
            self.depth -= 1
        elif char == "{":
            self.depth += 1
            self.inline_table(node)
            self.depth -= 1
        else:
            self.skip(_BARE_VALUE)

    def multiline_string(self, quote: str) -> None:
        self.advance(3)
        self.skip(_MULTILINE[quote])
        if not self.text.startswith(quote * 3, self.pos):
            self.move_to(len(self.text))
            return
        self.advance(3)
        # Up to two quotes may stand just inside the closing delimiter.
        for _ in range(2):
            if self.peek() == quote:
                self.advance()

    def array(self, node: int) -> None:
        self.advance()
        index = 0
        while True:
            self.skip_blanks(newlines=True)
            char = self.peek()
            if char in ("]", ""):
                self.advance()
                return
            start = self.pos
            self.value(self.lines.add(node, index, self.line))
            self.skip_blanks(newlines=True)
            if self.peek() == ",":
                self.advance()
                index += 1
            elif self.pos == start or self.peek() != "]":
                self.skip_line()
                return

    def inline_table(self, node: int) -> None:
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
            inner = node
            for key in keys:
                inner = self.lines.add(inner, key, line)
            self.value(inner)
            self.skip_blanks(newlines=True)
            if self.peek() == ",":
                self.advance()
