"""The command transcripts of the documentation, run and compared with what they show.

A transcript is a fenced block of ``docs/*.md`` whose language is ``console``. A line that
begins with ``$ `` is a command; the lines after it, up to the next command, are what it
prints, standard output and standard error together as a terminal shows them. In comparing:

- a line ``...`` stands for any number of lines, none included;
- the time a ``simulate`` run took and its deals per second are left out, and so are spaces
  at the ends of lines;
- in the transcript of ``bezique play``, a line ``> ANSWER`` is what was typed at the prompt
  ``> ``: ANSWER is given to the game on its standard input.

A command is ``bezique ARGS`` (run as ``python -m interpreter.cli ARGS`` in a subprocess),
``cat FILE`` or ``ls FOLDER``, optionally piped into ``head -N`` or ``tail -N``; nothing else
is run, and no shell is involved. Each transcript runs in a fresh folder: a file or folder that
a command names and that is not there yet is copied in from ``tests/fixtures/docs/``, else
from ``tests/fixtures/loader/``, else from the repository (``variants``, ``tests/golden/…``).

``python tests/transcripts.py`` checks every transcript; with ``--write`` it also replaces the
output shown in each transcript that has no ``...`` by the real output (then review the diff).
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from interpreter.wording import plural

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FIXTURES = (ROOT / "tests" / "fixtures" / "docs", ROOT / "tests" / "fixtures" / "loader", ROOT)
FENCE = "```console"
ANY_LINES = "..."
PROMPT = "> "
TIMING = (
    (re.compile(r"\d+(\.\d+)? s \(\d+(\.\d+)? deals/s\)"), "… s (… deals/s)"),
    (re.compile(r'"(seconds|deals_per_second)": [0-9.]+'), r'"\1": …'),
)


@dataclass(frozen=True)
class Command:
    line: str  # as written after "$ "
    shown: tuple[str, ...]  # the output the document shows


@dataclass(frozen=True)
class Transcript:
    document: Path
    first_line: int  # of the fence, counting from 1
    last_line: int  # of the closing fence
    commands: tuple[Command, ...]

    @property
    def where(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.first_line}"


def transcripts(documents: list[Path] | None = None) -> list[Transcript]:
    """Every transcript of ``documents`` (default: every page of ``docs/``), in order."""
    found = []
    for document in documents or sorted(DOCS.glob("*.md")):
        lines = document.read_text(encoding="utf-8").splitlines()
        start = None
        for number, line in enumerate(lines, 1):
            if start is None and line.strip() == FENCE:
                start = number
            elif start is not None and line.strip() == "```":
                found.append(_parse(document, start, number, lines[start : number - 1]))
                start = None
    return found


def _parse(document: Path, start: int, end: int, body: list[str]) -> Transcript:
    commands: list[Command] = []
    if not body or not body[0].startswith("$ "):
        raise ValueError(f"{document}:{start + 1}: a transcript begins with a command, '$ …'")
    for line in body:
        if line.startswith("$ "):
            commands.append(Command(line[2:].strip(), ()))
        else:
            last = commands[-1]
            commands[-1] = Command(last.line, (*last.shown, line))
    return Transcript(document, start, end, tuple(commands))


def run(transcript: Transcript) -> list[str]:
    """What each command of ``transcript`` prints, as the transcript would show it: one list
    of lines for the whole transcript, each command's line ``$ …`` first."""
    shown: list[str] = []
    with tempfile.TemporaryDirectory(prefix="transcript-") as folder:
        for command in transcript.commands:
            shown.append(f"$ {command.line}")
            shown += run_command(command, Path(folder))
    return shown


def run_command(command: Command, folder: Path) -> list[str]:
    """Run one command in ``folder``; its output lines, answers to prompts included."""
    words, *filters = _stages(command.line)
    for word in words[1:]:
        _provide(word, folder)
    if words[0] == "bezique":
        answers = _answers(command) if words[1:2] == ["play"] else []
        text = _bezique(words[1:], folder, answers)
        if answers:
            text = _show_answers(text, answers)
    elif words[0] == "cat" and len(words) == 2:
        text = (folder / words[1]).read_text(encoding="utf-8")
    elif words[0] == "ls" and len(words) == 2:
        text = "".join(f"{path.name}\n" for path in sorted((folder / words[1]).iterdir()))
    else:
        raise ValueError(f"not a command a transcript may run: {command.line!r}")
    lines = [line.rstrip() for line in text.splitlines()]
    for stage in filters:
        lines = _filter(stage, lines, command.line)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _stages(line: str) -> list[list[str]]:
    """The words of each stage of a pipeline: ``a b | head -3`` is [[a, b], [head, -3]]."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars="|")
    lexer.whitespace_split = True
    stages: list[list[str]] = [[]]
    for token in lexer:
        if token == "|":
            stages.append([])
        else:
            stages[-1].append(token)
    return stages


def _filter(stage: list[str], lines: list[str], line: str) -> list[str]:
    match stage:
        case ["head" | "tail" as which, count] if re.fullmatch(r"-\d+", count):
            n = int(count[1:])
        case ["head" | "tail" as which, "-n", count] if count.isdigit():
            n = int(count)
        case _:
            raise ValueError(f"a transcript pipes only into head -N or tail -N: {line!r}")
    return lines[:n] if which == "head" else lines[-n:] if n else []


def _provide(word: str, folder: Path) -> None:
    """Copy the file or folder ``word`` names into ``folder`` if it is not there yet."""
    path = Path(word)
    if path.is_absolute() or ".." in path.parts or word in (".", "") or (folder / path).exists():
        return
    for source in FIXTURES:
        if (source / path).exists():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            if (source / path).is_dir():
                shutil.copytree(source / path, folder / path)
            else:
                shutil.copyfile(source / path, folder / path)
            return


def _bezique(arguments: list[str], folder: Path, answers: list[str]) -> str:
    environ = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",  # the order of output and errors as on a terminal
        "PYTHONIOENCODING": "utf-8",
        "HOME": str(folder),
        "LANG": "C.UTF-8",
    }
    done = subprocess.run(
        [sys.executable, "-m", "interpreter.cli", *arguments],
        cwd=folder,
        env=environ,
        input="".join(f"{answer}\n" for answer in answers),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    return done.stdout


def _answers(command: Command) -> list[str]:
    return [line[len(PROMPT) :] for line in command.shown if line.startswith(PROMPT)]


def _show_answers(text: str, answers: list[str]) -> str:
    """Put each answer after the prompt that read it, as a terminal echoes it."""
    parts = text.split("\n" + PROMPT)
    out = parts[0]
    for number, part in enumerate(parts[1:]):
        answer = answers[number] + "\n" if number < len(answers) else ""
        out += "\n" + PROMPT + answer + part
    return out


def normalise(line: str) -> str:
    for pattern, replacement in TIMING:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is what ``shown`` shows, ``...`` standing for any lines."""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line.strip() == ANY_LINES else re.escape(normalise(line) + "\n")
        for line in shown
    )
    text = "".join(normalise(line) + "\n" for line in actual)
    return re.fullmatch(pattern, text) is not None


def shown_lines(transcript: Transcript) -> list[str]:
    lines: list[str] = []
    for command in transcript.commands:
        lines.append(f"$ {command.line}")
        lines += command.shown
    return lines


def difference(transcript: Transcript, actual: list[str]) -> str:
    return "\n".join(
        difflib.unified_diff(
            [normalise(line) for line in shown_lines(transcript)],
            [normalise(line) for line in actual],
            f"{transcript.where} (as documented)",
            "(as run)",
            lineterm="",
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite outputs that differ")
    args = parser.parse_args()
    stale = 0
    for transcript in reversed(transcripts()):  # from the end: line numbers stay valid
        actual = run(transcript)
        if matches(shown_lines(transcript), actual):
            continue
        stale += 1
        print(difference(transcript, actual))
        if args.write and not any(line.strip() == ANY_LINES for line in shown_lines(transcript)):
            lines = transcript.document.read_text(encoding="utf-8").split("\n")
            lines[transcript.first_line : transcript.last_line - 1] = actual
            transcript.document.write_text("\n".join(lines), encoding="utf-8")
            print(f"rewrote {transcript.where}")
    print(f"{plural(stale, 'transcript')} out of date" if stale else "every transcript is as shown")


if __name__ == "__main__":
    main()
