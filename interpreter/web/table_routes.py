"""The HTTP and WebSocket routes of the tables (:mod:`interpreter.web.tables`), listed in
docs/web.md.  The engine's work runs in worker threads, one table at a time per table (its own
lock), so that the event loop keeps answering every other table meanwhile.

A live connection (``…/live``) sends the seat's view, or the onlooker's, each time the table
changes; the token comes in the query (``?token=``) or as the first message.  The page falls
back to asking again every few seconds when a connection cannot be kept."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from interpreter.web import limits
from interpreter.web.api import ApiError
from interpreter.web.tables import Hall, Table

MOST_LIVE = 32
"""Live connections to one table at once (seats and onlookers together)."""
Body = Callable[[Request], Awaitable[dict[str, Any] | ApiError]]
LOG = logging.getLogger("bezique.tables")


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _since(request: Request) -> int:
    text = request.query_params.get("since", "0")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else 0


async def _run(work: Callable[..., Any], *args: Any) -> Response:
    try:
        result = await run_in_threadpool(work, *args)
    except ApiError as error:
        return JSONResponse(error.json(), status_code=error.status)
    except RecursionError:
        return JSONResponse({"error": "the request is nested too deeply", "problems": []}, 400)
    return JSONResponse(result)


def _too_many(message: str) -> Response:
    return JSONResponse({"error": message, "problems": []}, status_code=429)


def routes(hall: Hall, body: Body, rates: limits.Limits | None = None) -> list[BaseRoute]:
    """The routes of ``hall``'s tables; ``body`` reads a request's JSON object; ``rates``:
    what one address or seat may ask (:class:`~interpreter.web.limits.Limits`' defaults)."""
    answers = _Answers(hall, body, rates or limits.Limits())
    live = answers.live
    table = "/api/tables/{table}"
    return [
        Route("/api/tables", answers.create, methods=["POST"]),
        Route(table + "/seats/{seat:int}", answers.seat),
        Route(table + "/seats/{seat:int}/moves", answers.move, methods=["POST"]),
        Route(table + "/seats/{seat:int}/name", answers.name, methods=["POST"]),
        Route(table + "/seats/{seat:int}/reviews/{deal:int}", answers.review),
        Route(table + "/watch", answers.watch),
        Route(table + "/record", answers.record),
        Route(table + "/rulebook", answers.rulebook),
        WebSocketRoute(table + "/seats/{seat:int}/live", live.seat),
        WebSocketRoute(table + "/watch/live", live.watch),
    ]


class _Answers:
    """The HTTP requests of the tables."""

    def __init__(self, hall: Hall, body: Body, rates: limits.Limits) -> None:
        self.hall = hall
        self.body = body
        self.rates = rates
        self.live = Live(hall, rates.live_in_all)

    async def create(self, request: Request) -> Response:
        address = request.client.host if request.client else "?"
        wait = self.rates.tables.wait(address)
        if wait:
            return _too_many(f"too many tables created from one address: try in {wait:.0f} s")
        args = await self.body(request)
        if isinstance(args, ApiError):
            return JSONResponse(args.json(), status_code=args.status)
        return await _run(self.hall.create, args)

    async def seat(self, request: Request) -> Response:
        p = request.path_params
        token = bearer(request)
        return await _run(self.hall.seat_view, p["table"], p["seat"], token, _since(request))

    async def move(self, request: Request) -> Response:
        args = await self.body(request)
        if isinstance(args, ApiError):
            return JSONResponse(args.json(), status_code=args.status)
        p = request.path_params
        try:  # the seat's own moves only count against its rate: no one else can spend it
            self.hall.table(p["table"]).person(p["seat"], bearer(request))
        except ApiError as error:
            return JSONResponse(error.json(), status_code=error.status)
        wait = self.rates.moves.wait(f"{p['table']}/{p['seat']}")
        if wait:
            return _too_many(f"too many moves at once from one seat: try in {wait:.1f} s")
        text = args.get("move")
        if not isinstance(text, str) or len(text) > 200:
            return JSONResponse({"error": "move: a move's text is needed", "problems": []}, 400)
        token, since = bearer(request), _since(request)
        answer = await _run(self.hall.move, p["table"], p["seat"], token, text, since)
        if answer.status_code == 200:
            self.live.changed(p["table"])
        return answer

    async def name(self, request: Request) -> Response:
        args = await self.body(request)
        if isinstance(args, ApiError):
            return JSONResponse(args.json(), status_code=args.status)
        p = request.path_params
        token = bearer(request)
        answer = await _run(self.hall.rename, p["table"], p["seat"], token, args.get("name"))
        if answer.status_code == 200:
            self.live.changed(p["table"])
        return answer

    async def review(self, request: Request) -> Response:
        p = request.path_params
        token = bearer(request)
        return await _run(self.hall.review, p["table"], p["seat"], token, p["deal"])

    async def watch(self, request: Request) -> Response:
        return await _run(self.hall.watch, request.path_params["table"], _since(request))

    async def record(self, request: Request) -> Response:
        return await _run(self.hall.record, request.path_params["table"])

    async def rulebook(self, request: Request) -> Response:
        return await _run(self.hall.rulebook, request.path_params["table"])


class Live:
    """The live connections: each waits on an event set whenever its table changes."""

    def __init__(self, hall: Hall, most: int) -> None:
        self.hall = hall
        self.most = most  # live connections in all
        self.open = 0
        hall.watchers.append(self.changed)

    def changed(self, table_id: str) -> None:
        """Wake every connection to ``table_id`` (called on the event loop)."""
        try:
            table = self.hall.table(table_id)
        except ApiError:
            return
        for wake in list(table.listeners):
            wake()

    async def seat(self, socket: WebSocket) -> None:
        table_id, seat = socket.path_params["table"], socket.path_params["seat"]
        await socket.accept()
        token = socket.query_params.get("token")
        try:
            if not token:
                token = str(await asyncio.wait_for(socket.receive_text(), timeout=10))
            table = self.hall.table(table_id)
            table.person(seat, token)
        except (ApiError, TimeoutError, WebSocketDisconnect) as error:
            status = error.status if isinstance(error, ApiError) else 408
            await _close(socket, 4000 + status, getattr(error, "message", "no token"))
            return

        def view(since: int) -> Any:
            return self.hall.seat_view(table_id, seat, token, since)

        await self._serve(socket, table, seat, view)

    async def watch(self, socket: WebSocket) -> None:
        table_id = socket.path_params["table"]
        await socket.accept()
        try:
            table = self.hall.table(table_id)
        except ApiError as error:
            await _close(socket, 4000 + error.status, error.message)
            return

        def view(since: int) -> Any:
            return self.hall.watch(table_id, since)

        await self._serve(socket, table, -1, view)

    async def _serve(
        self, socket: WebSocket, table: Table, seat: int, view: Callable[[int], Any]
    ) -> None:
        if sum(table.connected.values()) >= MOST_LIVE:
            await _close(socket, 4429, f"this table has {MOST_LIVE} live connections already")
            return
        if self.open >= self.most:
            await _close(socket, 4503, "this server has all the live connections it takes")
            return
        who = "an onlooker" if seat < 0 else f"seat {seat}"
        LOG.info("%s joined table %s (live)", who, table.id)  # never the token
        self.open += 1
        event = asyncio.Event()
        loop = asyncio.get_running_loop()

        def wake() -> None:  # from any thread: the table's clock sweeps in its own
            loop.call_soon_threadsafe(event.set)

        table.listeners.add(wake)
        table.connected[seat] = table.connected.get(seat, 0) + 1
        table.away_since.pop(seat, None)
        self.changed(table.id)  # the others see him connected
        reader = asyncio.create_task(_drain(socket))
        try:
            await self._present(table, seat)  # and the pages of other server processes
            sent, since = None, 0
            while not reader.done():
                event.clear()
                # The log's lines from those already sent on: each message carries the new ones.
                fresh = await run_in_threadpool(view, since)
                state = {key: value for key, value in fresh.items() if key != "log"}
                if fresh["log"] or state != sent:  # a wake that changed nothing sends nothing
                    await socket.send_json(fresh)
                    sent, since = state, fresh["log_size"]
                waiter = asyncio.create_task(event.wait())
                await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
        except (WebSocketDisconnect, RuntimeError, ApiError):
            pass
        finally:
            reader.cancel()
            table.listeners.discard(wake)
            table.connected[seat] -= 1
            if not table.connected[seat]:
                table.away_since[seat] = time.monotonic()
            self.open -= 1
            LOG.info("%s left table %s", who, table.id)
            self.changed(table.id)
            await self._present(table, seat)

    async def _present(self, table: Table, seat: int) -> None:
        """Store this process's live connections to ``seat`` for the other processes: a store
        that fails here loses no move (the row goes stale and stops counting)."""
        try:
            await run_in_threadpool(self.hall.present, table, seat)
        except Exception as error:  # logged; the connection itself goes on
            LOG.warning("table %s: presence not stored (%s)", table.id, type(error).__name__)


async def _drain(socket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes."""
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
    except (WebSocketDisconnect, RuntimeError):
        return


async def _close(socket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(RuntimeError):
        await socket.close(code=code, reason=reason[:120])
