"""Tables where people play people: ``bezique serve`` hosts them, a store keeps them
(:mod:`interpreter.web.store`), and each person's seat is opened by an invite link that
carries the seat's secret token.

A table is a :class:`~interpreter.web.session.WebGame` (bots on the server, each seeing only
its seat's view) with, for each person's seat, a token and a display name.  The token is the
seat's only key: at least 128 bits from :mod:`secrets`, kept by the store as its SHA-256 only,
compared in constant time.  An onlooker's view (the ``watch`` link) holds no hand.  The seed
and the record, which name every card, are given once the game is over.

Every change is stored before it is answered, in one transaction with the bots' replies, so
that a server stopped at any moment and started again deals every table again from its seed,
replays its moves (each bot choosing again, to the same move) and goes on where it was.

Work on one table is serialised by that table's lock alone (:attr:`WebGame.lock`): a bot
thinking at one table never delays a move at another.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from interpreter.agents import AGENT_NAMES, Agent, make_agent
from interpreter.engine import Game, IllegalMoveError, MoveSyntaxError
from interpreter.loader import VariantError, load_variant_text, parent_variant
from interpreter.loader.shipped import shipped_variant_names
from interpreter.rulebook import render
from interpreter.web.api import (
    ApiError,
    checked_seats,
    file_arg,
    public_problems,
    shipped_variant,
    text_arg,
    whole_arg,
)
from interpreter.web.session import PERSON, RestoreError, WebGame
from interpreter.web.store import (
    Sql,
    Store,
    StoredTable,
    add_moves,
    moves_since,
    present_elsewhere,
    set_presence,
    still_present,
)
from interpreter.web.views import Json

if TYPE_CHECKING:
    from interpreter.rating import Keeper

TOKEN_BYTES = 24
"""A seat's token: 192 bits from :func:`secrets.token_urlsafe`."""
TABLE_ID_BYTES = 12
"""A table's id: 96 bits, so that a watch link cannot be guessed either."""
MOST_NAME = 40
"""The longest display name, in characters."""
MOST_TABLES = 10_000
"""Tables kept at once by one server."""
CLOCK_RANGE = (10, 86_400)
"""The seconds a table's clock may give for each move."""
AWAY_GRACE = 30.0
"""Seconds a person may be gone (no live connection) before the stand-in keeps his seat."""
PRESENCE_TTL = 60.0
"""Seconds after which another process's connections no longer count, unless it says again
that it is alive (every third of this): a process killed leaves no one connected for ever."""


class Refusal(ApiError):
    """A request a table refuses (the same statuses as the API's)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Table:
    """One table: its game, the stored facts, and who is listening."""

    stored: StoredTable
    game: WebGame
    saved: int  # moves already in the store
    listeners: set[Callable[[], None]] = field(default_factory=set)
    connected: dict[int, int] = field(default_factory=dict)  # seat -> open live connections
    elsewhere: dict[int, int] = field(default_factory=dict)  # the same, in other processes
    turn_since: float = field(default_factory=time.monotonic)  # the move to make was asked
    away_since: dict[int, float] = field(default_factory=dict)  # seat -> when its last went
    stand_ins: dict[int, Agent] = field(default_factory=dict)  # seat -> the bot keeping it

    @property
    def clock(self) -> float | None:
        """Seconds a person has for each move, if the table set a clock."""
        value = self.stored.options.get("clock")
        return float(value) if isinstance(value, (int, float)) else None

    @property
    def stand_in(self) -> str | None:
        """The bot that keeps a person's seat when his time is out or he has left."""
        value = self.stored.options.get("stand_in")
        return value if isinstance(value, str) else None

    def overdue(self, now: float) -> int | None:
        """The person's seat the stand-in should play for now: his time is out, or he has been
        gone longer than :data:`AWAY_GRACE`; else None."""
        game = self.game.game
        seat = game.to_act
        if self.stand_in is None or game.is_over or seat is None:
            return None
        if self.stored.seats[seat] != PERSON:
            return None
        clock = self.clock
        late = clock is not None and now - self.turn_since >= clock
        away = self.away_since.get(seat)
        gone = away is not None and not self.live(seat) and now - away >= AWAY_GRACE
        return seat if late or gone else None

    def live(self, seat: int) -> int:
        """The live connections to ``seat`` (-1: onlookers), through any server process."""
        return self.connected.get(seat, 0) + self.elsewhere.get(seat, 0)

    @property
    def id(self) -> str:
        return self.stored.id

    def person(self, seat: int, token: str | None) -> None:
        """Refuse (403) unless ``token`` opens the person's ``seat`` (404: no such seat)."""
        seats = self.stored.seats
        if not 0 <= seat < len(seats):
            raise Refusal(404, f"there is no seat {seat}: seats are 0 to {len(seats) - 1}")
        wanted = self.stored.token_hashes.get(seat)
        given = token_hash(token) if token else ""
        if wanted is None or not hmac.compare_digest(wanted, given):
            raise Refusal(403, "this link does not open that seat: ask the table's host for yours")

    def timing(self) -> Json:
        """The clock as the page shows it: seconds per move, seconds left for this move."""
        clock = self.clock
        left = None if clock is None else max(0.0, clock - (time.monotonic() - self.turn_since))
        return {"seconds": clock, "left": left, "stand_in": self.stand_in}

    def about(self, seat: int | None) -> Json:
        """The table around the game: names, who is connected, the links' own paths."""
        names = [
            self.stored.names.get(s) or self.stored.seats[s] for s in range(len(self.stored.seats))
        ]
        return {
            "id": self.id,
            "names": names,
            "people": [who == PERSON for who in self.stored.seats],
            "connected": [self.live(s) > 0 for s in range(len(names))],
            "watchers": self.live(-1),
            "you": seat,
            "clock": self.timing(),
        }


class Hall:
    """Every table of this server, kept in ``store``."""

    def __init__(self, store: Store, public_url: str = "", keeper: Keeper | None = None) -> None:
        self.store = store
        self.keeper = keeper  # where the deals of named people are rated
        self.public_url = public_url.rstrip("/")
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()  # the dict of tables only
        self.problems: list[str] = []  # tables that could not be brought back, and why
        self.watchers: list[Callable[[str], None]] = []  # told of changes made elsewhere
        self.process = secrets.token_hex(8)  # this process, in the store's presence
        self._restore()
        store.listen(self._heard)

    # -- bringing tables back ------------------------------------------------------------------
    def _restore(self) -> None:
        for stored in self.store.tables():
            try:
                game = self._deal(stored, stored.moves)
            except (RestoreError, VariantError, ApiError) as error:
                self.problems.append(f"table {stored.id}: {error}")
                continue
            self.tables[stored.id] = Table(stored, game, saved=len(game.made))
            self._name(self.tables[stored.id])
            self._rating(self.tables[stored.id])

    @staticmethod
    def _deal(stored: StoredTable, moves: list[tuple[int, str]]) -> WebGame:
        if stored.variant_text is not None:
            variant = load_variant_text(
                stored.variant_text, stored.variant_file or "house.toml", trusted=False
            )
        else:
            variant = shipped_variant(stored.variant_name)
        return WebGame(
            Game.new(variant, seed=stored.seed),
            stored.seats,
            seed=stored.seed,
            variant_name=stored.variant_name,
            embed=stored.variant_text is not None,
            made=moves,
        )

    def _rating(self, table: Table) -> None:
        """Each deal finished at ``table`` by a move made here, rated for each person who gave
        a name (a person without one is not rated: a seat is not a player)."""
        keeper = self.keeper
        if keeper is None:
            return
        from interpreter.rating import rate_deal  # the search it uses only where rated

        def rate(game: WebGame, deal: int) -> None:
            record, copy = game.recorder.record(), game.game.copy()
            for seat, name in table.stored.names.items():
                if name and table.stored.seats[seat] == PERSON:
                    keeper.rate(
                        partial(
                            rate_deal,
                            record,
                            copy,
                            seat,
                            deal,
                            player=name,
                            game_id=table.id,
                            source="table",
                        )
                    )

        table.game.deal_ended = rate

    @staticmethod
    def _name(table: Table) -> None:
        for seat, name in table.stored.names.items():
            if name:
                table.game.label(seat, name)

    # -- operations ----------------------------------------------------------------------------
    def create(self, args: Mapping[str, Any]) -> Json:
        variant_text, file, name = None, None, ""
        if args.get("variant_text") is not None:
            variant_text = text_arg(args, "variant_text", 512 * 1024)
            file = file_arg(args, "house.toml")
            try:
                variant = load_variant_text(variant_text, file, trusted=False)
            except VariantError as error:
                raise Refusal(422, "the variant has problems", public_problems(error)) from None
            name = variant.name
        else:
            name = text_arg(args, "variant", 100)
            if name not in shipped_variant_names():
                shipped = ", ".join(shipped_variant_names())
                raise Refusal(404, f"no shipped variant named {name!r}; shipped: {shipped}")
            variant = shipped_variant(name)
        seed = whole_arg(args, "seed", 2**63 - 1)
        seats = checked_seats(args.get("seats"), variant.players.count, "table")
        stored = StoredTable(
            id=secrets.token_urlsafe(TABLE_ID_BYTES),
            created=time.time(),
            touched=time.time(),
            variant_name=name,
            variant_text=variant_text,
            variant_file=file,
            seed=secrets.randbits(63) if seed is None else seed,
            seats=tuple(seats),
            options=self._options(args),
        )
        game = self._deal(stored, [])
        tokens = {
            s: secrets.token_urlsafe(TOKEN_BYTES) for s, who in enumerate(seats) if who == PERSON
        }
        stored.token_hashes.update({s: token_hash(t) for s, t in tokens.items()})
        stored.moves.extend(game.made)
        with self.lock:
            if len(self.tables) >= MOST_TABLES:
                raise Refusal(503, f"this server keeps {MOST_TABLES:,} tables at most: try later")
            self.store.create(stored)
            self.tables[stored.id] = Table(stored, game, saved=len(game.made))
            self._rating(self.tables[stored.id])
        seat_rows: list[Json] = []
        for s, who in enumerate(seats):
            if who == PERSON:
                seat_rows.append(
                    {"seat": s, "token": tokens[s], "link": self.link(stored.id, s, tokens[s])}
                )
            else:
                seat_rows.append({"seat": s, "bot": who})
        return {"table": stored.id, "seats": seat_rows, "watch": self.watch_link(stored.id)}

    def link(self, table_id: str, seat: int, token: str) -> str:
        """A seat's invite link: the token rides in the fragment, which browsers never send."""
        return f"{self.public_url}/tables/{table_id}/seats/{seat}#{token}"

    def watch_link(self, table_id: str) -> str:
        return f"{self.public_url}/tables/{table_id}/watch"

    @staticmethod
    def _options(args: Mapping[str, Any]) -> Json:
        """The table's choices: ``clock`` (seconds for each move, or none) and ``stand_in``
        (the bot that keeps the seat of a person out of time or gone, or none)."""
        low, high = CLOCK_RANGE
        clock = args.get("clock")
        if clock is not None and (
            not isinstance(clock, (int, float))
            or isinstance(clock, bool)
            or not low <= clock <= high
        ):
            raise Refusal(400, f"clock: the seconds for each move, from {low} to {high:,}")
        stand_in = args.get("stand_in")
        if stand_in is not None and stand_in not in AGENT_NAMES:
            raise Refusal(400, f"stand_in: a bot's name ({', '.join(AGENT_NAMES)}) or none")
        return {"clock": clock, "stand_in": stand_in}

    def table(self, table_id: object) -> Table:
        if not isinstance(table_id, str):
            raise Refusal(404, "no such table")
        with self.lock:
            table = self.tables.get(table_id)
        if table is None:  # made by another server process on the same store, perhaps
            table = self._load(table_id)
        if table is None:
            raise Refusal(404, "no such table (it may have expired)")
        return table

    def _load(self, table_id: str) -> Table | None:
        if len(table_id) > 64:
            return None
        found = self.store.tables(only=table_id)
        if not found:
            return None
        try:
            game = self._deal(found[0], found[0].moves)
        except (RestoreError, VariantError, ApiError):
            return None
        table = Table(found[0], game, saved=len(game.made))
        self._name(table)
        self._rating(table)
        with self.lock:
            return self.tables.setdefault(table_id, table)

    def _catch_up(self, table: Table, sql: Sql) -> None:
        """What other server processes did at ``table`` since this one last looked (under
        the table's lock and in the store's transaction): their moves made here too."""
        missed, names = moves_since(sql, table.id, table.saved)
        if missed:
            table.game.catch_up(missed)
            table.saved = len(table.game.made)
            table.turn_since = time.monotonic()
        for seat, name in names.items():
            table.stored.names[seat] = name
            table.game.label(seat, name or table.stored.seats[seat])
        if self.store.shared:
            table.elsewhere = present_elsewhere(sql, table.id, self.process, PRESENCE_TTL)

    def present(self, table: Table, seat: int) -> None:
        """Tell the other server processes on the store how many live connections this one
        holds to ``seat`` (nothing to tell with a store of one process)."""
        if self.store.shared:
            with self.store.transaction() as sql:
                set_presence(sql, table.id, self.process, seat, table.connected.get(seat, 0))
                self.store.notify(sql, table.id)

    def still_here(self) -> None:
        """This process is alive: its connections still count on the others' pages."""
        if self.store.shared:
            with self.store.transaction() as sql:
                still_present(sql, self.process)

    def _heard(self, table_id: str) -> None:
        """Another process changed ``table_id``: catch up, and tell the live connections."""
        with self.lock:
            table = self.tables.get(table_id)
        if table is None:
            return
        with table.game.lock, self.store.transaction() as sql:
            self._catch_up(table, sql)
        for notify in list(self.watchers):
            notify(table_id)

    def seat_view(self, table_id: str, seat: int, token: str | None, since: int = 0) -> Json:
        table = self.table(table_id)
        table.person(seat, token)
        with table.game.lock:
            self._read_through(table)
            return {**table.game.view(seat, since), "table": table.about(seat)}

    def _read_through(self, table: Table) -> None:
        """With other processes on the store, what they did at ``table`` is read first."""
        if self.store.shared:
            with self.store.transaction() as sql:
                self._catch_up(table, sql)

    def watch(self, table_id: str, since: int = 0) -> Json:
        table = self.table(table_id)
        with table.game.lock:
            self._read_through(table)
            return {**table.game.public_view(since), "table": table.about(None)}

    def move(self, table_id: str, seat: int, token: str | None, text: str, since: int = 0) -> Json:
        """The person's move, the bots' replies, all stored before the answer."""
        table = self.table(table_id)
        table.person(seat, token)
        game = table.game
        with game.lock:
            with self._changing(table) as sql:
                try:
                    game.move(seat, text)
                except IllegalMoveError as error:
                    raise Refusal(409, f"not allowed: {error.reason}", [error.reason]) from None
                except MoveSyntaxError as error:
                    raise Refusal(409, f"not a move: {error}", [str(error)]) from None
                except ValueError as error:  # SeatError: not his turn, the game is over
                    raise Refusal(getattr(error, "status", 409), str(error)) from None
                self._saved(table, sql)
            return {**game.view(seat, since), "table": table.about(seat)}

    @contextmanager
    def _changing(self, table: Table) -> Iterator[Sql]:
        """A change at ``table`` (its game's lock held): in one transaction of the store, with
        the table's row locked, after catching up with other processes.  If the store fails
        once the game has moved, the table is dropped from memory (read again at the next
        request), so that memory never runs ahead of the store."""
        try:
            with self.store.transaction(table.id) as sql:
                self._catch_up(table, sql)
                yield sql
        except Refusal:
            raise
        except Exception:
            with self.lock:
                self.tables.pop(table.id, None)
            raise

    def _saved(self, table: Table, sql: Sql) -> None:
        """The moves made since the last are stored; the next move's clock starts."""
        game = table.game
        add_moves(sql, table.id, table.saved, game.made[table.saved :])
        self.store.notify(sql, table.id)
        table.saved = len(game.made)
        table.turn_since = time.monotonic()

    def sweep(self, now: float | None = None) -> list[str]:
        """Each table whose person to move is out of time, or gone, has his move made by the
        table's stand-in bot (stored as his move); the tables so changed."""
        now = time.monotonic() if now is None else now
        with self.lock:
            tables = list(self.tables.values())
        changed = []
        for table in tables:
            with table.game.lock:
                seat = table.overdue(now)
                if seat is None or table.stand_in is None:
                    continue
                with self._changing(table) as sql:
                    if table.overdue(now) != seat:  # another process moved meanwhile
                        continue
                    agent = table.stand_ins.get(seat)
                    if agent is None:
                        seed = table.stored.seed + 1000 + seat
                        agent = table.stand_ins[seat] = make_agent(
                            table.stand_in, table.game.game.rules, seed
                        )
                    table.game.play_for(seat, agent)
                    self._saved(table, sql)
            changed.append(table.id)
        for table_id in changed:
            for notify in list(self.watchers):
                notify(table_id)
        return changed

    def start_sweeping(self, every: float = 1.0) -> threading.Thread:
        """A thread that sweeps every ``every`` seconds, for as long as the process runs."""

        def run() -> None:
            said = time.monotonic()
            while True:
                time.sleep(every)
                self.sweep()
                if time.monotonic() - said >= PRESENCE_TTL / 3:
                    self.still_here()
                    said = time.monotonic()

        thread = threading.Thread(target=run, name="bezique-table-clock", daemon=True)
        thread.start()
        return thread

    def rename(self, table_id: str, seat: int, token: str | None, name: object) -> Json:
        table = self.table(table_id)
        table.person(seat, token)
        if not isinstance(name, str):
            raise Refusal(400, "name: a text is needed")
        clean = " ".join("".join(c for c in name if c.isprintable()).split())[:MOST_NAME]
        with table.game.lock, self._changing(table) as sql:
            sql.run(
                "UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                (clean, table.id, seat),
            )
            self.store.notify(sql, table.id)
            table.stored.names[seat] = clean
            table.game.label(seat, clean or PERSON)
        return {"name": clean}

    def review(self, table_id: str, seat: int, token: str | None, deal: int) -> Json:
        """The review of the person's own play in a finished deal (``bezique review``):
        his seat's only, and only once the deal is over.  Weighed on a copy, outside the
        table's lock: the table goes on."""
        table = self.table(table_id)
        table.person(seat, token)
        try:
            return table.game.review(seat, deal)
        except ValueError as error:  # SeatError: the deal is not over
            raise Refusal(getattr(error, "status", 409), str(error)) from None

    def record(self, table_id: str) -> Json:
        """The record and the seed, once the game is over."""
        table = self.table(table_id)
        with table.game.lock:
            if not table.game.game.is_over:
                raise Refusal(409, "the record names every card: it is given once the game is over")
            return {
                "file": f"{table.stored.variant_name}-{table.stored.seed}.toml",
                "text": table.game.record(),
                "seed": table.stored.seed,
            }

    def rulebook(self, table_id: str) -> Json:
        """The rulebook of the table's variant, in Markdown (as ``bezique show`` prints it)."""
        table = self.table(table_id)
        variant = table.game.game.variant
        shipped = table.stored.variant_text is None
        parent = parent_variant(table.stored.variant_name) if shipped else None
        called = None if shipped else table.stored.variant_file  # the file, as uploaded
        return {"title": variant.title, "markdown": render(variant, parent=parent, called=called)}

    def expire(self, idle_seconds: float) -> list[str]:
        """Tables untouched for ``idle_seconds`` removed, from the store and from memory."""
        gone = self.store.expire(time.time() - idle_seconds)
        with self.lock:
            for table_id in gone:
                self.tables.pop(table_id, None)
        return gone
