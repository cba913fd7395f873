"""Mean and spread of a stream of integers in constant memory.

:class:`Moments` keeps the count, the sum and the sum of squares as exact integers, so that
adding a value costs the same after a hundred million values as after one, two accumulators
merge exactly (shards of a simulation can be added up in any order), and the mean and the
population standard deviation come out as :func:`statistics.fmean` and
:func:`statistics.pstdev` would give them from the whole list.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

# Bits kept for the square root before its one rounding to a float (as statistics does).
_SQRT_BITS = 2 * sys.float_info.mant_dig + 3


@dataclass(slots=True)
class Moments:
    """Count, sum and sum of squares of integers: exact, mergeable, of constant size."""

    count: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        """Add ``other``'s values to these, as if they had been added one by one."""
        self.count += other.count
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        """The mean, correctly rounded (0.0 with no values)."""
        return self.total / self.count if self.count else 0.0

    @property
    def pstdev(self) -> float:
        """The population standard deviation, correctly rounded (0.0 with fewer than two
        values)."""
        if self.count < 2:
            return 0.0
        # variance = (n Σx² − (Σx)²) / n², exactly
        return _sqrt_of_fraction(self.count * self.squares - self.total * self.total, self.count**2)


def _sqrt_of_fraction(numerator: int, denominator: int) -> float:
    """√(numerator / denominator) as a float, correctly rounded: an integer square root with
    enough extra bits, rounded to odd, then one rounding to a float (the method of
    :func:`statistics.pstdev` since Python 3.11, https://bugs.python.org/msg407078)."""
    shift = (numerator.bit_length() - denominator.bit_length() - _SQRT_BITS) // 2
    if shift >= 0:
        return float(_isqrt_to_odd(numerator, denominator << 2 * shift) << shift)
    return _isqrt_to_odd(numerator << -2 * shift, denominator) / (1 << -shift)


def _isqrt_to_odd(numerator: int, denominator: int) -> int:
    """The integer square root of numerator / denominator, its last bit set if inexact."""
    root = math.isqrt(numerator // denominator)
    return root | (root * root * denominator != numerator)
