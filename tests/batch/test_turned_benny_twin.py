"""British Euchre's turned Benny in the compiled engine
(examples/house-rules/british-euchre-turned-benny.yaml): the dealer names the Benny's suit before
looking at the hand, and a greedy dealer names the first suit offered, as the Python bot does;
greedy and random seats over enough hands to turn the Benny up a score of times, every hand
replayed through the Python engine (legal ids and greedy's choices included)."""

from __future__ import annotations

import pytest

from hasenpfeffer import load_variant
from support.engines import seated
from support.paths import HOUSE_RULES as HOUSE

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

BRITISH = HOUSE / "british-euchre-turned-benny.yaml"


@pytest.mark.parametrize("seats", ["greedy", "mixed"])
def test_a_benny_named_blind_replays_in_python(seats: str) -> None:
    v = load_variant(BRITISH)
    batch = play(v, 100, seed=2, debug=True, bots=seated(seats, v.players), max_hands=30)
    assert check_batch(batch) == len(batch.hands) > 600  # a turned Benny in about one hand of 25
