"""Counts are said in words: nothing the package prints or shows reads ``deal(s)``,
``problem(s)``, ``warning(s)`` (one ``plural`` in interpreter/wording.py for Python, one in
the browser's dom.js)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from interpreter.wording import plural

PACKAGE = Path(__file__).resolve().parents[1] / "interpreter"
_HEDGED = re.compile(r"[a-z]\(s\)")


def _python_strings(path: Path) -> list[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    kinds = {tokenize.STRING}
    kinds |= {getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [(token.start[0], token.string) for token in tokens if token.type in kinds]


def _script_lines(path: Path) -> list[tuple[int, str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, line) for n, line in enumerate(lines, 1) if not line.lstrip().startswith("//")]


def test_no_text_of_the_package_hedges_a_plural() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix == ".py":
            pieces = _python_strings(path)
        elif path.suffix in (".js", ".html"):
            pieces = _script_lines(path)
        else:
            continue
        found += [f"{path.relative_to(PACKAGE)}:{n}" for n, text in pieces if _HEDGED.search(text)]
    assert found == []


@pytest.mark.parametrize(
    ("count", "word", "words", "said"),
    [
        (1, "deal", None, "1 deal"),
        (0, "deal", None, "0 deals"),
        (2, "match", "matches", "2 matches"),
    ],
)
def test_a_count_is_said_in_words(count: int, word: str, words: str | None, said: str) -> None:
    assert plural(count, word, words) == said
