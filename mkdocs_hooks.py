"""MkDocs glue, kept out of ``docs/`` so that it is not published as a file of the site.

It only adds what ``interpreter.rulebook.site.generated_site()`` gives — one rulebook page per
shipped variant, their overview and the comparison page — to the files and the navigation of
the build; the pages themselves are made in the package, so another site generator can add
them the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from interpreter.rulebook.site import GeneratedSite, generated_site

_site: GeneratedSite | None = None  # the pages of the current build


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    global _site
    # each build (``mkdocs serve`` rebuilds) reads the variants and their analytics again
    _site = generated_site(Path(config.docs_dir))
    config.nav = [*(config.nav or []), *_site.nav]
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    assert _site is not None, "on_config runs first"
    for path, content in _site.pages.items():
        files.append(File.generated(config, path, content=content))
    return files
