"""What ``bezique analyze`` measures, and how it is shown.

- :mod:`~interpreter.analytics.intervals`: 95 % intervals of means, shares and differences;
- :mod:`~interpreter.analytics.report`: the samples an analysis plays, and its report;
- :mod:`~interpreter.analytics.text` prints it, :mod:`~interpreter.analytics.plots` draws it
  (SVG, with matplotlib: the ``plots`` extra).

The figures a simulation gathers for the analysis are a part of its summary, in
:mod:`interpreter.scale` (:mod:`~interpreter.scale.detail`, :mod:`~interpreter.scale.histogram`):
the analysis reads what the simulation played, never the other way round.  docs/analytics.md
describes every figure.
"""
