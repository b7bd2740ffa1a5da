"""Games stopped at the hand cap: every run says so, in text and JSON, with exact counts.

Euchre to 10 cannot end within 2 hands (a hand scores at most 4 points), so every game of a
run capped at 2 hands is stopped unfinished; capped at 1,000 hands none is.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import load_variant_data
from hasenpfeffer.sim.limits import cap_warning, check_max_hands
from hasenpfeffer.sim.simulate import play_game, simulate
from hasenpfeffer.sim.stats import Stats

Capsys = pytest.CaptureFixture[str]
ALL_TEN = "10 of 10 games stopped at the 2-hand cap without a winner: the figures describe unfinished games"


def run(capsys: Capsys, argv: list[str]) -> str:
    assert main([*argv, "--workers", "1", "--seed", "3"]) == 0
    return capsys.readouterr().out


def run_json(capsys: Capsys, argv: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(capsys, [*argv, "--json"]))
    return data


def test_the_warning_counts_exactly() -> None:
    assert cap_warning(0, 5) is None
    assert cap_warning(10, 10, 2) == ALL_TEN
    assert cap_warning(1, 1_500, 1_000) == (
        "1 of 1,500 games stopped at the 1,000-hand cap without a winner:"
        " the figures include those unfinished games"
    )
    with pytest.raises(ValueError, match="from 1 to 1,000"):
        check_max_hands(0)


def test_a_capped_run_counts_every_game_unfinished() -> None:
    stats = simulate("euchre", 10, ["greedy"] * 4, seed=3, workers=1, max_hands=2)
    assert (stats.games, stats.unfinished, sum(stats.wins), stats.hands) == (10, 10, 0, 20)


def test_simulate_ends_with_the_warning(capsys: Capsys) -> None:
    text = run(capsys, ["simulate", "euchre", "--games", "10", "--max-hands", "2"])
    assert text.rstrip("\n").splitlines()[-1] == f"warning: {ALL_TEN}"
    data = run_json(capsys, ["simulate", "euchre", "--games", "10", "--max-hands", "2"])
    assert (data["unfinished"], data["warning"], data["run"]["max_hands"]) == (10, ALL_TEN, 2)


def test_a_run_that_ends_says_nothing(capsys: Capsys) -> None:
    text = run(capsys, ["simulate", "euchre", "--games", "3"])
    assert "warning" not in text
    data = run_json(capsys, ["simulate", "euchre", "--games", "3"])
    assert (data["unfinished"], data["warning"], data["run"]["max_hands"]) == (0, None, 1000)


def test_compare_warns_per_side(capsys: Capsys, tmp_path: Path) -> None:
    near = tmp_path / "near.yaml"
    near.write_text("name: near\nextends: euchre\ngame: {target: 1}\n")
    argv = ["compare", str(near), "euchre", "--games", "10", "--max-hands", "2"]
    assert run(capsys, argv).rstrip("\n").splitlines()[-1] == f"warning: B: {ALL_TEN}"
    data = run_json(capsys, argv)
    assert data["unfinished"] == {"a": 0, "b": 10}
    assert data["warning"] == {"a": None, "b": ALL_TEN}
    assert data["max_hands"] == 2


def test_sweep_warns_per_point(capsys: Capsys, tmp_path: Path) -> None:
    out = tmp_path / "sweep.json"
    argv = ["sweep", "euchre", "--set", "game.target=1,10", "--games", "10", "--max-hands", "2"]
    lines = run(capsys, [*argv, "--json", str(out)]).rstrip("\n").splitlines()
    assert lines[-2:] == [f"warning: euchre: {ALL_TEN}", f"warning: euchre+10: {ALL_TEN}"]
    points = json.loads(out.read_text())["points"]
    assert [(p["name"], p["unfinished"], p["warning"]) for p in points] == [
        ("euchre", 10, ALL_TEN),
        ("euchre+1", 0, None),
        ("euchre+10", 10, ALL_TEN),
    ]


def test_the_cap_is_bounded(capsys: Capsys) -> None:
    assert main(["simulate", "euchre", "--max-hands", "1001"]) == 2
    assert "from 1 to 1,000" in capsys.readouterr().err


def test_hands_thrown_in_at_once_past_the_cap_are_not_counted() -> None:
    """Euchre redealt at once where a seat holds two nines or tens: nearly every deal is thrown
    in, so the action that scores the capped hand brings more hands after it. The run counts
    exactly the cap, as the compiled engine, which stops there, counts it."""
    v = load_variant_data(
        {
            "extends": "euchre",
            "name": "two-nines",
            "deal": {
                "weak_hands": [
                    {
                        "name": "two nines or tens",
                        "when": [{"ranks": ["9", "T"], "at_least": 2}],
                        "action": "redeal",
                        "optional": False,
                        "dealer": "same-dealer",
                    }
                ]
            },
        }
    )
    games = [play_game(v, ["random"] * 4, seed, max_hands=5) for seed in range(4)]
    assert any(len(g.hand_results) > 5 for g in games)  # one action passed the cap
    stats = Stats(sides=2)
    for g in games:
        stats.add_game(g, 5)
    assert (stats.games, stats.unfinished, stats.hands) == (4, 4, 20)
    assert simulate(v, 4, ["random"] * 4, seed=3, workers=1, max_hands=5).hands == 20
