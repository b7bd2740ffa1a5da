"""Worlds: the hidden cards of a hand drawn from one seat's view, and the games they make.

The one place that draws hidden cards, for the bots that search (:mod:`hasenpfeffer.bots`)
and the learning adapters (:mod:`hasenpfeffer.rl`). Imports the engine and below.

- :mod:`.knowledge`: what a view tells about the cards the seat has not seen;
- :mod:`.draft`, :mod:`.filling`, :mod:`.exchanges`, :mod:`.drawing`: a deal that fits the
  view, built backwards from now (:func:`~.drawing.draw`);
- :mod:`.replay`: the hand's history replayed on a deal (:func:`~.replay.world`);
- :mod:`.sampler`: :class:`~.sampler.Worlds`, random worlds of a view, checked by replay;
- :mod:`.follow`: a world moved on to a later view by swapping hidden cards.

A deal is a :class:`~hasenpfeffer.engine.dealing.Dealt` (exported here too); the real deal of a
game, its current state by card id and the swaps worlds make in place come through the engine's
door to the hidden cards (:func:`~hasenpfeffer.engine.game.actual_deal`,
:func:`~hasenpfeffer.engine.game.actual_state`, :func:`~hasenpfeffer.engine.game.swap_cards`).

See docs/engine.md (Worlds).
"""

from ..engine.dealing import Dealt
from .drawing import Lean
from .replay import Weigh, advance, world
from .sampler import Worlds, sample_world

__all__ = ["Dealt", "Lean", "Weigh", "Worlds", "advance", "sample_world", "world"]
