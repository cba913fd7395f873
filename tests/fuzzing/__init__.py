"""The variant fuzzer (issue 12): Hypothesis strategies that write variant files the schema
allows — the shipped variants mutated (:mod:`tests.fuzzing.mutations`) and whole documents
drawn from the project's JSON Schema (:mod:`tests.fuzzing.documents`) — and the judge that
loads each one and, when the loader accepts it, plays it (:mod:`tests.fuzzing.judge`).

The suite runs them on a small budget (``tests/test_fuzz_variants.py``); the long run is
``benchmarks/fuzz_variants.py``.
"""
