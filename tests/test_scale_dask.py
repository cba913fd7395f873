"""The Dask backend (the ``dist`` extra) gives the JSON of ``--jobs``, on a local cluster."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from distributed import LocalCluster

from interpreter.cli import main

TIMINGS = re.compile(r'"(seconds|deals_per_second)": [0-9.]+')


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A cluster of two worker threads in this process (Dask's in-process transport: no
    network port is opened)."""
    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
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


def test_a_scheduler_that_cannot_be_reached_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("interpreter.scale.cluster.CONNECT_SECONDS", 1)
    args = ["simulate", "rubicon", "--deals", "1", "--backend", "dask"]
    assert main([*args, "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: --scheduler: cannot reach a Dask scheduler at")
    assert err.count("\n") == 1
