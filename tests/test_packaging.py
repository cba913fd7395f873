"""The built wheel carries the shipped variants, and a wheel install finds them."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_and_finds_the_shipped_variants(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "dist"),
        ],
        check=True,
        capture_output=True,
    )
    wheel = next((tmp_path / "dist").glob("bezique_interpreter-*.whl"))
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    assert "interpreter/_shipped_variants/bezique/combinations.toml" in names
    assert any(name.endswith(".dist-info/entry_points.txt") for name in names)
    # PEP 561: a bot author's type checker reads the package's own annotations.
    assert "interpreter/py.typed" in names
    probe = (
        "import interpreter, json;"
        "from interpreter.loader import shipped_variants_dir, shipped_variant_names, load_variant;"
        "print(json.dumps([interpreter.__file__, str(shipped_variants_dir()),"
        " shipped_variant_names(), load_variant('bezique').title]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
    ).stdout
    import json

    module_file, variants_dir, names_found, title = json.loads(out)
    assert module_file.startswith(str(site))
    assert variants_dir.startswith(str(site))
    assert "bezique" in names_found and title == "Bézique (two-pack)"
