"""The variant loader as a user meets it: files and folders, ``extends`` overlays, and the
``file:line: key.path: message`` diagnostics."""

from __future__ import annotations

import tempfile
import textwrap
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.loader import (
    Diagnostic,
    VariantError,
    check,
    dump_variant,
    lines,
    load_raw,
    load_variant,
    resolve_variant_path,
    shipped_variant_names,
    shipped_variants_dir,
)
from interpreter.loader.limits import MAX_KEY_PARTS
from interpreter.loader.lines import scan_lines
from interpreter.model import SameRank, Variant
from tests.support import write

FIXTURES = Path(__file__).parent / "fixtures" / "loader"

SMALL = """\
name = "small"
title = "Small"

[[combinations]]
id = "marriage"
shape = "same_suit"
ranks = ["K", "Q"]
class = "marriages"
points = 20
"""


def problems(target: str | Path) -> list[str]:
    """The diagnostics of a variant that must fail to load, as the user reads them."""
    with pytest.raises(VariantError) as caught:
        load_variant(target)
    assert str(caught.value) == "\n".join(str(d) for d in caught.value.diagnostics)
    return [str(d) for d in caught.value.diagnostics]


# -- shipped variants -----------------------------------------------------------------------


def test_bezique_is_shipped() -> None:
    assert "bezique" in shipped_variant_names()
    assert shipped_variant_names() == sorted(shipped_variant_names())
    assert (shipped_variants_dir() / "bezique").is_dir()


@pytest.mark.parametrize("name", shipped_variant_names())
def test_every_shipped_variant_loads(name: str) -> None:
    variant = load_variant(name)
    assert variant.name == name
    assert variant.combinations


@pytest.mark.parametrize("name", shipped_variant_names())
def test_dumped_variant_loads_back_equal(name: str, tmp_path: Path) -> None:
    variant = load_variant(name)
    path = write(tmp_path, "dumped.toml", dump_variant(variant))
    assert load_variant(path) == variant


def test_removed_tables_and_null_cards_survive_the_round_trip(tmp_path: Path) -> None:
    data = load_variant("bezique").model_dump()
    data["seven"] = None
    data["bezique"] = {
        "queen": None,
        "jack": None,
        "when_trump": [{"trumps": ["S", "H", "D", "C"], "queen": "QS", "jack": "JD"}],
    }
    variant = Variant.model_validate(data)
    text = dump_variant(variant)
    assert "[seven]" not in text  # absent is the default now: nothing to write
    assert load_variant(write(tmp_path, "v.toml", text)) == variant


def test_unknown_variant_name_suggests_the_nearest(here: Path) -> None:
    with pytest.raises(VariantError) as caught:
        resolve_variant_path("bezqiue")
    assert "no variant named 'bezqiue' (did you mean 'bezique'?)" in str(caught.value)


def test_variant_found_by_name_path_or_stem(here: Path) -> None:
    write(here, "mine.toml", SMALL)
    assert resolve_variant_path("bezique") == shipped_variants_dir() / "bezique"
    assert resolve_variant_path("mine.toml") == Path("mine.toml")
    assert resolve_variant_path("mine") == Path("mine.toml")
    assert load_variant("mine").name == "small"


# -- reading files ---------------------------------------------------------------------------


def test_toml_syntax_error_gives_line_and_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)
    [diagnostic] = check(["syntax_error.toml"])
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == ("syntax_error.toml", 5, 6)
    assert diagnostic.path == ""
    assert str(diagnostic) == (
        "syntax_error.toml:5:6: TOML syntax error: Expected ']' at the end of a table declaration"
    )


def test_syntax_error_at_end_of_file(here: Path) -> None:
    write(here, "open.toml", 'name = "x"\nranks = [1,')
    assert problems("open.toml") == [
        "open.toml:2:12: TOML syntax error: Invalid value at the end of the file"
    ]


def test_unreadable_inputs_are_diagnostics_not_tracebacks(here: Path) -> None:
    (here / "latin.toml").write_bytes(b'name = "x"\ntitle = "caf\xe9"\n')
    (here / "empty").mkdir()
    assert problems("latin.toml") == ["latin.toml:2: not UTF-8 text: byte 0xe9 cannot be decoded"]
    assert problems("empty") == ["empty: no .toml files in this folder"]
    assert problems("missing.toml") == ["missing.toml: no such file or folder: missing.toml"]
    shipped = "(did you mean the shipped variant 'rubicon'?)"
    assert problems("rubicon.toml") == [
        f"rubicon.toml: no such file or folder: rubicon.toml {shipped}"
    ]
    write(here, "mine.toml", 'extends = "rubicon.toml"\n')
    assert problems("mine.toml") == [
        f"mine.toml:1: extends: no such file or folder: rubicon.toml {shipped}"
    ]


# -- validation errors -----------------------------------------------------------------------


def test_unknown_key_suggests_the_nearest(here: Path) -> None:
    write(here, "mine.toml", SMALL + "[deck]\npakcs = 2\n")
    assert problems("mine.toml") == [
        "mine.toml:11: deck.pakcs: unknown key (did you mean 'packs'?)"
    ]


def test_unknown_key_without_a_near_one_lists_the_allowed(here: Path) -> None:
    write(here, "mine.toml", SMALL + "[cut]\nzzz = 1\n")
    [message] = problems("mine.toml")
    assert message.startswith("mine.toml:11: cut.zzz: unknown key; allowed keys: source, note, ")
    assert "rule" in message


def test_bad_enum_value_suggests_the_nearest(here: Path) -> None:
    write(here, "mine.toml", SMALL + '[deal]\nrotation = "last-trick-winner"\n')
    assert problems("mine.toml") == [
        "mine.toml:11: deal.rotation: 'last-trick-winner' is not one of 'left', "
        "'last_trick_winner' (did you mean 'last_trick_winner'?)"
    ]


def test_wrong_type_quotes_the_input(here: Path) -> None:
    write(here, "mine.toml", SMALL.replace("points = 20", 'points = "forty"'))
    assert problems("mine.toml") == [
        "mine.toml:9: combinations[0].points: Input should be a valid integer (got 'forty')"
    ]


def test_bad_card_text(here: Path) -> None:
    write(here, "mine.toml", SMALL + '[deck]\nremove = ["8C", "1X"]\n[bezique]\nqueen = "Q*"\n')
    assert problems("mine.toml") == [
        "mine.toml:11: deck.remove: '1X' is not a card: '1' is not a rank (use A K Q J T 9 8 7 …)",
        "mine.toml:13: bezique.queen: '*' is not a suit (use S H D C or ♠ ♥ ♦ ♣)",
    ]


def test_bad_rank_letter_and_missing_class(here: Path) -> None:
    text = SMALL.replace('ranks = ["K", "Q"]', 'ranks = ["K", "Z"]').replace(
        'class = "m', 'clas = "m'
    )
    write(here, "mine.toml", text)
    assert problems("mine.toml") == [
        "mine.toml:4: combinations[0].class: Field required",
        "mine.toml:7: combinations[0].ranks[1]: 'Z' is not a rank (one of A K Q J T 9 8 7 6 5 4 "
        "3 2)",
        "mine.toml:8: combinations[0].clas: unknown key (did you mean 'class'?)",
    ]


def test_several_errors_are_reported_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)
    assert problems("several_errors.toml") == [
        "several_errors.toml:6: deck.pakcs: unknown key (did you mean 'packs'?)",
        "several_errors.toml:7: deck.ranks: Input should be an array (got 'AKQJ')",
        "several_errors.toml:10: deal.rotation: 'last-trick-winner' is not one of 'left', "
        "'last_trick_winner' (did you mean 'last_trick_winner'?)",
        "several_errors.toml:17: combinations[0].points: Input should be a valid integer "
        "(got 'forty')",
        "several_errors.toml:21: combinations[1].shape: 'same_rnak' is not one of 'same_suit', "
        "'same_rank', 'bezique' (did you mean 'same_rank'?)",
    ]


def test_combination_without_shape(here: Path) -> None:
    write(here, "mine.toml", SMALL.replace('shape = "same_suit"\n', ""))
    assert problems("mine.toml") == [
        "mine.toml:4: combinations[0]: missing key 'shape' (one of 'same_suit', 'same_rank', "
        "'bezique')"
    ]


def test_only_optional_tables_can_be_set_to_false(here: Path) -> None:
    write(here, "mine.toml", SMALL.replace('title = "Small"', 'title = "Small"\ndeck = false'))
    [message] = problems("mine.toml")
    assert message.startswith("mine.toml:3: deck: cannot be removed with false (optional tables: ")
    assert "seven, carte_blanche" in message and "settlement" in message


# -- folders ---------------------------------------------------------------------------------


def test_error_located_in_the_right_file_of_a_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)
    assert problems("split") == [
        "split/deck.toml:5: deck.brisque_ranks[1]: 'X' is not a rank (one of A K Q J T 9 8 7 6 5 "
        "4 3 2)"
    ]
    [diagnostic] = check([Path("split")])
    assert diagnostic == Diagnostic(
        "split/deck.toml", 5, None, "deck.brisque_ranks[1]", diagnostic.message
    )


def test_same_key_in_two_files_of_a_folder_names_both(here: Path) -> None:
    write(here, "v/a.toml", SMALL + "[deck]\npacks = 2\n")
    write(here, "v/b.toml", "# the deck again\n[deck]\npacks = 3\nsuits = ['S', 'H', 'D', 'C']\n")
    assert problems("v") == [
        "v/b.toml:3: deck.packs: set again: already set at v/a.toml:11 (a key is set in one file "
        "only)"
    ]


def test_combinations_of_several_files_are_joined(here: Path) -> None:
    write(here, "v/a.toml", SMALL)
    write(here, "v/b.toml", SMALL.split("\n\n", 1)[1].replace("marriage", "other"))
    variant = load_variant("v")
    assert [c.id for c in variant.combinations] == ["marriage", "other"]
    assert load_raw("v")["combinations"][1]["id"] == "other"


def test_a_folder_of_variants_cannot_be_loaded_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)
    assert problems("several") == [
        "several: this folder holds several variants (good, overlay, three, typo): name one of them"
    ]


# -- extends ---------------------------------------------------------------------------------


def test_overlay_updates_a_combination_by_id_and_appends_new_ones(here: Path) -> None:
    write(
        here,
        "mine.toml",
        """\
        extends = "bezique"
        title = "Mine"

        [[combinations]]
        id = "double_bezique"
        points = 600

        [[combinations]]
        id = "four_nines"
        shape = "same_rank"
        of = "9"
        class = "quartets"
        points = 10
        """,
    )
    base, mine = load_variant("bezique"), load_variant("mine.toml")
    assert mine.name == "mine"
    assert mine.combination("double_bezique").points == 600
    assert mine.combination("double_bezique").rank == base.combination("double_bezique").rank
    assert [c.id for c in mine.combinations] == [c.id for c in base.combinations] + ["four_nines"]
    assert isinstance(mine.combinations[-1], SameRank)
    assert "extends" not in load_raw("mine.toml")


def test_typo_in_an_overlaid_combination_points_at_the_overlay(here: Path) -> None:
    write(
        here,
        "mine.toml",
        """\
        extends = "bezique"

        [[combinations]]
        id = "four_aces"
        pionts = 150
        """,
    )
    # Named as written in the overlay: its first [[combinations]] entry, whatever the place of
    # four_aces among the inherited combinations.
    assert problems("mine.toml") == [
        "mine.toml:5: combinations[0].pionts: unknown key (did you mean 'points'?)"
    ]


def test_an_overlays_combinations_are_named_by_their_place_in_the_overlay(here: Path) -> None:
    """Each error names the entry as the file it points at holds it (the second
    [[combinations]] of the overlay is combinations[1]), schema and semantic errors alike."""
    write(
        here,
        "mine.toml",
        """\
        extends = "bezique"

        [[combinations]]
        id = "marriage_common"
        points = 30

        [[combinations]]
        id = "bezique"
        points = -40

        [[combinations]]
        id = "four_nines"
        shape = "same_rank"
        of = "6"
        count = 4
        points = 90
        class = "fours"
        """,
    )
    assert problems("mine.toml") == [  # the schema's mistake and the rules', in one answer
        "mine.toml:9: combinations[1].points: Input should be greater than or equal to 0 (got -40)",
        "mine.toml:14: combinations[2].of: '6' is not a rank of the deck (A T K Q J 9 8 7)",
    ]
    text = (here / "mine.toml").read_text(encoding="utf-8").replace("points = -40", "points = 40")
    (here / "mine.toml").write_text(text, encoding="utf-8")
    found = problems("mine.toml")
    assert len(found) == 1 and found[0].startswith("mine.toml:14: combinations[2].of: ")


def test_errors_of_an_overlay_and_of_its_base_keep_their_lines(here: Path) -> None:
    write(
        here,
        "base.toml",
        """\
        name = "small"
        title = "Small"

        [deck]
        packs = "two"

        [[combinations]]
        id = "marriage"
        shape = "same_suit"
        ranks = ["K", "Q"]
        class = "marriages"
        points = 20
        """,
    )
    write(
        here,
        "mine.toml",
        """\
        extends = "base.toml"

        [deck]
        pakcs = 2

        [[combinations]]
        id = "marriage"
        points = "twenty"
        """,
    )
    integer = "Input should be a valid integer"
    assert problems("mine.toml") == [
        f"base.toml:5: deck.packs: {integer} (got 'two')",
        "mine.toml:4: deck.pakcs: unknown key (did you mean 'packs'?)",
        f"mine.toml:8: combinations[0].points: {integer} (got 'twenty')",
    ]


def test_a_problem_in_a_shipped_base_points_into_its_file(here: Path) -> None:
    write(here, "mine.toml", 'extends = "bezique"\n\n[deck]\npacks = 1\n')
    found = problems("mine.toml")
    assert len(found) == 1
    file, line, path, _ = found[0].split(":", 3)
    index = int(path.removeprefix(" combinations[").split("]")[0])
    assert Path(file) == shipped_variants_dir() / "bezique" / "combinations.toml"
    text = Path(file).read_text(encoding="utf-8").splitlines()
    assert text[int(line) - 1].startswith(path.split(".")[-1] + " =")
    headers = [n for n, row in enumerate(text[: int(line)]) if row == "[[combinations]]"]
    assert len(headers) == index + 1  # the line lies in the entry the path names


def test_lines_are_scanned_only_when_a_diagnostic_needs_one(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scanned: list[str] = []
    real = lines.scan_lines

    def counting(text: str) -> lines.LineMap:
        scanned.append(text)
        return real(text)

    monkeypatch.setattr(lines, "scan_lines", counting)
    for name in ("bezique-handbook", "rubicon-modern", "four-handed-partners-modern"):
        load_variant(name)
    assert scanned == []
    write(here, "mine.toml", 'extends = "bezique"\ntitel = "Mine"\n')
    assert problems("mine.toml") == ["mine.toml:2: titel: unknown key (did you mean 'title'?)"]
    assert len(scanned) == 1


def test_a_key_of_thousands_of_parts_is_refused_at_its_line(here: Path) -> None:
    parts = 5_000
    key = ".".join(f"k{i}" for i in range(parts))
    write(here, "mine.toml", f'extends = "bezique"\n\n{key} = 1\n')
    assert problems("mine.toml") == [
        f"mine.toml:3: a dotted key of {parts} parts (at most {MAX_KEY_PARTS} are allowed)"
    ]
    found = scan_lines(f"[t]\n{key} = 1\n")
    assert found.longest_key == (parts, 2)
    assert found.line_of(("t", *key.split("."), "below")) == 2


def test_a_key_of_as_many_parts_as_allowed_is_read(here: Path) -> None:
    """Read, then refused as nested too deeply: no table nests as deep as such a key."""
    key = ".".join(f"k{i}" for i in range(MAX_KEY_PARTS))
    write(here, "mine.toml", f'extends = "bezique"\n\n\n{key} = 1\n')
    [problem] = problems("mine.toml")
    assert problem.startswith("mine.toml:4: k0.k1.")
    assert problem.endswith(": values are nested too deeply (at most 16 levels)")


def test_changing_the_shape_replaces_the_whole_combination(here: Path) -> None:
    write(
        here,
        "mine.toml",
        """\
        extends = "bezique"
        [[combinations]]
        id = "four_aces"
        shape = "same_suit"
        ranks = ["A", "T"]
        class = "pairs"
        points = 15
        """,
    )
    combo = load_variant("mine.toml").combination("four_aces")
    assert (combo.shape, combo.class_, combo.name) == ("same_suit", "pairs", "")


def test_overlay_removes_an_optional_table_with_false(here: Path) -> None:
    write(here, "no-seven.toml", 'extends = "bezique"\nseven = false\n')
    assert load_variant("no-seven.toml").seven is None
    assert load_raw("no-seven.toml")["seven"] is False


def test_folder_overlay_takes_the_folder_name(here: Path) -> None:
    write(here, "house-rules/a.toml", 'extends = "bezique"\n')
    write(here, "house-rules/b.toml", "[game]\ntarget = 1500\n")
    variant = load_variant("house-rules")
    assert (variant.name, variant.game.target) == ("house-rules", 1500)


def test_extends_a_relative_path_from_the_file_that_says_it(here: Path) -> None:
    write(here, "house/base.toml", SMALL)
    write(here, "house/rules/child.toml", 'extends = "../base.toml"\n[game]\ntarget = 500\n')
    write(here, "house/sibling.toml", 'extends = "base"\n[game]\ntarget = 700\n')
    assert load_variant("house/rules/child.toml").name == "child"
    assert load_variant("house/sibling.toml").game.target == 700
    write(here, "house/bad.toml", 'extends = "base"\n[deck]\npacks = "two"\n')
    write(here, "house/base.toml", SMALL + "[cut]\nrule = 'high_chose'\n")
    assert problems("house/bad.toml") == [
        "house/bad.toml:3: deck.packs: Input should be a valid integer (got 'two')",
        "house/base.toml:11: cut.rule: 'high_chose' is not one of 'high_chooses', "
        "'high_deals', 'low_deals' (did you mean 'high_chooses'?)",
    ]


def test_extends_an_unknown_name_suggests_the_nearest(here: Path) -> None:
    write(here, "mine.toml", '# house rule\nextends = "bezque"\n')
    [message] = problems("mine.toml")
    assert message.startswith(
        "mine.toml:2: extends: no variant named 'bezque' (did you mean 'bezique'?)"
    )


def test_extends_cycle_is_reported(here: Path) -> None:
    write(here, "a.toml", 'extends = "b.toml"\n')
    write(here, "b.toml", 'extends = "a.toml"\n')
    assert problems("a.toml") == ["b.toml:1: extends: cycle: a.toml → b.toml → a.toml"]


def test_extends_must_be_a_string(here: Path) -> None:
    write(here, "mine.toml", "extends = 3\n")
    assert problems("mine.toml") == [
        "mine.toml:1: extends: must be the name of a shipped variant or a path to one"
    ]


# -- check -----------------------------------------------------------------------------------


def test_check_reports_each_bad_variant_of_a_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)
    found = check(["several"])
    shown = [str(d) for d in found]
    assert "several/typo.toml:5: deck.pakcs: unknown key (did you mean 'packs'?)" in shown
    assert any(
        line.endswith(
            "deal.hand_size: the stock after the deal has 40 cards (64 in the deck, 24 dealt), "
            "which 3 players cannot draw evenly: the last draw could not be made"
        )
        for line in shown
    )
    assert not [d for d in found if "good" in d.file or "overlay" in d.file]
    assert check(["several/good.toml", "several/overlay.toml"]) == []


def test_check_of_the_shipped_variants_is_clean() -> None:
    assert check([shipped_variants_dir()]) == []
    assert check(["bezique"]) == []


# -- the line scanner ------------------------------------------------------------------------


def value_paths(value: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every key path inside parsed TOML: table keys and array indexes, depth first."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    paths: list[tuple[str | int, ...]] = []
    for key, item in items:
        paths.append((*prefix, key))
        if isinstance(item, dict | list):
            paths.extend(value_paths(item, (*prefix, key)))
    return paths


def test_scanner_finds_lines_in_tricky_toml() -> None:
    text = textwrap.dedent('''\
        a = """
        x = 1
        [not.a.table]
        """""
        b = [1, 2,  # c
          [3, 4], {x = 1, y.z = [5]}
        ]
        "q.k" . 'w' = {c = 2}  # comment = 3
        [[t]]
        [[t.u]]
        v = 'a\\b'
        [[t]]
        [t.s]
        r = 1
        ''')
    lines = scan_lines(text)
    assert set(lines) == set(value_paths(tomllib.loads(text)))
    assert lines["b", 2, 1] == 6 and lines["b", 3, "y", "z", 0] == 6
    assert lines["q.k", "w", "c"] == 8
    assert (lines["t", 0, "u", 0, "v"], lines["t", 1], lines["t", 1, "s", "r"]) == (11, 12, 14)


_FRAGMENTS = st.sampled_from(
    [
        'name = "x"',
        'title = "X"',
        'extends = "bezique"',
        "[deck]",
        "packs = 2",
        "pakcs = 1",
        "[[combinations]]",
        'id = "four_aces"',
        'id = "new"',
        'shape = "same_rank"',
        'shape = "bezique"',
        'of = "A"',
        "count = 9",
        'class = "quartets"',
        'points = "forty"',
        "points = 10",
        "seven = false",
        "[seven]",
        "[players]",
        "count = 3",
        '[bezique]\nqueen = "QS"',
        'a = """',
        "[deck",
        "x = [1,",
    ]
)
_ANY_TEXT = st.one_of(
    st.text(st.characters(codec="utf-8"), max_size=60),
    st.lists(_FRAGMENTS, max_size=12).map("\n".join),
)


@settings(max_examples=150, deadline=None)
@given(text=_ANY_TEXT)
def test_any_text_loads_or_gives_diagnostics(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "v.toml"
        path.write_text(text, encoding="utf-8")
        try:
            load_variant(path)
        except VariantError as error:
            assert error.diagnostics
            assert all(
                str(d).startswith(str(path)) or "bezique" in d.file for d in error.diagnostics
            )
    assert all(line >= 1 for line in scan_lines(text).values())


_KEYS = st.sampled_from(["a", "b-c", "d_1", "with space", "dot.ted", "ünï", '"q"', "3"])
_SCALARS = st.one_of(
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(alphabet=st.sampled_from(list("ab \n\"'\\#=[]{},.")), max_size=8),
)


def _tables(children: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(_KEYS, children, max_size=4)


_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        _tables(inner),
        st.lists(_tables(inner), min_size=1, max_size=3),
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(document=_tables(_VALUES), multiline=st.booleans())
def test_scanner_agrees_with_tomllib_on_which_keys_exist(
    document: dict[str, Any], multiline: bool
) -> None:
    text = tomli_w.dumps(document, multiline_strings=multiline)
    parsed = tomllib.loads(text)
    lines = scan_lines(text)
    assert set(lines) == set(value_paths(parsed))
    assert all(1 <= line <= text.count("\n") + 1 for line in lines.values())
