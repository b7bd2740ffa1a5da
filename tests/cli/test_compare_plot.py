"""The ``compare --plot`` picture: both variants, labelled axes, integer scores, the differences with counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.cli.report.compareplot import draw
from hasenpfeffer.cli.report.figures import compare_report, count
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.figures import LONE_MADE, is_share
from hasenpfeffer.sim.runset import play_set
from support.paths import HOUSE_RULES

pytest.importorskip("matplotlib")
NO_GOING_ALONE = HOUSE_RULES / "no-going-alone.yaml"


def test_the_picture_shows_both_variants_and_every_difference() -> None:
    import matplotlib.pyplot as plt

    a, b = load_variant("hasenpfeffer"), load_variant(NO_GOING_ALONE)
    runs = play_set([a, b], 6, ["greedy"] * 4, seed=1, workers=1)
    report = compare_report([a, b], ["greedy"] * 4, 1, runs)
    fig = draw(list(zip([a, b], runs.stats, strict=True)), report)
    try:
        hands, margins, *rows = fig.axes
        for ax in (hands, margins):
            assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
            assert [t.get_text() for t in ax.get_legend().get_texts()] == [
                "A: hasenpfeffer",
                "B: no-going-alone",
            ]
            assert all(float(x).is_integer() for x in ax.get_xticks())
            assert len(ax.containers) == 2  # one set of bars per variant
        drawn = [n for n, f in report["figures"].items() if f["difference"]["value"] is not None]
        assert LONE_MADE not in drawn and len(rows) == len(drawn)  # no lone hands in B: not drawn
        assert "not drawn: lone hands made" in rows[0].get_title()
        for ax, name in zip(rows, drawn, strict=True):
            assert ax.get_ylabel().startswith(name)
            (bar,) = ax.containers  # the error bar of the difference
            f = report["figures"][name]
            scale = 100 if is_share(name) else 1  # rates in percentage points
            (x,) = bar.lines[0].get_xdata()
            assert x == pytest.approx(scale * f["difference"]["value"])
            assert any(line.get_xdata()[0] == 0 for line in ax.get_lines() if len(line.get_xdata()) == 2)
            label = ax.texts[0].get_text()
            assert label.endswith(f"n {count(f['a']['n'])}, {count(f['b']['n'])}")
        assert "B - A" in rows[0].get_title()
    finally:
        plt.close(fig)


@pytest.mark.parametrize(
    "command",
    [
        ["compare", "euchre", "hasenpfeffer-pepper", "--games", "2"],
        ["sweep", "euchre", "--set", "scoring.made=1,2", "--games", "2"],
    ],
)
def test_a_picture_format_matplotlib_does_not_draw_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    target = tmp_path / "out.pdfx"
    assert main([*command, "--plot", str(target), "--engine", "python"]) == 2
    err = capsys.readouterr().err
    assert f"--plot {target}: matplotlib draws no 'pdfx' pictures; name the file with one of" in err
    assert ".png" in err and "Traceback" not in err and not target.exists()
