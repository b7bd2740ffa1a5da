"""The same games from the same seed, whichever engine: ``simulate``, ``compare`` and ``sweep``
print the same figures with ``--engine python`` and ``--engine compiled`` (every built-in,
random and greedy bots), whatever the workers and shards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import builtin_names

pytest.importorskip("numba", exc_type=ImportError)

Capsys = pytest.CaptureFixture[str]
SHORT = ["--games", "2", "--max-hands", "12", "--seed", "4", "--json"]


def figures(capsys: Capsys, argv: list[str], engine: str) -> dict[str, Any]:
    """The JSON report of a command, less what names the engine."""
    assert main([*argv, "--engine", engine]) == 0, capsys.readouterr().err
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    for key in ("engine", "accel"):
        data.pop(key, None)
    return data


@pytest.mark.parametrize("bots", ["random", "greedy"])
@pytest.mark.parametrize("name", builtin_names())
def test_simulate_gives_the_same_figures_on_both_engines(capsys: Capsys, name: str, bots: str) -> None:
    argv = ["simulate", name, "--bots", bots, "--workers", "1", *SHORT]
    assert figures(capsys, argv, "python") == figures(capsys, argv, "compiled")


def test_mixed_seats_play_the_same_games_on_both_engines(capsys: Capsys) -> None:
    argv = [
        "simulate",
        "hasenpfeffer",
        "--bots",
        "greedy,random",
        "--workers",
        "1",
        "--games",
        "6",
        "--seed",
        "2",
    ]
    assert figures(capsys, [*argv, "--json"], "python") == figures(capsys, [*argv, "--json"], "compiled")


def test_compare_and_sweep_give_the_same_figures_on_both_engines(capsys: Capsys, tmp_path: Path) -> None:
    compare = ["compare", "euchre", "railroad-euchre", "--bots", "random", "--workers", "1", *SHORT]
    assert figures(capsys, compare, "python") == figures(capsys, compare, "compiled")
    reports = []
    for engine in ("python", "compiled"):
        out = tmp_path / f"{engine}.json"
        sweep = ["sweep", "pepper", "--set", "game.target=20", "--bots", "greedy", "--workers", "1"]
        sweep += ["--games", "2", "--max-hands", "12", "--seed", "4", "--json", str(out), "--engine", engine]
        assert main(sweep) == 0, capsys.readouterr().err
        data = json.loads(out.read_text())
        reports.append({k: v for k, v in data.items() if k not in ("engine", "accel")})
    assert reports[0] == reports[1]


def test_workers_and_shards_play_the_games_of_one_python_worker(capsys: Capsys) -> None:
    argv = ["simulate", "euchre", "--bots", "random", "--games", "8", "--seed", "6", "--json"]
    one = figures(capsys, [*argv, "--workers", "1"], "python")
    assert figures(capsys, [*argv, "--workers", "2"], "compiled") == one
    assert figures(capsys, [*argv, "--workers", "2"], "python") == one
    parts = [figures(capsys, [*argv, "--workers", "1", "--shard", f"{i}/2"], "compiled") for i in (1, 2)]
    python_parts = [figures(capsys, [*argv, "--workers", "1", "--shard", f"{i}/2"], "python") for i in (1, 2)]
    assert parts == python_parts
