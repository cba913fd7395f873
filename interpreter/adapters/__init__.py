"""Every variant as an environment for game-AI research (docs/research.md).

:mod:`~interpreter.adapters.actions` (moves as integers), :mod:`~interpreter.adapters.tensors`
(what a seat sees, as numbers) and :mod:`~interpreter.adapters.episode` (one deal with its
chance made explicit) are pure Python.  :mod:`~interpreter.adapters.pettingzoo` and
:mod:`~interpreter.adapters.openspiel` need the ``ml`` extra (``pip install -e '.[ml]'``);
nothing here is imported by ``import interpreter``.
"""
