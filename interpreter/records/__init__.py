"""Game records: a TOML format for whole games, written while playing and replayed through the
engine with every action checked."""

from interpreter.model import variant_hash
from interpreter.records.format import (
    FORMAT,
    VERSION,
    Record,
    RecordError,
    parse,
    read,
    write,
)
from interpreter.records.replay import Recorder, record_variant, replay, replay_file

__all__ = [
    "FORMAT",
    "VERSION",
    "Record",
    "RecordError",
    "Recorder",
    "parse",
    "read",
    "record_variant",
    "replay",
    "replay_file",
    "variant_hash",
    "write",
]
