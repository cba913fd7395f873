"""Regenerate the golden files: ``python tests/golden/regenerate.py``.

The rulebook golden files catch unintended changes to the rendered pages; after an intended
change, regenerate them and review the diff."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.loader import load_variant, parent_variant, shipped_variant_names  # noqa: E402
from interpreter.rulebook import render  # noqa: E402


def main() -> None:
    out = Path(__file__).parent / "rulebook"
    out.mkdir(exist_ok=True)
    for name in shipped_variant_names():
        page = render(load_variant(name), parent=parent_variant(name))
        (out / f"{name}.md").write_text(page, encoding="utf-8")
        print(f"wrote {out / name}.md")
    from tests.golden.records import regenerate as records

    records()
    print("wrote the golden records")


if __name__ == "__main__":
    main()
