"""The optional compiled build: ``BEZIQUE_COMPILE=1 pip install .`` compiles the engine with
mypyc (see "The compiled build" in docs/figures.md).

Without ``BEZIQUE_COMPILE`` this hook does nothing and asks for nothing, so the default build
stays pure Python and needs no C compiler.  With it, the modules listed under
``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml are compiled in a temporary
copy of the package, never in the source tree (compiled modules left there would shadow the
pure ones of an editable install), and the wheel carries the extension modules beside the
Python sources: the compiled ones are imported first.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "BEZIQUE_COMPILE"


def wanted() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() not in ("", "0", "false", "no")


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the compiled build needs besides hatchling: mypyc, setuptools to drive the C
        compiler, and the project's own dependencies (mypy reads their types)."""
        if not wanted():
            return []
        return [*self.config["compile-requires"], *self.metadata.core.dependencies]

    def modules(self) -> list[str]:
        """The files to compile, relative to the project root, in a fixed order."""
        root = Path(self.root)
        found = sorted(p.relative_to(root).as_posix() for p in (root / "interpreter").rglob("*.py"))
        chosen = [f for f in found if any(fnmatch.fnmatch(f, g) for g in self.config["compile"])]
        return [f for f in chosen if not any(fnmatch.fnmatch(f, g) for g in self.config["keep"])]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not wanted():
            return
        if version == "editable":
            raise RuntimeError(
                f"{SWITCH}=1: the compiled build cannot be an editable install; "
                f"run `{SWITCH}=1 pip install .` (without -e)"
            )
        work = Path(tempfile.mkdtemp(prefix="bezique-mypyc-"))
        self._work = work  # removed by finalize, once the wheel holds the extension modules
        try:
            built = self._compile(work)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def _compile(self, work: Path) -> list[Path]:
        """Compile the chosen modules in ``work``; the extension modules made."""
        # A copy of the package's Python files: mypy reads the modules that are not compiled
        # too, for their types.
        src = Path(self.root) / "interpreter"
        for path in src.rglob("*.py"):
            target = work / "interpreter" / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        modules = self.modules()
        options = ["--config-file", str(Path(self.root) / "pyproject.toml")]
        (work / "setup.py").write_text(
            "from setuptools import setup\n"
            "from mypyc.build import mypycify\n"
            f"setup(name='bezique-mypyc', ext_modules=mypycify({[*modules, *options]!r},"
            " opt_level='3', group_name='interpreter'))\n",
            encoding="utf-8",
        )
        self.app.display_info(f"mypyc: compiling {len(modules)} modules in {work}")
        done = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"],
            cwd=work,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"mypyc failed:\n{done.stdout}")
        built = sorted(
            p
            for p in work.rglob("*")
            if p.suffix in (".so", ".pyd") and "build" not in p.relative_to(work).parts
        )
        if len(built) != len(modules) + 1:  # one per module, and the shared library
            raise RuntimeError(f"mypyc: expected {len(modules) + 1} extension modules: {built}")
        return built

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
