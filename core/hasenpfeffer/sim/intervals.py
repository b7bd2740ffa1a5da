"""Intervals and rounding shared by every figure: Wilson for proportions, normal for means, and
Newcombe's hybrid score interval (MOVER) for a difference of two proportions.

>>> low, high = wilson(80, 100)
>>> round(low, 3), round(high, 3)
(0.711, 0.867)
>>> [round(x, 4) for x in mover((0.5, *wilson(50, 100)), (0.6, *wilson(60, 100)))]
[-0.0373, 0.2321]
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


Bounded = tuple[float, float, float]
"""A proportion and its interval: ``(p, low, high)``."""


def mover(a: Bounded, b: Bounded, r: float = 0.0) -> tuple[float, float]:
    """The 95% interval of ``pB - pA`` from the two proportions' own intervals (MOVER).

    The method of variance estimates recovery (Zou and Donner, "Construction of confidence
    limits about effect measures: a general approach", Statistics in Medicine 27 (2008)
    1693-1702), built on Wilson intervals, is Newcombe's hybrid score interval: method 10 of
    "Interval estimation for the difference between independent proportions" (Statistics in
    Medicine 17 (1998) 873-890) for ``r = 0``, and with ``r`` the correlation of the two
    estimates, method 10 of "Improved confidence intervals for the difference between binomial
    proportions based on paired data" (Statistics in Medicine 17 (1998) 2635-2650)::

        L = d - sqrt((pB - lB)² + (uA - pA)² - 2r (pB - lB)(uA - pA))
        U = d + sqrt((uB - pB)² + (pA - lA)² - 2r (uB - pB)(pA - lA))

    with ``d = pB - pA``. For any ``r`` in [-1, 1] the square roots are at most the sums of
    the distances, so ``lB - uA <= L`` and ``U <= uB - lA``: the interval stays in [-1, 1].

    Newcombe's first example (56/70 against 48/80; his Table II gives 0.0524 to 0.3339):

    >>> [round(x, 4) for x in mover((48 / 80, *wilson(48, 80)), (56 / 70, *wilson(56, 70)))]
    [0.0524, 0.3339]

    The same outcomes in every pair (``r = 1``) still leave the uncertainty of the two
    proportions where their intervals are lopsided: all 1 of 20 is no proof that none fails.

    >>> [round(x, 3) for x in mover((1.0, *wilson(20, 20)), (1.0, *wilson(20, 20)), r=1.0)]
    [-0.161, 0.161]
    """
    pa, la, ua = a
    pb, lb, ub = b
    d = pb - pa
    down_b, up_a = pb - lb, ua - pa
    up_b, down_a = ub - pb, pa - la
    low = d - math.sqrt(max(0.0, down_b**2 + up_a**2 - 2 * r * down_b * up_a))
    high = d + math.sqrt(max(0.0, up_b**2 + down_a**2 - 2 * r * up_b * down_a))
    return (max(-1.0, low), min(1.0, high))


def correlation(var_a: float, var_b: float, var_d: float) -> float:
    """The correlation of two estimates from their variances and that of their difference.

    ``var(B - A) = var A + var B - 2 cov``, so ``cov = (var A + var B - var(B - A)) / 2``;
    0 when either variance is 0, and clipped to [-1, 1] against rounding.

    >>> correlation(1.0, 1.0, 0.0), correlation(1.0, 1.0, 2.0), correlation(0.0, 1.0, 1.0)
    (1.0, 0.0, 0.0)
    """
    if var_a <= 0 or var_b <= 0:
        return 0.0
    r = (var_a + var_b - var_d) / 2 / math.sqrt(var_a * var_b)
    return min(1.0, max(-1.0, r))
