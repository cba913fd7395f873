"""The rating a person's deals are kept for (issue 37): per player and per variant, the mean
par difference with its 95 % interval and trend, kept in SQLite as ``bezique play`` and
``bezique serve`` keep it, and printed by ``bezique stats``."""

from __future__ import annotations

import json
import sqlite3
from functools import partial
from pathlib import Path

import pytest

from interpreter.engine import Rules
from interpreter.rating import DealRating, Rating, RatingError, RatingStore, simulate, t95
from tests.support import bezique as run_bezique
from tests.support import shipped

ROOT = Path(__file__).resolve().parent.parent


bezique = partial(run_bezique, columns=80)


def test_thirty_deals_of_random_and_of_the_expert_are_told_apart(tmp_path: Path) -> None:
    """Simulated through the same store a person's deals go to: the two ratings' intervals do
    not overlap, the random player's below the expert's."""
    store = RatingStore(tmp_path / "ratings.sqlite")
    rules = Rules(shipped("schnapsen"))
    weak = simulate(store, "schnapsen", rules, ["random", "expert"], deals=30, seed=1)
    strong = simulate(store, "schnapsen", rules, ["expert", "expert"], deals=30, seed=1)
    assert weak.deals == strong.deals == 30
    assert weak.interval is not None and strong.interval is not None
    assert weak.interval[1] < strong.interval[0], (weak.interval, strong.interval)
    assert weak.mean < -10 and store.players() == ["expert", "random"]


def deal(par: float, *, game: str = "g", key: str = "sha256:a", rated: bool = True) -> DealRating:
    return DealRating("ann", "rubicon", key, game, 1, 0, par, 0.0, rated)


def test_a_game_with_an_undo_is_kept_but_not_rated(tmp_path: Path) -> None:
    store = RatingStore(tmp_path / "r.sqlite")
    store.add(deal(10, game="honest"))
    store.add(deal(-50, game="practice"))
    store.add(deal(-70, game="practice", rated=False))
    assert store.ratings("ann")[0].pars == (10, -50)
    store.unrate("practice")  # a move was taken back after its first deal
    (rating,) = store.ratings("ann")
    assert rating.pars == (10,) and rating.interval is None


def test_a_house_rule_is_rated_apart_from_the_variant_it_extends(tmp_path: Path) -> None:
    store = RatingStore(tmp_path / "r.sqlite")
    for par in (1, 2, 3):
        store.add(deal(par, key="sha256:shipped"))
    store.add(deal(-4, key="sha256:house"))
    ratings = store.ratings("ann")
    assert [(r.variant_hash, r.deals) for r in ratings] == [
        ("sha256:shipped", 3),
        ("sha256:house", 1),
    ]


def test_the_interval_and_the_trend_are_the_textbooks() -> None:
    assert t95(1) == pytest.approx(12.706) and t95(10) == pytest.approx(2.228, abs=0.005)
    assert t95(29) == pytest.approx(2.045, abs=0.003) and t95(1000) == pytest.approx(1.962, 1e-3)
    improving = Rating("ann", "bezique", "sha256:a", tuple(float(i) for i in range(20)))
    assert improving.trend == pytest.approx(10.0)  # a point a deal: ten per ten deals
    assert improving.last_ten == pytest.approx(14.5) and improving.sparkline()[0] == "▁"
    assert improving.sparkline()[-1] == "█" and Rating("a", "b", "c", (1.0,) * 9).trend is None


def test_a_file_that_is_not_a_store_or_is_newer_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(RatingError, match=r"junk\.sqlite: not a store of ratings"):
        RatingStore(junk)
    newer = tmp_path / "newer.sqlite"
    RatingStore(newer).close()
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'ratings_version'")
    with pytest.raises(RatingError, match="written by a newer version"):
        RatingStore(newer)


def test_the_ratings_live_beside_the_servers_tables(tmp_path: Path) -> None:
    """One SQLite file holds both: the tables' store and the ratings each keep their own."""
    from interpreter.web.store import SqliteStore

    where = tmp_path / "tables.sqlite"
    SqliteStore(where).close()
    store = RatingStore(where)
    store.add(deal(5))
    store.close()
    SqliteStore(where).close()  # the server opens it again, and reads its own schema
    assert RatingStore(where).ratings("ann")[0].pars == (5,)


def test_a_deal_played_in_the_terminal_is_rated_and_stats_prints_it() -> None:
    assert "No deals rated yet" in bezique("stats", "--player", "ann").stdout
    played = bezique(
        "play", "schnapsen-platform", "--seed", "4", "--player", "ann", answers=["1"] * 60
    )
    assert played.returncode == 0, played.stderr
    said = played.stdout[played.stdout.index("par: ") :]
    assert "Your rating in schnapsen-platform: " in said and "over 1 deal;" in said
    stats = bezique("stats", "--player", "ann")
    lines = stats.stdout.splitlines()
    assert lines[0].startswith("Rating of ann: the mean par difference")
    assert lines[3].split()[:2] == ["variant", "deals"]
    row = lines[4].split()
    assert row[:2] == ["schnapsen-platform", "1"] and "—" in row
    data = json.loads(bezique("stats", "--player", "ann", "--json").stdout)
    (rating,) = data["ratings"]
    assert rating["deals"] == 1 and rating["interval"] is None
    assert rating["variant_hash"].startswith("sha256:")
    assert all(len(line) <= 80 for line in lines)
    other = bezique("stats", "--player", "bob").stdout
    assert "No rated deals of bob" in other and "players rated there: ann" in other


def test_no_review_means_no_rating_and_a_missing_db_is_said() -> None:
    quiet = bezique(
        "play", "sixty-six", "--seed", "2", "--no-review", "--player", "c", answers=["1"] * 60
    )
    assert quiet.returncode == 0 and "rating" not in quiet.stdout
    assert "No deals rated yet" in bezique("stats", "--player", "c").stdout
    missing = bezique("stats", "--db", "nowhere.sqlite")
    assert (
        missing.returncode != 0 and "--db nowhere.sqlite: there is no such file" in missing.stderr
    )
