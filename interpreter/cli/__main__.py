"""``python -m interpreter.cli``: the ``bezique`` command."""

import sys

from interpreter.cli.app import main

if __name__ == "__main__":  # not when a worker process of ``--jobs`` imports this module
    sys.exit(main())
