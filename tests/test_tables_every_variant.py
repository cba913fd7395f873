"""Every shipped variant at a table of people only, through ``bezique serve`` as a real
process: a person in every seat (four at a partnership table), a live WebSocket for each seat
and one for an onlooker, and a whole deal played over HTTP (a whole game where the game is one
deal), each move chosen at random from the listed moves of the seat to act and posted with that
seat's token.  (Whole games of the variants of several deals would take minutes: some 37,000
moves in all, at most 20 a second for each seat by the server's rates; the first deals are
some 2,700, about 50 s on two cores.)

Every message, on every connection, and every HTTP answer is checked against what its seat may
know: it must be, to the byte, the message a local copy of the table makes (the same variant,
seed and moves, through :class:`~interpreter.web.session.WebGame`, the table's ``table`` part
written out here), and the whole views asked over HTTP every few moves must stay the same when
every card their seat has not seen is dealt again at random (``Game.resample``).  Besides: a
seat's hand and moves are those of its own ``PlayerView``, an onlooker is sent no hand, no move
and no card only a seat knows, no message names the seed before the game is over, and the
record (with the seed) is given once it is over and not before.  A missing, wrong or other
seat's token is refused (403, and 4403 for a live connection) and changes nothing: the views
before and after are equal, and no connection is sent anything in between."""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from interpreter.engine import EventKind, Game
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.web.session import ONLOOKER, PERSON, PRIVATE, WebGame
from tests.tables_server import answer, call, server

Json = dict[str, Any]
SAMPLE = 12
"""Every this many moves, every seat's view and the onlooker's are asked over HTTP too."""
NAMES = ("Ann", "Bob", "Cat", "Dan")
SECRETS = ("seed", "record", "history", "deck", "order")
"""Keys no message holds before the game is over (the record is asked for on its own)."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("serve")
    store = str(folder / "tables.sqlite")
    with server(folder, "--db", store, "--tables-per-address", "1000") as found:
        yield found


def plain(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples become lists)."""
    return json.loads(json.dumps(value))


def keys(value: Any) -> Iterator[str]:
    """Every key of every object in ``value``."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from keys(inner)


@dataclass
class Live:
    """One live connection: its seat (``ONLOOKER`` for the watch), what it was last sent (but
    the log) and how many of the log's lines it has been sent."""

    seat: int
    socket: ClientConnection
    sent: Json | None = None
    since: int = 0
    last: Json = field(default_factory=dict)


class Table:
    """A table of people at the server, and the same table made here (``copy``)."""

    def __init__(self, base: str, name: str, seed: int) -> None:
        self.base, self.name, self.seed = base, name, seed
        variant = load_variant(name)
        self.players = variant.players.count
        seats = [PERSON] * self.players
        made = call(base, "/api/tables", {"variant": name, "seats": seats, "seed": seed})
        assert "seed" not in made and len(made["seats"]) == self.players
        self.id: str = made["table"]
        self.tokens = {row["seat"]: row["token"] for row in made["seats"]}
        assert sorted(self.tokens) == list(range(self.players))
        self.copy = WebGame(
            Game.new(variant, seed=seed), seats, seed=seed, variant_name=name, embed=False
        )
        self.names = [PERSON] * self.players
        self.connected = [False] * self.players
        self.watchers = 0
        self.lives: list[Live] = []
        self.checked = 0  # messages and answers compared

    # -- what a seat should be sent ------------------------------------------------------------
    def about(self, seat: int | None) -> Json:
        """The ``table`` part of a message, written out from what this test did."""
        return {
            "id": self.id,
            "names": list(self.names),
            "people": [True] * self.players,
            "connected": list(self.connected),
            "watchers": self.watchers,
            "you": seat,
            "clock": {"seconds": None, "left": None, "stand_in": None},
        }

    def expected(self, seat: int, since: int = 0) -> Json:
        """The message to ``seat`` (``ONLOOKER``: the watch) now, with the log from ``since``."""
        copy = self.copy
        view = copy.public_view(since) if seat == ONLOOKER else copy.view(seat, since)
        found: Json = plain({**view, "table": self.about(None if seat == ONLOOKER else seat)})
        return found

    def check(self, seat: int, got: Json, since: int = 0) -> None:
        """``got``, sent to ``seat``, is what it should be, and holds nothing it may not."""
        want = self.expected(seat, since)
        assert got == want, self._difference(seat, got, want)
        game = self.copy.game
        if not game.is_over:
            assert not set(keys(got)) & set(SECRETS), set(keys(got)) & set(SECRETS)
            assert str(self.seed) not in json.dumps(got), "the seed before the game is over"
        if seat == ONLOOKER:
            assert not set(got) & set(PRIVATE), set(got) & set(PRIVATE)
            assert got["seat"] is None
            assert all(card["move"] is None for cards in got["tables"] for card in cards)
        else:
            own = game.view(seat)
            assert got["seat"] == seat
            assert [card["card"] for card in got["hand"]] == [str(face) for _, face in own.hand]
            assert [move["move"] for move in got["moves"]] == list(map(str, own.legal_moves))
            assert got["hand_sizes"] == list(own.hand_sizes)
        assert isinstance(got["stock"], int)
        self.checked += 1

    def _difference(self, seat: int, got: Json, want: Json) -> str:
        wrong = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
        shown = {k: (got.get(k), want.get(k)) for k in wrong}
        return f"{self.name}, seat {seat}: sent (first) and expected (second) differ: {shown}"

    def hidden_redealt(self, seat: int, got: Json, rng: random.Random) -> None:
        """``got`` (a whole view, log and all) is the same when every card ``seat`` has not
        seen is dealt again at random; for the onlooker, those of a seat chosen at random."""
        game = self.copy.game
        if game.is_over:
            return
        chosen = rng.randrange(self.players) if seat == ONLOOKER else seat
        redealt_game = game.resample(chosen, rng)
        probe = WebGame(
            redealt_game, self.copy.seats, seed=self.seed, variant_name=self.name, embed=False
        )
        probe.labels = list(self.names)  # before any view is made: every line says them
        view = probe.public_view() if seat == ONLOOKER else probe.view(seat)
        redealt = plain({**view, "table": self.about(None if seat == ONLOOKER else seat)})
        assert got == redealt, self._difference(seat, got, redealt)

    # -- over HTTP -----------------------------------------------------------------------------
    def seat_url(self, seat: int) -> str:
        return f"/api/tables/{self.id}/seats/{seat}"

    def ask(self, seat: int, since: int = 0) -> Json:
        """The seat's view (``ONLOOKER``: the watch) over HTTP, checked."""
        path = f"/api/tables/{self.id}/watch" if seat == ONLOOKER else self.seat_url(seat)
        token = None if seat == ONLOOKER else self.tokens[seat]
        got: Json = call(self.base, f"{path}?since={since}", token=token)
        self.check(seat, got, since)
        return got

    def move(self, seat: int, text: str, since: int) -> None:
        """``seat`` moves over HTTP (again, while too many moves are asked at once); the answer
        checked, and every live connection's message."""
        url = f"{self.seat_url(seat)}/moves?since={since}"
        for _ in range(400):
            status, got = answer(self.base, url, {"move": text}, self.tokens[seat])
            if status != 429:
                break
            assert "too many moves" in got["error"], got
            time.sleep(0.05)  # the seat's rate: 20 moves a second once its first 40 are made
        assert status == 200, (self.name, seat, text, status, got)
        self.copy.move(seat, text)
        self.check(seat, got, since)
        self.heard()

    # -- live ----------------------------------------------------------------------------------
    def join(self, seat: int, stack: ExitStack, query: bool) -> None:
        """A live connection for ``seat`` (the token in the query, or as the first message);
        its first message, and the others' news that it came, checked."""
        root = self.base.replace("http://", "ws://", 1) + f"/api/tables/{self.id}"
        if seat == ONLOOKER:
            socket = stack.enter_context(connect(root + "/watch/live"))
            self.watchers += 1
        else:
            token = self.tokens[seat]
            url = f"{root}/seats/{seat}/live" + (f"?token={token}" if query else "")
            socket = stack.enter_context(connect(url))
            if not query:
                socket.send(token)
            self.connected[seat] = True
        self.lives.append(Live(seat, socket))
        self.heard()

    def heard(self, seconds: float = 20) -> None:
        """Each live connection whose seat sees something new is sent it, once: checked."""
        for live in self.lives:
            want = self.expected(live.seat, live.since)
            state = {key: value for key, value in want.items() if key != "log"}
            if not want["log"] and state == live.sent:
                continue  # nothing new for this seat: nothing is sent
            got = json.loads(live.socket.recv(timeout=seconds))
            self.check(live.seat, got, live.since)
            live.sent, live.since, live.last = state, got["log_size"], got

    def refused_live(self, seat: int, token: str) -> None:
        """A live connection for ``seat`` with ``token`` is closed with 4403, sent nothing."""
        root = self.base.replace("http://", "ws://", 1) + f"/api/tables/{self.id}"
        with connect(f"{root}/seats/{seat}/live?token={token}") as socket:
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403

    # -- refusals ------------------------------------------------------------------------------
    def refusals(self, rng: random.Random) -> None:
        """A missing, wrong or other seat's token is refused for every seat (403) and changes
        nothing: the views asked before and after are equal, and no connection is sent anything
        in between (:meth:`barrier`)."""
        before = {seat: self.ask(seat) for seat in [ONLOOKER, *range(self.players)]}
        for seat in range(self.players):
            own = self.copy.game.legal_moves()
            move = str(own[0]) if self.copy.game.to_act == seat and own else "draw"
            wrong: list[dict[str, str]] = [
                {},
                {"authorization": f"Bearer {secrets.token_urlsafe(24)}"},
                {"authorization": self.tokens[seat]},  # no scheme
                {"authorization": f"Basic {self.tokens[seat]}"},
            ]
            wrong += [
                {"authorization": f"Bearer {token}"}
                for other, token in self.tokens.items()
                if other != seat
            ]
            for headers in wrong:
                for path, body in (
                    (self.seat_url(seat), None),
                    (self.seat_url(seat) + "/moves", {"move": move}),
                    (self.seat_url(seat) + "/name", {"name": "Mallory"}),
                ):
                    status, got = answer(self.base, path, body, headers=headers)
                    assert status == 403, (path, headers, status, got)
                    assert "does not open that seat" in got["error"], got
                    assert set(got) == {"error", "problems"}, got
            other = rng.choice([t for s, t in self.tokens.items() if s != seat])
            self.refused_live(seat, other)
        after = {seat: self.ask(seat) for seat in [ONLOOKER, *range(self.players)]}
        assert after == before
        self.barrier()

    def barrier(self) -> None:
        """Another onlooker comes and goes: every connection's next two messages are the ones
        that say so, so that nothing was sent to any before."""
        root = self.base.replace("http://", "ws://", 1) + f"/api/tables/{self.id}"
        with connect(root + "/watch/live") as socket:
            passing = Live(ONLOOKER, socket)
            self.lives.append(passing)
            self.watchers += 1
            self.heard()
            self.lives.remove(passing)
        self.watchers -= 1
        self.heard()

    def name_every_seat(self) -> None:
        """Each person gives his name (before any view is made, so that every line of the log
        names him by it)."""
        for seat in range(self.players):
            name = f"{NAMES[seat]} <i>{seat}</i>"
            named = call(
                self.base, self.seat_url(seat) + "/name", {"name": name}, self.tokens[seat]
            )
            assert named == {"name": name}
            self.names[seat] = self.copy.labels[seat] = name


def dealt_once(game: Game) -> bool:
    """Whether the game is over or its first deal has ended."""
    return game.is_over or any(e.kind is EventKind.END_OF_DEAL for e in game.events)


@pytest.mark.parametrize("name", shipped_variant_names())
def test_a_table_of_people_is_sent_only_what_each_seat_may_know(base: str, name: str) -> None:
    """A whole first deal (the whole game, when it is one deal) at a table of ``name`` where
    every seat is a person, every message and answer checked (see the module)."""
    rng = random.Random(f"every variant: {name}")
    table = Table(base, name, seed=rng.randrange(10**15, 2**63 - 1))
    status, early = answer(base, f"/api/tables/{table.id}/record")
    assert status == 409 and "once the game is over" in early["error"], early
    table.name_every_seat()
    with ExitStack() as stack:
        for seat in [*range(table.players), ONLOOKER]:
            table.join(seat, stack, query=seat % 2 == 0)
        table.refusals(rng)
        game = table.copy.game
        moves = 0
        while not dealt_once(game):
            seat = game.to_act
            assert seat is not None
            if moves % SAMPLE == 0:
                for other in [ONLOOKER, *range(table.players)]:
                    since = rng.choice([0, 0, table.lives[0].since])
                    whole = table.ask(other, since)
                    if since == 0:
                        table.hidden_redealt(other, whole, rng)
            mine = next(live for live in table.lives if live.seat == seat).last
            assert mine["to_act"] == seat and mine["moves"], mine
            offered = [m for m in mine["moves"] if m["move"] != "claim"]  # not ended at once
            text = rng.choice(offered or mine["moves"])["move"]
            since = rng.choice([0, mine["log_size"]])
            table.move(seat, text, since)
            moves += 1
            if moves == 40:
                table.refusals(rng)
        for other in [ONLOOKER, *range(table.players)]:
            table.ask(other)
        table.refusals(rng)
        assert moves > (40 if game.rules.hand_size > 6 else 8)  # (Schnapsen: a dozen moves)
        assert table.checked > moves * table.players  # a message for each seat at each move
        status, record = answer(base, f"/api/tables/{table.id}/record")
        if game.is_over:
            assert status == 200, record
            assert record["seed"] == table.seed and str(table.seed) in record["text"]
            assert record["text"] == table.copy.record()
            assert record["file"] == f"{name}-{table.seed}.toml"
            assert table.ask(ONLOOKER)["game_over"]
        else:
            assert status == 409 and "once the game is over" in record["error"], record
