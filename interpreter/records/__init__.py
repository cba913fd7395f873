"""Game records: a TOML format for whole games, written while playing and replayed through the
engine with every action and every claim checked.  Records are untrusted input: read within
limits, every field checked, every refusal at its line."""

from interpreter.model import variant_hash
from interpreter.records.claims import actions_digest, result_of
from interpreter.records.format import FORMAT, VERSION, Record, split_action, write
from interpreter.records.parsing import parse, read
from interpreter.records.place import RecordError
from interpreter.records.reading import MAX_BYTES, MAX_DEPTH
from interpreter.records.recorder import Recorder
from interpreter.records.replay import replay, replay_file
from interpreter.records.variants import TRUST_FLAG, record_variant

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "TRUST_FLAG",
    "VERSION",
    "Record",
    "RecordError",
    "Recorder",
    "actions_digest",
    "parse",
    "read",
    "record_variant",
    "replay",
    "replay_file",
    "result_of",
    "split_action",
    "variant_hash",
    "write",
]
