"""The record fuzzer with a large budget: corrupt valid game records and replay each one.

    python benchmarks/fuzz_records.py --records 20000 --seed 1 [--timeout 20]

Each record is a short game of a shipped variant played by the bots, corrupted by one to three
structured mutations (``tests/record_fuzz.py``: keys and actions deleted, repeated or swapped,
values of the wrong type, huge numbers, deep nesting, long dotted keys, truncation, random
bytes, the embedded variant edited and its hash written anew).  A replay must accept it — and
then replay the game it claims — or refuse it with ``file:line``; anything else (another
exception, a claim accepted that the game does not make, a replay that outlasts ``--timeout``
seconds) is a failure, printed with the mutations that led to it.  Prints the counts: records,
accepted, refused with a line, failures.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.record_fuzz import MUTATIONS, bases, verdict, write_mutant


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000, help="records to corrupt (1000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (0)")
    parser.add_argument("--timeout", type=int, default=20, help="seconds per replay (20)")
    parser.add_argument("--keep", type=Path, help="copy each failing record into this folder")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    originals = bases()
    counts: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    signal.signal(signal.SIGALRM, _alarm)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:  # a folder of its own: no variant beside
        for number in range(args.records):
            base = rng.choice(originals)
            mutant: str | bytes = base.text
            names = []
            for _ in range(rng.choice((1, 1, 1, 2, 3))):
                mutation = rng.choice(MUTATIONS)
                names.append(mutation.__name__)
                text = mutant if isinstance(mutant, str) else mutant.decode("utf-8", "replace")
                mutant = mutation(random.Random(rng.getrandbits(64)), text) if text else text
            path = write_mutant(Path(folder), mutant)
            signal.alarm(args.timeout)
            try:
                counts[verdict(path, base)] += 1
            except _Timeout:
                failures[f"timeout after {args.timeout} s"] += 1
                _report(number, base.name, names, "timeout", path, args.keep)
            except Exception as error:  # every other outcome is a failure, and is counted
                kind = f"{type(error).__name__}: {str(error)[:120]}"
                failures[kind] += 1
                _report(number, base.name, names, kind, path, args.keep)
            finally:
                signal.alarm(0)
    total = args.records
    print(
        f"records {total}, accepted {counts['accepted']}, refused with a line "
        f"{counts['refused']}, failures {sum(failures.values())} "
        f"({time.perf_counter() - started:.0f} s, seed {args.seed})"
    )
    for kind, count in failures.most_common():
        print(f"  {count} × {kind}")
    return 1 if failures else 0


def _report(
    number: int, base: str, names: list[str], kind: str, path: Path, keep: Path | None
) -> None:
    print(f"record {number} ({base}; {', '.join(names)}): {kind}", file=sys.stderr)
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"failure-{number}.toml").write_bytes(path.read_bytes())


if __name__ == "__main__":
    sys.exit(main())
