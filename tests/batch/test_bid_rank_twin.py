"""Bids ranked by tricks alone (``making.auction.rank: tricks``) in the compiled engine: the
house rule and Five Hundred with its misère, random, greedy and mixed seats, every hand replayed
through the Python engine (legal bids included); and ``simulate`` prints the same figures from
either engine."""

from __future__ import annotations

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.format.loader import load_variant_data
from support.engines import few_random_games, seated, simulate_on_both
from support.paths import HOUSE_RULES as HOUSE

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

UNRANKED = HOUSE / "bid-euchre-suits-unranked.yaml"
VARIATIONS = {
    "the house rule": load_variant(UNRANKED),
    "five hundred, misere by its place": load_variant_data(
        {"name": "x", "extends": "five-hundred", "making": {"auction": {"rank": "tricks"}}}
    ),
}


@pytest.mark.parametrize("name", sorted(VARIATIONS))
@pytest.mark.parametrize("seats", ["random", "greedy", "mixed"])
def test_auctions_ranked_by_tricks_replay_in_python(name: str, seats: str) -> None:
    v = VARIATIONS[name]
    batch = play(v, 6, seed=5, debug=True, bots=seated(seats, v.players), max_hands=40)
    assert check_batch(batch) == len(batch.hands)


def test_simulate_prints_the_same_figures_from_either_engine(capsys: pytest.CaptureFixture[str]) -> None:
    compiled, python = simulate_on_both(capsys, few_random_games(UNRANKED))
    assert compiled["raw"] == python["raw"] and compiled["bids"] == python["bids"]
    assert len(python["bids"]) > 5  # bids of several suits and levels were played
