"""A bounded load test of the tables on loopback: ``--tables`` two-person tables on
``bezique serve``, each seat a simulated client on a live WebSocket that moves (over HTTP) as
soon as the view it is sent says it may (or after ``--think`` seconds on average, as a person
would).  It reports moves per second, the time from a move sent to the other seat's update
(p50, p95, p99), the errors, and the server's memory per table (its resident set before and
after the tables are made).

    python benchmarks/tables_load.py [--tables 200] [--moves 4000] [--seconds 120]
                                     [--think 0] [--db FILE | --db postgresql://…] [--servers 1]

The server is started here, on a free port, with its store in a temporary folder unless
``--db`` is given; the clients run in this process (asyncio, aiohttp).  With ``--servers N``
(PostgreSQL only) N server processes share the store, and each table's two seats connect to
two different processes, so every move reaches the other seat through the database's
NOTIFY.  Moves and thinking times are drawn at random (seeded), so a run is the same load
each time; the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Tally:
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    sent: dict[str, tuple[float, int]] = field(default_factory=dict)  # table -> when, who
    waits: int = 0  # moves sent again after a 429 (the seat's moves per second)
    stale: int = 0  # moves refused as out of turn: sent on a view overtaken in flight


def rss_kib(pid: int) -> int:
    """The resident set of process ``pid``, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start_server(db: str) -> tuple[subprocess.Popen[str], str]:
    command = [
        sys.executable, "-m", "interpreter.cli", "serve", "--port", "0", "--db", db,
        "--tables-per-address", "100000",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line.startswith("Serving"):
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, line.split(" at ", 1)[1].split()[0].removesuffix("/play")


async def post(
    http: aiohttp.ClientSession, url: str, body: Any, headers: dict[str, str], tally: Tally
) -> tuple[int, str]:
    """POST ``body``; a refusal for too many moves at once (429) is sent again a moment later,
    as a person's page would."""
    while True:
        async with http.post(url, json=body, headers=headers) as answer:
            if answer.status != 429:
                return answer.status, await answer.text()
        tally.waits += 1
        await asyncio.sleep(0.05)


async def seat(
    http: aiohttp.ClientSession,
    base: str,
    table: dict[str, Any],
    number: int,
    tally: Tally,
    budget: tuple[int, float],
    rng: random.Random,
    think: float,
) -> None:
    """One simulated person: live view in, a random legal move out whenever it may move."""
    token = table["seats"][number]["token"]
    table_id = table["table"]
    headers = {"authorization": f"Bearer {token}"}
    most, deadline = budget
    ws_url = base.replace("http", "ws", 1) + f"/api/tables/{table_id}/seats/{number}/live"
    async with http.ws_connect(ws_url) as live:
        await live.send_str(token)
        seen = 0  # the log's size in the answer to this seat's last move
        async for message in live:
            view = message.json()
            sent = tally.sent.get(table_id)
            if sent is not None and sent[1] != number:  # the other seat's update
                tally.latencies.append(time.perf_counter() - sent[0])
                del tally.sent[table_id]
            if view["over"] or tally.moves >= most or time.perf_counter() > deadline:
                return
            if view["log_size"] < seen:  # made before this seat's own last move
                continue
            if view["to_act"] != number or not view["moves"]:
                continue
            move = rng.choice(view["moves"])["move"]
            if think:  # a person's pace: half to one and a half times the mean
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            tally.sent[table_id] = (time.perf_counter(), number)
            url = f"{base}/api/tables/{table_id}/seats/{number}/moves"
            status, text = await post(http, url, {"move": move}, headers, tally)
            if status == 409 and "to move, not" in text:
                tally.stale += 1  # the next view says whose turn it is
                continue
            if status != 200:
                tally.errors.append(f"{status}: {text[:120]}")
                return
            seen = json.loads(text)["log_size"]
            tally.moves += 1


async def run(
    bases: list[str], pids: list[int], tables: int, budget: tuple[int, float], think: float
) -> dict[str, Any]:
    tally = Tally()
    moves, seconds = budget
    base = bases[0]
    rng = random.Random(1)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        before = sum(map(rss_kib, pids))
        made = []
        for _ in range(tables):
            body = {"variant": "bezique", "seats": ["person", "person"]}
            async with http.post(f"{base}/api/tables", json=body) as answer:
                made.append(await answer.json())
        after = sum(map(rss_kib, pids))
        start = time.perf_counter()
        until = (moves, start + seconds)
        playing = asyncio.gather(
            *(
                seat(
                    http,
                    bases[(t + n) % len(bases)],  # two processes per table, when there are two
                    table,
                    n,
                    tally,
                    until,
                    random.Random(rng.random()),
                    think,
                )
                for t, table in enumerate(made)
                for n in (0, 1)
            )
        )
        while not playing.done():  # the run ends for every table at once
            await asyncio.wait({playing}, timeout=0.2)
            if tally.moves >= moves or time.perf_counter() > start + seconds:
                playing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await playing
        elapsed = time.perf_counter() - start
    ms = sorted(1000 * x for x in tally.latencies) or [0.0]
    cut = statistics.quantiles(ms, n=100) if len(ms) > 1 else ms * 99
    return {
        "tables": tables,
        "servers": len(bases),
        "think_s": think,
        "moves": tally.moves,
        "seconds": round(elapsed, 1),
        "moves_per_second": round(tally.moves / elapsed, 1),
        "p50_ms": round(cut[49], 1),
        "p95_ms": round(cut[94], 1),
        "p99_ms": round(cut[98], 1),
        "stale_moves": tally.stale,
        "rate_waits": tally.waits,
        "errors": len(tally.errors),
        "first_error": tally.errors[0] if tally.errors else "",
        "kib_per_table": round((after - before) / tables, 1),
        "server_rss_mib": round(sum(map(rss_kib, pids)) / 1024, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=4000, help="stop after this many moves")
    parser.add_argument("--seconds", type=float, default=120.0, help="or after this long")
    parser.add_argument("--think", type=float, default=0.0, help="a person's mean seconds")
    parser.add_argument("--db", help="the store (default: a file in a temporary folder)")
    parser.add_argument("--servers", type=int, default=1, help="processes (PostgreSQL only)")
    args = parser.parse_args(argv)
    if args.servers > 1 and not (args.db or "").startswith("postgresql://"):
        parser.error("--servers above 1 needs a shared store: --db postgresql://…")
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "tables.sqlite")
        servers = [start_server(db) for _ in range(args.servers)]
        try:
            result = asyncio.run(
                run(
                    [base for _, base in servers],
                    [server.pid for server, _ in servers],
                    args.tables,
                    (args.moves, args.seconds),
                    args.think,
                )
            )
        finally:
            for server, _ in servers:
                server.kill()
                server.wait()
                if server.stdout is not None:
                    server.stdout.close()
    width = max(map(len, result))
    for key, value in result.items():
        print(f"{key:<{width}}  {value}")
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
