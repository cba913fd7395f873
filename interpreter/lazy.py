"""Names of a package imported on first use, so that a command imports only what it needs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def names_on_first_use(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: a name of ``homes`` is imported from its
    submodule when first asked for, then kept in the package's ``namespace``."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return __getattr__
