"""Simulation in shards: the figures depend on the seed (and the shard size) only, never on
how many processes play them; summaries merge exactly and do not grow with the deals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.cli.options import SHARD_DEALS as OPTION_SHARD_DEALS
from interpreter.loader import load_variant
from interpreter.scale.shards import SHARD_DEALS, Plan, run_shard, shard_budgets
from interpreter.simulate import simulate

TIMINGS = re.compile(r'"(seconds|deals_per_second)": [0-9.]+')


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["simulate", *args, "--json"]) == 0
    return TIMINGS.sub(r'"\1": …', capsys.readouterr().out)


@pytest.mark.parametrize(
    "args",
    [
        ("rubicon", "--deals", "60", "--shard-deals", "20"),  # one-deal games
        ("bezique", "--deals", "150", "--shard-deals", "50"),  # a race, cut by whole games
        ("bezique", "--deals", "40", "--shard-deals", "20", "--duplicate"),
    ],
    ids=["one-deal", "race", "race-duplicate"],
)
def test_two_jobs_give_the_json_of_one(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    one = run_json(capsys, *args, "--seed", "5", "--jobs", "1")
    two = run_json(capsys, *args, "--seed", "5", "--jobs", "2")
    assert one == two
    data = json.loads(one.replace("…", "0"))
    assert data["deals"] >= int(args[2])
    assert json.loads(run_json(capsys, *args, "--seed", "6").replace("…", "0")) != data


def test_a_shard_depends_on_the_seed_and_its_index_only() -> None:
    variant = load_variant("bezique")
    short = Plan(variant, 60, 9, ("random", "greedy"), shard_deals=30)
    long = Plan(variant, 90, 9, ("random", "greedy"), shard_deals=30)
    assert run_shard(short, 1) == run_shard(long, 1)
    assert run_shard(long, 1) != run_shard(long, 2)
    assert list(shard_budgets(70, 30)) == [30, 30, 10]


def test_shards_merged_in_any_order_give_the_same_summary() -> None:
    variant = load_variant("rubicon")
    plan = Plan(variant, 30, 2, ("greedy", "random"), shard_deals=10, detail=True)
    forward, backward = plan.empty(), plan.empty()
    shards = [run_shard(plan, index) for index in range(plan.shards)]
    for shard in shards:
        forward.merge(shard)
    for shard in reversed(shards):
        backward.merge(shard)
    assert forward == backward
    whole = simulate(variant, 30, seed=2, agents=["greedy", "random"], shard_deals=10, detail=True)
    whole.seconds = forward.seconds
    assert whole == forward


def test_a_paired_analysis_on_two_jobs_is_that_of_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``analyze --vs`` plays both variants shard by shard side by side: on two workers the
    shards' pairs add up to the same JSON."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "bezique"\nname = "house"\ntitle = "House"\n')
    args = ["analyze", "bezique", "--vs", str(house), "--deals", "60", "--shard-deals", "20"]
    outputs = []
    for jobs in ("1", "2"):
        assert main([*args, "--json", "--jobs", jobs]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    rows = json.loads(outputs[0])["differences"]
    assert any(row["interval"] == "paired" for row in rows)


def test_only_summaries_of_one_run_merge() -> None:
    bezique = Plan(load_variant("bezique"), 10, 1, ("random", "random")).empty()
    rubicon = Plan(load_variant("rubicon"), 10, 1, ("random", "random")).empty()
    with pytest.raises(ValueError, match="same variant"):
        bezique.merge(rubicon)


def test_records_written_by_workers_are_those_of_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = {}
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        args = ["rubicon", "--deals", "6", "--shard-deals", "3", "--record", str(folder)]
        run_json(capsys, *args, "--jobs", jobs)
        written[jobs] = {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()}
    assert len(written["1"]) == 6 and written["1"] == written["2"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scheduler", "tcp://127.0.0.1:1"], "give --backend dask too"),
        (["--backend", "dask", "--record", "out"], "cannot be used with --backend dask"),
    ],
)
def test_options_that_do_not_go_together_are_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    assert main(["simulate", "bezique", "--deals", "2", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: ") and message in err
    assert not any(here.iterdir())  # nothing written


def test_the_options_default_shard_size_is_the_engines() -> None:
    assert OPTION_SHARD_DEALS == SHARD_DEALS


def test_a_shard_leaves_the_cycle_collector_as_it_found_it() -> None:
    import gc

    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    plan = Plan(load_variant("rubicon"), 2, 1, ("random", "random"))
    plan.run(0, on_deal=lambda: seen.append(gc.get_threshold()))
    assert gc.get_threshold() == before
    assert seen and seen[0][0] >= 20_000  # collected less often while the shard played
