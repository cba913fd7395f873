"""A PostgreSQL server of the tests' own: a fresh cluster in a temporary folder, listening on
a Unix socket only, started by ``initdb`` and ``pg_ctl`` from Debian's ``postgresql`` package
and stopped at the end.  Without the package the test is skipped, saying how to install it,
unless ``BEZIQUE_REQUIRE_POSTGRES`` is set (as CI sets it): then it fails."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REQUIRE = "BEZIQUE_REQUIRE_POSTGRES"
INSTALL = "sudo apt-get install postgresql"


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_owner(command: list[str]) -> list[str]:
    """``initdb`` and ``postgres`` refuse to run as root: as root, run them as ``postgres``."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextmanager
def postgres(port: int = 54329) -> Iterator[str]:
    """A running PostgreSQL cluster in a folder of its own under the system's temporary folder
    (which the ``postgres`` user can reach, as root runs it); its URL (database
    ``postgres``)."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        reason = f"needs PostgreSQL's initdb and pg_ctl; install them with `{INSTALL}`"
        if os.environ.get(REQUIRE, "") not in ("", "0"):
            pytest.fail(f"{reason}; {REQUIRE} is set, so they must be there", pytrace=False)
        pytest.skip(reason)
    folder = Path(tempfile.mkdtemp(prefix="bezique-pg-"))
    data, sockets = folder / "data", folder / "sockets"
    data.mkdir()
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        for path in (data, sockets):
            shutil.chown(path, "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT, "check": True}
    subprocess.run(_as_owner([initdb, "-D", str(data), "-U", "postgres", "-A", "trust"]), **quiet)  # type: ignore[call-overload]
    options = f"-p {port} -k {sockets} -c listen_addresses=''"
    log = folder / "postgres.log"
    start = [pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "start"]
    if os.geteuid() == 0:
        log.touch()
        shutil.chown(log, "postgres")
    subprocess.run(_as_owner(start), **quiet)  # type: ignore[call-overload]
    try:
        yield f"postgresql://postgres@/postgres?host={sockets}&port={port}"
    finally:
        stop = [pg_ctl, "-D", str(data), "-m", "immediate", "stop"]
        subprocess.run(_as_owner(stop), stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        shutil.rmtree(folder, ignore_errors=True)
