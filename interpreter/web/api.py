"""The operations of the browser game, on JSON-like values: what ``bezique serve`` answers
over HTTP (:mod:`interpreter.web.server`) and what the site's Web Worker answers in the
reader's browser (``static/worker.js``, through :meth:`Api.call_json`).  docs/web.md lists
them.

========== =================================================================================
operation  arguments → result
========== =================================================================================
variants   → the shipped variants (name, title, players), the bots, the default bot
create     ``variant`` (a shipped name) or ``variant_text`` (a variant file's text, untrusted)
           with ``file`` (its name in messages); ``seed``; ``seats`` (``"person"`` or a bot
           per seat) → ``game``, ``seat`` (the first person's) and that seat's view
view       ``game``, ``seat``, ``since`` (log lines already read) → the seat's view
move       ``game``, ``seat``, ``move`` (its text) → the seat's view after the bots' replies;
           an illegal move is refused (409) with the engine's reason, and changes nothing
hint       ``game``, ``seat`` (a person's, who is to move) → ``move`` (its text), ``reason``,
           ``label`` (how the page shows the move): the expert bot's advice, from what the
           seat may know; the game is unchanged
undo       ``game``, ``seat`` (the one person, against bots) → ``taken`` (the move taken
           back, with the bots' replies) and the seat's view, its log from the start; never
           across a card the move led to that was shown to the person (409, with why); the
           record says the game was practice, and its deals are not rated
review     ``game``, ``seat`` (a person's), ``deal`` (a finished one) → ``lines`` (the
           review in words), ``par``, ``decisions``: the seat's play weighed against the
           expert's (``bezique review``); it takes seconds, and the game goes on meanwhile
history    ``game``, ``seat`` (absent: everything, once the game is over) → ``lines``
record     ``game`` → ``file`` and ``text``, the game record, once the game is over
check      ``text``, ``file`` → ``ok``, ``problems`` (``file:line: key.path: message``),
           ``title`` and ``players`` when it has none
replay     ``text`` (a game record), ``file`` → the replay's frames, trick by trick
========== =================================================================================

Every refusal is an :class:`ApiError`: a status (400 a malformed request, 403 a bot's seat,
404 no such game, 409 not now or not legal, 413 too large, 422 a variant or record with
problems, 501 no hints in this version), a message, and the problems one by one.  A variant
given as text is loaded untrusted: it may extend only a shipped variant, and it holds at most
256 KiB."""

from __future__ import annotations

import json
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from interpreter.agents import AGENT_NAMES
from interpreter.engine import Game, IllegalMoveError, MoveSyntaxError
from interpreter.loader import VariantError, load_variant, load_variant_text
from interpreter.loader.limits import MAX_UNTRUSTED_FILE_BYTES
from interpreter.loader.listing import variant_row
from interpreter.loader.shipped import shipped_variant_names, shipped_variants_dir
from interpreter.model import Variant
from interpreter.play.hints import NO_HINTS
from interpreter.records import MAX_BYTES as MAX_RECORD_BYTES
from interpreter.records import RecordError
from interpreter.web.replay import record_frames
from interpreter.web.session import PERSON, SeatError, WebGame
from interpreter.web.views import Json, move_label

if TYPE_CHECKING:  # the ratings (and the search they use) only where a server keeps them
    from interpreter.rating import Keeper


DEFAULT_BOT = "expert"
"""The bot in every seat not named (as ``bezique play --bot``)."""
MOST_GAMES = 64
"""Games kept at once; the game played longest ago is dropped for a new one."""
LARGEST_SEED = 2**63 - 1
_FILE_NAME = 100
# Texts past these are refused before they are read; below them, the loader and the record
# reader say that a text is larger than they take (256 KiB and 1,000,000 bytes) at its line.
_MOST_VARIANT = 2 * MAX_UNTRUSTED_FILE_BYTES
_MOST_RECORD = 2 * MAX_RECORD_BYTES


class ApiError(Exception):
    """A refusal: ``status`` (as HTTP writes it), ``message``, and ``problems`` one by one."""

    def __init__(self, status: int, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.problems = problems or []

    def json(self) -> Json:
        return {"error": self.message, "problems": self.problems}


class Api:
    """The operations, and the games in play (at most :data:`MOST_GAMES`)."""

    def __init__(
        self, most_games: int = MOST_GAMES, keeper: Keeper | None = None, player: str = "you"
    ) -> None:
        self.games: OrderedDict[str, WebGame] = OrderedDict()
        self.most_games = most_games
        self.keeper = keeper  # where the person's deals are rated (none in the site's page)
        self.player = player  # as whom
        self.guard = threading.Lock()  # the dict of games; each game has its own lock
        self.ops: dict[str, Callable[[Mapping[str, Any]], Json]] = {
            "variants": self.variants,
            "create": self.create,
            "view": self.view,
            "move": self.move,
            "hint": self.hint,
            "undo": self.undo,
            "review": self.review,
            "history": self.history,
            "record": self.record,
            "check": self.check,
            "replay": self.replay,
        }

    def find(self, key: object) -> WebGame | None:
        """The game ``key`` names, if this API keeps it (no refusal)."""
        with self.guard:
            return self.games.get(key) if isinstance(key, str) else None

    def call(self, op: str, args: Mapping[str, Any]) -> Json:
        """Run the operation ``op``; raises :class:`ApiError` when it is refused."""
        work = self.ops.get(op)
        if work is None:
            raise ApiError(404, f"no operation {op!r}; operations: {', '.join(self.ops)}")
        if not isinstance(args, Mapping):
            raise ApiError(400, "the arguments are a JSON object")
        try:
            return work(args)
        except SeatError as error:
            raise ApiError(error.status, str(error)) from None

    def call_json(self, op: str, text: str) -> str:
        """:meth:`call` with its arguments and answer as JSON text: ``{"ok": true, "result":
        …}`` or ``{"ok": false, "status": …, "error": …, "problems": […]}``.  Never raises
        (the Web Worker hands the answer on as it is)."""
        try:
            args = json.loads(text or "{}")
            result = self.call(op, args)
        except ApiError as error:
            return json.dumps({"ok": False, "status": error.status, **error.json()})
        except ValueError:
            return json.dumps({"ok": False, "status": 400, "error": "not JSON", "problems": []})
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)

    # -- the operations ------------------------------------------------------------------------
    def variants(self, args: Mapping[str, Any]) -> Json:
        return {"variants": _shipped_rows(), "bots": list(AGENT_NAMES), "default_bot": DEFAULT_BOT}

    def create(self, args: Mapping[str, Any]) -> Json:
        variant, name, embed = self._variant(args)
        seed = whole_arg(args, "seed", LARGEST_SEED)
        if seed is None:
            seed = secrets.randbits(63)
        players = variant.players.count
        seats = args.get("seats")
        if seats is None:
            seats = [PERSON] + [DEFAULT_BOT] * (players - 1)
        seats = checked_seats(seats, players, "game")
        game = WebGame(
            Game.new(variant, seed=seed), seats, seed=seed, variant_name=name, embed=embed
        )
        key = secrets.token_hex(16)
        if seats.count(PERSON) == 1:  # one person against bots: a game he may practise
            game.practice = True
            if self.keeper is not None:
                game.deal_ended = partial(self._rate, key, seats.index(PERSON))
        with self.guard:
            self.games[key] = game
            while len(self.games) > self.most_games:
                self.games.popitem(last=False)
        seat = seats.index(PERSON)
        # A seed the server chose is its secret until the game is over (the record gives it):
        # the seed alone would deal every hidden card.
        shown = seed if args.get("seed") not in (None, "") else None
        return {"game": key, "seat": seat, "seed": shown, "view": game.view(seat)}

    def _rate(self, key: str, seat: int, game: WebGame, deal: int) -> None:
        """The deal just finished, rated in the background (unrated after an undo)."""
        from interpreter.rating import rate_deal  # the search it uses only where ratings are kept

        assert self.keeper is not None
        self.keeper.rate(
            partial(
                rate_deal,
                game.recorder.record(),
                game.game.copy(),
                seat,
                deal,
                player=self.player,
                game_id=key,
                rated=not game.taken_back,
                source="browser",
            )
        )

    def undo(self, args: Mapping[str, Any]) -> Json:
        key = args.get("game")
        game, seat = self._game(args), self._seat(args)
        first = not game.taken_back
        taken = game.undo(seat)
        if first and self.keeper is not None and isinstance(key, str):
            self.keeper.unrate(key)  # the deals already rated: a practice game from now on
        return {"taken": taken, "view": game.view(seat)}

    def view(self, args: Mapping[str, Any]) -> Json:
        game, seat = self._game(args), self._seat(args)
        return game.view(seat, whole_arg(args, "since", 10**9) or 0)

    def move(self, args: Mapping[str, Any]) -> Json:
        game, seat = self._game(args), self._seat(args)
        text = text_arg(args, "move", 200)
        try:
            game.move(seat, text)
        except IllegalMoveError as error:
            raise ApiError(409, f"not allowed: {error.reason}", [error.reason]) from None
        except MoveSyntaxError as error:
            raise ApiError(409, f"not a move: {error}", [str(error)]) from None
        return game.view(seat, whole_arg(args, "since", 10**9) or 0)

    def hint(self, args: Mapping[str, Any]) -> Json:
        game, seat = self._game(args), self._seat(args)
        found = game.hint(seat)
        if found is None:
            raise ApiError(501, NO_HINTS)
        move, reason = found
        label = move_label(move, game.game.rules.combo_names)
        return {"move": str(move), "reason": reason, "label": label}

    def review(self, args: Mapping[str, Any]) -> Json:
        game, seat = self._game(args), self._seat(args)
        deal = whole_arg(args, "deal", 10**6)
        if deal is None:
            raise ApiError(400, "deal: the number of a finished deal, from 1")
        return game.review(seat, deal)

    def history(self, args: Mapping[str, Any]) -> Json:
        game = self._game(args)
        seat = self._seat(args) if args.get("seat") is not None else None
        return {"lines": game.history(seat)}

    def record(self, args: Mapping[str, Any]) -> Json:
        game = self._game(args)
        text = game.record()
        return {"file": f"{game.variant_name}-{game.seed}.toml", "text": text}

    def check(self, args: Mapping[str, Any]) -> Json:
        text = text_arg(args, "text", _MOST_VARIANT)
        try:
            variant = load_variant_text(text, file_arg(args, "house.toml"), trusted=False)
        except VariantError as error:
            return {"ok": False, "problems": public_problems(error)}
        return {
            "ok": True,
            "problems": [],
            "title": variant.title,
            "players": variant.players.count,
        }

    def replay(self, args: Mapping[str, Any]) -> Json:
        text = text_arg(args, "text", _MOST_RECORD)
        try:
            return record_frames(text, file_arg(args, "record.toml"))
        except RecordError as error:
            lines = str(error).splitlines()
            raise ApiError(422, "the record cannot be replayed", lines) from None

    # -- arguments -----------------------------------------------------------------------------
    def _variant(self, args: Mapping[str, Any]) -> tuple[Variant, str, bool]:
        """The variant to play, its name for the record, and whether the record embeds it."""
        if args.get("variant_text") is not None:
            text = text_arg(args, "variant_text", _MOST_VARIANT)
            try:
                variant = load_variant_text(text, file_arg(args, "house.toml"), trusted=False)
            except VariantError as error:
                problems = public_problems(error)
                raise ApiError(422, "the variant has problems", problems) from None
            return variant, variant.name, True
        name = text_arg(args, "variant", 100)
        if name not in shipped_variant_names():
            shipped = ", ".join(shipped_variant_names())
            raise ApiError(404, f"no shipped variant named {name!r}; shipped: {shipped}")
        return shipped_variant(name), name, False

    def _game(self, args: Mapping[str, Any]) -> WebGame:
        key = text_arg(args, "game", 64)
        with self.guard:
            game = self.games.get(key)
            if game is None:
                raise ApiError(
                    404, f"no game {key!r} (this server keeps its last {self.most_games})"
                )
            self.games.move_to_end(key)
        return game

    def _seat(self, args: Mapping[str, Any]) -> int:
        seat = whole_arg(args, "seat", 1000)
        if seat is None:
            raise ApiError(400, "seat: a seat's number, from 0")
        return seat


def checked_seats(seats: object, players: int, what: str) -> list[str]:
    """``seats`` as a game or table (``what``) of ``players`` takes them: ``"person"`` or a
    bot's name for each seat, one person at least; a refusal (400) otherwise."""
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ApiError(400, "seats: a list with 'person' or a bot's name for each seat")
    if len(seats) != players:
        raise ApiError(400, f"seats: the variant has {players} seats; {len(seats)} given")
    unknown = sorted({s for s in seats if s != PERSON and s not in AGENT_NAMES})
    if unknown:
        known = ", ".join([PERSON, *AGENT_NAMES])
        raise ApiError(400, f"seats: no bot named {unknown[0]!r}; seats take {known}")
    if PERSON not in seats:
        raise ApiError(400, f"seats: a {what} needs at least one seat for a person")
    return list(seats)


def public_problems(error: VariantError) -> list[str]:
    """The problems of a variant, each ``file:line: key.path: message``, with the shipped
    variants' folder written ``variants/``: no answer names where the server is installed."""
    folder = shipped_variants_dir()
    forms = {str(folder), os.path.relpath(folder)}
    problems = []
    for diagnostic in error.diagnostics:
        text = str(diagnostic)
        for form in sorted(forms, key=len, reverse=True):
            text = text.replace(form + os.sep, "variants/")
        problems.append(text)
    return problems


@cache
def shipped_variant(name: str) -> Variant:
    """The shipped variant ``name`` (the loader keeps what it has read)."""
    return load_variant(name)


@cache
def _rows() -> tuple[tuple[str, str, int], ...]:
    return tuple(
        (row.name, row.title, row.players) for row in map(variant_row, shipped_variant_names())
    )


def _shipped_rows() -> list[Json]:
    return [{"name": n, "title": t, "players": p} for n, t, p in _rows()]


def whole_arg(args: Mapping[str, Any], key: str, most: int) -> int | None:
    """A whole number from 0 to ``most`` (also written in digits), or None when absent."""
    value = args.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise ApiError(400, f"{key}: a whole number from 0 to {most:,}")
    return value


def text_arg(args: Mapping[str, Any], key: str, most: int) -> str:
    """The text ``args[key]``, of at most ``most`` bytes in UTF-8."""
    value = args.get(key)
    if not isinstance(value, str):
        raise ApiError(400, f"{key}: a text is needed")
    if len(value.encode("utf-8", "surrogatepass")) > most:
        raise ApiError(413, f"{key}: more than {most:,} bytes")
    return value


def file_arg(args: Mapping[str, Any], default: str) -> str:
    """The name a posted file is called in messages: its own name, without any folder."""
    value = args.get("file")
    if not isinstance(value, str) or not value.strip():
        return default
    name = value.replace("\\", "/").rsplit("/", 1)[-1].strip()
    name = "".join(c for c in name if c.isprintable())[:_FILE_NAME]
    return name or default
