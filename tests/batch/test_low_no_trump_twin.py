"""Low no-trump (a bid's ``trump: NTL``) in the compiled engine: Bid Euchre's high and low bids
(examples/house-rules/bid-euchre-high-low.yaml) with random, greedy and mixed seats, every hand
replayed through the Python engine (legal plays and greedy's choices included); and ``simulate``
prints the same figures from either engine, low hands among them."""

from __future__ import annotations

import pytest

from hasenpfeffer import load_variant
from support.engines import few_random_games, seated, simulate_on_both
from support.paths import HOUSE_RULES as HOUSE

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

HIGH_LOW = HOUSE / "bid-euchre-high-low.yaml"


@pytest.mark.parametrize("seats", ["random", "greedy", "mixed"])
def test_low_no_trump_hands_replay_in_python(seats: str) -> None:
    v = load_variant(HIGH_LOW)
    batch = play(v, 6, seed=5, debug=True, bots=seated(seats, v.players), max_hands=40)
    assert check_batch(batch) == len(batch.hands)


def test_simulate_prints_the_same_figures_from_either_engine(capsys: pytest.CaptureFixture[str]) -> None:
    compiled, python = simulate_on_both(capsys, few_random_games(HIGH_LOW))
    assert compiled["raw"] == python["raw"] and compiled["kinds"] == python["kinds"]
    assert python["kinds"]["NTL"]["made"] + python["kinds"]["NTL"]["failed"] > 0  # low hands played
