"""``bezique serve`` as a real process for the tables' tests, and plain HTTP calls to it.

:class:`Server` starts ``python -m interpreter.cli serve`` in a folder of its own, reads the
address it prints, and kills it with SIGKILL (as a crash stops it); started again, it listens
on the same port, so that pages and clients find it where it was.  :func:`server` is one such
process for the length of a ``with`` block.  :func:`call` asks for JSON and fails on any status
but 200; :func:`answer` gives the status and the JSON of whatever came back, refusals too."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

ROOT = Path(__file__).resolve().parents[1]
SERVING = "Serving the browser game at "
"""The first line ``bezique serve`` prints, before its address."""


class Server:
    """``bezique serve --port PORT ARGS`` run in ``folder`` (its data folder is
    ``folder/data``, its messages to stderr go to ``folder/serve-N.log``).  ``port`` 0 takes a
    free one at the first start and keeps it for the next."""

    def __init__(self, folder: Path, *args: str, port: int = 0) -> None:
        self.folder = folder
        self.args = args
        self.port = port
        self.base = ""
        self.starts = 0
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> str:
        """Start the process and wait until it listens; its base URL (``http://127.0.0.1:N``)."""
        assert self.process is None, "the server is running already"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.starts += 1
        log = self.folder / f"serve-{self.starts}.log"
        command = [sys.executable, "-m", "interpreter.cli", "serve", "--port", str(self.port)]
        environ = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "XDG_DATA_HOME": str(self.folder / "data"),
        }
        with log.open("w") as errors:
            self.process = subprocess.Popen(
                [*command, *self.args],
                cwd=self.folder,
                env=environ,
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
            )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith(SERVING):
            self.kill()
            raise AssertionError(f"bezique serve did not start: {line!r}\n{log.read_text()}")
        self.base = line.removeprefix(SERVING).split()[0].removesuffix("/play")
        self.port = int(self.base.rsplit(":", 1)[1])
        return self.base

    def kill(self) -> None:
        """SIGKILL, as a crash would stop it (nothing is flushed or closed)."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.communicate(timeout=20)
            self.process = None


@contextmanager
def server(folder: Path, *args: str) -> Iterator[str]:
    """A running ``bezique serve --port 0 ARGS`` in ``folder`` and its base URL; killed with
    SIGKILL at the end."""
    running = Server(folder, *args)
    try:
        yield running.start()
    finally:
        running.kill()


def answer(
    base: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> tuple[int, Any]:
    """The status and JSON answer of a GET (no ``body``) or a POST of ``body`` as JSON, with
    ``Authorization: Bearer TOKEN`` when a token is given (``headers`` are added last)."""
    sent = {"content-type": "application/json"}
    if token:
        sent["authorization"] = f"Bearer {token}"
    sent |= headers or {}
    data = None if body is None else json.dumps(body).encode()
    request = Request(
        base + path, data=data, headers=sent, method="GET" if data is None else "POST"
    )
    try:
        with urlopen(request, timeout=60) as reply:
            return reply.status, json.loads(reply.read())
    except HTTPError as refused:
        with refused:
            return refused.code, json.loads(refused.read())


def call(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """The JSON answer of a GET or POST (see :func:`answer`), which must be 200."""
    status, found = answer(base, path, body, token)
    assert status == 200, (path, status, found)
    return found
