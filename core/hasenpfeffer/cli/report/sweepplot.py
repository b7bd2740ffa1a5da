"""The picture of ``hasenpfeffer sweep --plot``: each figure across the grid.

One swept key: a line per figure with its 95% intervals and each point's count, the base as a
dashed line and band. Two keys: a heat map per figure, each cell written with its value and
count (``*`` where it differs from the base beyond chance). A point without observations
(``n`` 0) has no value: it is left out of the lines and blank in a heat map. Needs
matplotlib, the ``plot`` extra.
"""

from __future__ import annotations

import math
from typing import Any

from ...sim.figures import is_share
from ...sim.sweep import flow
from .figures import from_entry
from .picture import save

COLUMNS = 4


def _scale(name: str) -> tuple[float, str]:
    return (100.0, "%") if is_share(name) else (1.0, "")


def _unit(name: str) -> str:
    """The y axis's label: the unit of the figure."""
    if is_share(name):
        return "%"
    return "points per hand" if name.endswith("points/hand") else "hands"


def _lines(ax: Any, report: dict[str, Any], figure: str) -> None:
    key = report["keys"][0]
    base, *points = report["points"]
    scale, _ = _scale(figure)
    values = [p["set"][key] for p in points]
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    xs = [float(v) for v in values] if numeric else list(range(len(values)))
    shown = [from_entry(p["figures"][figure]) for p in points]
    ys = [math.nan if e.value is None else scale * e.value for e in shown]
    lows = [0.0 if e.low is None else y - scale * e.low for y, e in zip(ys, shown, strict=True)]
    highs = [0.0 if e.high is None else scale * e.high - y for y, e in zip(ys, shown, strict=True)]
    ax.errorbar(xs, ys, yerr=[lows, highs], fmt="o-", capsize=3, color="tab:blue", label="house rule")
    for x, y, e, p in zip(xs, ys, shown, points, strict=True):
        if e.value is None:
            continue
        ax.annotate(f"n {e.n:,}", (x, y), textcoords="offset points", xytext=(5, -9), fontsize="xx-small")
        if from_entry(p["figures"][figure]["difference"]).excludes_zero():
            ax.annotate("*", (x, y), textcoords="offset points", xytext=(6, 4), color="tab:red")
    b = from_entry(base["figures"][figure])
    if b.value is not None and b.low is not None and b.high is not None:
        ax.axhline(scale * b.value, color="black", linestyle="--", linewidth=1, label=f"base, n {b.n:,}")
        ax.axhspan(scale * b.low, scale * b.high, color="grey", alpha=0.2)
    ax.set_xticks(xs, [flow(v) for v in values])
    ax.set_xlabel(key, fontsize="small")
    ax.set_ylabel(_unit(figure), fontsize="small")


def _heat(fig: Any, ax: Any, report: dict[str, Any], figure: str) -> None:
    import numpy as np

    k1, k2 = report["keys"]
    points = report["points"][1:]
    cols = list(dict.fromkeys(flow(p["set"][k1]) for p in points))
    rows = list(dict.fromkeys(flow(p["set"][k2]) for p in points))
    scale, unit = _scale(figure)
    grid = np.full((len(rows), len(cols)), np.nan)
    for p in points:
        e = from_entry(p["figures"][figure])
        r, c = rows.index(flow(p["set"][k2])), cols.index(flow(p["set"][k1]))
        mark = "*" if from_entry(p["figures"][figure]["difference"]).excludes_zero() else ""
        if e.value is None:
            text = "no data"
        else:
            grid[r, c] = scale * e.value
            value = f"{scale * e.value:.1f}{unit}" if is_share(figure) else f"{e.value:.2f}"
            text = f"{value}{mark}\nn {e.n:,}"
        ax.text(c, r, text, ha="center", va="center", fontsize="xx-small", color="black")
    image = ax.imshow(grid, cmap="viridis", aspect="auto", origin="lower", alpha=0.85)
    fig.colorbar(image, ax=ax, shrink=0.8)
    ax.set_xticks(range(len(cols)), cols)
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xlabel(k1, fontsize="small")
    ax.set_ylabel(k2, fontsize="small")


def draw(report: dict[str, Any]) -> Any:
    """The matplotlib figure: one panel per figure of the report."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = report["figures"]
    rows = math.ceil(len(figures) / COLUMNS)
    fig, axes = plt.subplots(
        rows, COLUMNS, figsize=(4.2 * COLUMNS, 3.3 * rows), layout="constrained", squeeze=False
    )
    for ax, figure in zip(axes.flat, figures, strict=False):
        if len(report["keys"]) == 1:
            _lines(ax, report, figure)
        else:
            _heat(fig, ax, report, figure)
        ax.set_title(figure, fontsize="medium")
        ax.tick_params(labelsize="x-small")
    for ax in list(axes.flat)[len(figures) :]:
        ax.set_visible(False)
    how = "dashed: the base, grey: its 95% interval" if len(report["keys"]) == 1 else "cells: the value"
    how += ", n: its count"
    fig.suptitle(
        f"{report['base']}: {report['games']:,} games per point, same seeds; {how};"
        " *: differs from the base (95%, paired)"
    )
    return fig


def plot(path: str, report: dict[str, Any]) -> None:
    """Draw the picture into ``path`` (PNG, SVG or PDF by its extension)."""
    save(draw(report), path, dpi=100)
