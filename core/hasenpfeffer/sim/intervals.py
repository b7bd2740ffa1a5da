"""Intervals and rounding shared by every figure: Wilson for proportions, normal for means.

>>> low, high = wilson(80, 100)
>>> round(low, 3), round(high, 3)
(0.711, 0.867)
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

DIGITS = 6
"""Decimal places of every fraction in the JSON outputs."""


def rounded(x: float) -> float:
    """A figure as written in the JSON outputs.

    >>> rounded(2 / 3)
    0.666667
    """
    return round(x, DIGITS)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``(0, 1)`` without trials).

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean_ci(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal 95% interval from a count, a sum and a sum of squares.

    >>> mean_ci(6, 14, 3)
    (2.0, 0.868..., 3.131...)
    """
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)
