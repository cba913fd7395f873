"""``python -m interpreter.cli``: the ``bezique`` command."""

import sys

from interpreter.cli.app import main

sys.exit(main())
