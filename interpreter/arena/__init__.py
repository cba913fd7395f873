"""The arena: agents measured against each other.

- :mod:`~interpreter.arena.entrants`: agents named as on the command line (a shipped bot, or
  ``module:Class`` from outside the project) or given as objects, checked to follow the
  protocol, and their moves checked to be legal;
- :mod:`~interpreter.arena.hooks`: the optional methods that tell an agent what happens;
- :mod:`~interpreter.arena.duplicate`: duplicate play, each board once per seating;
- :mod:`~interpreter.arena.paired`: paired differences and their 95 % intervals, in running
  sums.

:func:`interpreter.simulate.simulate` and ``bezique play`` use them (docs/agents.md).
"""
