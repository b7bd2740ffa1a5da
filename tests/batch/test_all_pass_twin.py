"""All-pass play in the compiled engines (``making.all_pass.rule: play``): order-up games played
out after the last round of passes (Buck Euchre at no-trump, Euchre at spades after one round),
and Five Hundred's auction played out, with random, greedy and mixed seats, every hand replayed
through the Python engine; and ``simulate`` prints the same figures from either engine."""

from __future__ import annotations

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.format.loader import load_variant_data
from support.engines import seated, simulate_on_both
from support.paths import HOUSE_RULES as HOUSE

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch import rows
from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

BUCK = HOUSE / "buck-euchre-all-pass-no-trump.yaml"
VARIATIONS = {
    "buck euchre at no-trump": load_variant(BUCK),
    "euchre at spades after one round": load_variant_data(
        {
            "name": "x",
            "extends": "euchre",
            "making": {"order_up": {"rounds": 1}, "all_pass": {"rule": "play", "trump": "S"}},
            "scoring": {"no_maker": {"per_trick": 1, "minimum": 1, "short": 1}},
        }
    ),
    "five hundred at no-trump": load_variant(HOUSE / "five-hundred-all-pass-no-trump.yaml"),
}


@pytest.mark.parametrize("name", sorted(VARIATIONS))
@pytest.mark.parametrize("seats", ["random", "greedy", "mixed"])
def test_hands_played_out_replay_in_python(name: str, seats: str) -> None:
    v = VARIATIONS[name]
    bots = seated(seats, v.players)
    batch = play(v, 12, seed=7, debug=True, bots=bots)
    assert check_batch(batch) == len(batch.hands)
    if seats == "greedy":  # greedy seats pass often enough that some hand is played out
        h = batch.hands
        assert ((h[:, rows.H_MAKER] < 0) & (h[:, rows.H_THROWN] == 0)).any()


def test_simulate_prints_the_same_figures_from_either_engine(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(BUCK), "--games", "20", "--bots", "greedy", "--seed", "4", "--workers", "1"]
    compiled, python = simulate_on_both(capsys, argv)
    assert compiled["raw"] == python["raw"] and compiled["played_out"] == python["played_out"] > 0
