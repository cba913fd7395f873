"""A long run kept shard by shard (``simulate --shards-dir``): stopped, it resumes where it was
and gives the figures of a run never stopped; shards of another run or engine are not used."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import grimp
import pytest

from interpreter.cli import main
from interpreter.scale.stamp import NOT_PLAYED, engine_hash
from interpreter.scale.store import ShardStore

TIMINGS = re.compile(r'"(seconds|deals_per_second)": [0-9.]+')
RUN = ["simulate", "bezique", "--deals", "40", "--shard-deals", "5", "--seed", "4", "--json"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main([*RUN, *args])
    out, err = capsys.readouterr()
    return code, TIMINGS.sub(r'"\1": …', out), err


def interrupt_after(monkeypatch: pytest.MonkeyPatch, shards: int) -> None:
    """Ctrl-C once ``shards`` shards have been kept."""
    save = ShardStore.save
    kept = []

    def save_then_stop(self: ShardStore, index: int, summary: object, seconds: float) -> None:
        save(self, index, summary, seconds)
        kept.append(index)
        if len(kept) == shards:
            raise KeyboardInterrupt

    monkeypatch.setattr(ShardStore, "save", save_then_stop)


def test_a_run_stopped_resumes_with_the_figures_of_a_run_never_stopped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    whole = run(capsys)[1]
    folder = str(tmp_path / "shards")
    with monkeypatch.context() as patched:
        interrupt_after(patched, 3)
        code, out, err = run(capsys, "--shards-dir", folder, "--jobs", "2")
    assert (code, out) == (130, "") and "interrupted" in err
    assert len(list(Path(folder).glob("shard-*.pickle"))) == 3
    code, resumed, err = run(capsys, "--shards-dir", folder)
    assert code == 0 and resumed == whole
    assert f"resumed: 3 of 8 shards read from {folder}, 5 to play" in err
    # Run again, it plays nothing; made longer, it keeps the shards it has.
    assert run(capsys, "--shards-dir", folder)[1] == whole
    longer = [*RUN[:3], "50", *RUN[4:]]
    assert main([*longer, "--shards-dir", folder]) == 0
    assert "resumed: 8 of 10 shards" in capsys.readouterr().err


def test_a_folder_of_another_run_is_refused_before_anything_is_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "shards"
    assert run(capsys, "--shards-dir", str(folder))[0] == 0
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    code, out, err = run(capsys, "--shards-dir", str(folder), "--agents", "greedy")
    assert (code, out) == (2, "")
    assert err.startswith(f"bezique: --shards-dir: {folder} holds the shards of another run (")
    assert "(its agents ['random', 'greedy'], not ['greedy', 'greedy'])" in err
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_a_shard_of_another_engine_is_played_again_with_a_message(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    whole = run(capsys)[1]
    folder = tmp_path / "shards"
    run(capsys, "--shards-dir", str(folder))
    shard = folder / "shard-000002.pickle"
    kept = pickle.loads(shard.read_bytes())
    kept["stamp"]["engine"] = "sha256:" + "0" * 64
    kept["summary"].deals = 99  # figures that would show, were the shard used
    shard.write_bytes(pickle.dumps(kept))
    (folder / "shard-000003.pickle").write_bytes(b"half a shard")
    code, out, err = run(capsys, "--shards-dir", str(folder))
    assert code == 0 and out == whole
    mine = engine_hash()[: len("sha256:") + 16]
    assert (
        f"{shard}: played with another engine or variant (engine sha256:0000000000000000…, "
        f"not this command's {mine}…): played again"
    ) in err
    assert f"{folder / 'shard-000003.pickle'}: cannot be read" in err
    assert "resumed: 6 of 8 shards" in err
    assert json.loads(out.replace("…", "0"))["deals"] == 40


def test_no_module_left_out_of_the_engine_hash_is_imported_by_a_shard() -> None:
    """The engine's hash leaves out the command line, the web server and the like: no code a
    shard runs (the simulation's, the paired plans', every agent's) imports them."""
    graph = grimp.build_graph("interpreter", exclude_type_checking_imports=True, cache_dir=None)
    played = {"interpreter.scale", "interpreter.analytics.paired", "interpreter.agents"}
    roots = set()
    for root in played:
        roots |= {root} | graph.find_descendants(root) if root in graph.modules else {root}
    imported = set().union(*(graph.find_upstream_modules(root) for root in roots))
    left_out = {part.removesuffix(".py") for part in NOT_PLAYED}
    assert {module for module in imported if module.split(".")[1] in left_out} == set()
    assert "interpreter.engine.game" in imported  # the graph is the package's
