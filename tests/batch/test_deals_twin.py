"""Games of a fixed number of deals (``game.deals``) in the compiled engines: with and without a
target, three players each for themselves playing on after a level last deal, Five Hundred's
contracts, random and greedy seats, every hand replayed through the Python engine; and
``simulate`` prints the same figures from either engine."""

from __future__ import annotations

from typing import Any

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.format.variant import Variant
from support.engines import simulate_on_both
from support.paths import ROOT

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

ROUND = ROOT / "examples/house-rules/progressive-euchre-round.yaml"


def _game(v: Variant, **game: Any) -> Variant:
    return Variant.model_validate(
        {**v.model_dump(), "name": v.name + "-x", "game": {**v.game.model_dump(), **game}}
    )


VARIATIONS = {
    "eight deals": load_variant(ROUND),
    "eight deals or 6 points": _game(load_variant(ROUND), target=6),
    "three players, level plays on": _game(
        load_variant("three-handed-euchre"), target=None, deals=6, tie="play-on"
    ),
    "five hundred, three deals": _game(load_variant("five-hundred"), deals=3, tie="higher"),
}


@pytest.mark.parametrize("name", sorted(VARIATIONS))
@pytest.mark.parametrize("seats", ["random", "mixed"])
def test_games_of_deals_replay_in_python(name: str, seats: str) -> None:
    v = VARIATIONS[name]
    bots = ["random" if seats == "random" or q % 2 else "greedy" for q in range(v.players)]
    batch = play(v, 12, seed=3, debug=True, bots=bots)
    assert check_batch(batch) == len(batch.hands)
    assert all(batch.winner(g) >= 0 for g in range(len(batch)))  # every game ends


def test_simulate_prints_the_same_figures_from_either_engine(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(ROUND), "--games", "30", "--bots", "random", "--seed", "4", "--workers", "1"]
    compiled, python = simulate_on_both(capsys, argv)
    assert compiled["raw"] == python["raw"] and compiled["wins"] == python["wins"]
    assert compiled["hands"] == python["hands"] >= 30 * 8
