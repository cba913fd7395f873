"""The Dask backend (the ``dist`` extra) gives the JSON of ``--jobs``, on a local cluster; a
worker of another engine is refused, a shard that fails is played again."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster

from interpreter.cli import main
from interpreter.scale.cluster import QUIET_SCHEDULER
from interpreter.scale.stamp import engine_hash, short

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "agents"

TIMINGS = re.compile(r'"(seconds|deals_per_second)": [0-9.]+')


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A cluster of two worker threads in this process (Dask's in-process transport: no
    network port is opened)."""
    with LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        dashboard_address=None,
        scheduler_kwargs=QUIET_SCHEDULER,
    ) as cluster:
        yield cluster.scheduler_address


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["simulate", *args, "--json"]) == 0
    return TIMINGS.sub(r'"\1": …', capsys.readouterr().out)


@pytest.mark.parametrize(
    "args",
    [
        ("rubicon", "--deals", "40", "--shard-deals", "10"),
        ("bezique", "--deals", "60", "--shard-deals", "20", "--duplicate"),
    ],
    ids=["one-deal", "race-duplicate"],
)
def test_a_dask_cluster_gives_the_json_of_jobs(
    args: tuple[str, ...], scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    local = run_json(capsys, *args, "--seed", "3", "--jobs", "2")
    dask = run_json(capsys, *args, "--seed", "3", "--backend", "dask", "--scheduler", scheduler)
    assert dask == local
    assert json.loads(dask.replace("…", "0"))["deals"] >= 40


def test_analyze_on_dask_gives_the_analysis_of_one_process(
    scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["analyze", "rubicon", "--deals", "12", "--shard-deals", "4", "--json"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--backend", "dask", "--scheduler", scheduler]) == 0
    assert capsys.readouterr().out == alone


def test_analyze_takes_the_cluster_options_of_simulate(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A scheduler file and retries, as ``simulate`` takes them; TLS without a running
    cluster refused before anything is played."""
    written = tmp_path / "scheduler.json"
    written.write_text(json.dumps({"type": "Scheduler", "address": scheduler}))
    args = ["analyze", "rubicon", "--deals", "8", "--shard-deals", "4", "--json"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    dask = ["--backend", "dask", "--scheduler-file", str(written), "--retries", "1"]
    assert main([*args, *dask]) == 0
    assert capsys.readouterr().out == alone
    assert main([*args, "--backend", "dask", "--tls-ca-file", "ca.pem"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("bezique: --tls-ca-file is for a running cluster") and err.count("\n") == 1
    )


def test_a_scheduler_that_cannot_be_reached_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("interpreter.scale.cluster.CONNECT_SECONDS", 1)
    args = ["simulate", "rubicon", "--deals", "1", "--backend", "dask"]
    assert main([*args, "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: --scheduler: cannot reach a Dask scheduler at")
    assert err.count("\n") == 1


def test_a_scheduler_file_gives_the_json_of_an_address(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    written = tmp_path / "scheduler.json"
    written.write_text(json.dumps({"type": "Scheduler", "address": scheduler}))
    args = ("rubicon", "--deals", "10", "--shard-deals", "5", "--backend", "dask")
    by_file = run_json(capsys, *args, "--scheduler-file", str(written))
    assert by_file == run_json(capsys, *args, "--scheduler", scheduler)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scheduler-file", "nowhere.json"], "--scheduler-file: no file nowhere.json"),
        (["--tls-ca-file", "ca.pem"], "--tls-ca-file is for a running cluster"),
        (["--scheduler", "tls://127.0.0.1:1", "--tls-cert", "c.pem"], "needs both"),
        (
            ["--scheduler", "tls://127.0.0.1:1", "--tls-ca-file", "a", "--tls-cert", "b"],
            "no file a",
        ),
    ],
)
def test_cluster_options_that_cannot_work_are_refused_in_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    assert main(["simulate", "rubicon", "--deals", "1", "--backend", "dask", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: ") and message in err and err.count("\n") == 1


def test_a_shard_that_fails_on_a_worker_is_played_again(
    scheduler: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(FIXTURES))
    import failing_once  # type: ignore[import-not-found]

    args = (
        "rubicon",
        "--deals",
        "10",
        "--shard-deals",
        "5",
        "--agents",
        "failing_once:FailingOnce",
    )
    alone = run_json(capsys, *args)
    monkeypatch.setattr(failing_once, "FAILURES", 1)
    assert run_json(capsys, *args, "--backend", "dask", "--scheduler", scheduler) == alone
    monkeypatch.setattr(failing_once, "FAILURES", 1)
    dask = ["--backend", "dask", "--scheduler", scheduler, "--retries", "0"]
    assert main(["simulate", *args, *dask]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: shard ") and "failed on the Dask workers (1 tries)" in err
    assert "OSError: no space left on the worker's disk" in err and err.count("\n") == 1


@pytest.fixture
def edited_worker(tmp_path: Path) -> Iterator[tuple[Any, str, str]]:
    """A cluster of two worker processes: one of this package, and one started apart from a
    copy of the package in which one rule is edited (the last trick scores double); the
    cluster, the edited worker's address, and its engine's hash."""
    copy = tmp_path / "edited"
    shutil.copytree(
        ROOT / "interpreter", copy / "interpreter", ignore=shutil.ignore_patterns("__pycache__")
    )
    scoring = copy / "interpreter" / "engine" / "scoring.py"
    rule = "last_points=variant.last_trick.points,"
    assert rule in scoring.read_text(encoding="utf-8")
    scoring.write_text(
        scoring.read_text(encoding="utf-8").replace(
            rule, "last_points=2 * variant.last_trick.points,"
        )
    )
    env = {**os.environ, "PYTHONPATH": str(copy)}
    told = subprocess.run(
        [
            sys.executable,
            "-c",
            "from interpreter.scale.stamp import engine_hash; print(engine_hash())",
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        scheduler_kwargs=QUIET_SCHEDULER,
    ) as cluster:
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "distributed.cli.dask_worker",
                cluster.scheduler_address,
                "--nthreads",
                "1",
                "--no-dashboard",
                "--name",
                "edited",
            ],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            with Client(cluster) as client:
                client.wait_for_workers(2, timeout=60)
                workers = client.scheduler_info()["workers"]
            edited = next(a for a, w in workers.items() if w["name"] == "edited")
            yield cluster, edited, told.stdout.strip()
        finally:
            worker.terminate()
            worker.wait(timeout=30)


def test_a_worker_of_another_engine_is_refused(
    edited_worker: tuple[Any, str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cluster, edited, theirs = edited_worker
    ours = engine_hash()
    assert theirs != ours
    args = ["simulate", "rubicon", "--deals", "20", "--shard-deals", "5", "--backend", "dask"]
    assert main([*args, "--scheduler", cluster.scheduler_address, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"bezique: the Dask worker {edited} runs another engine or variant (")
    assert f"engine {short(theirs)}, not this command's {short(ours)}" in err
    # A worker that joins once the run has started (here: the workers are not asked before
    # it, and the other one has left) is refused by its first shard.
    monkeypatch.setattr("interpreter.scale.cluster._check_workers", lambda client, plan: None)
    cluster.scale(0)
    assert main([*args, "--scheduler", cluster.scheduler_address, "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: shard 1 was played by the worker ")
    assert f"{edited} (Dask worker) with another engine" in err
    assert f"engine {short(theirs)}, not this command's {short(ours)}" in err
