"""Where the wall time of random deals through ``simulate`` goes, sampled: the functions (or
lines) that were running, with the share of the samples of each.

Unlike ``benchmarks/instructions.py``, which counts byte-code instructions (a call into C is one
instruction however long it runs), a sample lands wherever the time is, C included: the time of
a built-in call is charged to the line that made it.  This is what found, for instance, that a
hand's plays listed by a chain of ``map`` and a dictionary built in C took twice as long as a
plain loop.  The samples are taken by ``py-spy`` (``pip install py-spy``), which reads the
stacks of the process from outside, about a thousand times a second, without slowing it.

    python benchmarks/wall_profile.py [--variant bezique] [--deals 3000] [--lines] [--top 30]

Only the samples taken while deals are played count (not start-up, imports or the loading of
the variant).  The shares vary by a point or two from one run to the next.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

PLAYING = "play_shard"  # the frame under which deals are played (interpreter.scale.shards)

LOOP = """
import sys
from interpreter.loader import load_variant
from interpreter.simulate import simulate
variant = load_variant(sys.argv[1])
agents = ["random"] * variant.players.count
simulate(variant, 20, seed=1, agents=agents)  # warm-up: tables made on first use
simulate(variant, int(sys.argv[2]), seed=2, agents=agents)
"""


def sample(variant: str, deals: int, rate: int) -> Path:
    """Run the deals under py-spy; the path of its raw output (one stack a line, a count)."""
    spy = shutil.which("py-spy")
    if spy is None:
        sys.exit("wall_profile.py needs py-spy: pip install py-spy")
    out = Path(tempfile.mkdtemp(prefix="wall-profile-")) / "stacks.txt"
    command = [spy, "record", "-r", str(rate), "-f", "raw", "-o", str(out), "--"]
    command += [sys.executable, "-c", LOOP, variant, str(deals)]
    subprocess.run(command, check=True, capture_output=True)
    return out


def shares(raw: Path, *, lines: bool) -> tuple[int, Counter[str]]:
    """The samples taken while playing, and the count of each leaf function (or line)."""
    counts: Counter[str] = Counter()
    total = 0
    for row in raw.read_text(encoding="utf-8").splitlines():
        stack, _, number = row.rpartition(" ")
        if PLAYING not in stack:
            continue
        taken = int(number)
        total += taken
        leaf = stack.split(";")[-1]
        if not lines:
            leaf = re.sub(r":\d+\)$", ")", leaf)
        counts[leaf.replace(f"{Path.cwd()}/", "")] += taken
    return total, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="bezique")
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--rate", type=int, default=1000, help="samples a second")
    parser.add_argument("--lines", action="store_true", help="by line, not by function")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    total, counts = shares(sample(args.variant, args.deals, args.rate), lines=args.lines)
    if not total:
        sys.exit("no sample was taken while deals were played: try more --deals")
    print(f"{args.variant}: {total} samples while playing {args.deals} deals")
    for where, count in counts.most_common(args.top):
        print(f"{100 * count / total:6.1f} %  {where}")


if __name__ == "__main__":
    main()
