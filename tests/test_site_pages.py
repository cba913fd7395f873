"""The pages the documentation site generates come from the package, without MkDocs.

``interpreter.rulebook.site.generated_site()`` is all a site generator needs: a rulebook page
per shipped variant (as ``render(..., site=True)`` makes it), their overview and the
comparison, and navigation entries that list each of them. The MkDocs hook only adds them,
and the built site is checked in ``tests/test_site.py``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from interpreter.loader import extends_of, load_variant, parent_variant, shipped_variant_names
from interpreter.rulebook import render
from interpreter.rulebook.site import COMPARISON, OVERVIEW, NavEntry, generated_site

ROOT = Path(__file__).resolve().parents[1]


def _nav_paths(entries: list[NavEntry]) -> list[str]:
    paths: list[str] = []
    for entry in entries:
        for target in entry.values():
            paths += [target] if isinstance(target, str) else _nav_paths(target)
    return paths


def test_every_shipped_variant_has_its_rulebook_page_as_the_rulebook_command_renders_it() -> None:
    pages = generated_site().pages
    names = shipped_variant_names()
    rulebooks = {path for path in pages if not path.startswith("puzzles/")}
    assert rulebooks == {f"variants/{name}.md" for name in names} | {OVERVIEW, COMPARISON}
    for name in names:
        variant = load_variant(name)
        parent = parent_variant(name)
        assert pages[f"variants/{name}.md"] == render(variant, parent=parent, site=True), name


def test_the_overview_links_every_variant_and_the_variant_it_extends() -> None:
    overview = generated_site().pages[OVERVIEW]
    for name in shipped_variant_names():
        row = next(
            line for line in overview.splitlines() if line.split(" | ")[0].endswith(f"({name}.md)")
        )
        parent = extends_of(name)
        title = load_variant(parent).title if parent else ""
        assert row.endswith(f"[{title}]({parent}.md) |" if parent else "| — |"), row


def test_the_navigation_lists_every_generated_page_once() -> None:
    site = generated_site()
    listed = _nav_paths(site.nav)
    assert sorted(listed) == sorted(site.pages)


def test_the_pages_are_generated_without_mkdocs() -> None:
    probe = (
        "import sys; from interpreter.rulebook.site import generated_site; "
        "site = generated_site(); "
        "loaded = {m.split('.')[0] for m in sys.modules}; "
        "rulebooks = [p for p in site.pages if not p.startswith('puzzles/')]; "
        "print(len(rulebooks), bool(loaded & {'mkdocs', 'properdocs', 'material'}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == [str(len(shipped_variant_names()) + 2), "False"]
