"""Paired differences over boards, with a 95 % interval, in constant memory.

A *board* is one deck sequence played once per seating (see :mod:`interpreter.arena.duplicate`).
Each board gives, for an agent or a side, two whole numbers: ``y``, the points by which it beat
the others on that board (scaled, see :func:`margins`), and ``d``, the deals over which they
were scored (scaled alike).  The mean difference per deal is the ratio of the sums, Σy / Σd:
every deal weighs the same, whether a board is one deal (Rubicon) or a whole race of several.

Its interval treats the boards as independent draws (the deals of one board are not: they share
the deck sequence and the seatings) and estimates the variance of a ratio of sums by the
first-order (delta) method: the residuals ``y − R·d`` of the boards, with ``R`` the ratio.  When
every board has the same number of deals it is exactly the paired Student *t* interval of the
boards' differences.  The multiplier is Student's *t* with ``boards − 1`` degrees of freedom.

Only running sums are kept (exact integers), so a summary is as small after a million boards as
after ten, and two of them merge exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

LEVEL = 0.95
"""The level of the intervals given."""


@dataclass(slots=True)
class Ratio:
    """The sums over boards of ``y``, ``d``, ``y²``, ``d²`` and ``y·d``."""

    boards: int = 0
    y: int = 0
    d: int = 0
    yy: int = 0
    dd: int = 0
    yd: int = 0

    def add(self, y: int, d: int) -> None:
        self.boards += 1
        self.y += y
        self.d += d
        self.yy += y * y
        self.dd += d * d
        self.yd += y * d

    def merge(self, other: Ratio) -> None:
        self.boards += other.boards
        self.y += other.y
        self.d += other.d
        self.yy += other.yy
        self.dd += other.dd
        self.yd += other.yd

    @property
    def mean(self) -> float:
        """Σy / Σd (0.0 before any board)."""
        return self.y / self.d if self.d else 0.0

    @property
    def standard_error(self) -> float | None:
        """The standard error of the mean; None with fewer than two boards."""
        n = self.boards
        if n < 2 or not self.d:
            return None
        # Σ(y − R d)² with R = Σy/Σd, times (Σd)², exactly:
        residuals = self.yy * self.d**2 - 2 * self.y * self.d * self.yd + self.y**2 * self.dd
        return math.sqrt(Fraction(n * residuals, (n - 1) * self.d**4))

    def interval(self) -> tuple[float, float] | None:
        """The 95 % interval of the mean; None with fewer than two boards."""
        error = self.standard_error
        if error is None:
            return None
        half = t_quantile(self.boards - 1) * error
        return (self.mean - half, self.mean + half)


def margins(totals: list[int]) -> list[int]:
    """Each unit's points less the mean of the others', times ``len(totals) − 1`` so that it
    stays a whole number: with two units, each one's lead over the other."""
    everyone = sum(totals)
    return [len(totals) * total - everyone for total in totals]


def t_quantile(df: int) -> float:
    """The upper 97.5 % point of Student's t with ``df`` degrees of freedom (12.706 for 1,
    1.960 for very many): found by bisection of the exact distribution up to 200 degrees of
    freedom, and by the Cornish-Fisher expansion in 1/df beyond (its error is then below 1e-9)."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if df > 200:
        return _cornish_fisher(df)
    low, high = 1.0, 13.0  # the quantile of 1 degree of freedom is the largest, 12.71
    for _ in range(60):
        middle = (low + high) / 2
        if _central(middle, df) < LEVEL:
            low = middle
        else:
            high = middle
    return (low + high) / 2


_Z = 1.959963984540054  # the upper 97.5 % point of the normal distribution


def _cornish_fisher(df: int) -> float:
    z = _Z
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * df**4)
    )


def _central(t: float, df: int) -> float:
    """P(|T| < t) for Student's T with a whole number ``df`` of degrees of freedom, by its
    closed form: a finite series in cos θ, where tan θ = t / √df."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 0:  # sin θ (1 + 1/2 c² + 1·3/(2·4) c⁴ + … up to c^(df−2))
        term = total = 1.0
        for k in range(1, df // 2):
            term *= c2 * (2 * k - 1) / (2 * k)
            total += term
        return math.sin(theta) * total
    if df == 1:
        return 2 * theta / math.pi
    # 2/π (θ + sin θ cos θ (1 + 2/3 c² + 2·4/(3·5) c⁴ + … up to c^(df−3)))
    term = total = 1.0
    for k in range(1, (df - 1) // 2):
        term *= c2 * (2 * k) / (2 * k + 1)
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)
