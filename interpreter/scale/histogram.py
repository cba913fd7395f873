"""A distribution of whole numbers in bounded memory: a counter per bin of fixed width.

The bins are fixed before anything is counted (bin ``k`` holds the values from ``k·width`` to
``(k+1)·width − 1``), so two histograms of the same width merge exactly, and the number of bins
kept is bounded by the range of the values, not by how many there are: a seat's points in a
two-pack deal, counted per 10 points, take fewer than 200 bins after a hundred million deals.
The exact mean and spread are kept beside the bins (:class:`~interpreter.moments.Moments`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from interpreter.moments import Moments


@dataclass(slots=True)
class Histogram:
    """Counts of whole numbers per bin of ``width``, with their exact moments."""

    width: int = 1
    bins: Counter[int] = field(default_factory=Counter)  # bin index → how many values
    moments: Moments = field(default_factory=Moments)

    def add(self, value: int) -> None:
        self.bins[value // self.width] += 1
        self.moments.add(value)

    def merge(self, other: Histogram) -> None:
        if other.width != self.width:
            raise ValueError(f"histograms of widths {self.width} and {other.width} do not merge")
        self.bins.update(other.bins)
        self.moments.merge(other.moments)

    @property
    def count(self) -> int:
        return self.moments.count

    def quantile(self, share: float) -> int:
        """The lowest value of the bin in which the given share of the values is reached
        (0 with no values): the median is ``quantile(0.5)``, to within a bin."""
        if not self.count:
            return 0
        needed = share * self.count
        seen = 0
        for index in sorted(self.bins):
            seen += self.bins[index]
            if seen >= needed:
                return index * self.width
        return max(self.bins) * self.width

    def bars(self, most: int = 40) -> list[tuple[int, int, int]]:
        """The distribution as at most ``most`` bars of equal width, each ``(low, high,
        count)`` for the values from ``low`` to ``high − 1``, from the lowest bin counted to
        the highest, empty bars included."""
        if not self.bins:
            return []
        first, last = min(self.bins), max(self.bins)
        per_bar = -(-(last - first + 1) // most)  # bins per bar, rounded up
        bars = []
        for start in range(first, last + 1, per_bar):
            count = sum(self.bins.get(index, 0) for index in range(start, start + per_bar))
            bars.append((start * self.width, (start + per_bar) * self.width, count))
        return bars

    def as_json(self) -> dict[str, object]:
        return {
            "width": self.width,
            "count": self.count,
            "mean": round(self.moments.mean, 2),
            "sd": round(self.moments.pstdev, 2),
            "median": self.quantile(0.5),
            "bins": [[index * self.width, self.bins[index]] for index in sorted(self.bins)],
        }
