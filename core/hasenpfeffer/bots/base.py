"""What a bot is: any object with ``choose(view, legal) -> Action``, built as ``Bot(seed)``.

Subclass :class:`Bot` and write ``choose``: the seed the bot is made with is kept as
``self.seed``, and ``self.rng`` draws from it. Any other object with a ``choose`` method is a
bot too, to ``isinstance`` and to the loaders.

A bot that takes the only legal action without looking (and without drawing from its random
numbers) may say so with ``ask_when_forced = False``: simulations then apply such actions
without building its view.

>>> class First(Bot):
...     def choose(self, view, legal):
...         return legal[0]
>>> First(7).seed, First().seed
(7, None)
>>> from hasenpfeffer.bots.simple import RandomBot
>>> class Duck:
...     def choose(self, view, legal):
...         return legal[-1]
>>> isinstance(RandomBot(1), Bot), isinstance(Duck(), Bot), isinstance(object(), Bot)
(True, True, False)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from ..engine.view import View
from ..rules.actions import Action


class Bot(ABC):
    """A player: given its seat's view and the legal actions, return one of them."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """The seed the bot was made with (None: unseeded)."""
        self.rng = random.Random(seed)
        """The bot's random numbers, seeded with :attr:`seed`."""

    @abstractmethod
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The chosen action (one of ``legal``)."""

    @classmethod
    def __subclasshook__(cls, other: type) -> bool:
        """Any class with a ``choose`` method is a bot, whatever its bases."""
        if cls is Bot:
            return any(callable(vars(base).get("choose")) for base in other.__mro__)
        return super().__subclasshook__(other)
