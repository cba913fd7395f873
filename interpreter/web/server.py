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
import threading
import webbrowser
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from interpreter.web.api import Api, ApiError

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


def app(api: Api | None = None) -> Starlette:
    """The web application, answering with ``api`` (a new one by default)."""
    calls = _Calls(api or Api())

    async def variants(request: Request) -> Response:
        return await calls.answer("variants", {})

    async def create(request: Request) -> Response:
        return await calls.posted("create", request)

    async def view(request: Request) -> Response:
        args = {**request.path_params, "since": request.query_params.get("since")}
        return await calls.answer("view", args)

    async def move(request: Request) -> Response:
        since = request.query_params.get("since")
        return await calls.posted("move", request, {**request.path_params, "since": since})

    async def hint(request: Request) -> Response:
        return await calls.answer("hint", request.path_params)

    async def history(request: Request) -> Response:
        args = {**request.path_params, "seat": request.query_params.get("seat")}
        return await calls.answer("history", args)

    async def record(request: Request) -> Response:
        return await calls.answer("record", request.path_params)

    async def check(request: Request) -> Response:
        return await calls.posted("check", request)

    async def replay(request: Request) -> Response:
        return await calls.posted("replay", request)

    async def play(request: Request) -> Response:
        return FileResponse(STATIC / "play.html", media_type="text/html; charset=utf-8")

    async def home(request: Request) -> Response:
        return RedirectResponse("/play")

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)  # the page has no icon; browsers ask all the same

    game = "/api/games/{game}"
    routes = [
        Route("/", home),
        Route("/play", play),
        Route("/favicon.ico", no_icon),
        Route("/api/variants", variants),
        Route("/api/games", create, methods=["POST"]),
        Route(game + "/seats/{seat:int}", view),
        Route(game + "/seats/{seat:int}/moves", move, methods=["POST"]),
        Route(game + "/seats/{seat:int}/hint", hint),
        Route(game + "/history", history),
        Route(game + "/record", record),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/replay", replay, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    application = Starlette(routes=routes)
    application.add_middleware(_Headers)
    return application


class _Calls:
    """The API's operations, one at a time (the games are shared by every request)."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.lock = threading.Lock()

    def _call(self, op: str, args: Mapping[str, Any]) -> dict[str, Any]:
        with self.lock:
            return self.api.call(op, args)

    async def answer(self, op: str, args: Mapping[str, Any]) -> Response:
        try:
            result = await run_in_threadpool(self._call, op, args)
        except ApiError as error:
            return JSONResponse(error.json(), status_code=error.status)
        return JSONResponse(result)

    async def posted(
        self, op: str, request: Request, path: Mapping[str, Any] | None = None
    ) -> Response:
        """The operation on the request's JSON body, the path's values over it."""
        body = await _body(request)
        if isinstance(body, ApiError):
            return JSONResponse(body.json(), status_code=body.status)
        return await self.answer(op, {**body, **(path or {})})


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
    except ValueError:
        return ApiError(400, "the request's body is not JSON")
    if not isinstance(body, dict):
        return ApiError(400, "the request's body is a JSON object")
    return body


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


def serve(port: int, *, open_browser: bool = False) -> int:
    """Serve until Ctrl-C, printing the address first; the exit status."""
    import uvicorn

    sock = listen(port)
    url = address(sock)
    print(f"Serving the browser game at {url} (Ctrl-C stops the server)", flush=True)
    if open_browser:
        webbrowser.open(url)
    server = uvicorn.Server(uvicorn.Config(app(), log_level="warning", lifespan="off"))
    server.run(sockets=[sock])
    return 0
