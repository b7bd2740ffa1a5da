"""Engine invariants over many random variants (not only the shipped ones).

Each example draws a variant across the format's dimensions (tests/random_variants.py), loads
it through the loader (so it passes every semantic check), and plays random legal actions for
a few hands, checking at every step what tests/test_engine_properties.py checks for the
built-ins: every card of the pack in exactly one place, a non-empty list of legal actions for
the one seat to move, refusals that change nothing, independent copies, tricks per hand as
dealt, score changes as the scoring fields say, and a record that replays identically.

Longer hunts: ``HASENPFEFFER_RANDOM_VARIANTS=3000 python -m pytest tests/test_engine_random_variants.py``.
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Action, Game, IllegalActionError, Variant
from hasenpfeffer.checks import check
from hasenpfeffer.errors import VariantError
from hasenpfeffer.loader import load_variant_data


def _sibling(name: str) -> ModuleType:
    """A module of this folder, by path (the tests are not a package)."""
    key = f"_hasenpfeffer_tests_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, Path(__file__).with_name(f"{name}.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


props = _sibling("test_engine_properties")
engine_variants = _sibling("random_variants").engine_variants

EXAMPLES = int(os.environ.get("HASENPFEFFER_RANDOM_VARIANTS", "100"))
HANDS = 3
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def load(data: dict[str, Any]) -> Variant:
    """The variant through the loader; a draw the checks refuse is discarded."""
    try:
        variant = load_variant_data(data)
    except VariantError:
        assume(False)
        raise
    assert check(variant) == []
    return variant


def illegal_candidates(g: Game, legal: list[Action], rng: random.Random) -> list[Action]:
    """A few actions that are not legal now: wrong seats, unheld cards, bids off the ladder."""
    seat = g.to_move if g.to_move is not None else 0
    cards = sorted(props.pack(g.variant))
    pool = [Action((a.seat + 1) % g.variant.players, a.verb, a.arg, a.alone) for a in legal[:3]]
    pool += [Action(seat, "play", str(c)) for c in rng.sample(cards, min(3, len(cards)))]
    pool += [Action(seat, "bid", "99"), Action(seat, "discard", "JK"), Action(seat, "trump", "NT")]
    pool += [Action(seat, "order-up"), Action(seat, "alone"), Action(seat, "pass", alone=True)]
    return [a for a in pool if a not in legal]


def refuse_and_copy(g: Game, legal: list[Any], rng: random.Random) -> None:
    """A refused action leaves the game as it was; a copy moved on leaves its original alone."""
    bad = rng.choice(illegal_candidates(g, legal, rng))
    state = props.snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(bad)
    assert props.snapshot(g) == state, f"refusing {bad} changed the game"
    twin = g.copy()
    assert props.snapshot(twin) == state
    twin.apply(rng.choice(legal))
    assert props.snapshot(g) == state, "a copy shares state with its original"


def play_hands(g: Game, rng: random.Random, hands: int) -> None:
    """Random legal play until ``hands`` hands are finished or the game is over."""
    v = g.variant
    full = props.pack(v)
    before = tuple(g.scores)
    kitty = props.kitty_of_current_hand(g)
    seen = 0
    # A hand takes at most: a bid or two per seat, discards and exchanges, and the tricks.
    budget = hands * (v.players * (len(v.making.auction.ladder) + 3) + v.pack.size * 2 + 10)
    for step in range(budget):
        if g.is_over or seen >= hands:
            break
        legal = list(g.legal_actions())
        assert legal, f"no legal action in phase {g.phase}"
        assert all(a.seat == g.to_move for a in legal)
        props.check_cards(g, full, kitty)
        assert [len(g.view(s).legal) for s in range(v.players)].count(0) == v.players - 1
        if step % 3 == 0:
            refuse_and_copy(g, legal, rng)
        g.apply(rng.choice(legal))
        while seen < len(g.hand_results):
            r = g.hand_results[seen]
            props.check_hand(v, r, before)
            if not g.is_over:
                props.check_next_dealer(g, r)
            before = r.scores
            seen += 1
            if not g.is_over:
                kitty = props.kitty_of_current_hand(g)
    else:
        raise AssertionError(f"{hands} hands not finished in {budget} actions: stuck in {g.phase}")
    assert tuple(g.scores) == before
    check_game_end(g)


def check_game_end(g: Game) -> None:
    """Over: the winner reached the target. Not over: nobody did, or the top score is tied
    (makers who did not reach the target cannot break a tie of others)."""
    v = g.variant
    if g.is_over:
        assert g.to_move is None and len(g.legal_actions()) == 0
        assert g.winner is not None and g.scores[g.winner] >= v.game.target
    elif not v.game.must_bid_out and v.game.tie != "play-on":
        top = max(g.scores)
        assert top < v.game.target or g.scores.count(top) >= 2, g.scores


@SETTINGS
@given(data=engine_variants(), seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_random_variants_keep_every_invariant(data: dict[str, Any], seed: int, choice_seed: int) -> None:
    g = Game(load(data), seed=seed)
    play_hands(g, random.Random(choice_seed), HANDS)
    props.check_replay(g, through_yaml=True)
