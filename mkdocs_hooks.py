"""MkDocs glue, kept out of ``docs/`` so that it is not published as a file of the site.

It only adds what ``interpreter.rulebook.site.generated_site()`` gives — one rulebook page per
shipped variant, their overview and the comparison page — to the files and the navigation of
the build; the pages themselves are made in the package, so another site generator can add
them the same way.

The Play page (``docs/play.md``) gets the browser game's front-end beside it (``play/``) and,
after the build, the engine (``play/engine/``: Pyodide and the wheels, downloaded once into a
cache; see ``interpreter.web.bundle``).  When the engine cannot be bundled (offline with an
empty cache, no ``npm``), the build still succeeds: it says why on standard error, and the Play
page says that the engine was not bundled.  ``BEZIQUE_SITE_ENGINE=0`` skips it on purpose."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from properdocs.config.defaults import ProperDocsConfig
from properdocs.structure.files import File, Files

from interpreter.rulebook.site import GeneratedSite, generated_site
from interpreter.web.bundle import ENGINE, front_end, site_engine

PLAY = "play"  # the folder of the Play page, its front-end and its engine

_site: GeneratedSite | None = None  # the pages of the current build


def on_config(config: ProperDocsConfig, **kwargs: Any) -> ProperDocsConfig:
    global _site
    # each build (``mkdocs serve`` rebuilds) reads the variants and their analytics again
    _site = generated_site(Path(config.docs_dir))
    config.nav = [*(config.nav or []), *_site.nav]
    return config


def on_files(files: Files, config: ProperDocsConfig, **kwargs: Any) -> Files:
    assert _site is not None, "on_config runs first"
    for path, content in _site.pages.items():
        files.append(File.generated(config, path, content=content))
    for name, data in front_end().items():
        files.append(File.generated(config, f"{PLAY}/{name}", content=data))
    return files


def on_post_build(config: ProperDocsConfig, **kwargs: Any) -> None:
    reason = site_engine(Path(config.site_dir) / PLAY / "engine")
    if reason is not None and not reason.startswith(f"{ENGINE}=0"):
        print(
            f"The engine was not bundled into the site's Play page: {reason}. The page says "
            "so; build again with the registries reachable to bundle it.",
            file=sys.stderr,
        )
