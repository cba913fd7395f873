"""The record fuzzer, on a small budget (``benchmarks/fuzz_records.py`` runs it long): valid
records corrupted by structured mutations are either replayed as the game they claim, or
refused with ``file:line`` — never another exception."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.record_fuzz import MUTATIONS, RECIPES, Mutation, bases, verdict, write_mutant


def test_the_valid_records_replay() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for base in bases():
            assert verdict(write_mutant(Path(folder), base.text), base) == "accepted"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.integers(0, len(RECIPES) - 1),
    mutations=st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3),
    rng=st.randoms(use_true_random=False),
)
def test_a_corrupted_record_is_replayed_as_it_claims_or_refused_at_a_line(
    base: int, mutations: list[Mutation], rng: random.Random
) -> None:
    original = bases()[base]
    mutant: str | bytes = original.text
    for mutation in mutations:
        text = mutant if isinstance(mutant, str) else mutant.decode("utf-8", "replace")
        mutant = mutation(rng, text) if text else text
    with tempfile.TemporaryDirectory() as folder:
        verdict(write_mutant(Path(folder), mutant), original)  # raises on a failure


def test_the_long_run_script_counts_its_records() -> None:
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_records.py"
    run = subprocess.run(
        [sys.executable, str(script), "--records", "12", "--seed", "3"],
        capture_output=True,
        text=True,
        check=False,
        cwd=script.parents[1],
    )
    assert run.returncode == 0, run.stderr
    found = re.match(
        r"records 12, accepted (\d+), refused with a line (\d+), failures 0 ", run.stdout
    )
    assert found and int(found[1]) + int(found[2]) == 12
