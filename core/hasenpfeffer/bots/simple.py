"""The simplest bot: a uniformly random legal action.

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("euchre"), seed=3)
>>> view = game.view(game.to_move)
>>> RandomBot(1).choose(view, view.legal) in view.legal
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.view import View
from ..rules.actions import Action
from .base import Bot


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """A random legal action."""
        return legal[self.rng.randrange(len(legal))]
