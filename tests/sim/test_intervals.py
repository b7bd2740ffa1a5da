"""The intervals of the figures: about 95% of them hold the truth, and none leaves the figure's range.

Simulated binomials, single and paired, with a fixed seed: the share of 95% intervals that
cover the true value, averaged over a grid of proportions and sizes, must lie in a band
around 95%. The counts a study keeps for a share with one trial per game (``y`` = 1) are
exactly those of a 2x2 table of the pairs, so a paired run is drawn as such a table.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.sim.estimates import difference, estimate, independent
from hasenpfeffer.sim.figures import HANDS, Estimate
from hasenpfeffer.sim.intervals import mover, wilson
from hasenpfeffer.sim.stats import Stats

SHARE = "contracts made"
BAND = (0.92, 0.985)
"""Where the average coverage of a 95% interval must fall."""
REPEATS = 300


def run_of(made: int, games: int) -> Stats:
    """A run whose every game has one contract, ``made`` of them made."""
    stats = Stats(sides=2, games=games)
    if games:
        stats.sums[SHARE] = [made, games, made, games, made]
    return stats


def paired_runs(both: int, a_only: int, b_only: int, neither: int) -> tuple[Stats, Stats, list[int]]:
    """Two runs over the same games from the 2x2 table of their outcomes, with their cross sums."""
    games = both + a_only + b_only + neither
    made_a, made_b = both + a_only, both + b_only
    return run_of(made_a, games), run_of(made_b, games), [both, made_a, made_b, games]


def binomial(rng: random.Random, n: int, p: float) -> int:
    return sum(rng.random() < p for _ in range(n))


def coverage(draw: Callable[[random.Random], tuple[Estimate, float]], rng: random.Random) -> float:
    """The share of ``REPEATS`` intervals that hold the truth."""
    hits = 0
    for _ in range(REPEATS):
        e, truth = draw(rng)
        assert e.low is not None and e.high is not None
        hits += e.low <= truth <= e.high
    return hits / REPEATS


GRID = [(p, n) for p in (0.05, 0.2, 0.5, 0.85) for n in (20, 60, 200)]


def test_wilson_intervals_cover_a_proportion_about_95_percent_of_the_time() -> None:
    rng = random.Random(1)

    def draw(p: float, n: int) -> Callable[[random.Random], tuple[Estimate, float]]:
        return lambda r: (estimate(run_of(binomial(r, n, p), n), SHARE), p)

    rates = [coverage(draw(p, n), rng) for p, n in GRID]
    assert BAND[0] <= statistics.fmean(rates) <= BAND[1], rates
    assert min(rates) >= 0.85, rates


PAIRS = [(0.2, 0.3), (0.5, 0.5), (0.7, 0.9), (0.05, 0.1)]


def test_newcombe_intervals_cover_a_difference_of_independent_proportions() -> None:
    rng = random.Random(2)

    def draw(pa: float, pb: float, na: int, nb: int) -> Callable[[random.Random], tuple[Estimate, float]]:
        def one(r: random.Random) -> tuple[Estimate, float]:
            a = estimate(run_of(binomial(r, na, pa), na), SHARE)
            b = estimate(run_of(binomial(r, nb, pb), nb), SHARE)
            return independent(SHARE, a, b), pb - pa

        return one

    rates = [coverage(draw(pa, pb, na, nb), rng) for pa, pb in PAIRS for na, nb in ((30, 50), (120, 100))]
    assert BAND[0] <= statistics.fmean(rates) <= BAND[1], rates


CORRELATED = [(0.2, 0.3), (0.5, 0.5), (0.6, 0.75)]
"""Pairs of proportions whose outcomes may correlate up to 0.7."""


def table(pa: float, pb: float, rho: float) -> list[float]:
    """Chances of (both made, A only, B only, neither) for two outcomes with correlation ``rho``."""
    both = pa * pb + rho * ((pa * (1 - pa) * pb * (1 - pb)) ** 0.5)
    return [both, pa - both, pb - both, 1 - pa - pb + both]


@pytest.mark.parametrize("rho", [0.0, 0.3, 0.6])
def test_paired_intervals_cover_the_difference_of_correlated_proportions(rho: float) -> None:
    rng = random.Random(3)

    def draw(pa: float, pb: float, n: int) -> Callable[[random.Random], tuple[Estimate, float]]:
        chances = table(pa, pb, rho)
        assert min(chances) >= 0

        def one(r: random.Random) -> tuple[Estimate, float]:
            cells = [0, 0, 0, 0]
            for cell in r.choices(range(4), chances, k=n):
                cells[cell] += 1
            a, b, cross = paired_runs(*cells)
            return difference(n, a, b, cross, SHARE), pb - pa

        return one

    rates = [coverage(draw(pa, pb, n), rng) for pa, pb in CORRELATED for n in (40, 150)]
    assert BAND[0] <= statistics.fmean(rates) <= BAND[1], rates


def test_pairing_narrows_the_interval_of_correlated_runs() -> None:
    a, b, cross = paired_runs(40, 5, 10, 45)
    paired = difference(100, a, b, cross, SHARE)
    apart = independent(SHARE, estimate(a, SHARE), estimate(b, SHARE))
    assert paired.value == apart.value == pytest.approx(0.05)
    assert paired.low is not None and apart.low is not None and paired.high is not None
    assert apart.high is not None and paired.high - paired.low < apart.high - apart.low


counts = st.integers(0, 400).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n)))


@settings(max_examples=200, deadline=None)
@given(counts)
def test_a_proportion_stays_in_0_1_and_holds_its_estimate(count: tuple[int, int]) -> None:
    made, n = count
    e = estimate(run_of(made, n), SHARE)
    if n == 0:
        assert e == Estimate.none() and not e.excludes_zero()
        return
    assert e.value is not None and e.low is not None and e.high is not None
    assert 0 <= e.low <= e.value <= e.high <= 1 and e.n == n


@settings(max_examples=200, deadline=None)
@given(counts, counts, st.floats(-1, 1))
def test_a_difference_of_proportions_stays_in_minus_1_1(
    a: tuple[int, int], b: tuple[int, int], r: float
) -> None:
    pa, pb = a[0] / max(1, a[1]), b[0] / max(1, b[1])
    low, high = mover((pa, *wilson(*a)), (pb, *wilson(*b)), r)
    assert -1 <= low <= pb - pa + 1e-12 and pb - pa - 1e-12 <= high <= 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=4, max_size=4))
def test_a_paired_difference_stays_in_minus_1_1(cells: list[int]) -> None:
    a, b, cross = paired_runs(*cells)
    games = sum(cells)
    d = difference(games, a, b, cross, SHARE)
    if games == 0:
        assert d.value is None and not d.excludes_zero()
        return
    assert d.value is not None and d.low is not None and d.high is not None
    assert -1 <= d.low <= d.value + 1e-12 and d.value - 1e-12 <= d.high <= 1


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 30), min_size=1, max_size=12))
def test_hands_per_game_never_fall_below_one(hands: list[int]) -> None:
    stats = Stats(sides=2, games=len(hands), hands=sum(hands), hands_sq=sum(h * h for h in hands))
    e = estimate(stats, HANDS)
    assert e.low is not None and e.high is not None and e.value is not None
    assert 1 <= e.low <= e.value <= e.high and e.n == len(hands)


def test_no_observations_on_a_side_give_no_value_no_difference_and_no_star() -> None:
    a, b = run_of(30, 40), run_of(0, 0)
    assert estimate(b, SHARE) == Estimate.none()
    d = difference(40, a, b, [0, 0, 0, 0], SHARE)
    assert d.value is None and d.low is None and not d.excludes_zero()
    assert independent(SHARE, estimate(a, SHARE), estimate(b, SHARE)).value is None
