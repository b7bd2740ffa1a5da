"""The benchmark scripts of the solver and the bots still run (briefly: a smoke test, no figures
checked), so that a renamed import breaks a test, not a measurement."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


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


def test_oracle_benchmark_runs() -> None:
    out = run("oracle.py", "--against", "random", "--games", "1")
    assert "the oracle (pimc seeing every card) vs random: won" in out


def test_decisions_benchmark_runs() -> None:
    out = run("decisions.py", "--games", "1", "--probe", "greedy", "--probe", "random", "--bot", "greedy")
    assert "euchre: 1 games, greedy against mc" in out and "minus greedy:" in out and "making:" in out
