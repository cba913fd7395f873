"""The ``bezique`` command: argument parsing and printing only; no rules live here.

:mod:`~interpreter.cli.app` runs a command (and ends it cleanly on Ctrl-C or when the reader of
its output goes away), :mod:`~interpreter.cli.options` reads the command line, and one module
per group of commands prints: :mod:`~interpreter.cli.variants` (``variants``, ``check``,
``show``), :mod:`~interpreter.cli.simulate`, :mod:`~interpreter.cli.settle` and
:mod:`~interpreter.cli.authoring` (``diff``, ``new``, ``schema``, ``rulebook``).

Each command imports what it uses when it runs, so ``bezique --help`` loads neither the engine
nor pydantic, and ``bezique variants`` not the engine.
"""

from interpreter.cli.app import main

__all__ = ["main"]
