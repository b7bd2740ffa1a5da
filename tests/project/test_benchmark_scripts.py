"""The benchmark scripts of the solver and the bots still run (briefly: smoke tests, checking only
what must hold in any run), so that a renamed import breaks a test, not a measurement."""

from __future__ import annotations

import re
import subprocess
import sys

from hasenpfeffer import accel
from support.paths import ROOT

BENCHMARKS = ROOT / "benchmarks"


def run(script: str, *args: str) -> str:
    out = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True, check=True
    )
    return out.stdout


def test_solver_benchmark_runs() -> None:
    out = run("solver.py", "euchre", "--deals", "2", "--search", "python")
    assert "euchre (python search): 2 deals" in out and "target: at most 10 ms" in out


def test_bots_speed_benchmark_runs() -> None:
    out = run("bots.py", "--speed", "--games", "1", "--variant", "euchre", "--bot", "random")
    assert "euchre:" in out and "hands/s" in out


def test_engine_benchmark_runs_with_the_floor() -> None:
    out = run("engine.py", "--seconds", "0.05", "--runs", "1", "--floor")
    assert "euchre: whole games" in out and "stand-in, no rules" in out and "target 25 us" in out


def test_playouts_benchmark_plays_the_same_hands_every_run() -> None:
    out = run("playouts.py", "euchre", "20")
    assert out == run("playouts.py", "euchre", "20") and out.startswith("euchre: 20 hands, ")
    assert run("playouts.py", "euchre", "5", "--create") == "euchre: 5 hands, 0 decisions\n"


def test_oracle_benchmark_runs() -> None:
    out = run("oracle.py", "--against", "random", "--games", "1")
    assert "the oracle (pimc seeing every card) vs random: won" in out


def test_decisions_benchmark_values_the_same_choices_alike() -> None:
    """Greedy is deterministic: as two probes it makes the same choices, so the paired
    difference is exactly nothing; a regret is never below nothing."""
    out = run("decisions.py", "--games", "1", "--bot", "greedy", "--probe", "greedy", "--probe", "greedy")
    assert "euchre: 1 games, greedy against mc" in out and "making:" in out
    twins = [line for line in out.splitlines() if "minus greedy:" in line]
    assert len(twins) == 2 and all(line.count("+0.0000 ± 0.0000") == line.count("minus") for line in twins)
    regrets = [float(x) for x in re.findall(r"regret (-?\d+\.\d+)", out)]
    assert regrets and min(regrets) >= 0


def test_greedy_benchmark_compares_both_builds_on_the_same_games() -> None:
    """Both builds and the compiled engine where numba is installed, else the pure-Python
    build alone; the Python engine's builds play the same games."""
    sides = 3 if accel.installed() else 1
    out = run("greedy.py", "--games", "1", "--runs", "1")
    assert "median of the runs" in out and "best of the runs" in out
    rows = {
        line.split()[0]: line
        for line in out.splitlines()
        if line.split()[:1] in (["hasenpfeffer"], ["euchre"])
    }
    assert set(rows) == {"hasenpfeffer", "euchre"}
    for line in rows.values():
        assert line.endswith("yes") and line.count("h/s") == sides and line.count("x") == sides - 1


def test_engine_benchmark_runs_the_compiled_engine() -> None:
    if not accel.installed():
        return
    out = run("engine.py", "--seconds", "0.05", "--runs", "1", "--compiled")
    assert "euchre: compiled whole games" in out and "five-hundred: compiled whole games" in out
    assert "euchre: compiled simulate, statistics" in out
