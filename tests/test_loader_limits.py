"""The loader is linear and bounded (issue 12, part 2): limits refused at their line, work that
grows with the file and no faster, strict types, and texts that stay text."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
import tomli_w

import interpreter.loader
from interpreter.cli import main
from interpreter.loader import VariantError, check, load_variant, shipped_variant_names
from interpreter.loader.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_KEY_PARTS
from interpreter.loader.reading import TooLarge, read_bytes
from interpreter.loader.schema import locate, members
from interpreter.model import variant_data, variant_from_data
from tests.support import write

LOADER = str(Path(interpreter.loader.__file__).parent)


def problems(target: str | Path) -> list[str]:
    with pytest.raises(VariantError) as caught:
        load_variant(target)
    return [str(d) for d in caught.value.diagnostics]


# -- work that grows with the file ------------------------------------------------------------


def loader_lines(run: Callable[[], object]) -> int:
    """How many lines of the loader's own code ``run`` executes: a measure of its work that does
    not depend on the machine (tomllib and pydantic are not counted)."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename.startswith(LOADER) else None

    sys.settrace(calls)
    try:
        run()
    except VariantError:
        pass
    finally:
        sys.settrace(None)
    return count


def combinations(count: int, prefix: str = "c", points: int = 1) -> str:
    return "".join(
        f'[[combinations]]\nid = "{prefix}{i}"\nshape = "same_rank"\nof = "A"\nclass = "x"\n'
        f"points = {points}\n"
        for i in range(count)
    )


def overlay_of_an_overlay(folder: Path, count: int) -> Path:
    """An overlay that changes every combination its parent, an overlay too, adds."""
    write(folder, "middle.toml", 'extends = "bezique"\nname = "middle"\n' + combinations(count))
    return write(folder, "top.toml", 'extends = "middle.toml"\n' + combinations(count, "c", 2))


def folder_overlay(folder: Path, count: int) -> Path:
    write(folder, "house/a.toml", 'extends = "bezique"\n' + combinations(count // 2))
    write(folder, "house/b.toml", combinations(count // 2, "d"))
    return folder / "house"


def empty_ranks(folder: Path, count: int) -> Path:
    entry = (
        '[[combinations]]\nid = "c{}"\nshape = "same_suit"\nranks = []\nclass = "x"\npoints = 1\n'
    )
    text = "".join(entry.format(i) for i in range(count))
    return write(folder, "mine.toml", 'extends = "bezique"\n' + text)


def long_key(folder: Path, count: int) -> Path:
    key = ".".join(f"k{i}" for i in range(count))
    return write(folder, "mine.toml", f'extends = "bezique"\n{key} = 1\n')


@pytest.mark.parametrize(
    ("make", "size"),
    [
        (overlay_of_an_overlay, 300),
        (folder_overlay, 300),
        (empty_ranks, 300),  # one diagnostic per entry
        (long_key, 5_000),
    ],
)
def test_the_work_of_loading_grows_no_faster_than_the_file(
    make: Callable[[Path, int], Path], size: int, tmp_path: Path
) -> None:
    small = make(tmp_path / "small", size)
    large = make(tmp_path / "large", 2 * size)
    work = {path: loader_lines(partial(load_variant, path)) for path in (small, large)}
    assert all(work.values())  # the loader is traced: it is not compiled
    # Loaded again, each file's reading is kept, as it is for a shipped base.
    work = {path: loader_lines(partial(load_variant, path)) for path in (small, large)}
    ratio = work[large] / work[small]
    assert ratio < 2.5


def test_a_key_of_50000_parts_in_a_100_kb_file_is_refused_at_its_line(here: Path) -> None:
    path = long_key(here, 50_000)
    assert path.stat().st_size > 100_000
    assert problems("mine.toml") == [
        f"mine.toml:2: a dotted key of 50000 parts (at most {MAX_KEY_PARTS} are allowed)"
    ]


def test_twenty_thousand_combinations_over_an_overlay_load(here: Path) -> None:
    entry = '{{id = "c{}", shape = "same_rank", of = "A", class = "x", points = 1}}'
    for part, numbers in (("a", range(10_000)), ("b", range(10_000, 20_000))):
        head = 'extends = "bezique"\nname = "middle"\n' if part == "a" else ""
        entries = ",\n".join(entry.format(i) for i in numbers)
        write(here, f"middle/{part}.toml", f"{head}combinations = [\n{entries}]\n")
    updates = ",\n".join(f'{{id = "c{i}", points = 2}}' for i in range(20_000))
    write(here, "top.toml", f'extends = "middle"\ncombinations = [\n{updates}]\n')
    variant = load_variant("top.toml")
    assert len(variant.combinations) == len(load_variant("bezique").combinations) + 20_000
    assert {c.points for c in variant.combinations if c.id.startswith("c")} == {2}


# -- limits with their line -------------------------------------------------------------------


def test_values_nested_too_deeply_are_refused_at_their_line(here: Path) -> None:
    write(here, "arrays.toml", 'extends = "bezique"\n\ntitle = "x"\nx = ' + "[" * 5000 + "]" * 5000)
    assert problems("arrays.toml") == [
        f"arrays.toml:4: values are nested too deeply (at most {MAX_DEPTH} levels)"
    ]
    inline = "{a = " * (MAX_DEPTH + 2) + "1" + "}" * (MAX_DEPTH + 2)
    write(here, "tables.toml", f'extends = "bezique"\n\n[deck]\nx = {inline}\n')
    [problem] = problems("tables.toml")
    assert problem.startswith("tables.toml:4: deck.x.a.a.")
    assert problem.endswith(f": values are nested too deeply (at most {MAX_DEPTH} levels)")


def test_a_missing_key_in_an_empty_file_is_reported_at_line_1(here: Path) -> None:
    empty = (
        "the file is empty (nothing but blank lines and comments): a variant file says at least "
        'extends = "bezique" (a house rule) or its name and title'
    )
    write(here, "empty.toml", "")
    assert problems("empty.toml") == [f"empty.toml:1: {empty}"]
    write(here, "comments.toml", "# my house rules, to come\n\n")
    assert problems("comments.toml") == [f"comments.toml:1: {empty}"]
    write(here, "beside/empty.toml", "")  # next to other files: said empty all the same
    write(here, "beside/other.toml", 'extends = "bezique"\n')
    assert problems("beside/empty.toml") == [f"beside/empty.toml:1: {empty}"]
    assert load_variant(here / "beside").name == "beside"  # an empty part adds nothing
    write(here, "parts/a.toml", "[deck]\npacks = 2\n")
    write(here, "parts/b.toml", "# nothing\n")
    assert problems("parts") == [
        "parts/a.toml:1: name: Field required",
        "parts/a.toml:1: title: Field required",
    ]


def test_a_number_too_long_to_read_is_refused_at_its_line(here: Path) -> None:
    write(here, "long.toml", f'extends = "bezique"\n[game]\n\ntarget = {"9" * 5000}\n')
    assert problems("long.toml") == [
        "long.toml:4: a number too long to read (a TOML integer has at most 64 bits)"
    ]
    write(here, "big.toml", f'extends = "bezique"\n[game]\ntarget = {2**63}\n')
    assert problems("big.toml") == [
        "big.toml:3: game.target: 9223372036854775808 is beyond a 64-bit integer (TOML's range)"
    ]
    # beside other mistakes: each is said at once, the integer left out of the reading
    text = f'extends = "rubicon"\n[last_trick]\npoints = {2**64}\n[deal]\nhand_size = 40\n'
    write(here, "beside.toml", text)
    assert problems("beside.toml") == [
        "beside.toml:3: last_trick.points: 18446744073709551616 is beyond a 64-bit integer "
        "(TOML's range)",
        "beside.toml:5: deal.hand_size: Input should be less than or equal to 20 (got 40)",
    ]


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read(here: Path) -> None:
    line = "#" * 79 + "\n"
    write(here, "padded.toml", 'extends = "bezique"\n' + line * (MAX_FILE_BYTES // len(line)))
    refused = "the file is larger than 1 MiB, the most a variant file may hold"
    assert problems("padded.toml") == [f"padded.toml:1: {refused}"]
    with open(here / "huge.toml", "wb") as sparse:
        sparse.truncate(8 * 1024**3)  # 8 GiB of nothing: reading it would take minutes
    assert problems("huge.toml") == [f"huge.toml:1: {refused}"]


def test_a_path_too_long_to_look_at_is_not_found(here: Path) -> None:
    write(here, "mine.toml", f'extends = "{"x" * 5000}.toml"\n')
    [problem] = problems("mine.toml")
    assert problem.startswith("mine.toml:1: extends: no such file or folder: xxx")
    assert check(["y" * 5000])[0].message.startswith("no variant named 'yyy")


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="no /proc here")
def test_a_file_whose_size_says_nothing_is_read_no_further_than_the_limit() -> None:
    status = Path("/proc/self/status")
    assert status.stat().st_size == 0 and len(read_bytes(status)) > 100
    with pytest.raises(TooLarge):
        read_bytes(status, 100)


# -- strict types -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "path", "message"),
    [
        ('[deck]\npacks = "2"', "deck.packs", "a valid integer (got '2')"),
        ("[deal]\nhand_size = 8.0", "deal.hand_size", "a valid integer (got 8.0)"),
        ('[endgame]\nfollow_suit = "yes"', "endgame.follow_suit", "a valid boolean (got 'yes')"),
        ("[endgame]\nfollow_suit = 1", "endgame.follow_suit", "a valid boolean (got 1)"),
        ("[deck]\npacks = true", "deck.packs", "a valid integer (got true)"),
        ('[deal]\npackets = [3, "2", 3]', "deal.packets[1]", "a valid integer (got '2')"),
        ("[last_trick]\npoints = true", "last_trick.points", "a valid integer (got true)"),
    ],
)
def test_numbers_and_booleans_are_never_read_from_other_types(
    here: Path, table: str, path: str, message: str
) -> None:
    write(here, "mine.toml", f'extends = "bezique"\n\n{table}\n')
    [problem] = problems("mine.toml")
    assert problem == f"mine.toml:4: {path}: Input should be {message}"


def test_a_combination_field_is_as_strict_as_a_table_field(here: Path) -> None:
    index = [c.id for c in load_variant("bezique").combinations].index("marriage_common")
    write(
        here,
        "mine.toml",
        'extends = "bezique"\n\n[[combinations]]\nid = "marriage_common"\npoints = true\n',
    )
    assert problems("mine.toml") == [
        f"mine.toml:5: combinations[{index}].points: Input should be a valid integer (got true)"
    ]


def _leaves(data: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any]]:
    if isinstance(data, dict):
        return [leaf for key, value in data.items() for leaf in _leaves(value, (*path, key))]
    if isinstance(data, list):
        return [leaf for index, value in enumerate(data) for leaf in _leaves(value, (*path, index))]
    return [(path, data)]


def _typed_leaves() -> dict[tuple[str | int, ...], tuple[str, Any]]:
    """A shipped variant and a key path in it for each integer or boolean field of the schema
    that some shipped variant writes (array indexes folded)."""
    found: dict[tuple[str | int, ...], tuple[str, Any]] = {}
    for name in shipped_variant_names():
        for path, value in _leaves(variant_data(load_variant(name))):
            if isinstance(value, bool | int) and set(members(locate(path).node)) & {bool, int}:
                folded = tuple("#" if isinstance(k, int) else k for k in path)
                found.setdefault(folded, (name, path))
    return found


def _wrong_values(value: bool | int) -> list[Any]:
    if isinstance(value, bool):
        return [str(value).lower(), int(value), float(value)]
    return [str(value), float(value), value != 0]


def test_every_integer_and_boolean_refuses_every_other_type_as_the_schema_does() -> None:
    from jsonschema import Draft7Validator

    from interpreter.authoring import json_schema

    schema = Draft7Validator(json_schema())
    checked = 0
    for name, path in _typed_leaves().values():
        data = variant_data(load_variant(name))
        node = data
        for key in path[:-1]:
            node = node[key]
        for wrong in _wrong_values(node[path[-1]]):
            node[path[-1]] = wrong
            with pytest.raises(ValueError):
                variant_from_data(data)
            if not (isinstance(wrong, float) and wrong.is_integer()):  # JSON has no 8.0
                assert not schema.is_valid(data), (path, wrong)
            checked += 1
    assert checked > 100


# -- texts stay text --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "path", "code"),
    [
        ('title = "House \\u001b[31mred"', 2, "title", "U+001B"),
        ('summary = "a \\u009b31m b"', 2, "summary", "U+009B"),
        ('[deck]\nnote = "\\u0007"', 3, "deck.note", "U+0007"),
        ('[deck]\nranks = ["A", "\\r"]', 3, "deck.ranks[1]", "U+000D"),
        ('"a\\u0007b" = 1', 2, '"a\\u0007b"', "U+0007"),
        ('x = "\\u007f"', 2, "x", "U+007F"),
    ],
)
def test_control_characters_are_refused_in_any_string(
    here: Path, text: str, line: int, path: str, code: str
) -> None:
    write(here, "mine.toml", f'extends = "bezique"\n{text}\n')
    [problem] = problems("mine.toml")
    assert problem == (
        f"mine.toml:{line}: {path}: holds the control character {code} "
        "(a text may hold tabs and line breaks, no other control characters)"
    )
    assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in problem)


@pytest.mark.parametrize(
    ("text", "path", "code", "name"),
    [
        ('title = "House \\u202eder"', "title", "U+202E", "RIGHT-TO-LEFT OVERRIDE"),
        ('[deck]\nnote = "a \\u2066b"', "deck.note", "U+2066", "LEFT-TO-RIGHT ISOLATE"),
    ],
)
def test_bidirectional_controls_are_refused_in_texts(
    here: Path, text: str, path: str, code: str, name: str
) -> None:
    # A right-to-left override shows "House \u202eder" as "House red": what a reader sees is
    # not what the file holds.
    write(here, "mine.toml", f'extends = "bezique"\n{text}\n')
    [problem] = problems("mine.toml")
    assert problem.startswith(f"mine.toml:{text.count(chr(10)) + 2}: {path}: ")
    assert f"bidirectional control {code} ({name})" in problem
    assert not any("\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069" for c in problem)


def test_other_scripts_and_marks_stay_text(here: Path) -> None:
    # Right-to-left letters, and the invisible marks that only nudge them, are text.
    title = "Bézique \u05d1\u05d6\u05d9\u05e7 \u200f(RTL mark)"
    write(here, "mine.toml", f'extends = "bezique"\ntitle = "{title}"\n')
    assert load_variant("mine.toml").title == title


def test_tabs_and_line_breaks_are_text(here: Path) -> None:
    write(here, "mine.toml", 'extends = "bezique"\nsummary = """A\tB\r\nC"""\n')
    assert load_variant("mine.toml").summary == "A\tB\nC"


def test_the_schema_refuses_the_control_characters_the_loader_refuses() -> None:
    from jsonschema import Draft7Validator

    from interpreter.authoring import json_schema

    schema = Draft7Validator(json_schema())
    data = variant_data(load_variant("bezique"))
    cases = (("A\tB\nC é", True), ("\x1b[2J", False), ("a\x9b", False), ("a\u202eb", False))
    for text, valid in cases:
        for key in ("title", "summary", "source"):
            assert schema.is_valid({**data, key: text}) is valid, (key, text)
        entry = {**data["combinations"][0], "name": text}
        combinations = [entry, *data["combinations"][1:]]
        assert schema.is_valid({**data, "combinations": combinations}) is valid


def test_a_title_with_markup_is_shown_as_written(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(here, "mine.toml", 'extends = "bezique"\ntitle = "House [/b] rules [bold]x"\n')
    assert check(["mine.toml"]) == []
    assert main(["simulate", "mine.toml", "--deals", "1"]) == 0
    assert "House [/b] rules [bold]x — 1 deals" in capsys.readouterr().out


def test_a_dumped_variant_is_within_the_limits() -> None:
    for name in shipped_variant_names():
        text = tomli_w.dumps(variant_data(load_variant(name)))
        assert len(text.encode()) < MAX_FILE_BYTES
