"""``bezique diff``, ``new``, ``schema`` and ``rulebook``: the tools for house-rule authors."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from interpreter.cli.output import load_variant, write


def run(args: argparse.Namespace) -> int:
    handlers = {"diff": _diff, "new": _new, "schema": _schema, "rulebook": _rulebook}
    return handlers[args.command](args)


def _rulebook(args: argparse.Namespace) -> int:
    from interpreter.loader import parent_variant
    from interpreter.rulebook import render

    variant = load_variant(args.variant)
    called = None if args.variant == variant.name else args.variant  # a file: by its path
    page = render(variant, parent=parent_variant(args.variant), called=called)
    if args.output:
        write(Path(args.output), page)
        print(args.output)
    else:
        sys.stdout.write(page)
    return 0


def _diff(args: argparse.Namespace) -> int:
    from interpreter.authoring import differences, report

    changes = differences(load_variant(args.a), load_variant(args.b), include_sources=args.sources)
    print("\n".join(report(changes)))
    return 0


def _new(args: argparse.Namespace) -> int:
    from interpreter.authoring import starter_overlay

    path = Path(args.output or f"{args.name}.toml")
    if path.exists() and not args.force:
        raise ValueError(f"{path} already exists (--force overwrites it)")
    text = starter_overlay(args.name, args.extends, directory=path.parent)
    write(path, text)
    print(path)
    return 0


def _schema(args: argparse.Namespace) -> int:
    from interpreter.authoring import json_schema

    text = json.dumps(json_schema(overlay=args.overlay), indent=2, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    write(Path(args.output), text)
    print(args.output)
    return 0
