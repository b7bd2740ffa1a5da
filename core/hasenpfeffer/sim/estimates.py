"""Every figure of a run with its 95% interval, and the difference of two runs over the same seeds.

A share (a win rate, the share of contracts made) has the Wilson interval; a mean (points per
hand, hands per game) the normal one. A difference of shares has Newcombe's hybrid score
interval, paired through the correlation of the two runs' estimates (:func:`.intervals.mover`);
a difference of means the paired normal interval (:func:`.figures.paired`). Without
observations on a side (no lone hands, a bid never played) a figure has no value, and a
difference none either. No interval leaves the figure's range: [0, 1] for a share (the
Wilson and Newcombe intervals keep to it), [1, the hand cap] for hands per game (a game ends
only after a hand, or is stopped at the cap), clipped there; points per hand have no bound known
here.

>>> from hasenpfeffer.sim.stats import Stats
>>> s = Stats(sides=2)
>>> estimate(s, "lone hands made")
Estimate(value=None, low=None, high=None, se=0.0, n=0)
>>> s.sums["lone hands made"] = [9, 10, 9, 10, 9]
>>> e = estimate(s, "lone hands made")
>>> e.value, round(e.low, 3), round(e.high, 3), e.n
(0.9, 0.596, 0.982, 10)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..format.variant import HAND_CAP
from .figures import HANDS, ZERO_SUMS, Cross, Estimate, is_share, ordered, paired, points, single
from .intervals import Z95, correlation, mean_ci, mover, wilson
from .stats import Stats


def bounds(name: str) -> tuple[float, float] | None:
    """The range of a figure's values, when one is known.

    >>> bounds("side 0 win rate"), bounds("hands per game"), bounds("side 0 points/hand")
    ((0.0, 1.0), (1.0, 1000.0), None)
    """
    if is_share(name):
        return (0.0, 1.0)
    if name == HANDS:
        return (1.0, float(HAND_CAP))
    return None


def estimate(stats: Stats, name: str) -> Estimate:
    """A figure of one run: Wilson intervals for shares, normal for means (None without data)."""
    side = next((s for s in range(stats.sides) if name == points(s)), None)
    if side is not None:
        n = stats.hands
        m, low, high = mean_ci(stats.points[side], stats.points_sq[side], n)
    elif name == HANDS:
        n = stats.games
        m, low, high = mean_ci(stats.hands, stats.hands_sq, n)
    else:
        x, n = stats.sums.get(name, ZERO_SUMS)[:2]
        if not n:
            return Estimate.none()
        p = x / n
        return Estimate(p, *wilson(x, n), math.sqrt(p * (1 - p) / n), n)
    if not n:
        return Estimate.none()
    e = Estimate(m, low, high, (high - m) / Z95, n)
    limits = bounds(name)
    return e if limits is None else e.clipped(*limits)


def figures(stats: Stats, ladder: Sequence[str] = ()) -> dict[str, Estimate]:
    """Every figure of a run, in reading order (bids in ``ladder`` order)."""
    return {name: estimate(stats, name) for name in ordered(stats.sums, ladder, stats.sides)}


def difference(games: int, a: Stats, b: Stats, cross: Cross, name: str) -> Estimate:
    """``B - A`` in one figure, for runs whose game ``i`` had the same seed; ``cross`` pairs their sums.

    Shares: Newcombe's hybrid score interval with ``r``, the correlation of the two estimates,
    from the delta-method variances of A, of B and of the paired difference
    (``cov = (var A + var B - var D) / 2``). Means: the paired normal interval.
    """
    ea, eb = estimate(a, name), estimate(b, name)
    if ea.value is None or eb.value is None or ea.low is None or eb.low is None:
        return Estimate.none(games)
    sa, sb = a.sums.get(name, ZERO_SUMS), b.sums.get(name, ZERO_SUMS)
    d = paired(games, sa, sb, cross)
    if not is_share(name):
        limits = bounds(name)
        return d if limits is None else d.clipped(limits[0] - limits[1], limits[1] - limits[0])
    assert ea.high is not None and eb.high is not None
    r = correlation(single(games, sa).se ** 2, single(games, sb).se ** 2, d.se**2)
    low, high = mover((ea.value, ea.low, ea.high), (eb.value, eb.low, eb.high), r)
    return Estimate(eb.value - ea.value, low, high, d.se, games)


def independent(name: str, a: Estimate, b: Estimate) -> Estimate:
    """``B - A`` of two runs over different seeds: Newcombe's interval for shares, normal for means.

    >>> d = independent("contracts made", Estimate(0.6, *wilson(48, 80), 0.0, 80), Estimate(0.8, *wilson(56, 70), 0.0, 70))
    >>> round(d.value, 4), round(d.low, 4), round(d.high, 4)
    (0.2, 0.0524, 0.3339)
    """
    if a.value is None or b.value is None or a.low is None or b.low is None:
        return Estimate.none()
    assert a.high is not None and b.high is not None
    se = math.hypot(a.se, b.se)
    d = b.value - a.value
    if is_share(name):
        return Estimate(d, *mover((a.value, a.low, a.high), (b.value, b.low, b.high)), se)
    return Estimate(d, d - Z95 * se, d + Z95 * se, se)


def self_cross(sums: Sequence[int]) -> Cross:
    """The cross sums of a run's games with themselves, from its own sums.

    >>> self_cross([6, 3, 14, 3, 6])
    [14, 6, 6, 3]
    """
    return [sums[2], sums[4], sums[4], sums[3]]
