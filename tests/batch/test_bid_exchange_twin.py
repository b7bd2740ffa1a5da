"""An exchange tied to one bid (``making.auction.ladder[].exchange``) in the compiled engines:
Pepper's little pepper as "give me your best" beside big pepper alone without it, and
Hasenpfeffer's pepper ladder where going alone exchanges but little pepper's lone maker does
not; random, greedy and mixed seats, every hand replayed through the Python engine; and
``simulate`` prints the same figures from either engine."""

from __future__ import annotations

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.format.loader import load_variant_data
from support.engines import few_random_games, seated, simulate_on_both
from support.paths import HOUSE_RULES as HOUSE

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch import rows
from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

BEST = HOUSE / "pepper-give-me-your-best.yaml"
LADDER = [1, 2, 3, 4, 5, {"name": "little-pepper", "tricks": 6, "exchange": False}]
VARIATIONS = {
    "give me your best": load_variant(BEST),
    "going alone exchanges, little pepper not": load_variant_data(
        {
            "name": "x",
            "extends": "hasenpfeffer-pepper",
            "making": {
                "auction": {"ladder": [*LADDER, {"name": "big-pepper", "tricks": 6, "multiplier": 2}]}
            },
            "alone": {"exchange": {"cards": 1, "best": True}},
        }
    ),
}


@pytest.mark.parametrize("name", sorted(VARIATIONS))
@pytest.mark.parametrize("seats", ["random", "greedy", "mixed"])
def test_lone_hands_with_and_without_the_exchange_replay_in_python(name: str, seats: str) -> None:
    v = VARIATIONS[name]
    bots = seated(seats, v.players)
    batch = play(v, 6, seed=7, debug=True, bots=bots, max_hands=60)
    assert check_batch(batch) == len(batch.hands)
    if seats == "random":  # random seats bid the peppers, played alone
        assert (batch.hands[:, rows.H_ALONE] == 1).any()


def test_simulate_prints_the_same_figures_from_either_engine(capsys: pytest.CaptureFixture[str]) -> None:
    compiled, python = simulate_on_both(capsys, few_random_games(BEST))
    assert compiled["raw"] == python["raw"] and compiled["lone"] == python["lone"]
    assert python["bids"]["little-pepper"]["failed"] > 0
