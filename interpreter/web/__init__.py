"""Playing in a browser: one game-session API in Python, two ways to reach it.

- :mod:`~interpreter.web.session`: one game as a person in a browser plays it (the bots move
  between the person's moves, each seat sees only what it may know);
- :mod:`~interpreter.web.views`: what one seat sees, as JSON; :mod:`~interpreter.web.replay`: a
  game record as the frames of a replay viewer;
- :mod:`~interpreter.web.api`: the operations (create a game, read a seat's view, make a move,
  the public history, the record, check a variant, replay a record) on JSON-like values;
- :mod:`~interpreter.web.server`: ``bezique serve``, the operations over HTTP (Starlette and
  uvicorn, the optional ``web`` extra);
- :mod:`~interpreter.web.bundle`: the engine vendored into the documentation site, where the
  same operations run in the reader's browser (Pyodide, in a Web Worker);
- ``static/``: the one front-end (HTML, CSS, plain JavaScript) that both use.

Nothing here imports Starlette but :mod:`~interpreter.web.server`: the rest runs in Pyodide.
"""
