"""The simplest bot: a uniformly random legal action.

Its choices are the draws of :mod:`hasenpfeffer.engine.draws`: the bot seeded ``seed`` draws
each choice among two or more actions from the next words of the key ``seed`` (a choice of
one action draws nothing), as the compiled engine's random seats do.

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("euchre"), seed=3)
>>> view = game.view(game.to_move)
>>> RandomBot(1).choose(view, view.legal) in view.legal
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.draws import GAMMA, MASK, as_key, mix
from ..engine.view import View
from ..rules.actions import Action
from .base import Bot


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.key = as_key(seed)
        self.words = 0
        """The words of the key drawn so far."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """A random legal action (:func:`~hasenpfeffer.engine.draws.below`, inlined)."""
        n = len(legal)
        if n == 1:
            return legal[0]
        limit = (1 << 64) % n
        i = self.words
        while True:
            i += 1
            z = mix((self.key + i * GAMMA) & MASK) * n
            if z & MASK >= limit:
                self.words = i
                return legal[z >> 64]
