"""Python byte-code instructions per deal of random bots through ``simulate``, per variant, with
the functions that execute the most of them.

Unlike a timing, the count is deterministic: the same checkout gives the same figure on any
machine, busy or not, so two checkouts (or two commits) compare exactly.  It is taken with
``sys.settrace`` and ``f_trace_opcodes``, counting every instruction executed in Python code
(the C code of built-ins counts as the one instruction that calls it), over seeded deals after a
warm-up game (so that one-off work such as compiling the variant's tables is left out).  The
tracing makes the run some fifty times slower than an untraced one.

    python benchmarks/instructions.py [--deals 20] [--top 15] [--variants bezique,rubicon]
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections import Counter
from types import FrameType
from typing import Any

DEFAULT = (
    "bezique,rubicon,three-handed,four-handed-partners,polish,chinese,eight-pack,haitian,turkish"
)


def count(name: str, deals: int, seed: int = 7) -> tuple[int, Counter[str]]:
    """Instructions per deal of ``deals`` deals of ``name``, and per function, per deal."""
    from interpreter.loader import load_variant
    from interpreter.simulate import simulate

    variant = load_variant(name)
    agents = ["random"] * variant.players.count
    # Warm-up: the same deals once untraced, so that every table and cache made on first use
    # (per variant, per trump, per hand) is made before counting, and two counts agree.
    simulate(variant, deals, seed=seed, agents=agents)
    per_function: Counter[str] = Counter()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        code = frame.f_code
        key = f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}"

        def local(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "opcode":
                per_function[key] += 1
            return local

        return local

    # The cycle collector runs whenever allocations say so, and any finalizer it calls (from
    # objects of earlier work in the process) would be counted: it waits until the count ends.
    gc.collect()
    collecting = gc.isenabled()
    gc.disable()
    before = sys.gettrace()
    sys.settrace(tracer)
    try:
        summary = simulate(variant, deals, seed=seed, agents=agents)
    finally:
        sys.settrace(before)
        if collecting:
            gc.enable()
    played = summary.deals
    per_deal = Counter({key: n // played for key, n in per_function.items()})
    return sum(per_function.values()) // played, per_deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--top", type=int, default=12, help="functions shown per variant")
    parser.add_argument("--variants", default=DEFAULT)
    args = parser.parse_args()
    for name in args.variants.split(","):
        per_deal, per_function = count(name, args.deals, args.seed)
        print(f"{name}: {per_deal:,} instructions per deal ({args.deals} deals)", flush=True)
        for key, n in per_function.most_common(args.top):
            print(f"  {n:9,d} {100 * n / per_deal:5.1f} %  {key}")


if __name__ == "__main__":
    main()
