"""Random play for tests: games driven by random legal actions to where a test checks them."""

from __future__ import annotations

import random

from hasenpfeffer import Game, Variant
from hasenpfeffer.engine.game import actual_state


def game_in_play(v: Variant, rng: random.Random, limit: int | None) -> Game | None:
    """A random game at a random point of its first hand's play, with at most ``limit`` cards
    left (None: any number); None when the first hand is thrown in or the game ends first."""
    g = Game(v, seed=rng.randrange(2**32))
    while g.phase != "play":
        if g.hand_number > 1 or g.is_over:
            return None
        g.apply(rng.choice(g.legal_actions()))
    now = actual_state(g)
    total = sum(len(h) for s, h in enumerate(now.hands) if not now.out[s])
    for _ in range(rng.randrange(total)):
        g.apply(rng.choice(g.legal_actions()))
        if g.phase != "play":
            return None
    while limit is not None and sum(len(h) for s, h in enumerate(now.hands) if not now.out[s]) > limit:
        g.apply(rng.choice(g.legal_actions()))
    return g if g.phase == "play" else None
