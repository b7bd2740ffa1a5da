"""Properties of the engine over random seeds and random legal play, for every built-in and example variant.

At every step each card of the pack is in exactly one place (a hand, the trick on the table,
a completed trick, a discard, or the part of the kitty nobody has taken); every finished hand
has as many tricks as the variant deals cards; every score change is what the variant's
scoring fields say (recomputed here from the hand's tricks); ``record()`` replays to the same
game; a refused action leaves the game exactly as it was; and a copy is independent.
"""

from __future__ import annotations

import random
from itertools import count
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Game, Variant
from hasenpfeffer.engine.events import GameWon, Termination
from hasenpfeffer.format.loader import builtin_names, load_variant
from support.invariants import (
    HandChecks,
    check_replay,
    check_turn,
    refuse_and_copy,
)
from support.paths import HOUSE_RULES
from support.play import play_random

VARIANTS = sorted(builtin_names()) + sorted(str(p) for p in HOUSE_RULES.glob("*.yaml"))
IDS = [Path(v).stem for v in VARIANTS]
SETTINGS = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def variant(name: str) -> Variant:
    return load_variant(name)


def check_game_end(g: Game) -> None:
    v = g.variant
    target = v.game.target
    if g.is_over:
        assert g.to_move is None and len(g.legal_actions()) == 0
        lost = v.game.lose_at is not None and min(g.scores) <= v.game.lose_at
        last = v.game.deals is not None and g.deal >= v.game.deals  # the last of a game's deals
        won = [e for e in g.events if isinstance(e, GameWon)]
        if won and won[-1].reason == Termination.BARRED:  # every suit barred: the higher score won
            assert len(g.barred) == len(v.pack.suits) and g.scores.count(max(g.scores)) == 1
            assert g.winner is not None and g.scores[g.winner] == max(g.scores)
            return
        if g.winner is not None and not lost and not last:
            assert target is not None and g.scores[g.winner] >= target
        if g.winner is not None and last and not lost:
            assert g.scores[g.winner] == max(g.scores) or (
                target is not None and g.scores[g.winner] >= target
            )
        if g.winner is not None and lost:
            assert g.scores[g.winner] > v.game.lose_at
    elif not v.game.must_bid_out and v.game.tie != "play-on" and target is not None:
        assert max(g.scores) < target or v.game.tie == "higher"


def play_checked(g: Game, rng: random.Random, steps: int, check_every: int, refuse_every: int) -> None:
    """Random legal play, checking the turn at every step, the cards every ``check_every`` steps,
    and trying a refused action every ``refuse_every`` steps; every finished hand is checked."""
    hands, step = HandChecks(g), count()

    def before(g: Game) -> None:
        n = next(step)
        check_turn(g)
        if n % check_every == 0:
            hands.check_cards(g)
        if n % refuse_every == 0:
            refuse_and_copy(g, rng)

    play_random(g, rng, steps=steps, before=before, after=lambda g, action, events: hands.finished(g))
    hands.end(g)
    check_game_end(g)


@pytest.mark.parametrize("name", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_random_play_keeps_every_invariant(name: str, seed: int, choice_seed: int) -> None:
    g = Game(variant(name), seed=seed)
    play_checked(g, random.Random(choice_seed), steps=100, check_every=1, refuse_every=5)
    check_replay(g, through_yaml=True)


@pytest.mark.parametrize("name", VARIANTS, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_long_random_games_score_and_replay(name: str, seed: int) -> None:
    g = Game(variant(name), seed=seed)
    play_checked(g, random.Random(seed), steps=1000, check_every=25, refuse_every=100)
    assert g.is_over or len(g.hand_results) >= 1000 // (4 * g.variant.players * (g.variant.hand_size + 3))
    check_replay(g)
