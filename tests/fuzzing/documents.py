"""Whole variant documents drawn from the project's JSON Schema: ``name``, ``title`` (the
required keys) and ``combinations`` (without which a race game is refused), then any of the
other tables, each with any of its keys, every value one the schema allows
(:mod:`tests.fuzzing.values`).  A key left out takes its default, so a sparse document is a
variant close to the two-pack game, and a full one is a stranger."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.fuzzing import values as v
from tests.fuzzing.changes import Case

_ALWAYS = ("name", "title", "combinations")
_LEFT_OUT = ("extends",)  # a whole document names no other file


@st.composite
def schema_documents(draw: st.DrawFn) -> Case:
    """A whole variant document drawn from the JSON Schema."""
    properties: dict[str, v.Node] = v.schema()["properties"]
    others = sorted(k for k in properties if k not in _ALWAYS + _LEFT_OUT)
    chosen = draw(st.lists(st.sampled_from(others), unique=True, max_size=len(others)))
    doc = {
        key: draw(v.values(properties[key], "Variant", key)) for key in [*_ALWAYS, *sorted(chosen)]
    }
    return Case(None, (), doc, "schema")
