"""The engine vendored into the documentation site, for its Play page: ``python -m
interpreter.web.bundle DEST`` (the MkDocs hook runs it on every build, into ``play/engine/``).

What it writes, all at pinned versions checked against pinned SHA-256 digests:

- Pyodide (:data:`PYODIDE`, the npm package ``pyodide``, fetched with ``npm pack``): Python
  compiled to WebAssembly, with its standard library;
- the wheels the engine needs (:data:`WHEELS`, from PyPI with ``pip download``):
  pydantic-core's WebAssembly build for that Pyodide, and pure-Python pydantic, tomli-w, rich
  and what they import;
- the project's own wheel, built now from the source tree (``pip wheel``);
- ``manifest.json``: the Pyodide version and the wheels, which the page's Web Worker reads.

Downloads are kept in a cache (:func:`cache_dir`), so only the first build needs the
registries; the site then loads nothing from anywhere else.  When something cannot be had (no
network and no cache, no ``npm``, no source tree), :class:`NotBundled` says what and why, and
:func:`mark_unbundled` writes a manifest that makes the Play page say so.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PYODIDE = "314.0.7"
PYODIDE_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the page needs of the npm package (its console pages and type files are left out)."""

PLATFORM = ("pyemscripten_2026_0_wasm32", "3.14", "cp314")
"""The platform tag, Python version and ABI of that Pyodide (its ``pyodide-lock.json``)."""

WHEELS = {
    "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl": (
        "e6da138a1ecc1341c8b788a5ee822670b03788e1f5decf7af9d461de6e508b8e"
    ),
    "pydantic-2.14.3-py3-none-any.whl": (
        "3f7b347782ab7e4cf4c798496ae3a82787d9f21ec12676a9c564355eeef8daa8"
    ),
    "annotated_types-0.8.0-py3-none-any.whl": (
        "f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0"
    ),
    "typing_extensions-4.16.0-py3-none-any.whl": (
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"
    ),
    "typing_inspection-0.4.5-py3-none-any.whl": (
        "bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39"
    ),
    "tomli_w-1.2.0-py3-none-any.whl": (
        "188306098d013b691fcadc011abd66727d3c414c571bb01b1a174ba8c983cf90"
    ),
    "rich-15.0.0-py3-none-any.whl": (
        "33bd4ef74232fb73fe9279a257718407f169c09b78a87ad3d296f548e27de0bb"
    ),
    "pygments-2.21.0-py3-none-any.whl": (
        "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"
    ),
    "markdown_it_py-4.3.0-py3-none-any.whl": (
        "7aa1511a46c39138de78d9eba92ce47e63124d8003fc98b3a351909e04239efa"
    ),
    "mdurl-0.1.2-py3-none-any.whl": (
        "84008a41e51615a49fc9966191ff91509e3c40b939176e643fd50a5c2196b8f8"
    ),
}
"""Each wheel the engine imports in the browser, by file name, with its SHA-256."""

STATIC = Path(__file__).parent / "static"
SERVER_ONLY = frozenset({"play.html", "tables.html", "tables.js", "tables.css", "rulebook.js"})
"""The front-end's files that only ``bezique serve`` uses (the site's Play page is its own;
the tables with friends need the server)."""
MANIFEST = "manifest.json"
ENGINE = "BEZIQUE_SITE_ENGINE"
"""Set to ``0``, the site is built without the engine (quicker, for editing the pages)."""
CACHE = "BEZIQUE_CACHE"
"""The environment variable that names the download cache, if it is not the default."""
_FETCH_SECONDS = 600


class NotBundled(Exception):
    """The engine could not be bundled; the message says what was missing."""


def cache_dir() -> Path:
    """Where downloads are kept: ``$BEZIQUE_CACHE``, else ``bezique-interpreter`` in
    ``$XDG_CACHE_HOME`` or ``~/.cache``."""
    named = os.environ.get(CACHE)
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "bezique-interpreter"


def source_root() -> Path | None:
    """The source tree the package is imported from (a clone), or None (an installed wheel)."""
    root = Path(__file__).resolve().parents[2]
    found = (root / "pyproject.toml").is_file() and (root / "variants").is_dir()
    return root if found else None


def bundle(destination: Path, *, cache: Path | None = None, source: Path | None = None) -> Path:
    """Write the engine into ``destination`` (replaced); its manifest.  Raises
    :class:`NotBundled` saying why, leaving ``destination`` as it was."""
    cache = cache or cache_dir()
    source = source or source_root()
    if source is None:
        raise NotBundled(
            "the project's source tree is not found beside the installed package (build the "
            "site from a clone, where pip install -e . installs it)"
        )
    pyodide = _pyodide(cache)
    wheels = _wheels(cache)
    with tempfile.TemporaryDirectory(prefix="bezique-bundle-") as work:
        own = _own_wheel(source, Path(work))
        staging = Path(work) / "engine"
        staging.mkdir()
        for name in PYODIDE_FILES:
            shutil.copyfile(pyodide / name, staging / name)
        for wheel in [*wheels, own]:
            shutil.copyfile(wheel, staging / wheel.name)
        manifest = {
            "bundled": True,
            "pyodide": PYODIDE,
            "wheels": [wheel.name for wheel in [*wheels, own]],
            "licences": "Pyodide: MPL-2.0; the wheels: each its own, in its dist-info folder",
        }
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        if destination.exists():
            shutil.rmtree(destination)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(staging, destination)
    return destination / MANIFEST


def front_end() -> dict[str, bytes]:
    """The front-end's files for the site's Play page, by name (HTML, CSS, JavaScript)."""
    return {
        path.name: path.read_bytes()
        for path in sorted(STATIC.iterdir())
        if path.is_file() and path.name not in SERVER_ONLY
    }


def site_engine(destination: Path) -> str | None:
    """What the site's build does: the engine bundled into ``destination``, or, when it
    cannot be or is not wanted (``BEZIQUE_SITE_ENGINE=0``), a manifest saying so; the reason
    it was not bundled, or None."""
    if os.environ.get(ENGINE, "") == "0":
        reason = f"{ENGINE}=0 was set when the site was built"
    else:
        try:
            bundle(destination)
            return None
        except NotBundled as error:
            reason = str(error)
    mark_unbundled(destination, reason)
    return reason


def mark_unbundled(destination: Path, reason: str) -> None:
    """A manifest in ``destination`` that makes the Play page say the engine is not there,
    and why."""
    if destination.exists():
        shutil.rmtree(destination)
    destination.mkdir(parents=True)
    manifest = {"bundled": False, "reason": reason}
    (destination / MANIFEST).write_text(json.dumps(manifest) + "\n", encoding="utf-8")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _run(command: list[str], what: str, cwd: Path | None = None) -> None:
    """Run a registry client or a build; :class:`NotBundled` with its last words if it
    fails."""
    environ = {k: v for k, v in os.environ.items() if k != "BEZIQUE_COMPILE"}
    try:
        done = subprocess.run(
            command,
            cwd=cwd,
            env=environ,
            capture_output=True,
            text=True,
            timeout=_FETCH_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise NotBundled(f"{what} took more than {_FETCH_SECONDS} s") from None
    if done.returncode != 0:
        said = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        last = said[-1].strip() if said else f"exit status {done.returncode}"
        raise NotBundled(f"{what} failed: {last}")


def _pyodide(cache: Path) -> Path:
    """The folder of Pyodide's files in the cache, fetched with ``npm pack`` if need be."""
    folder = cache / f"pyodide-{PYODIDE}"
    if all((folder / name).is_file() for name in PYODIDE_FILES):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise NotBundled(
            f"npm is not installed, and it fetches the pyodide {PYODIDE} package "
            "(on Debian: sudo apt-get install npm)"
        )
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pyodide-", dir=cache) as work:
        place = Path(work)
        command = [npm, "pack", f"pyodide@{PYODIDE}", "--pack-destination", str(place)]
        _run([*command, "--silent"], f"npm pack pyodide@{PYODIDE}", cwd=place)
        packed = place / f"pyodide-{PYODIDE}.tgz"
        if not packed.is_file() or _sha256(packed) != PYODIDE_SHA256:
            raise NotBundled(f"the pyodide {PYODIDE} package is not the one pinned (SHA-256)")
        staging = place / "files"
        staging.mkdir()
        with tarfile.open(packed, "r:gz") as archive:
            for name in PYODIDE_FILES:
                member = archive.extractfile(f"package/{name}")
                if member is None:
                    raise NotBundled(f"the pyodide {PYODIDE} package has no {name}")
                (staging / name).write_bytes(member.read())
        if folder.exists():
            shutil.rmtree(folder)
        staging.rename(folder)
    return folder


def _wheels(cache: Path) -> list[Path]:
    """The pinned wheels in the cache, downloaded with ``pip download`` if need be."""
    folder = cache / "wheels"
    missing = [
        name
        for name, digest in WHEELS.items()
        if not (folder / name).is_file() or _sha256(folder / name) != digest
    ]
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="wheels-", dir=cache) as work:
            requirements = Path(work) / "requirements.txt"
            requirements.write_text(
                "".join(f"{_requirement(name)} --hash=sha256:{WHEELS[name]}\n" for name in missing),
                encoding="utf-8",
            )
            platform, python, abi = PLATFORM
            command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet"]
            command += ["--disable-pip-version-check", "--only-binary=:all:"]
            command += ["--platform", platform, "--python-version", python]
            command += ["--implementation", "cp", "--abi", abi, "--require-hashes"]
            command += ["-r", str(requirements), "-d", str(folder)]
            _run(command, "pip download of the engine's wheels")
    return [folder / name for name in WHEELS]


def _requirement(wheel: str) -> str:
    """``pydantic-2.14.3-py3-none-any.whl`` → ``pydantic==2.14.3``."""
    name, version = wheel.split("-")[:2]
    return f"{name}=={version}"


def _own_wheel(source: Path, work: Path) -> Path:
    """The project's wheel, built from ``source`` (pure Python: the compiled build is for
    this machine's CPU, not WebAssembly)."""
    out = work / "own"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet"]
    command += ["--disable-pip-version-check", "-w", str(out), str(source)]
    if importlib.util.find_spec("hatchling") is not None:
        command.append("--no-build-isolation")
    _run(command, "building the project's wheel (pip wheel)")
    built = sorted(out.glob("bezique_interpreter-*.whl"))
    if not built:
        raise NotBundled("building the project's wheel gave no wheel")
    return built[0]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m interpreter.web.bundle DEST", file=sys.stderr)
        return 2
    try:
        manifest = bundle(Path(args[0]))
    except NotBundled as error:
        print(f"the engine was not bundled: {error}", file=sys.stderr)
        return 1
    print(f"the engine is bundled in {manifest.parent} (Pyodide {PYODIDE})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
