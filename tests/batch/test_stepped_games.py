"""Whole games over the stepped kernel (``play``: :mod:`hasenpfeffer.batch.games_compiled`)
against the Python engine: played with their legal ids kept, every covered built-in and example
file's games, with random, greedy and mixed seats, for random seeds, and along the rarer paths
built here, replay through the Python ``Game`` decision by decision (each legal set, each
random or greedy choice, each hand's result; :func:`hasenpfeffer.batch.replay.replay_game`).
The greedy seats of every file are replayed in tests/batch/test_greedy_twin.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import load_variant
from hasenpfeffer.batch.coverage import refusal
from hasenpfeffer.format.variant import Declaration, Variant, WeakHand
from support.paths import ROOT

pytest.importorskip("numba", exc_type=ImportError)

import numpy as np

from hasenpfeffer.batch.replay import TwinMismatch, check_batch, replay_game
from hasenpfeffer.batch.rows import H_COLS
from hasenpfeffer.batch.run import Batch, play

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
COVERED = [f for f in FILES if refusal(load_variant(f)) is None]


def seats(variant: Variant, kind: str) -> list[str]:
    """Every seat random or greedy, or the two mixed (greedy on even seats)."""
    if kind == "mixed":
        return ["greedy" if q % 2 == 0 else "random" for q in range(variant.players)]
    return [kind] * variant.players


def replayed(variant: Variant, games: int, seed: int, kind: str, max_hands: int = 12) -> Batch:
    """The games played with their legal ids kept, each replayed through the Python ``Game``."""
    batch = play(variant, games, seed=seed, debug=True, max_hands=max_hands, bots=seats(variant, kind))
    assert batch.legal_counts.size == batch.actions.size > 0
    assert check_batch(batch) == len(batch.hands)
    return batch


@pytest.mark.parametrize("kind", ["random", "mixed"])
@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_stepped_games_replay_in_python(path: Path, kind: str) -> None:
    replayed(load_variant(path), 4, 11, kind)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), name=st.sampled_from(["euchre", "hasenpfeffer-pepper", "five-hundred"]))
def test_any_seed_s_games_replay_in_python(seed: int, name: str) -> None:
    replayed(load_variant(name), 3, seed, "mixed", max_hands=40)


def test_weak_hands_declarations_and_copies_replay_in_python() -> None:
    """Rarer paths, often reached: weak hands acting at once (a swap, a redeal by the next
    dealer), short sets declared, and a pack of three copies."""
    rules = (
        WeakHand(name="low", when=[{"ranks": ["9", "T", "J"], "at_least": 2, "one_rank": True}],
                 action="swap", cards=2, optional=False),
        WeakHand(name="aces", when=[{"ranks": ["A"], "at_least": 3}], action="redeal",
                 dealer="next-dealer", optional=False),
    )  # fmt: skip
    sets = (Declaration(name="bowers", cards=2, points=3), Declaration(name="top", cards=1, points=1))
    euchre = load_variant("euchre")
    weak = euchre.model_copy(update={"deal": euchre.deal.model_copy(update={"weak_hands": rules})})
    batch = replayed(weak, 20, 4, "mixed", max_hands=40)
    assert {"low swap", "aces redeal"} <= {k for h in range(len(batch.hands)) for k in batch.weak_hands(h)}
    declaring = euchre.model_copy(
        update={"scoring": euchre.scoring.model_copy(update={"declarations": sets})}
    )
    batch = replayed(declaring, 20, 4, "mixed", max_hands=40)
    assert {"bowers", "top"} <= {batch.declared(h) for h in range(len(batch.hands))}
    double = load_variant("double-hasenpfeffer")
    triple = double.model_copy(update={"pack": double.pack.model_copy(update={"copies": 3})})
    replayed(triple, 6, 2, "mixed")


def test_a_run_without_records_plays_the_same_games() -> None:
    variant = load_variant("hasenpfeffer-pepper")
    bare = play(variant, 30, seed=8, bots=["greedy"] * 4)
    kept = play(variant, 30, seed=8, bots=["greedy"] * 4, debug=True)
    assert np.array_equal(bare.games, kept.games) and np.array_equal(
        bare.hands[:, :H_COLS], kept.hands[:, :H_COLS]
    )
    assert bare.results() == kept.results() and not bare.legal_counts.size


def test_a_tampered_stepped_action_is_caught() -> None:
    batch = play(load_variant("euchre"), 1, seed=2, debug=True)
    first = batch.legal_sets(0)[0]
    batch.actions[0] = first[1] if batch.actions[0] == first[0] else first[0]
    with pytest.raises(TwinMismatch):
        replay_game(batch, 0)
