"""95 % intervals of the figures of an analysis, and of the difference between two variants.

- A **mean** (points per deal, deals per game, a game's value): Student's *t* interval,
  from the exact count, sum and sum of squares (:class:`~interpreter.moments.Moments`).
- A **share** (games won by the first dealer, rubicons): Wilson's score interval, which stays
  inside 0–100 % and is honest near the ends (a rubicon rate of 100 %).
- The **difference** of two means from independent samples: Welch's interval (the degrees of
  freedom of Welch and Satterthwaite); of two shares: Newcombe's hybrid score interval (his
  method 10, built from the two Wilson intervals).

The multiplier of *t* comes from :func:`interpreter.arena.paired.t_quantile`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from interpreter.arena.paired import Ratio, t_quantile
from interpreter.moments import Moments

_Z = 1.959963984540054  # the upper 97.5 % point of the normal distribution


@dataclass(frozen=True)
class Mean:
    """An estimate with its standard error and degrees of freedom (None: fewer than two
    values, no interval)."""

    value: float
    error: float | None
    df: int | None

    @classmethod
    def of(cls, moments: Moments, scale: float = 1.0) -> Mean:
        """The mean of ``moments`` divided by ``scale``."""
        n = moments.count
        if n < 2:
            return cls(moments.mean / scale, None, None)
        sample_sd = moments.pstdev * math.sqrt(n / (n - 1))
        return cls(moments.mean / scale, sample_sd / math.sqrt(n) / scale, n - 1)

    @classmethod
    def of_ratio(cls, ratio: Ratio) -> Mean:
        """A duplicate difference per deal (:mod:`interpreter.arena.paired`)."""
        error = ratio.standard_error
        return cls(ratio.mean, error, None if error is None else ratio.boards - 1)

    def interval(self) -> tuple[float, float] | None:
        if self.error is None or self.df is None:
            return None
        half = t_quantile(self.df) * self.error
        return (self.value - half, self.value + half)


@dataclass(frozen=True)
class Share:
    """``hits`` out of ``count``."""

    hits: int
    count: int

    @property
    def value(self) -> float:
        return self.hits / self.count if self.count else 0.0

    def interval(self) -> tuple[float, float] | None:
        """Wilson's score interval; None with nothing counted."""
        n = self.count
        if not n:
            return None
        p, z2 = self.value, _Z * _Z
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def mean_difference(a: Mean, b: Mean) -> tuple[float, tuple[float, float] | None]:
    """``b − a``, and Welch's interval of it."""
    difference = b.value - a.value
    if a.error is None or b.error is None or a.df is None or b.df is None:
        return difference, None
    va, vb = a.error**2, b.error**2
    if va + vb == 0:
        return difference, (difference, difference)
    df = (va + vb) ** 2 / (va * va / a.df + vb * vb / b.df)
    half = t_quantile(max(1, math.floor(df))) * math.sqrt(va + vb)
    return difference, (difference - half, difference + half)


def share_difference(a: Share, b: Share) -> tuple[float, tuple[float, float] | None]:
    """``b − a``, and Newcombe's hybrid score interval of it."""
    difference = b.value - a.value
    ia, ib = a.interval(), b.interval()
    if ia is None or ib is None:
        return difference, None
    (la, ua), (lb, ub) = ia, ib
    low = difference - math.sqrt((b.value - lb) ** 2 + (ua - a.value) ** 2)
    high = difference + math.sqrt((ub - b.value) ** 2 + (a.value - la) ** 2)
    return difference, (low, high)
