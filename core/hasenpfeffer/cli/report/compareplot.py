"""The picture of ``hasenpfeffer compare --plot``: both score distributions and the differences.

The differences are those of the report (:func:`.figures.compare_report`), with their counts; a
figure without observations on a side has no difference and is named, not drawn.

Needs matplotlib (and numpy), the ``plot`` extra; imported only when a picture is asked for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...sim.figures import Estimate, is_share
from .figures import count, difference_text, from_entry
from .picture import save

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


def _rows(report: Mapping[str, Any]) -> tuple[list[tuple[str, Estimate, str]], list[str]]:
    """The differences to draw, each with its text and counts; the figures left out (no data on a side)."""
    drawn, left = [], []
    for name, f in report["figures"].items():
        d = from_entry(f["difference"])
        if d.value is None:
            left.append(name)
            continue
        counts = f"n {count(f['a']['n'])}, {count(f['b']['n'])}"
        drawn.append((name, d, f"{difference_text(name, d)}  {counts}"))
    return drawn, left


def _differences(fig: Any, spec: Any, report: Mapping[str, Any]) -> list[Any]:
    """One row per figure with data on both sides: B - A as a point with its 95% interval, each on its scale."""
    drawn, left = _rows(report)
    rows = spec.subgridspec(max(1, len(drawn)), 1, hspace=0.0)
    axes = []
    for i, (name, d, label) in enumerate(drawn):
        assert d.value is not None and d.low is not None and d.high is not None
        ax = fig.add_subplot(rows[i])
        scale, unit = (100.0, "pp") if is_share(name) else (1.0, "points" if "points" in name else "hands")
        value, low, high = scale * d.value, scale * d.low, scale * d.high
        colour = "tab:red" if d.excludes_zero() else "tab:grey"
        ax.errorbar([value], [0], xerr=[[value - low], [high - value]], fmt="o", color=colour, capsize=4)
        ax.axvline(0, color="black", linewidth=0.8)
        reach = max(abs(low), abs(high)) * 1.15 or 1.0
        ax.set_xlim(-reach, reach)
        ax.set_yticks([])
        ax.set_ylabel(f"{name}, {unit}", rotation=0, ha="right", va="center", fontsize="small")
        ax.tick_params(axis="x", labelsize="x-small", pad=1)
        ax.text(1.01, 0.5, label, transform=ax.transAxes, va="center", fontsize="small", color=colour)
        axes.append(ax)
    title = "B - A with 95% intervals, each figure on its own scale (pp: percentage points; red and *: the"
    title += " interval excludes 0; n: the counts of A and B)"
    if left:
        title += f"\nno data on a side, not drawn: {', '.join(left)}"
    if axes:
        axes[0].set_title(title, fontsize="medium")
    return axes


def draw(runs: list[tuple[Variant, Stats]], report: Mapping[str, Any]) -> Any:
    """The matplotlib figure: score change per hand, final margin, and the differences."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{ab}: {variant.name}" for ab, (variant, _) in zip("AB", runs, strict=True)]
    rows = len(report["figures"])
    fig = plt.figure(figsize=(12, 5 + 0.35 * rows), layout="constrained")
    grid = fig.add_gridspec(2, 2, height_ratios=(4, 0.35 * rows))
    hands, margins = fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1])
    _histogram(hands, [s.hand_points for _, s in runs], labels)
    hands.set_title("Side 0's score change in a hand")
    hands.set_xlabel("points (negative: lost)")
    hands.set_ylabel("share of hands")
    _histogram(margins, [s.margins for _, s in runs], labels)
    margins.set_title("Final score, side 0 minus the best other side")
    margins.set_xlabel("points")
    margins.set_ylabel("share of games")
    _differences(fig, grid[1, :], report)
    fig.suptitle(f"{labels[0]}    {labels[1]}    ({runs[0][1].games:,} games each, same seeds)")
    return fig


def plot(path: str, runs: list[tuple[Variant, Stats]], report: Mapping[str, Any]) -> None:
    """Draw the picture into ``path`` (PNG, SVG or PDF by its extension)."""
    save(draw(runs, report), path, dpi=110)
