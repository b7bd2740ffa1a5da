"""``simulate --json`` run on the compiled and the Python engine, for tests that compare them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hasenpfeffer.cli import main


def simulate_on_both(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The figures of ``hasenpfeffer simulate ARGV --json`` from the compiled engine, then the
    Python one (the compiled one checked to have run)."""
    found = []
    for engine in ("compiled", "python"):
        assert main(["simulate", *argv, "--json", "--engine", engine]) == 0
        found.append(json.loads(capsys.readouterr().out))
    assert found[0]["engine"] == "compiled (numba)"
    return found[0], found[1]


def seated(seats: str, players: int) -> list[str]:
    """Bots by seat: ``random`` or ``greedy`` everywhere, or ``mixed`` (greedy at the even seats)."""
    return [
        "random" if seats == "random" or (seats == "mixed" and q % 2) else "greedy" for q in range(players)
    ]


def few_random_games(path: object, games: int = 4, seed: int = 4, max_hands: int = 50) -> list[str]:
    """``simulate``'s arguments for a few games of random seats of the variant at ``path``, on one
    worker, each game capped at ``max_hands`` hands."""
    counts = ["--games", str(games), "--seed", str(seed), "--max-hands", str(max_hands)]
    return [str(path), *counts, "--bots", "random", "--workers", "1"]
