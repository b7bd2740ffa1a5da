"""A partner named by seat in a pack of copies (``making.call.by: seat``, ``pack.copies: 2``) in
the compiled engine: naming a seat knows no card, so two equal cards do not matter; random and
greedy seats, every hand replayed through the Python engine, and ``simulate`` prints the same
figures from either engine. (A card called in a pack of copies is refused by the checks.)"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from hasenpfeffer.format.loader import load_variant_data
from support.engines import seated, simulate_on_both

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.coverage import uncovered
from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

DATA = {
    "name": "pepper-named-partner-double",
    "extends": "pepper",
    "partnerships": "called",
    "pack": {"copies": 2},
    "making": {"call": {"by": "seat"}},
}


def test_a_seat_named_in_a_pack_of_copies_is_covered() -> None:
    v = load_variant_data(DATA)
    assert uncovered(v) == [] and uncovered(load_variant_data({**DATA, "pack": {"copies": 1}})) == []


@pytest.mark.parametrize("seats", ["random", "greedy"])
def test_hands_replay_in_python(seats: str) -> None:
    v = load_variant_data(DATA)
    batch = play(v, 4, seed=3, debug=True, bots=seated(seats, v.players), max_hands=30)
    assert check_batch(batch) == len(batch.hands)


def test_simulate_prints_the_same_figures_from_either_engine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "double.yaml"
    path.write_text(yaml.safe_dump(DATA))
    argv = [
        str(path),
        "--games",
        "4",
        "--seed",
        "4",
        "--max-hands",
        "30",
        "--bots",
        "greedy",
        "--workers",
        "1",
    ]
    compiled, python = simulate_on_both(capsys, argv)
    assert compiled["raw"] == python["raw"] and compiled["calls"] == python["calls"]
    assert sum(python["calls"].values()) > 0
