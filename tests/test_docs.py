"""The documentation is current: the parts generated from the schema, the README's quick
start (run verbatim by CI), the speeds it states, its command that builds the site, and every
command transcript of docs/ (tests/transcripts.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.loader import shipped_variant_names
from interpreter.loader.semantic import UNSUPPORTED
from interpreter.schema_doc import (
    BEGIN,
    END,
    UNSUPPORTED_BEGIN,
    UNSUPPORTED_END,
    reference,
    unsupported,
)
from tests.support import bezique
from tests.transcripts import Transcript, difference, matches, run, shown_lines, transcripts

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_the_field_reference_in_the_authoring_guide_is_generated_from_the_model() -> None:
    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    block = page[page.index(BEGIN) + len(BEGIN) : page.index(END)]
    assert block.strip() == reference().strip(), (
        "run: python -m interpreter.schema_doc --write docs/authoring.md"
    )


def test_the_authoring_guide_lists_exactly_the_rules_not_supported_yet() -> None:
    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    block = page[
        page.index(UNSUPPORTED_BEGIN) + len(UNSUPPORTED_BEGIN) : page.index(UNSUPPORTED_END)
    ]
    assert block.strip() == unsupported().strip()
    for key, _, _ in UNSUPPORTED:
        assert f"`{key}`" in block, key


def test_the_authoring_guide_lists_exactly_the_rulebook_only_keys() -> None:
    from interpreter.schema_doc import RULEBOOK_ONLY_BEGIN, RULEBOOK_ONLY_END, rulebook_only

    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    start = page.index(RULEBOOK_ONLY_BEGIN) + len(RULEBOOK_ONLY_BEGIN)
    block = page[start : page.index(RULEBOOK_ONLY_END)]
    assert block.strip() == rulebook_only().strip()
    assert "`endgame.revoke_penalty`" in block


# The README's quick start (issue 13, point 1): two one-line commands that work on a fresh
# machine, each making and activating its own virtual environment, and run verbatim by CI.

ROOT = DOCS.parent
VENV = "python3 -m venv .venv && . .venv/bin/activate && "


def _section(text: str, heading: str) -> str:
    start = text.index(f"\n{heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _blocks(text: str) -> list[list[str]]:
    """The lines of each fenced code block of ``text``, in order."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current = []
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return _blocks(_section(readme, "## Quick start"))[0]


def test_the_quick_start_is_two_one_line_commands_each_in_its_own_virtual_environment() -> None:
    first, second = quick_start()
    for command in (first, second):
        assert command.startswith(VENV + "pip install -e "), command
    assert first.startswith(VENV + "pip install -e . && bezique simulate "), first
    assert second == VENV + "pip install -e '.[test]' && pytest", second


def test_ci_runs_the_quick_start_verbatim_with_the_browser_installed_and_required() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    # `|| exit`: under `set -e` a failure before the last `&&` of a list would not stop CI.
    where = [script.index(f"{command} || exit") for command in quick_start()]
    assert where == sorted(where)
    browser = script.index("export BEZIQUE_REQUIRE_BROWSER=1")
    install = next(i for i, line in enumerate(script) if "apt-get install" in line)
    assert "chromium chromium-driver" in script[install]
    assert install < browser < where[1]


def test_the_quick_start_simulation_runs(tmp_path: Path) -> None:
    command = quick_start()[0].rsplit(" && ", 1)[1].split()
    assert command[0] == "bezique"
    done = bezique(*command[1:], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert re.search(r"200 deals, .* \(\d+ deals/s\)", done.stdout.splitlines()[0]), done.stdout


# Which speed is which (point 3): the rates the README states agree with docs/figures.md.


def _range(text: str, after: str) -> tuple[int, int]:
    found = re.search(re.escape(after) + r"[^0-9]*?(\d[\d,]*)–(\d[\d,]*)", text)
    assert found, f"no range after {after!r}"
    low, high = (int(part.replace(",", "")) for part in found.groups())
    return low, high


def test_the_readme_says_which_speed_is_which_as_the_measured_figures_do() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    figures = (DOCS / "figures.md").read_text(encoding="utf-8")
    agents = re.search(r"--agents (\S+)", quick_start()[0])
    assert agents, "the quick start names its agents"
    # What the quick start prints, and what docs/figures.md measured for its agents:
    low, high = _range(_section(readme, "## Quick start"), "the quick start prints about")
    row = next(line for line in figures.splitlines() if line.startswith(f"| `{agents[1]}`"))
    printed = _range(row, "|")
    assert low <= printed[0] <= printed[1] <= high, (low, high, row)
    # The README's random-versus-random figure, and the table of docs/figures.md:
    low, high = _range(_section(readme, "## Figures"), "two-pack Bézique about")
    row = next(line for line in figures.splitlines() if line.startswith("| bezique |"))
    via_agents = int(row.split("|")[4])
    assert low <= via_agents <= high, (low, high, row)
    assert next(line for line in figures.splitlines() if line.startswith("| `random,random`"))


# The site (point 4): the README's command builds it without any notice.


def test_the_readme_builds_the_site_without_any_notice(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = [line for block in _blocks(readme) for line in block if "docs build" in line]
    assert command.startswith(VENV + "pip install -e '.[docs]' && "), command
    program, build, *options = command.rsplit(" && ", 1)[1].split()
    assert (program, build) == ("properdocs", "build") and "--strict" in options, command
    for name in ("docs", "mkdocs.yml", "mkdocs_hooks.py"):
        source = ROOT / name
        copy = shutil.copytree if source.is_dir() else shutil.copyfile
        copy(source, tmp_path / name)
    # no variable that silences a notice: the command as the README gives it
    environ = {k: v for k, v in os.environ.items() if not k.endswith("MKDOCS_2_WARNING")}
    environ["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", program, build, *options],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    noise = [
        line for line in (done.stdout + done.stderr).splitlines() if not line.startswith("INFO ")
    ]
    assert not noise, "\n".join(noise)
    assert (tmp_path / "site" / "index.html").is_file()


# Documented commands and outputs are current (point 22).

TRANSCRIPTS = transcripts()


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=[t.where for t in TRANSCRIPTS])
def test_each_transcript_of_the_documentation_prints_what_it_shows(transcript: Transcript) -> None:
    actual = run(transcript)
    assert matches(shown_lines(transcript), actual), (
        "run `python tests/transcripts.py --write` (or edit the page) and review:\n"
        + difference(transcript, actual)
    )


def test_every_command_shown_with_its_output_in_the_reference_pages_is_a_transcript() -> None:
    for page in ("cli.md", "records.md"):
        text = (DOCS / page).read_text(encoding="utf-8")
        shown = [block for block in _blocks(text) if block and block[0].startswith("$ ")]
        checked = [t for t in TRANSCRIPTS if t.document.name == page]
        assert shown and len(checked) == len(shown), (
            f"{page}: a block of '$ …' commands is not fenced as ```console"
        )


def test_a_transcript_that_shows_another_output_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```console\n$ bezique diff rubicon rubicon\nno differences\n```\n"
        "```console\n$ bezique diff rubicon rubicon\n...\n```\n",
        encoding="utf-8",
    )
    wrong, wildcard = transcripts([page])
    assert not matches(shown_lines(wrong), run(wrong))
    assert matches(shown_lines(wildcard), run(wildcard))


def test_the_authoring_guide_counts_and_names_every_shipped_variant() -> None:
    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    section = _section(page, "### The nine variants")
    paragraph = section.split("\n\n")[1]
    stated = re.search(r"makes (\d+) shipped variants", paragraph.replace("\n", " "))
    assert stated, paragraph
    names = shipped_variant_names()
    assert int(stated[1]) == len(names)
    header = next(line for line in section.splitlines() if line.startswith("| key |"))
    listed = set(re.findall(r"`([a-z-]+)`", header + paragraph))
    assert set(names) <= listed, set(names) - listed


def test_the_readme_names_every_shipped_variant() -> None:
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    paragraph = readme[readme.index("`VARIANT` is a shipped name") :].split("\n\n")[0]
    named = set(re.findall(r"`([a-z-]+)`", paragraph))
    assert set(shipped_variant_names()) <= named, set(shipped_variant_names()) - named


def test_the_command_line_page_lists_every_sub_command_in_its_synopsis() -> None:
    from interpreter.cli.options import parser

    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    synopsis = page.split("```")[1]
    listed = [line.split()[1] for line in synopsis.splitlines() if line.startswith("bezique ")]
    commands = next(
        action.choices
        for action in parser()._actions
        if isinstance(action.choices, dict) and "simulate" in action.choices
    )
    assert sorted(listed) == sorted(commands)
    words = ["twelve", "thirteen", "fourteen", "fifteen", "sixteen"]
    stated = re.search(r"with the (\w+) sub-commands", page)
    assert stated and words.index(stated[1]) + 12 == len(commands)


def test_the_authoring_guides_three_slips_print_what_it_shows(tmp_path: Path) -> None:
    """The worked overlay with the guide's three slips (traget, "races", the ten as 10)."""
    page = (DOCS / "authoring.md").read_text(encoding="utf-8")
    section = page.split("## A worked overlay", 1)[1]
    overlay = section.split("```toml\n", 1)[1].split("```", 1)[0]
    slipped = overlay.replace("target = 2000", 'traget = 2000\nformat = "races"').replace(
        'of = "T"', 'of = "10"'
    )
    (tmp_path / "my-bezique.toml").write_text(slipped, encoding="utf-8")
    shown = section.split("```\n$ bezique check my-bezique.toml\n", 2)[2].split("```", 1)[0]
    run = bezique("check", "my-bezique.toml", cwd=tmp_path)
    assert run.returncode == 1
    assert run.stdout + run.stderr == shown
