"""The figures ``hasenpfeffer compare`` measures for each run, with 95% intervals, and their differences.

Shared by the comparison table and its picture (:mod:`.compareplot`).

>>> f = proportion(50, 100)
>>> fmt("side 0 win rate", f)
'50.0% (40..60)'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...sim.figures import Estimate
from ...sim.stats import Z95, Stats, mean_ci, wilson

if TYPE_CHECKING:
    from ...sim.runset import RunSet


Figure = Estimate
"""One measured figure: estimate, 95% interval, and its standard error for differences."""


def proportion(successes: int, trials: int) -> Figure:
    """A proportion with its Wilson interval.

    >>> f = proportion(50, 100)
    >>> round(f.value, 2), round(f.se, 3)
    (0.5, 0.05)
    """
    p = successes / trials if trials else 0.0
    low, high = wilson(successes, trials)
    se = math.sqrt(p * (1 - p) / trials) if trials else 0.0
    return Figure(p, low, high, se)


def mean(total: float, total_sq: float, n: int) -> Figure:
    """A mean with its normal interval."""
    m, low, high = mean_ci(total, total_sq, n)
    return Figure(m, low, high, (high - m) / Z95 if n else 0.0)


def figures(stats: Stats) -> dict[str, Figure]:
    """The compared figures of one variant's run."""
    contracts = stats.contracts
    return {
        "side 0 win rate": proportion(stats.wins[0], stats.games),
        "side 0 points/hand": mean(stats.points[0], stats.points_sq[0], stats.hands),
        "side 1 points/hand": mean(stats.points[1], stats.points_sq[1], stats.hands),
        "contracts made": proportion(contracts.made, contracts.tried),
        "lone hands/hand": proportion(stats.lone.tried, stats.hands),
        "lone hands made": proportion(stats.lone.made, stats.lone.tried),
        "throw-ins/hand": proportion(stats.throw_ins, stats.hands),
        "hands per game": mean(stats.hands, stats.hands_sq, stats.games),
    }


def difference(a: Figure, b: Figure) -> Figure:
    """``b - a`` with a normal 95% interval (the runs taken as independent).

    >>> d = difference(Figure(0.5, 0.4, 0.6, 0.05), Figure(0.6, 0.5, 0.7, 0.05))
    >>> round(d.value, 3), round(d.low, 3), round(d.high, 3)
    (0.1, -0.039, 0.239)
    """
    se = math.hypot(a.se, b.se)
    d = b.value - a.value
    return Figure(d, d - Z95 * se, d + Z95 * se, se)


PERCENT = frozenset(
    {"side 0 win rate", "contracts made", "lone hands/hand", "lone hands made", "throw-ins/hand"}
)


def fmt(name: str, f: Figure, signed: bool = False) -> str:
    """A figure for the table: percentages for rates, plain numbers otherwise."""
    sign = "+" if signed else ""
    if name in PERCENT:
        return f"{100 * f.value:{sign}.1f}% ({100 * f.low:{sign}.0f}..{100 * f.high:{sign}.0f})"
    return f"{f.value:{sign}.2f} ({f.low:{sign}.2f}..{f.high:{sign}.2f})"


def paired(runs: RunSet, name: str) -> Figure:
    """B - A in one figure: the mean of per-game differences over the shared seeds, with its interval."""
    return runs.difference(1, name)
