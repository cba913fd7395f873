"""What ``bezique analyze`` measures, and how it is shown.

- :mod:`~interpreter.analytics.histogram`: a distribution of whole numbers as bounded counters;
- :mod:`~interpreter.analytics.detail`: the figures a simulation gathers for the analysis
  besides its summary (deal scores, game lengths, points by source, the dealer's advantage,
  games decided by the last deal), all mergeable;
- :mod:`~interpreter.analytics.intervals`: 95 % intervals of means, shares and differences;
- :mod:`~interpreter.analytics.report`: the samples an analysis plays, and its report;
- :mod:`~interpreter.analytics.text` prints it, :mod:`~interpreter.analytics.plots` draws it
  (SVG, with matplotlib: the ``plots`` extra).

docs/analytics.md describes every figure.
"""
