"""Whole games over the stepped kernel (``play``'s default: :mod:`hasenpfeffer.batch.games_compiled`)
against the whole-game kernel (``play(..., stepped=False)``): the same seeds give the same
games, hand for hand (results, deals, action ids, legal ids), for every covered built-in and
example file and random, greedy and mixed seats, and for the rarer paths built here. The
stepped kernel's games, their legal ids kept, replay through the Python ``Game`` decision by
decision here and in tests/batch/test_twin.py.
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
from hasenpfeffer.batch.run import Batch, play

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
COVERED = [f for f in FILES if refusal(load_variant(f)) is None]


def seats(variant: Variant, kind: str) -> list[str]:
    """Every seat random or greedy, or the two mixed (greedy on even seats)."""
    if kind == "mixed":
        return ["greedy" if q % 2 == 0 else "random" for q in range(variant.players)]
    return [kind] * variant.players


def assert_same(variant: Variant, games: int, seed: int, kind: str, max_hands: int = 12) -> Batch:
    """Both kernels play the games; every game's and hand's row and every action id are equal."""
    bots = seats(variant, kind)
    whole = play(variant, games, seed=seed, record=True, bots=bots, max_hands=max_hands, stepped=False)
    stepped = play(variant, games, seed=seed, record=True, bots=bots, max_hands=max_hands)
    assert np.array_equal(whole.games, stepped.games)
    assert whole.hands.shape == stepped.hands.shape
    rows = np.nonzero((whole.hands != stepped.hands).any(axis=1))[0]
    assert not len(rows), (
        f"hand {rows[0]}: {whole.hands[rows[0]].tolist()} != {stepped.hands[rows[0]].tolist()}"
    )
    assert np.array_equal(whole.actions, stepped.actions)
    return stepped


@pytest.mark.parametrize("kind", ["random", "greedy", "mixed"])
@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_stepped_games_are_the_whole_game_kernel_s(path: Path, kind: str) -> None:
    assert_same(load_variant(path), 6, 3, kind)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), name=st.sampled_from(["euchre", "hasenpfeffer-pepper", "five-hundred"]))
def test_any_seed_gives_the_same_games_stepped(seed: int, name: str) -> None:
    assert_same(load_variant(name), 3, seed, "mixed", max_hands=40)


def test_weak_hands_declarations_and_copies_step_as_whole_games() -> None:
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
    batch = assert_same(weak, 20, 4, "mixed", max_hands=40)
    assert {"low swap", "aces redeal"} <= {k for h in range(len(batch.hands)) for k in batch.weak_hands(h)}
    declaring = euchre.model_copy(
        update={"scoring": euchre.scoring.model_copy(update={"declarations": sets})}
    )
    batch = assert_same(declaring, 20, 4, "mixed", max_hands=40)
    assert {"bowers", "top"} <= {batch.declared(h) for h in range(len(batch.hands))}
    double = load_variant("double-hasenpfeffer")
    triple = double.model_copy(update={"pack": double.pack.model_copy(update={"copies": 3})})
    assert_same(triple, 6, 2, "mixed")


def test_a_stepped_run_without_records_counts_the_same() -> None:
    variant = load_variant("hasenpfeffer-pepper")
    whole = play(variant, 30, seed=8, bots=["greedy"] * 4, stepped=False)
    stepped = play(variant, 30, seed=8, bots=["greedy"] * 4)
    assert np.array_equal(whole.games, stepped.games) and np.array_equal(whole.hands, stepped.hands)
    assert whole.results() == stepped.results()


@pytest.mark.parametrize("kind", ["random", "mixed"])
@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_stepped_games_replay_in_python(path: Path, kind: str) -> None:
    """The twin contract on the stepped kernel itself: every decision's legal ids, every action
    and every hand's result as the Python ``Game`` has them."""
    variant = load_variant(path)
    batch = play(variant, 4, seed=11, debug=True, max_hands=12, bots=seats(variant, kind))
    assert batch.legal_counts.size == batch.actions.size > 0
    assert check_batch(batch) == len(batch.hands)


@pytest.mark.parametrize("name", ["euchre", "five-hundred", "double-hasenpfeffer"])
def test_stepped_legal_ids_are_the_whole_game_kernel_s(name: str) -> None:
    variant = load_variant(name)
    whole, stepped = (play(variant, 20, seed=5, debug=True, max_hands=12, stepped=s) for s in (False, True))
    assert np.array_equal(whole.legal_counts, stepped.legal_counts)
    assert np.array_equal(whole.legal_ids, stepped.legal_ids)
    assert stepped.legal_sets(0)[0] == whole.legal_sets(0)[0] and len(stepped.legal_sets(0)) > 1


def test_a_tampered_stepped_action_is_caught() -> None:
    batch = play(load_variant("euchre"), 1, seed=2, debug=True)
    first = batch.legal_sets(0)[0]
    batch.actions[0] = first[1] if batch.actions[0] == first[0] else first[0]
    with pytest.raises(TwinMismatch):
        replay_game(batch, 0)
