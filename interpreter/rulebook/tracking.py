"""Read a variant through a proxy that records every field read, so a test can prove that the
rulebook says something about every rule of the model."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Tracked:
    """Wraps a model (or a tuple of models); attribute reads are logged as dotted paths, with
    ``[]`` for the items of a tuple (``combinations[].points``)."""

    __slots__ = ("_log", "_model", "_path")

    def __init__(self, model: Any, log: set[str] | None = None, path: str = "") -> None:
        object.__setattr__(self, "_model", model)
        object.__setattr__(self, "_log", set() if log is None else log)
        object.__setattr__(self, "_path", path)

    def __getattr__(self, name: str) -> Any:
        model = object.__getattribute__(self, "_model")
        log: set[str] = object.__getattribute__(self, "_log")
        base: str = object.__getattribute__(self, "_path")
        value = getattr(model, name)
        if isinstance(model, BaseModel) and name in type(model).model_fields:
            field = type(model).model_fields[name]
            key = field.alias or name
            path = f"{base}.{key}" if base else key
            log.add(path)
            return _wrap(value, log, path)
        return value

    def __iter__(self) -> Any:
        model = object.__getattribute__(self, "_model")
        log = object.__getattribute__(self, "_log")
        base = object.__getattribute__(self, "_path")
        return iter([_wrap(item, log, base + "[]") for item in model])

    def __len__(self) -> int:
        return len(object.__getattribute__(self, "_model"))

    def __bool__(self) -> bool:
        return bool(object.__getattribute__(self, "_model"))

    @property
    def fields_read(self) -> set[str]:
        return set(object.__getattribute__(self, "_log"))

    @property
    def unwrapped(self) -> Any:
        return object.__getattribute__(self, "_model")


def _wrap(value: Any, log: set[str], path: str) -> Any:
    if isinstance(value, BaseModel):
        return Tracked(value, log, path)
    if isinstance(value, tuple) and value and isinstance(value[0], BaseModel):
        return Tracked(value, log, path)
    return value


def leaf_fields(model: type[BaseModel], prefix: str = "") -> set[str]:
    """Every field path of a model class, tables included, ``source``/``note`` excluded."""
    import types
    from typing import Union, get_args, get_origin

    paths: set[str] = set()
    for name, field in model.model_fields.items():
        key = field.alias or name
        if key in ("source", "note"):
            continue
        path = f"{prefix}{key}"
        paths.add(path)
        candidates = [field.annotation]
        inner: list[Any] = []
        while candidates:
            annotation = candidates.pop()
            origin = get_origin(annotation)
            if origin in (Union, types.UnionType, tuple) or getattr(
                annotation, "__metadata__", None
            ):
                candidates.extend(a for a in get_args(annotation) if a is not Ellipsis)
            elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
                inner.append(annotation)
        is_list = get_origin(field.annotation) is tuple
        for sub in inner:
            paths |= leaf_fields(sub, f"{path}[]." if is_list else f"{path}.")
    return paths
