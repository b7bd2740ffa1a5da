"""``--engine auto|python|compiled`` of ``simulate``, ``compare`` and ``sweep``: which engine plays,
what the reports say, records of compiled games, and the one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.cli import main
from support.paths import ROOT

pytest.importorskip("numba", exc_type=ImportError)

Capsys = pytest.CaptureFixture[str]
RANDOM = ["--bots", "random", "--workers", "1", "--seed", "4"]
CALLED = str(ROOT / "examples/house-rules/five-handed-call-your-partner.yaml")
REFUSED = "extends: euchre\nname: two-jokers\npack:\n  jokers: 2\ndeal:\n  kitty:\n    size: 6\n"
"""A variant no compiled engine plays (two Jokers), written where a test wants it."""


def refused(folder: Path) -> str:
    path = folder / "two-jokers.yaml"
    path.write_text(REFUSED)
    return str(path)


def run_json(capsys: Capsys, argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0, capsys.readouterr().err
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_random_bots_on_a_covered_variant_play_compiled_and_the_same_seed_the_same_games(
    capsys: Capsys,
) -> None:
    argv = ["simulate", "euchre", "--games", "40", *RANDOM, "--json"]
    first, again = run_json(capsys, argv), run_json(capsys, argv)
    assert first["engine"] == "compiled (numba)"
    assert first["raw"] == again["raw"] and first["games"] == 40
    workers = run_json(capsys, [*argv, "--workers", "2"])  # the last --workers counts
    assert workers["raw"] == first["raw"]  # each game's seed is the run's, whatever the workers


def test_the_same_report_shape_from_either_engine(capsys: Capsys) -> None:
    argv = ["simulate", "hasenpfeffer", "--games", "3", *RANDOM, "--max-hands", "20", "--json"]
    compiled = run_json(capsys, argv)
    python = run_json(capsys, [*argv, "--engine", "python"])
    assert python["engine"] == "python (asked for)"
    assert set(compiled) == set(python)
    assert compiled["raw"].keys() == python["raw"].keys()


def test_auto_says_why_python_plays(capsys: Capsys, tmp_path: Path) -> None:
    assert main(["simulate", "euchre", "--games", "1", "--workers", "1", "--engine", "python"]) == 0
    assert "engine: python (asked for)" in capsys.readouterr().out
    assert main(["simulate", refused(tmp_path), "--games", "1", *RANDOM, "--max-hands", "5"]) == 0
    out = capsys.readouterr().out
    assert "engine: python (the compiled engine does not cover pack.jokers)" in out


def test_a_called_partner_plays_compiled_with_the_python_figures(capsys: Capsys) -> None:
    argv = ["simulate", CALLED, "--games", "6", *RANDOM, "--max-hands", "30", "--json"]
    compiled, python = run_json(capsys, argv), run_json(capsys, [*argv, "--engine", "python"])
    assert compiled["engine"] == "compiled (numba)"
    assert compiled["raw"] == python["raw"] and compiled["calls"] == python["calls"]
    assert sum(compiled["calls"].values()) > 0


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["simulate", "euchre", "--bots", "mc"],
            "--engine compiled: the bots are not all random, greedy or learned",
        ),
        (
            ["simulate", "REFUSED", "--bots", "random"],
            "--engine compiled: the compiled engine does not cover pack.jokers",
        ),
        (
            ["compare", "REFUSED", "REFUSED", "--bots", "random"],
            "--engine compiled: two-jokers: the compiled engine does not cover pack.jokers",
        ),
    ],
)
def test_compiled_where_it_cannot_run_is_one_line(
    capsys: Capsys, tmp_path: Path, argv: list[str], line: str
) -> None:
    path = refused(tmp_path)
    argv = [path if a == "REFUSED" else a for a in argv]
    assert main([*argv, "--engine", "compiled"]) == 2
    assert capsys.readouterr().err == line + "\n"


def test_compiled_records_replay(capsys: Capsys, tmp_path: Path) -> None:
    assert (
        main(["simulate", "pepper", "--games", "2", *RANDOM, "--max-hands", "6", "--records", str(tmp_path)])
        == 0
    )
    assert "engine: compiled (numba)" in capsys.readouterr().out
    records = sorted(tmp_path.glob("game-*.yaml"))
    assert len(records) == 2
    for record in records:
        assert main(["replay", str(record)]) == 0, capsys.readouterr().err


def test_compare_and_sweep_say_the_engine(capsys: Capsys) -> None:
    assert (
        main(
            [
                "compare",
                "euchre",
                "examples/house-rules/euchre-stick-the-dealer.yaml",
                "--games",
                "20",
                *RANDOM,
            ]
        )
        == 0
    )
    assert "engine: compiled (numba)" in capsys.readouterr().out
    assert main(["sweep", "euchre", "--set", "game.target=5", "--games", "20", *RANDOM]) == 0
    assert "engine: compiled (numba)" in capsys.readouterr().out


def test_greedy_bots_play_compiled_with_records_that_replay(capsys: Capsys, tmp_path: Path) -> None:
    """Greedy seats (the default bots) play compiled; each record is the game replayed through the
    Python engine, where the Python greedy bot chose every greedy seat's action again."""
    argv = ["simulate", "hasenpfeffer-pepper", "--games", "3", "--workers", "1", "--bots", "greedy,random"]
    assert main([*argv, "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "bots greedy, random, greedy, random" in out and "engine: compiled (numba)" in out
    records = sorted(tmp_path.glob("game-*.yaml"))
    assert len(records) == 3
    for record in records:
        assert main(["replay", str(record)]) == 0, capsys.readouterr().err


def test_greedy_statistics_have_the_python_engines_shape(capsys: Capsys) -> None:
    argv = ["simulate", "euchre", "--games", "30", "--workers", "1", "--seed", "2", "--json"]
    compiled = run_json(capsys, argv)
    python = run_json(capsys, [*argv, "--engine", "python"])
    assert compiled["engine"] == "compiled (numba)" and python["engine"] == "python (asked for)"
    assert compiled["raw"].keys() == python["raw"].keys() and compiled["games"] == python["games"] == 30
