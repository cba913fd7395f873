"""Tools for house-rule authors: what two variants do differently (:func:`differences`), a
commented starter overlay (:func:`starter_overlay`), and the JSON Schema of variant files for
editors (:func:`json_schema`).

Everything here reads the pydantic models of :mod:`interpreter.model`: the labels of a change
are the fields' descriptions, and the JSON Schema is the models' own, adjusted to what the
loader accepts (``extends``, ``false`` for a removed table).
"""

from interpreter.authoring.changes import Change, describe_change, differences, report
from interpreter.authoring.schema import json_schema
from interpreter.authoring.starter import starter_overlay

__all__ = [
    "Change",
    "describe_change",
    "differences",
    "json_schema",
    "report",
    "starter_overlay",
]
