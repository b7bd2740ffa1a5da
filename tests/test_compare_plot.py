"""The ``compare --plot`` picture: both variants, labelled axes, integer scores, the differences."""

from __future__ import annotations

import pytest

from hasenpfeffer.cli.report.compareplot import draw
from hasenpfeffer.cli.report.figures import PERCENT, difference, figures
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.simulate import simulate

pytest.importorskip("matplotlib")


def test_the_picture_shows_both_variants_and_every_difference() -> None:
    import matplotlib.pyplot as plt

    a, b = load_variant("hasenpfeffer"), load_variant("hasenpfeffer-pepper")
    runs = [(v, simulate(v, 6, ["greedy"] * 4, seed=1, workers=1)) for v in (a, b)]
    fig = draw(runs)
    try:
        hands, margins, *rows = fig.axes
        for ax in (hands, margins):
            assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
            assert [t.get_text() for t in ax.get_legend().get_texts()] == [
                "A: hasenpfeffer",
                "B: hasenpfeffer-pepper",
            ]
            assert all(float(x).is_integer() for x in ax.get_xticks())
            assert len(ax.containers) == 2  # one set of bars per variant
        fa, fb = figures(runs[0][1]), figures(runs[1][1])
        assert len(rows) == len(fa)
        for ax, name in zip(rows, fa, strict=True):
            assert ax.get_ylabel().startswith(name)
            (bar,) = ax.containers  # the error bar of the difference
            d = difference(fa[name], fb[name])
            scale = 100 if name in PERCENT else 1  # rates in percentage points
            (x,) = bar.lines[0].get_xdata()
            assert x == pytest.approx(scale * d.value)
            assert any(line.get_xdata()[0] == 0 for line in ax.get_lines() if len(line.get_xdata()) == 2)
        assert "B - A" in rows[0].get_title()
    finally:
        plt.close(fig)
