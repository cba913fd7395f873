"""Simulation at any scale: a run cut into shards that give the same figures wherever they are
played.

- :mod:`~interpreter.scale.summary`: the summary of a run, which merges exactly;
- :mod:`~interpreter.scale.detail`: the figures a run gathers besides for ``bezique analyze``
  (deal scores, game lengths, points by source, the dealer's advantage, games decided by the
  last deal), all mergeable, counted in :mod:`~interpreter.scale.histogram`'s bounded bins;
- :mod:`~interpreter.scale.table`: games played into a summary;
- :mod:`~interpreter.scale.shards`: the shards of a run, their seeds, and a worker's task;
- :mod:`~interpreter.scale.local`: the shards on the cores of this machine (``--jobs``);
- :mod:`~interpreter.scale.cluster`: the shards on a Dask cluster (``--backend dask``);
- :mod:`~interpreter.scale.stamp`: the engine's and the variant's hashes every shard carries;
- :mod:`~interpreter.scale.store`: a run's finished shards kept in a folder, to resume it;
- :mod:`~interpreter.scale.run`: one entry for the three ways.
"""
