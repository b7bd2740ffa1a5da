"""Paired differences: the mean of per-game differences and its standard error, from integer sums;
shares take Newcombe's interval from the two runs' Wilson intervals and their correlation."""

from __future__ import annotations

import functools
import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.estimates import estimate, figures, independent
from hasenpfeffer.sim.figures import (
    HANDS,
    add_cross,
    add_sums,
    game_values,
    is_share,
    paired,
    points,
    single,
    win_rate,
)
from hasenpfeffer.sim.intervals import correlation, mover
from hasenpfeffer.sim.runset import RunSet, play_set
from hasenpfeffer.sim.simulate import game_seed, play_game
from hasenpfeffer.sim.sweep import house_rule

BASE = load_variant("hasenpfeffer")
COSTLY = house_rule("hasenpfeffer", {"scoring.failed.per_bid_trick": 1}, "costly")
BOTS = ["greedy"] * 4


@functools.cache
def both() -> RunSet:
    return play_set([BASE, COSTLY], 40, BOTS, seed=4, workers=1)


@functools.cache
def per_game() -> list[tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]]:
    out = []
    for i in range(40):
        games = [play_game(v, BOTS, game_seed(4, i)) for v in (BASE, COSTLY)]
        a, b = (game_values(g.hand_results, g.winner, 2) for g in games)
        out.append((a, b))
    return out


@pytest.mark.parametrize("name", [HANDS, win_rate(0)])
def test_a_per_game_figure_is_the_mean_of_per_game_differences(name: str) -> None:
    diffs = [b[name][0] - a[name][0] for a, b in per_game()]
    d = both().difference(1, name)
    assert d.value == pytest.approx(statistics.fmean(diffs))
    assert d.se == pytest.approx(statistics.stdev(diffs) / math.sqrt(len(diffs)))
    if name == HANDS:  # a mean: the paired normal interval
        assert d.low == pytest.approx(d.value - 1.959963984540054 * d.se)


def test_a_share_takes_newcombes_interval_with_the_correlation_of_the_runs() -> None:
    name, runs = win_rate(0), both()
    sa, sb = (s.sums[name] for s in runs.stats)
    ea, eb = (estimate(s, name) for s in runs.stats)
    # with one game per trial the correlation is that of the per-game outcomes
    xa, xb = ([g[name][0] for g in pair] for pair in zip(*per_game(), strict=True))
    r = correlation(single(40, sa).se ** 2, single(40, sb).se ** 2, runs.difference(1, name).se ** 2)
    assert r == pytest.approx(statistics.correlation(xa, xb))
    assert ea.value is not None and eb.value is not None
    d = runs.difference(1, name)
    assert (d.low, d.high) == mover((ea.value, ea.low, ea.high), (eb.value, eb.low, eb.high), r)


def test_a_ratio_figure_is_linearised_game_by_game() -> None:
    name = points(0)
    pairs = [(a[name], b[name]) for a, b in per_game()]
    n = len(pairs)
    ra = sum(a[0] for a, _ in pairs) / sum(a[1] for a, _ in pairs)
    rb = sum(b[0] for _, b in pairs) / sum(b[1] for _, b in pairs)
    ya = sum(a[1] for a, _ in pairs) / n
    yb = sum(b[1] for _, b in pairs) / n
    z = [(b[0] - rb * b[1]) / yb - (a[0] - ra * a[1]) / ya for a, b in pairs]
    d = both().difference(1, name)
    assert d.value == pytest.approx(rb - ra)
    assert d.se == pytest.approx(math.sqrt(sum(v * v for v in z) / (n - 1) / n))


def test_pairing_narrows_the_interval_of_a_small_change() -> None:
    runs = both()
    fa, fb = figures(runs.stats[0]), figures(runs.stats[1])
    for name in (HANDS, points(0), win_rate(0)):
        apart = independent(name, fa[name], fb[name])
        d = runs.difference(1, name)
        assert d.value == pytest.approx(apart.value)
        assert d.low is not None and d.high is not None and apart.low is not None and apart.high is not None
        assert d.high - d.low < apart.high - apart.low


def test_the_same_rules_give_no_difference_at_all() -> None:
    runs = play_set([BASE, BASE], 6, BOTS, seed=1, workers=1)
    for name in runs.stats[0].sums:
        d = runs.difference(1, name)
        assert d == runs.difference(0, name)  # the base minus itself
        assert d.value == 0.0 and not d.excludes_zero()
        if not is_share(name):
            assert (d.low, d.high) == (0.0, 0.0)
        else:  # Newcombe's interval keeps the lopsidedness of the Wilson intervals
            assert d.low is not None and d.high is not None and d.low == -d.high


def test_a_figure_missing_from_one_run_falls_back_to_the_other() -> None:
    a, b, cross = [0, 0, 0, 0, 0], [3, 4, 3, 4, 3], [0, 0, 0, 0]
    d = paired(4, a, b, cross)
    alone = single(4, b)
    assert d.value == alone.value == 0.75 and d.se == pytest.approx(alone.se)


pairs = st.lists(st.tuples(st.integers(-20, 20), st.integers(-20, 20)), min_size=2, max_size=30)


@settings(max_examples=60, deadline=None)
@given(pairs)
def test_with_one_per_game_the_sums_give_the_textbook_paired_error(values: list[tuple[int, int]]) -> None:
    sa: dict[str, list[int]] = {}
    sb: dict[str, list[int]] = {}
    cross: dict[str, list[int]] = {}
    for x, y in values:
        va, vb = {"f": (x, 1)}, {"f": (y, 1)}
        add_sums(sa, va)
        add_sums(sb, vb)
        add_cross(cross, va, vb)
    d = paired(len(values), sa["f"], sb["f"], cross.get("f", [0, 0, 0, 0]))
    diffs = [y - x for x, y in values]
    assert d.value == pytest.approx(statistics.fmean(diffs))
    assert d.se == pytest.approx(statistics.stdev(diffs) / math.sqrt(len(diffs)), abs=1e-9)
