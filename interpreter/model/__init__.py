"""The variant schema: pydantic models, frozen and strict, one file per concern."""

from interpreter.model.combinations import (
    Bezique,
    BeziqueCards,
    BeziquePair,
    Combination,
    SameRank,
    SameSuit,
    SuitFilter,
)
from interpreter.model.serial import variant_data, variant_from_data, variant_hash
from interpreter.model.variant import SCHEMA_VERSION, Variant

__all__ = [
    "SCHEMA_VERSION",
    "Bezique",
    "BeziqueCards",
    "BeziquePair",
    "Combination",
    "SameRank",
    "SameSuit",
    "SuitFilter",
    "Variant",
    "variant_data",
    "variant_from_data",
    "variant_hash",
]
