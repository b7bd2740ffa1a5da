"""The picture of ``hasenpfeffer compare --plot``: both score distributions and the differences.

Needs matplotlib (and numpy), the ``plot`` extra; imported only when a picture is asked for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .figures import PERCENT, Figure, difference, figures

if TYPE_CHECKING:
    from ...format.variant import Variant
    from ...sim.stats import Stats

COLOURS = ("tab:blue", "tab:orange")


def _histogram(ax: Any, counts: list[Counter[int]], labels: list[str]) -> None:
    """Shares of each integer value, one bar per run side by side, integer ticks."""
    import numpy as np
    from matplotlib.ticker import MaxNLocator

    lo = min(min(c, default=0) for c in counts)
    hi = max(max(c, default=0) for c in counts)
    xs = np.arange(lo, hi + 1)
    width = 0.8 / len(counts)
    for i, (c, label) in enumerate(zip(counts, labels, strict=True)):
        total = max(1, sum(c.values()))
        ys = np.array([c.get(int(x), 0) for x in xs]) / total
        offset = (i - (len(counts) - 1) / 2) * width
        ax.bar(xs + offset, ys, width=width, label=label, color=COLOURS[i % len(COLOURS)])
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize="small")


def _scaled(name: str, f: Figure) -> tuple[float, float, float, str]:
    """A difference in the units shown, and the unit: percentage points for rates."""
    if name in PERCENT:
        return 100 * f.value, 100 * f.low, 100 * f.high, "pp"
    return f.value, f.low, f.high, "points" if "points" in name else "hands"


Differences = Mapping[str, Figure]
"""B - A per figure (paired by seed); without them, computed as if the runs were independent."""


def _differences(
    fig: Any, spec: Any, runs: list[tuple[Variant, Stats]], diffs: Differences | None = None
) -> list[Any]:
    """One row per figure: B - A as a point with its 95% interval, each on its own scale."""
    (_, sa), (_, sb) = runs
    fa, fb = figures(sa), figures(sb)
    diffs = diffs or {name: difference(fa[name], fb[name]) for name in fa}
    rows = spec.subgridspec(len(fa), 1, hspace=0.0)
    axes = []
    for i, name in enumerate(fa):
        ax = fig.add_subplot(rows[i])
        value, low, high, unit = _scaled(name, diffs[name])
        excludes = not low <= 0 <= high
        colour = "tab:red" if excludes else "tab:grey"
        ax.errorbar([value], [0], xerr=[[value - low], [high - value]], fmt="o", color=colour, capsize=4)
        ax.axvline(0, color="black", linewidth=0.8)
        reach = max(abs(low), abs(high)) * 1.15 or 1.0
        ax.set_xlim(-reach, reach)
        ax.set_yticks([])
        ax.set_ylabel(f"{name}, {unit}", rotation=0, ha="right", va="center", fontsize="small")
        ax.tick_params(axis="x", labelsize="x-small", pad=1)
        text = f"{value:+.2f} ({low:+.2f}..{high:+.2f})" + (" *" if excludes else "")
        ax.text(1.01, 0.5, text, transform=ax.transAxes, va="center", fontsize="small", color=colour)
        axes.append(ax)
    axes[0].set_title(
        "B - A with 95% intervals, each figure on its own scale"
        " (pp: percentage points; red and *: the interval excludes 0)",
        fontsize="medium",
    )
    return axes


def draw(runs: list[tuple[Variant, Stats]], diffs: Differences | None = None) -> Any:
    """The matplotlib figure: score change per hand, final margin, and the differences."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{ab}: {variant.name}" for ab, (variant, _) in zip("AB", runs, strict=True)]
    fig = plt.figure(figsize=(12, 9), layout="constrained")
    grid = fig.add_gridspec(2, 2, height_ratios=(1, 1.25))
    hands, margins = fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1])
    _histogram(hands, [s.hand_points for _, s in runs], labels)
    hands.set_title("Side 0's score change in a hand")
    hands.set_xlabel("points (negative: lost)")
    hands.set_ylabel("share of hands")
    _histogram(margins, [s.margins for _, s in runs], labels)
    margins.set_title("Final score, side 0 minus the best other side")
    margins.set_xlabel("points")
    margins.set_ylabel("share of games")
    _differences(fig, grid[1, :], runs, diffs)
    fig.suptitle(f"{labels[0]}    {labels[1]}    ({runs[0][1].games:,} games each, same seeds)")
    return fig


def plot(path: str, runs: list[tuple[Variant, Stats]], diffs: Differences | None = None) -> None:
    """Draw the picture into ``path`` (PNG, SVG or PDF by its extension)."""
    import matplotlib.pyplot as plt

    fig = draw(runs, diffs)
    fig.savefig(path, dpi=110)
    plt.close(fig)
