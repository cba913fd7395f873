"""The built wheel carries the shipped variants, and a wheel install finds them; its metadata
describes the project as a package index shows it; the extras install what the site's build and
the tests use, and the site's toolchain is pinned (constraints/docs.txt, docs/site-tool.md)."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest
import trove_classifiers
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
DOCS_LOCK = ROOT / "constraints" / "docs.txt"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once for the module."""
    dist = tmp_path_factory.mktemp("dist")
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
            str(dist),
        ],
        check=True,
        capture_output=True,
    )
    return next(dist.glob("bezique_interpreter-*.whl"))


def test_wheel_contains_and_finds_the_shipped_variants(wheel: Path, tmp_path: Path) -> None:
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


# -- what a package index shows ----------------------------------------------------------------


def _metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return Parser().parsestr(archive.read(name).decode("utf-8"))


def test_the_wheel_metadata_classifies_the_project_as_it_is(wheel: Path) -> None:
    metadata = _metadata(wheel)
    classifiers = metadata.get_all("Classifier") or []
    assert classifiers, "no trove classifiers: the index cannot list the project by topic"
    unknown = [c for c in classifiers if c not in trove_classifiers.classifiers]
    assert not unknown, unknown
    # Python versions: from the lowest Requires-Python allows, and none it refuses.
    requires = SpecifierSet(metadata["Requires-Python"])
    python = "Programming Language :: Python :: "
    versions = [c.removeprefix(python) for c in classifiers if c.startswith(python)]
    versions = [v for v in versions if re.fullmatch(r"3\.\d+", v)]  # not '3', '3 :: Only'
    lowest = min((v for v in requires if v.operator == ">="), key=lambda s: Version(s.version))
    assert lowest.version in versions, (lowest, versions)
    assert all(Version(v) in requires for v in versions), (requires, versions)
    # The licence is an SPDX expression (PEP 639), which no License classifier may repeat.
    assert metadata["License-Expression"] == "MIT"
    assert not [c for c in classifiers if c.startswith("License ::")], classifiers
    # Typed only if the wheel carries its annotations (PEP 561).
    with zipfile.ZipFile(wheel) as archive:
        typed = "interpreter/py.typed" in archive.namelist()
    assert ("Typing :: Typed" in classifiers) == typed
    # A version 0 is no stable release.
    (status,) = [c for c in classifiers if c.startswith("Development Status ::")]
    if Version(metadata["Version"]).major == 0:
        assert status.split(" :: ")[1][0] in "1234", status


def _extra(name: str) -> list[Requirement]:
    return [Requirement(line) for line in PROJECT["optional-dependencies"][name]]


def test_the_site_toolchain_is_pinned_within_the_bounds_of_the_docs_extra() -> None:
    pins: dict[str, Version] = {}
    for text in DOCS_LOCK.read_text(encoding="utf-8").splitlines():
        line = text.partition("#")[0].strip()
        if line:
            pin = Requirement(line)
            (specifier,) = pin.specifier
            assert specifier.operator == "==", f"{DOCS_LOCK.name}: not an exact pin: {line}"
            assert canonicalize_name(pin.name) not in pins, f"pinned twice: {line}"
            pins[canonicalize_name(pin.name)] = Version(specifier.version)
    wanted = [Requirement(line) for line in PROJECT["dependencies"]] + _extra("docs")
    problems = []
    for requirement in wanted:
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        pinned = pins.get(canonicalize_name(requirement.name))
        if pinned is None:
            problems.append(f"{requirement} is not pinned")
        elif pinned not in requirement.specifier:
            problems.append(f"{requirement.name}=={pinned} is outside {requirement}")
    assert not problems, f"refresh {DOCS_LOCK.relative_to(ROOT)} (its header says how):\n" + (
        "\n".join(problems)
    )


def test_the_sites_theme_comes_with_the_docs_extra() -> None:
    """`pip install -e '.[docs]'` installs the theme mkdocs.yml names."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    theme = config["theme"]["name"]
    providers = {
        canonicalize_name(entry.dist.name)
        for entry in importlib.metadata.entry_points(group="properdocs.themes", name=theme)
        if entry.dist is not None
    }
    assert providers, f"no installed package provides the theme {theme!r}"
    docs = {canonicalize_name(requirement.name) for requirement in _extra("docs")}
    assert providers & docs, (theme, providers, docs)


def test_the_test_extra_installs_the_http_client_of_starlettes_test_client() -> None:
    """Starlette's TestClient (tests/test_web_http.py) sends its requests through httpx2, and
    warns — an error under -W error — if it has only httpx."""
    import starlette.testclient

    client = vars(starlette.testclient)["httpx"]  # the module it imported as its client
    module = client.__name__.partition(".")[0]
    providers = importlib.metadata.packages_distributions().get(module, [])
    test = {canonicalize_name(requirement.name) for requirement in _extra("test")}
    assert {canonicalize_name(name) for name in providers} & test, (module, providers)
