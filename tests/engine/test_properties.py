"""Properties of the engine over random seeds and random legal play, for every built-in and example variant.

At every step each card of the pack is in exactly one place (a hand, the trick on the table,
a completed trick, a discard, or the part of the kitty nobody has taken); every finished hand
has as many tricks as the variant deals cards; every score change is what the variant's
scoring fields say (recomputed here from the hand's tricks); ``record()`` replays to the same
game; a refused action leaves the game exactly as it was; and a copy is independent.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Action, Game, IllegalActionError, Variant
from hasenpfeffer.format.loader import builtin_names, load_variant
from support.invariants import (
    check_cards,
    check_hand,
    check_next_dealer,
    check_replay,
    kitty_of_current_hand,
    pack,
    snapshot,
)
from support.paths import HOUSE_RULES

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
        if g.winner is not None:
            assert g.scores[g.winner] >= target
    elif not v.game.must_bid_out and v.game.tie != "play-on":
        assert max(g.scores) < target or v.game.tie == "higher"


def illegal_candidates(g: Game, legal: list[Action], rng: random.Random) -> list[Action]:
    """A few actions that are not legal now: wrong seats, unheld cards, bids off the ladder."""
    seat = g.to_move if g.to_move is not None else 0
    pool = [Action((a.seat + 1) % g.variant.players, a.verb, a.arg, a.alone) for a in legal[:3]]
    pool += [Action(seat, "play", str(c)) for c in rng.sample(sorted(pack(g.variant)), 3)]
    pool += [Action(seat, "bid", "99"), Action(seat, "discard", "JK"), Action(seat, "trump", "NT")]
    return [a for a in pool if a not in legal]


def play_random(g: Game, rng: random.Random, steps: int, check_every: int, refuse_every: int) -> None:
    """Random legal play, checking the cards every ``check_every`` steps and trying a refused
    action every ``refuse_every`` steps; every finished hand is checked."""
    v = g.variant
    full = pack(v)
    hands_seen = 0
    before = tuple(g.scores)
    kitty = kitty_of_current_hand(g)
    for step in range(steps):
        if g.is_over:
            break
        legal = list(g.legal_actions())
        assert legal and all(a.seat == g.to_move for a in legal)
        if step % check_every == 0:
            check_cards(g, full, kitty)
            assert [len(g.view(s).legal) for s in range(v.players)].count(0) == v.players - 1
        if step % refuse_every == 0:
            bad = rng.choice(illegal_candidates(g, legal, rng))
            state = snapshot(g)
            with pytest.raises(IllegalActionError):
                g.apply(bad)
            assert snapshot(g) == state, f"refusing {bad} changed the game"
            twin = g.copy()
            assert snapshot(twin) == state
            twin.apply(rng.choice(legal))
            assert snapshot(g) == state, "a copy shares state with its original"
        g.apply(rng.choice(legal))
        while hands_seen < len(g.hand_results):
            r = g.hand_results[hands_seen]
            check_hand(v, r, before)
            if not g.is_over:
                check_next_dealer(g, r)
            before = r.scores
            hands_seen += 1
            if not g.is_over:
                kitty = kitty_of_current_hand(g)
    assert tuple(g.scores) == before
    check_game_end(g)


@pytest.mark.parametrize("name", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_random_play_keeps_every_invariant(name: str, seed: int, choice_seed: int) -> None:
    g = Game(variant(name), seed=seed)
    play_random(g, random.Random(choice_seed), steps=100, check_every=1, refuse_every=5)
    check_replay(g, through_yaml=True)


@pytest.mark.parametrize("name", VARIANTS, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_long_random_games_score_and_replay(name: str, seed: int) -> None:
    g = Game(variant(name), seed=seed)
    play_random(g, random.Random(seed), steps=1000, check_every=25, refuse_every=100)
    assert g.is_over or len(g.hand_results) >= 1000 // (4 * g.variant.players * (g.variant.hand_size + 3))
    check_replay(g)
