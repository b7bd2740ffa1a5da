"""The compiled greedy bot against the Python ``GreedyBot``, and both engines on random variants.

Games are played compiled with greedy seats (every seat, and greedy against random), recorded,
and each one replayed through the Python ``Game``: at every decision of a greedy seat the
Python bot, asked with its own view, must choose the compiled action (the legal sets, the
hands' results and the games' ends are checked as for random play). Every built-in and example
the compiled greedy bot plays is checked, and hypothesis' random variants with random and
greedy seats; ``--long`` (or ``HASENPFEFFER_LONG=1``) plays many more games.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import load_variant
from hasenpfeffer.batch.coverage import refusal
from support.paths import ROOT
from support.random_variants import engine_variants, loaded

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.replay import TwinMismatch, check_batch, replay_game
from hasenpfeffer.batch.run import play, policies

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
COVERED = [f for f in FILES if refusal(load_variant(f)) is None]
BUILT_INS = ("euchre", "hasenpfeffer", "hasenpfeffer-pepper", "pepper", "three-handed-euchre")
BUILT_INS += ("five-hundred", "five-hundred-3", "railroad-euchre", "double-hasenpfeffer")


@pytest.fixture(scope="module")
def long_run(request: pytest.FixtureRequest) -> bool:
    return (
        bool(request.config.getoption("--long", default=False)) or os.environ.get("HASENPFEFFER_LONG") == "1"
    )


def test_the_built_ins_asked_for_are_covered() -> None:
    assert set(BUILT_INS) <= {f.stem for f in COVERED}
    assert len(COVERED) >= 56


@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_compiled_greedy_chooses_as_the_python_bot(path: Path, long_run: bool) -> None:
    variant = load_variant(path)
    games, cap = (40, 200) if long_run else (3, 12)
    mixed = ["greedy" if q % 2 == 0 else "random" for q in range(variant.players)]
    for seed, bots in ((11, ["greedy"] * variant.players), (12, mixed)):
        batch = play(variant, games, seed=seed, debug=True, max_hands=cap, bots=bots)
        assert batch.bots == tuple(bots)
        assert check_batch(batch) == len(batch.hands)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=engine_variants(), seed=st.integers(0, 2**40), greedy=st.sampled_from(["none", "all", "mixed"]))
def test_random_variants_replay_with_random_and_greedy_seats(
    data: dict[str, Any], seed: int, greedy: str
) -> None:
    v = loaded(data)
    bots = {
        "none": ["random"] * v.players,
        "all": ["greedy"] * v.players,
        "mixed": ["greedy" if q % 2 else "random" for q in range(v.players)],
    }[greedy]
    why = refusal(v)
    if why is not None:  # refused in one line: the run plays in Python
        with pytest.raises(ValueError, match=f"^{re.escape(why)}$"):
            play(v, 1, seed=seed, bots=bots)
        return
    batch = play(v, 2, seed=seed, debug=True, max_hands=6, bots=bots)
    assert check_batch(batch) == len(batch.hands)


def test_a_greedy_choice_changed_is_caught() -> None:
    """A compiled action swapped for another legal one at a greedy seat's decision fails the
    replay, though the action is legal."""
    batch = play(load_variant("euchre"), 1, seed=3, debug=True, bots=["greedy"] * 4)
    sets = batch.legal_sets(0)
    i = next(i for i, s in enumerate(sets) if len(s) > 1)
    batch.actions[i] = next(x for x in sets[i] if x != batch.actions[i])
    with pytest.raises(TwinMismatch, match="greedy"):
        replay_game(batch, 0)


def test_only_random_and_greedy_bots_play_compiled() -> None:
    with pytest.raises(ValueError, match="only random, greedy, learned bots, not mc"):
        policies(load_variant("euchre"), ["mc"] * 4)
    with pytest.raises(ValueError, match=r"^3 bots for 4 players$"):
        policies(load_variant("euchre"), ["greedy"] * 3)


def test_exchanges_and_two_packs_replay_with_greedy_seats() -> None:
    """Railroad's lone players exchange with their partners (a partner sitting out gives its
    best, the lone player gives back its weakest); Double Hasenpfeffer deals two copies of each
    card: games where greedy goes alone replay, the Python bot choosing every gift."""
    for name in ("railroad-euchre", "double-hasenpfeffer"):
        batch = play(load_variant(name), 30, seed=4, debug=True, bots=["greedy"] * 4)
        assert check_batch(batch) == len(batch.hands)
        assert any(r.alone for r in batch.results())


def test_the_same_seed_plays_the_same_greedy_games() -> None:
    v = load_variant("hasenpfeffer-pepper")
    a, b = (play(v, 10, seed=5, record=True, bots=["greedy"] * 4) for _ in range(2))
    assert (a.games == b.games).all() and (a.actions == b.actions).all()


def test_chances_round_to_hundredths_as_python_rounds() -> None:
    """greedy discards by ``round(chance, 2)``: Python rounds the float's exact value, half to
    even; the compiled bot's whole number of hundredths must be the same at and beside every half."""
    import random

    from hasenpfeffer.batch.greedy_compiled import _round2

    rng = random.Random(1)
    values = [i / 1000 for i in range(1001)] + [0.125, 0.375, 0.005, 0.015, 0.285, 0.565]
    values += [(k + 0.5) / 100 + d for k in range(100) for d in (0.0, 1e-17, -1e-17, 1e-16, -1e-16)]
    values += [rng.random() for _ in range(5000)]
    assert [_round2(x) for x in values] == [round(round(x, 2) * 100) for x in values]
