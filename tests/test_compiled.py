"""Which build of the engine is in use: the pure-Python package (the default, an editable
install) or the compiled one (``BEZIQUE_COMPILE=1 pip install .``, see hatch_build.py).

CI runs the suite in both.  In the pure install no compiled module may shadow a source file
(build artefacts left in the source tree would); against the compiled build, run with
``BEZIQUE_EXPECT_COMPILED=1`` from a folder without the sources, every module chosen in
pyproject.toml for compiling must be an extension module, and the others plain Python."""

from __future__ import annotations

import fnmatch
import os
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import interpreter
from interpreter.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("BEZIQUE_EXPECT_COMPILED") == "1"


def _hook_config() -> dict[str, list[str]]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config = tomllib.load(file)
    hook: dict[str, list[str]] = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"][
        "custom"
    ]
    return hook


def _modules() -> dict[Path, bool]:
    """Every source file of the package in use, and whether the build config compiles it."""
    hook = _hook_config()
    package = Path(interpreter.__file__).parent
    found: dict[Path, bool] = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package.parent).as_posix()
        chosen = any(fnmatch.fnmatch(relative, g) for g in hook["compile"])
        kept = any(fnmatch.fnmatch(relative, g) for g in hook["keep"])
        found[path] = chosen and not kept
    return found


def _has_extension(source: Path) -> bool:
    """Whether an extension module lies beside ``source`` (the import system prefers it)."""
    return any(source.with_name(source.stem + suffix).exists() for suffix in EXTENSION_SUFFIXES)


def test_the_build_in_use_is_the_one_expected() -> None:
    assert interpreter.compiled() is EXPECT_COMPILED


def test_each_module_is_compiled_exactly_when_the_build_config_says() -> None:
    modules = _modules()
    package = Path(interpreter.__file__).parent
    assert sum(modules.values()) >= 20  # the engine, the cards and the agents
    assert modules[package / "engine" / "state.py"]
    assert not modules[package / "engine" / "view.py"]
    assert not modules[package / "loader" / "load.py"]
    wrong = {
        str(path.relative_to(package)): _has_extension(path)
        for path, chosen in modules.items()
        if _has_extension(path) is not (chosen and EXPECT_COMPILED)
    }
    assert not wrong, f"compiled (True) or pure (False) against the build config: {wrong}"


def test_the_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("bezique-interpreter ")
    assert out.rstrip().endswith("compiled with mypyc" if EXPECT_COMPILED else "pure Python")
