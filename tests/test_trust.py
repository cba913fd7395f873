"""Untrusted variant files (issue 12, part 4): ``extends`` kept inside the variant's folder or
the shipped variants, size and chain limits, and errors that never show values from a file the
user did not name."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.loader import VariantError, check, load_variant, load_variant_text
from interpreter.loader.limits import (
    MAX_DEPTH,
    MAX_EXTENDS,
    MAX_FILE_BYTES,
    MAX_KEY_PARTS,
    MAX_UNTRUSTED_FILE_BYTES,
    MAX_VARIANT_FILES,
    size_text,
)
from tests.support import write

SECRET = """\
name = "secret"
title = "Secret"
[deck]
packs = "hunter2-password"
"""
OUTSIDE = "extends: may name a shipped variant or a file in this variant's folder in untrusted mode"
WITHHELD = "not shown: this file was not named (check it by name to see the problem)"


def problems(target: str | Path, *, trusted: bool = False) -> list[str]:
    with pytest.raises(VariantError) as caught:
        load_variant(target, trusted=trusted)
    return [str(d) for d in caught.value.diagnostics]


# -- what extends may name --------------------------------------------------------------------


def test_untrusted_extends_names_a_shipped_variant_or_a_file_in_the_folder(here: Path) -> None:
    write(here, "rules/base.toml", 'extends = "bezique"\nname = "base"\n[game]\ntarget = 1500\n')
    write(here, "rules/more/deeper.toml", 'extends = "bezique"\nname = "deeper"\n')
    write(here, "rules/house.toml", 'extends = "base.toml"\n[last_trick]\npoints = 20\n')
    write(here, "rules/nested.toml", 'extends = "more/deeper"\n')
    house = load_variant("rules/house.toml", trusted=False)
    assert (house.name, house.game.target, house.last_trick.points) == ("house", 1500, 20)
    assert load_variant("rules/nested.toml", trusted=False).name == "nested"
    assert check(["rules/house.toml", "rules/nested.toml"], trusted=False) == []


@pytest.mark.parametrize(
    "target",
    ["/", "/proc/self/environ", "../outside.toml", "../outside", "sub/../../outside.toml", "OUT"],
)
def test_untrusted_extends_refuses_absolute_and_parent_paths(here: Path, target: str) -> None:
    write(here, "outside.toml", SECRET)
    value = str(here / "outside.toml") if target == "OUT" else target
    write(here, "rules/house.toml", f'\nextends = "{value}"\n')
    assert problems("rules/house.toml") == [f"rules/house.toml:2: {OUTSIDE}"]
    found = check(["rules/house.toml"], trusted=False)
    assert [str(d) for d in found] == [f"rules/house.toml:2: {OUTSIDE}"]


def test_a_symbolic_link_out_of_the_folder_is_refused(here: Path) -> None:
    write(here, "outside/secret.toml", SECRET)
    write(here, "outside/parts/a.toml", SECRET)
    write(here, "outside/part.toml", "[game]\ntarget = 5\n")
    (here / "rules").mkdir()
    (here / "rules/link.toml").symlink_to(here / "outside/secret.toml")
    (here / "rules/linked").symlink_to(here / "outside/parts")
    write(here, "rules/house.toml", 'extends = "link.toml"\n')
    write(here, "rules/other.toml", 'extends = "linked"\n')
    assert problems("rules/house.toml") == [f"rules/house.toml:1: {OUTSIDE}"]
    assert problems("rules/other.toml") == [f"rules/other.toml:1: {OUTSIDE}"]
    write(here, "folder/a.toml", 'extends = "bezique"\n')
    (here / "folder/b.toml").symlink_to(here / "outside/part.toml")
    assert problems("folder") == [
        "folder/b.toml: a file of this variant leads outside its folder (untrusted mode)"
    ]


def test_trusted_mode_still_follows_any_path(here: Path) -> None:
    write(here, "base.toml", 'extends = "bezique"\nname = "base"\n[game]\ntarget = 1500\n')
    write(here, "rules/house.toml", 'extends = "../base.toml"\n')
    assert load_variant("rules/house.toml").game.target == 1500
    write(here, "rules/absolute.toml", f'extends = "{here / "base.toml"}"\n')
    assert load_variant("rules/absolute.toml").game.target == 1500


# -- values of files not named ----------------------------------------------------------------


def test_values_of_a_file_not_named_are_never_shown(here: Path) -> None:
    write(here, "rules/secret.toml", SECRET)
    write(here, "rules/house.toml", 'extends = "secret.toml"\n')
    assert problems("rules/house.toml") == [f"rules/secret.toml:4: {WITHHELD}"]
    assert "hunter2" in "\n".join(problems("rules/secret.toml"))  # named, it is shown


def test_values_of_a_file_outside_the_folder_are_not_shown_in_trusted_mode_either(
    here: Path,
) -> None:
    write(here, "elsewhere/secret.toml", SECRET)
    write(here, "rules/house.toml", 'extends = "../elsewhere/secret.toml"\n')
    assert problems("rules/house.toml", trusted=True) == [f"elsewhere/secret.toml:4: {WITHHELD}"]
    write(here, "rules/root.toml", 'extends = "/"\n')
    assert problems("rules/root.toml", trusted=True) == [f"/: {WITHHELD}"]  # not its folders


def test_a_shipped_base_is_public(here: Path) -> None:
    write(here, "rules/house.toml", 'extends = "bezique"\n[deck]\npacks = "two"\n')
    assert problems("rules/house.toml") == [
        "rules/house.toml:3: deck.packs: Input should be a valid integer (got 'two')"
    ]


# -- limits -----------------------------------------------------------------------------------


def test_an_untrusted_file_has_a_smaller_size_limit(here: Path) -> None:
    line = "#" * 79 + "\n"
    padding = line * (MAX_UNTRUSTED_FILE_BYTES // len(line) + 1)
    write(here, "house.toml", 'extends = "bezique"\n' + padding)
    assert load_variant("house.toml").name == "house"
    assert problems("house.toml") == [
        "house.toml:1: the file is larger than 256 KiB, the most a variant file may hold "
        "in untrusted mode"
    ]


def test_a_chain_of_extends_is_bounded(here: Path) -> None:
    write(here, "v0.toml", 'extends = "bezique"\nname = "v0"\n')
    for index in range(1, MAX_EXTENDS + 2):
        write(here, f"v{index}.toml", f'extends = "v{index - 1}.toml"\n')
    load_variant(f"v{MAX_EXTENDS - 1}.toml")  # MAX_EXTENDS extends, the last to bezique
    message = f"v{MAX_EXTENDS}.toml:1: extends: a chain of more than {MAX_EXTENDS} extends"
    for trusted in (True, False):
        assert problems(f"v{MAX_EXTENDS}.toml", trusted=trusted) == [message]


def test_the_files_of_a_variant_folder_are_bounded(here: Path) -> None:
    write(here, "big/a.toml", 'extends = "bezique"\n')
    for index in range(MAX_VARIANT_FILES):
        write(here, f"big/part{index:03}.toml", "")
    assert problems("big", trusted=True) == [
        f"big: more than {MAX_VARIANT_FILES} .toml files (the most one variant may have)"
    ]


# -- a variant given as text ------------------------------------------------------------------


def test_a_variant_given_as_text(here: Path) -> None:
    variant = load_variant_text('name = "pasted"\nextends = "bezique"\n[game]\ntarget = 2000\n')
    assert (variant.name, variant.game.target) == ("pasted", 2000)
    with pytest.raises(VariantError) as caught:
        load_variant_text('extends = "bezique"\nname = "p"\ntitel = "x"\n', "form")
    assert str(caught.value) == "form:3: titel: unknown key (did you mean 'title'?)"


def test_a_variant_given_as_text_extends_only_a_shipped_variant_when_untrusted(
    here: Path,
) -> None:
    write(here, "base.toml", 'extends = "bezique"\nname = "base"\n[game]\ntarget = 1500\n')
    text = 'extends = "base.toml"\nname = "pasted"\n'
    with pytest.raises(VariantError) as caught:
        load_variant_text(text)
    assert str(caught.value) == (
        "<text>:1: extends: may name only a shipped variant in untrusted mode"
    )
    assert load_variant_text(text, trusted=True).game.target == 1500


def test_a_variant_given_as_text_is_bounded_and_checked_as_a_file(here: Path) -> None:
    with pytest.raises(VariantError) as caught:
        load_variant_text("#" * (MAX_UNTRUSTED_FILE_BYTES + 1))
    assert str(caught.value) == (
        "<text>:1: the text is larger than 256 KiB, the most a variant file may hold "
        "in untrusted mode"
    )
    with pytest.raises(VariantError) as caught:
        load_variant_text('extends = "bezique"\nname = "p"\ntitle = "\\u001b[2J"\n')
    assert str(caught.value).startswith("<text>:3: title: holds the control character U+001B")
    with pytest.raises(VariantError) as caught:
        load_variant_text('extends = "bezique"\nname = "p"\ntitle = "\ud800"\n')
    assert str(caught.value) == "<text>:3: not UTF-8 text: U+D800 is half a character"


# -- the command ------------------------------------------------------------------------------


def test_check_untrusted(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(here, "outside.toml", SECRET)
    write(here, "rules/house.toml", 'extends = "../outside.toml"\n')
    assert main(["check", "rules/house.toml"]) == 1
    assert "hunter2" not in capsys.readouterr().err  # outside the folder: not shown
    assert main(["check", "--untrusted", "rules/house.toml"]) == 1
    assert capsys.readouterr().err == f"rules/house.toml:1: {OUTSIDE}\n1 problem found\n"
    write(here, "rules/good.toml", 'extends = "bezique"\n')
    assert main(["check", "--untrusted", "rules/good.toml"]) == 0
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    assert "--untrusted" in capsys.readouterr().out


def test_the_security_page_gives_the_limits_the_loader_applies() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "security.md").read_text("utf-8")
    rows = {
        "size of a variant file, checked before it is read": size_text(MAX_FILE_BYTES),
        "the same, untrusted (and for a variant given as text)": size_text(
            MAX_UNTRUSTED_FILE_BYTES
        ),
        "`.toml` files in one variant folder": str(MAX_VARIANT_FILES),
        "`extends` followed from one variant, its parents' included": str(MAX_EXTENDS),
        "depth of a value (tables, arrays and dotted keys each count a level)": (
            f"{MAX_DEPTH} levels"
        ),
        "parts of one dotted key": str(MAX_KEY_PARTS),
    }
    for label, value in rows.items():
        assert f"| {label} | {value} |" in page, label
