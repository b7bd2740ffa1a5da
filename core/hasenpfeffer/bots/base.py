"""What a bot is: any object with ``choose(view, legal) -> Action``, built as ``Bot(seed)``.

A bot that takes the only legal action without looking (and without drawing from its random
numbers) may say so with ``ask_when_forced = False``: simulations then apply such actions
without building its view.

>>> from hasenpfeffer.bots.simple import RandomBot
>>> isinstance(RandomBot(1), Bot)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..engine.view import View
from ..rules.actions import Action


@runtime_checkable
class Bot(Protocol):
    """A player: given its seat's view and the legal actions, return one of them."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The chosen action (one of ``legal``)."""
        ...
