"""The package's imports go one way: no module imports, even through others, a module that
imports it back, no package does, and the packages keep the layers below (the shared
design: the cards, the model, the loader, the engine, then what is built on the engine).

The import graph is read from the source by grimp (the library under import-linter): every
import statement, those inside functions included, except those under ``if TYPE_CHECKING:``,
which annotations alone need and which never run."""

from __future__ import annotations

from functools import cache

import grimp
import pytest

PACKAGE = "interpreter"

LAYERS = (
    grimp.Layer("cli"),
    grimp.Layer("web"),
    # Independent of each other: the terminal game, the rulebooks, the simulation's front and
    # the schema's documentation.
    grimp.Layer("play", "rulebook", "simulate", "schema_doc"),
    grimp.Layer("analytics", "adapters"),
    grimp.Layer("scale"),
    grimp.Layer("arena", "cli_records"),
    # The par differences of a person's deals, kept; puzzles found in deals.
    grimp.Layer("rating", "puzzles"),
    grimp.Layer("review"),  # a record's play weighed by the agents
    grimp.Layer("records"),
    grimp.Layer("agents", "authoring"),
    grimp.Layer("engine"),
    grimp.Layer("loader"),
    grimp.Layer("model"),
    grimp.Layer("cards", "lazy", "moments", "userdata", "wording"),
)
"""The layers, highest first: a layer imports only from the layers below it, and the parts
of one layer do not import each other."""


def _build(squash_packages: bool = False) -> grimp.ImportGraph:
    """The import graph of the package; with ``squash_packages``, each subpackage as one."""
    graph = grimp.build_graph(PACKAGE, exclude_type_checking_imports=True, cache_dir=None)
    if squash_packages:
        for module in sorted(graph.find_children(PACKAGE)):
            if graph.find_children(module):
                graph.squash_module(module)
    return graph


_graph = cache(_build)


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Each import of a module that the imported module leads back to, with the way back."""
    found = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module) - {module}):
            back = graph.find_shortest_chain(importer=imported, imported=module, as_packages=False)
            if back is not None:
                found.append([module, *back])
    return found


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    assert _cycles(_graph()) == []


def test_no_package_imports_a_package_that_imports_it_back() -> None:
    assert _cycles(_graph(squash_packages=True)) == []


def test_the_packages_keep_their_layers() -> None:
    illegal = _graph().find_illegal_dependencies_for_layers(layers=LAYERS, containers={PACKAGE})
    described = sorted(
        f"{dependency.importer} -> {dependency.imported}: "
        + "; ".join(str(route) for route in dependency.routes)
        for dependency in illegal
    )
    assert described == []


def test_every_part_of_the_package_has_a_layer() -> None:
    """A new package or top-level module must be placed in a layer (else the layers say
    nothing about it)."""
    placed = {f"{PACKAGE}.{tail}" for layer in LAYERS for tail in layer.module_tails}
    parts = _graph().find_children(PACKAGE)
    assert parts - placed == set()
    assert placed - parts == set()


@pytest.mark.parametrize("kind", ["module", "package"])
def test_a_cycle_is_found_when_one_is_added(kind: str) -> None:
    """The check can fail: an import back from the engine's rules to the game (module), or
    from the engine to the agents (package), is reported as a cycle."""
    graph = _build(squash_packages=kind == "package")
    if kind == "module":
        graph.add_import(importer="interpreter.engine.rules", imported="interpreter.engine.game")
    else:
        graph.add_import(importer="interpreter.engine", imported="interpreter.agents")
    assert _cycles(graph) != []
