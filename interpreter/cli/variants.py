"""``bezique variants``, ``check`` and ``show``: listing, validating and printing variants."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from interpreter.wording import plural

if TYPE_CHECKING:
    from interpreter.loader.listing import Row
    from interpreter.loader.load import Checked


def run(args: argparse.Namespace) -> int:
    if args.command == "variants":
        return variants()
    if args.command == "check":
        return check(args.paths, trusted=not args.untrusted)
    from interpreter.loader import dump_variant, load_variant

    sys.stdout.write(dump_variant(load_variant(args.variant)))
    return 0


# -- variants ---------------------------------------------------------------------------------

_HEADINGS = ("name", "players", "packs", "hand", "extends")
_INDENT = "    "


def variants() -> int:
    from interpreter.loader import shipped_variant_names
    from interpreter.loader.listing import variant_row

    rows = [variant_row(name) for name in shipped_variant_names()]
    width = max(shutil.get_terminal_size().columns, 40)  # 80 in a pipe, unless COLUMNS says
    print("\n".join(listing(rows, width)))
    return 0


def listing(rows: Sequence[Row], width: int) -> list[str]:
    """The shipped variants as plain text ``width`` columns wide, for a terminal and a pipe
    alike: a column per figure, and each title after its row when the rows leave it room, else
    on a line of its own under the row (wrapped between words, never cut)."""
    cells = [
        (row.name, str(row.players), str(row.packs), str(row.hand), row.extends) for row in rows
    ]
    sizes = [max(len(each[i]) for each in [_HEADINGS, *cells]) for i in range(len(_HEADINGS))]

    def line(values: Sequence[str]) -> str:
        parts = [
            value.rjust(size) if 0 < i < 4 else value.ljust(size)
            for i, (value, size) in enumerate(zip(values, sizes, strict=True))
        ]
        return "  ".join(parts)

    longest = max((len(row.title) for row in rows), default=0)
    if len(line(_HEADINGS)) + 2 + longest <= width:  # one line per variant
        lines = [line(_HEADINGS) + "  title"]
        lines += [line(c) + "  " + row.title for c, row in zip(cells, rows, strict=True)]
        return [text.rstrip() for text in lines]
    lines = [line(_HEADINGS).rstrip(), f"{_INDENT}title"]
    for values, row in zip(cells, rows, strict=True):
        lines.append(line(values).rstrip())
        lines += textwrap.wrap(
            row.title,
            width,
            initial_indent=_INDENT,
            subsequent_indent=_INDENT,
            break_long_words=False,
            break_on_hyphens=False,
        )
    return lines


# -- check ------------------------------------------------------------------------------------


def check(paths: Sequence[str], *, trusted: bool) -> int:
    """Every problem of every path on standard error, then a count (status 1); the warnings of
    the variants without problems on standard error too, which alone leave the status 0."""
    from interpreter.loader.load import check_each

    checked = check_each(paths, trusted=trusted)
    problems = [problem for each in checked for problem in each.problems]
    for problem in problems:
        print(problem, file=sys.stderr)
    warnings = [warning for each in checked for warning in _warnings(each)]
    for warning in warnings:
        print(warning, file=sys.stderr)
    if problems:
        print(f"{plural(len(problems), 'problem')} found", file=sys.stderr)
        return 1
    said = f" ({plural(len(warnings), 'warning')})" if warnings else ""
    print(f"ok: no problems in {', '.join(paths)}{said}")
    return 0


def _warnings(checked: Checked) -> list[str]:
    """The warnings about a variant that loaded, as ``file: warning: key.path: message`` where
    ``file`` is the file that says ``extends`` (or the variant as given): each text it
    inherits from its parent although it changes a rule the text speaks of, a combination in a
    class of its own named like another class, a house rule named as a shipped variant, and a
    race game that only declarations can end, when greedy bots take long to end it."""
    from interpreter.arena.pace import slow_game_warning
    from interpreter.authoring.warnings import class_warnings, name_warning
    from interpreter.loader import load_variant, parent_variant, shipped_variant_names
    from interpreter.loader.diagnostics import visible
    from interpreter.loader.files import display
    from interpreter.loader.load import overlay_file
    from interpreter.rulebook import stale_texts

    if checked.variant is None:
        return []
    parent = parent_variant(checked.target)
    file = overlay_file(checked.target) if parent is not None else None
    shown = display(file) if file is not None else str(checked.target)
    found = stale_texts(checked.variant, parent) if parent is not None else []
    found += class_warnings(checked.variant, parent)
    name = checked.variant.name
    shipped = load_variant(name) if name in shipped_variant_names() else None
    named = name_warning(checked.variant, shipped)
    if named is not None:
        found.append(("name", named))
    slow = slow_game_warning(checked.variant)
    if slow is not None:
        found.append(("game.target", slow))
    return [visible(f"{shown}: warning: {path}: {message}") for path, message in found]
