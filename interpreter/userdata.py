"""Where a person's things are kept on this machine, and who the person is: the data folder
that ``bezique serve`` keeps its tables in and ``bezique play`` its ratings, and the name the
ratings go under by default.  Light on purpose: the command line reads it before the engine."""

from __future__ import annotations

import getpass
import os
from pathlib import Path


def default_db() -> Path:
    """``tables.sqlite`` in the user's data folder (``$XDG_DATA_HOME/bezique``, by default
    ``~/.local/share/bezique``; ``%APPDATA%\\bezique`` on Windows)."""
    base = os.environ.get("XDG_DATA_HOME") or os.environ.get("APPDATA")
    folder = Path(base) if base else Path.home() / ".local" / "share"
    return folder / "bezique" / "tables.sqlite"


def default_player() -> str:
    """The person's login name, or ``you`` where the system has none to give."""
    try:
        return getpass.getuser() or "you"
    except (OSError, KeyError, ImportError):  # no login name (a container without a user)
        return "you"
