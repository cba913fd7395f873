"""``bezique serve``: the browser game on this machine, over HTTP (Starlette and uvicorn, the
optional ``web`` extra: ``pip install -e '.[web]'``).

``/play`` is the front-end (``/play?variant=NAME&seed=N`` opens a new game at once) and
``/api/…`` the operations of :class:`~interpreter.web.api.Api` as a small JSON API, listed in
docs/web.md.  The server listens on the loopback interface only; each page is sent with a
content security policy that lets it load nothing from elsewhere and run no inline script.
"""

from __future__ import annotations

import json
import socket
import webbrowser
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from interpreter.rating import Keeper
from interpreter.userdata import default_db, default_player
from interpreter.web import table_routes
from interpreter.web.api import Api, ApiError
from interpreter.web.limits import Limits
from interpreter.web.store import SqliteStore, Store
from interpreter.web.tables import Hall

STATIC = Path(__file__).parent / "static"
HOST = "127.0.0.1"
MOST_BODY = 8 * 1024 * 1024
"""The largest request body read (a record of 1,000,000 bytes, written as JSON)."""
HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def app(
    api: Api | None = None,
    hall: Hall | None = None,
    *,
    hosts: Sequence[str] = (),
    rates: Limits | None = None,
) -> Starlette:
    """The web application, answering with ``api`` (a new one by default) and hosting the
    tables of ``hall`` (an in-memory store by default).  ``hosts``: the host names the
    server answers to besides the loopback ones (``--public-url``'s)."""
    calls = _Calls(api or Api())
    hall = hall or Hall(SqliteStore(":memory:"))

    async def play(request: Request) -> Response:
        return FileResponse(STATIC / "play.html", media_type="text/html; charset=utf-8")

    async def home(request: Request) -> Response:
        return RedirectResponse("/play")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "tables.html", media_type="text/html; charset=utf-8")

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)  # the page has no icon; browsers ask all the same

    game = "/api/games/{game}"
    routes = [
        Route("/", home),
        Route("/play", play),
        Route("/favicon.ico", no_icon),
        Route("/api/variants", calls.asked("variants")),
        Route("/api/games", calls.posting("create"), methods=["POST"]),
        Route(game + "/seats/{seat:int}", calls.asked("view", "since")),
        Route(game + "/seats/{seat:int}/moves", calls.posting("move", "since"), methods=["POST"]),
        Route(game + "/seats/{seat:int}/hint", calls.asked("hint")),
        Route(game + "/seats/{seat:int}/undo", calls.posting("undo"), methods=["POST"]),
        Route(game + "/seats/{seat:int}/reviews/{deal:int}", calls.asked("review")),
        Route(game + "/history", calls.asked("history", "seat")),
        Route(game + "/record", calls.asked("record")),
        Route("/api/check", calls.posting("check"), methods=["POST"]),
        Route("/api/replay", calls.posting("replay"), methods=["POST"]),
        *table_routes.routes(hall, _body, rates),
        Route("/tables", table_page),
        Route("/tables/{table}/seats/{seat:int}", table_page),
        Route("/tables/{table}/watch", table_page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    application = Starlette(routes=routes)
    application.add_middleware(_Guard, hosts=frozenset(h.lower() for h in hosts))
    application.add_middleware(_Headers)
    return application


_OWN_LOCK = frozenset({"review"})
"""Operations on a game that take its lock only as long as they read it (a review weighs a
copy for seconds, and the game goes on)."""


class _Calls:
    """The API's operations: those on one game one at a time (that game's lock), the others
    (variants, checks, replays) side by side."""

    def __init__(self, api: Api) -> None:
        self.api = api

    def _call(self, op: str, args: Mapping[str, Any]) -> dict[str, Any]:
        game = self.api.find(args.get("game"))
        if game is None or op in _OWN_LOCK:
            return self.api.call(op, args)
        with game.lock:
            return self.api.call(op, args)

    async def answer(self, op: str, args: Mapping[str, Any]) -> Response:
        try:
            result = await run_in_threadpool(self._call, op, args)
        except ApiError as error:
            return JSONResponse(error.json(), status_code=error.status)
        except RecursionError:
            deep = ApiError(400, "the request is nested too deeply")
            return JSONResponse(deep.json(), status_code=deep.status)
        return JSONResponse(result)

    def asked(self, op: str, query: str | None = None) -> Callable[[Request], Awaitable[Response]]:
        """The endpoint that answers a GET with ``op``, on the path's values and the query's
        value ``query``."""

        async def endpoint(request: Request) -> Response:
            return await self.answer(op, _arguments(request, query))

        return endpoint

    def posting(
        self, op: str, query: str | None = None
    ) -> Callable[[Request], Awaitable[Response]]:
        """The endpoint that answers a POST with ``op``, on its JSON body, the path's values
        and the query's value ``query`` over it."""

        async def endpoint(request: Request) -> Response:
            return await self.posted(op, request, _arguments(request, query))

        return endpoint

    async def posted(
        self, op: str, request: Request, path: Mapping[str, Any] | None = None
    ) -> Response:
        """The operation on the request's JSON body, the path's values over it."""
        body = await _body(request)
        if isinstance(body, ApiError):
            return JSONResponse(body.json(), status_code=body.status)
        return await self.answer(op, {**body, **(path or {})})


def _arguments(request: Request, query: str | None) -> dict[str, Any]:
    args = dict(request.path_params)
    if query is not None:
        args[query] = request.query_params.get(query)
    return args


async def _body(request: Request) -> dict[str, Any] | ApiError:
    """The request's JSON object, read no further than :data:`MOST_BODY`; a refusal
    otherwise."""
    read = bytearray()
    async for chunk in request.stream():
        read += chunk
        if len(read) > MOST_BODY:
            return ApiError(413, f"the request is larger than {MOST_BODY:,} bytes")
    try:
        body = json.loads(read or b"{}")
    except (ValueError, RecursionError):
        return ApiError(400, "the request's body is not JSON (or is nested too deeply)")
    if not isinstance(body, dict):
        return ApiError(400, "the request's body is a JSON object")
    return body


LOOPBACK = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})


class _Guard:
    """Refuses what another site's page could send: a ``Host`` the server is not (DNS
    rebinding), an ``Origin`` of another site, and a body that is not JSON (a form or
    ``text/plain``, which a page may post anywhere without asking)."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = LOOPBACK | hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            refusal = self._refusal(scope)
            if refusal is not None:
                status, message = refusal
                if scope["type"] == "websocket":
                    await receive()  # the connection request
                    await send(
                        {"type": "websocket.close", "code": 4000 + status, "reason": message}
                    )
                    return
                await JSONResponse({"error": message, "problems": []}, status)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if _hostname(host) not in self.hosts:
            return 421, f"this server does not answer for the host {host[:80]!r}"
        origin = headers.get("origin")
        if origin is not None and _hostname(origin.partition("://")[2]) not in self.hosts:
            return 403, "requests from another site's page are refused"
        if scope["type"] == "http" and scope["method"] == "POST":
            kind = headers.get("content-type", "").partition(";")[0].strip().lower()
            if kind != "application/json":
                return 415, "the request's body must be JSON (Content-Type: application/json)"
        return None


def _hostname(host: str) -> str:
    """``example.org`` of ``example.org:8000`` (and ``[::1]`` of ``[::1]:8000``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    return host.partition(":")[0]


class _Headers:
    """Adds :data:`HEADERS` to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, sending)


def listen(port: int, host: str = HOST) -> socket.socket:
    """A socket bound to ``host:port`` (0: a free port); ``ValueError`` when it cannot be."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        reason = error.strerror or str(error)
        raise ValueError(f"--port {port}: cannot listen on {host}:{port}: {reason}") from None
    sock.listen(128)  # from now on a request waits for the server instead of being refused
    return sock


def address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://{host}:{port}/play"


def open_store(db: str) -> Store:
    """The store ``db`` names: ``postgresql://…`` (or ``postgres://…``) a PostgreSQL database,
    anything else a SQLite file."""
    if db.startswith(("postgresql://", "postgres://")):
        from interpreter.web.pgstore import PgStore  # the postgres extra, only when asked

        return PgStore(db)
    return SqliteStore(db)


def public_hosts(host: str, public_url: str | None) -> tuple[str, list[str]]:
    """The public URL the links are made with, and the host names the server answers for;
    ``ValueError`` when the server would listen beyond this machine with no public URL."""
    if public_url is None:
        if _hostname(host) not in LOOPBACK:
            raise ValueError(
                f"--host {host}: a server others reach needs --public-url, the address they "
                "use (https://… behind a proxy with TLS; see docs/web.md)"
            )
        return "", []
    scheme, _, rest = public_url.partition("://")
    name = _hostname(rest.partition("/")[0])
    if scheme not in ("http", "https") or not name:
        raise ValueError(f"--public-url {public_url}: an address like https://cards.example.org")
    return public_url.rstrip("/"), [name]


def serve(
    port: int,
    *,
    open_browser: bool = False,
    db: str | None = None,
    host: str = HOST,
    public_url: str | None = None,
    expire_days: float = 30.0,
    tables_per_address: int = 20,
) -> int:
    """Serve until Ctrl-C, printing the address and the store first; the exit status."""
    import uvicorn

    base, names = public_hosts(host, public_url)
    where = db or str(default_db())
    if "://" not in where and where != ":memory:":
        Path(where).parent.mkdir(parents=True, exist_ok=True)
    store = open_store(where)
    # The person's deals are rated in the same SQLite file (in the data folder's beside a
    # PostgreSQL store).
    keeper = Keeper(where if "://" not in where and where != ":memory:" else default_db())
    hall = Hall(store, base, keeper)
    gone = hall.expire(expire_days * 86400)
    hall.start_sweeping()  # the tables' clocks
    sock = listen(port, host)
    url = address(sock)
    print(f"Serving the browser game at {url} (Ctrl-C stops the server)", flush=True)
    print(
        f"Tables are kept in {store.where} ({len(hall.tables)} open, {len(gone)} expired); "
        f"host one for friends at {base or url.removesuffix('/play')}/tables",
        flush=True,
    )
    for problem in hall.problems:
        print(f"warning: {problem}", flush=True)
    if open_browser:
        webbrowser.open(url)
    rates = Limits(tables=(max(tables_per_address, 1), 1 / 30))
    api = Api(keeper=keeper, player=default_player())
    application = app(api, hall, hosts=names, rates=rates)
    # Behind a proxy on this machine (--public-url), the address a request comes from is the
    # one the proxy names (X-Forwarded-For), so that the rates count each person, not the proxy.
    config = uvicorn.Config(
        application,
        log_level="warning",
        lifespan="off",
        proxy_headers=bool(base),
        forwarded_allow_ips="127.0.0.1",
    )
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0
