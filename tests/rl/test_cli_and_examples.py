"""``hasenpfeffer rl describe``, the generated part of docs/rl.md, the worked examples and the benchmark."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.util import find_spec

import pytest

import rldocs
from hasenpfeffer.cli import main
from support.paths import ROOT


def test_describe_prints_sizes_and_slices(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "describe", "euchre"]) == 0
    out = capsys.readouterr().out
    assert "actions: 59 (play 0-23, discard 24-47, pass 48, trump 49-56, order-up 57-58)" in out
    assert "euchre: observation of 636 values" in out
    assert "| `hand` | 12:36 | 24 |" in out and "| `history` | 232:592 | 9 x 40 |" in out
    assert "zero-sum" in out
    assert main(["rl", "describe", "three-handed-euchre", "--info-state"]) == 0
    out = capsys.readouterr().out
    assert "information state of" in out and "| `plays` |" in out and "general-sum" in out


def test_describe_five_hundred(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "describe", "five-hundred"]) == 0
    out = capsys.readouterr().out
    assert "actions: 118 (play 0-42, discard 43-85, bid 86-112, pass 113, suit 114-117)" in out
    assert "five-hundred: observation of 3127 values" in out and "within +-620, zero-sum" in out
    assert "| `named` | 402:406 | 4 |" in out and "| `calling` | 406:407 | 1 |" in out
    assert "| `terms` | 3018:3020 | 2 |" in out and "| `shown` | 3080:3123 | 43 |" in out
    assert main(["rl", "describe", "five-hundred", "--info-state"]) == 0
    assert "| `named_suits` | 5007:5047 | 10 x 4 |" in capsys.readouterr().out


def test_describe_a_house_rule_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "examples" / "house-rules" / "euchre-lone-defence.yaml"
    assert main(["rl", "describe", str(path)]) == 0
    assert "alone (1)" in capsys.readouterr().out
    assert main(["rl", "describe", "no-such-variant"]) == 1
    assert "no built-in variant" in capsys.readouterr().err
    assert main(["rl"]) == 2


def test_rl_page_is_current() -> None:
    page = ROOT / "docs" / "rl.md"
    text = page.read_text(encoding="utf-8")
    assert rldocs.update(text) == text, "docs/rl.md is stale: run python tools/rldocs.py"


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_pettingzoo_example_runs() -> None:
    pytest.importorskip("pettingzoo")
    out = run("examples/rl/pettingzoo_random.py", "euchre", "--episodes", "30")
    assert "30 episodes (hand) of euchre" in out and "seat_3: mean reward" in out


def test_ismcts_example_runs() -> None:
    pytest.importorskip("pyspiel")
    out = run("examples/rl/ismcts_vs_random.py", "euchre", "--hands", "2", "--simulations", "10")
    assert "euchre: ISMCTS (10 simulations, random rollouts, uct_c 8)" in out and "of 2 hands" in out
    out = run("examples/rl/ismcts_vs_random.py", "--hands", "1", "--simulations", "5", "--rollout", "greedy")
    assert "hasenpfeffer: ISMCTS (5 simulations, greedy rollouts" in out


def test_vector_selfplay_example_runs() -> None:
    pytest.importorskip("numba", exc_type=ImportError)
    out = run("examples/rl/vector_selfplay.py", "--quick", "--games", "32")
    assert "before: the learner's side won" in out and "after 60 updates" in out


@pytest.mark.skipif(
    find_spec("jax") is None or find_spec("optax") is None,
    reason="the learn extra (jax, optax) is not installed: pip install '.[rl,learn]'",
)
def test_seat_ppo_example_runs() -> None:
    out = run("examples/rl/seat_ppo.py", "--quick")
    assert "euchre: before training, the learner's side won" in out
    assert "games against greedy before training and" in out and "after 256 steps" in out


def test_the_ismcts_example_repeats_from_its_seed() -> None:
    """Every source of chance is seeded, the unseen cards ISMCTS draws too: the same figures."""
    pytest.importorskip("pyspiel")
    args = ("examples/rl/ismcts_vs_random.py", "--hands", "4", "--simulations", "20", "--seed", "3")
    first, second = (re.sub(r"\(\d+ s\)", "", run(*args)) for _ in range(2))
    assert "of 4 hands" in first and first == second


def test_benchmark_runs() -> None:
    pytest.importorskip("pyspiel")
    out = run("benchmarks/rl.py", "--seconds", "0.2", "--runs", "1")
    assert "pettingzoo env(euchre)" in out and "open_spiel euchre (C++)" in out
    assert "open_spiel euchre (C++), tensor + mask" in out
    if find_spec("numba") is not None:
        assert "vector VectorEnv(euchre), N=256" in out and "vector environment / OpenSpiel" in out
    assert "seat SeatEnv(euchre), random" in out and "seat SeatEnv(euchre), greedy" in out
