"""The ``bezique`` commands that write and replay game records (printing only)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from interpreter.loader import load_variant
from interpreter.model import Variant
from interpreter.records import Record, replay_file, write


def record_writer(directory: str, name: str) -> Callable[[Record], None]:
    """Write each record handed over into ``directory`` as ``NAME-SEED.toml``; the next
    records of the same seed (duplicate play deals each seed once per seating) as
    ``NAME-SEED-2.toml``, ``NAME-SEED-3.toml`` and so on (they come one after another)."""
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"cannot create {folder}: {error.strerror or error}") from None
    last = [-1, 0]  # the seed of the last record written, and how many of it in a row

    def save(record: Record) -> None:
        last[:] = [record.seed, last[1] + 1 if record.seed == last[0] else 1]
        again = f"-{last[1]}" if last[1] > 1 else ""
        path = folder / f"{name}-{record.seed}{again}.toml"
        path.write_text(write(record), encoding="utf-8")

    return save


Tricks = Callable[[Record, Variant], Iterable[str]]
"""What ``replay --tricks`` prints of a record, trick by trick (interpreter.play.tricks)."""


def replay_command(
    path: str, *, as_json: bool, trust_paths: bool = False, tricks: Tricks | None = None
) -> int:
    # A variant file the record names is read as untrusted too (docs/security.md), unless
    # the user trusts the record's paths.
    record, game = replay_file(
        path, partial(load_variant, trusted=trust_paths), trust_paths=trust_paths
    )
    outcome = game.outcome
    results = game.deal_results
    totals = [0] * game.rules.players
    if as_json:
        data: dict[str, object] = {
            "variant": record.variant,
            "seats": record.seats,
            "actions": len(record.actions),
            "deals": len(results),
            "finished": outcome is not None,
            "scores": list(game.scores),
            "winner": None if outcome is None else outcome.winner,
            "digest_checked": record.actions_digest is not None,
        }
        if outcome is not None and outcome.settlement is not None:
            data["value"] = outcome.settlement.value
            data["rubiconed"] = outcome.settlement.rubiconed
        print(json.dumps(data, ensure_ascii=False))
        return 0
    digest = "the digest matches" if record.actions_digest else "no digest to check them against"
    print(f"{path}: {record.variant}, {len(record.actions)} actions, every one legal; {digest}")
    if tricks is not None:
        for line in tricks(record, game.variant):
            print(line)
        print()
    for result in results:
        totals = [a + b for a, b in zip(totals, result.points, strict=True)]
        gains = ", ".join(
            f"p{s + 1}"
            + (f" ({record.seats[s]})" if s < len(record.seats) else "")
            + f" +{p} ({t})"
            for s, (p, t) in enumerate(zip(result.points, totals, strict=True))
        )
        print(f"deal {result.deal}: {gains}")
    if outcome is None:
        print(f"unfinished: scores {list(game.scores)}")
    else:
        print(f"result: {outcome}")
    return 0


def review_command(
    path: str, *, seat: int, as_json: bool, par: bool = True, trust_paths: bool = False
) -> int:
    """``bezique review``: the record replayed and checked, then one seat's play weighed."""
    from interpreter.review import review

    record, game = replay_file(
        path, partial(load_variant, trusted=trust_paths), trust_paths=trust_paths
    )
    if not 1 <= seat <= game.rules.players:
        raise ValueError(f"--seat {seat}: this game has seats 1 to {game.rules.players}")
    result = review(record, game, seat - 1, par=par)
    if as_json:
        print(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        print("\n".join(result.lines()))
    return 0


def stats_command(player: str | None, db: str | None, *, as_json: bool) -> int:
    """``bezique stats``: a player's rating per variant, from the deals kept."""
    from interpreter.rating import RatingStore, table
    from interpreter.userdata import default_db, default_player

    where = Path(db) if db else default_db()
    who = player or default_player()
    if db and not where.is_file():
        raise ValueError(f"--db {db}: there is no such file")
    if not where.is_file():
        print(f"No deals rated yet ({where} does not exist): bezique play rates each deal.")
        return 0
    store = RatingStore(where)
    try:
        ratings = store.ratings(who)
        players = store.players()
    finally:
        store.close()
    if as_json:
        rows = [
            {
                "variant": r.variant_name,
                "variant_hash": r.variant_hash,
                "deals": r.deals,
                "mean": r.mean,
                "interval": None if r.interval is None else list(r.interval),
                "last_ten": r.last_ten,
                "trend_per_ten": r.trend,
            }
            for r in ratings
        ]
        print(json.dumps({"player": who, "db": str(where), "ratings": rows}, ensure_ascii=False))
        return 0
    if not ratings:
        others = f"; players rated there: {', '.join(players)}" if players else ""
        print(f"No rated deals of {who} in {where}{others}.")
        return 0
    print(f"Rating of {who}: the mean par difference, your margin less the expert's on")
    print("the same cards, per deal (0 plays as the expert does; above 0, better). Trend:")
    print("the change per 10 deals. By deals: the mean of each tenth of them, oldest first.")
    print("\n".join(table(ratings)))
    return 0
