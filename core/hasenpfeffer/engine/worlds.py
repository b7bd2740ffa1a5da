"""Worlds: full games built from one seat's view and a choice of the cards it has not seen.

:func:`world` replays the hand's public history on a given deal (:class:`Dealt`: the hands
and kitty as dealt, and the cards of every discard and gift, which the view may hide).
:class:`Worlds` draws such deals at random, consistent with everything the seat saw: its own
cards, discards and gifts, the widow it took, the cards played, the suits others have shown
they lack, the turned card (which the dealer who took it holds, played or laid away), a
forced Joker holder's Joker, a lone player's exchange (a partner who must give their best
keeps nothing higher). Only the current hand is rebuilt: a world's scores, hand number and
later deals are not the real game's.

>>> import random
>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("hasenpfeffer"), dealer=3, seed=5)
>>> for a in ["0 bid 3", "1 pass", "2 pass", "3 pass", "0 trump S"]:
...     _ = game.apply(a)
>>> view = game.view(2)
>>> w = sample_world(view, random.Random(1))
>>> w.view(2).hand == view.hand, w.view(2).history == view.history, w.to_move == game.to_move
(True, True, True)
>>> real = world(view, actual_deal(game))
>>> real.hands == game.hands
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules.actions import Action
from .drawing import Dealt, Lean, draw
from .events import CardsDiscarded, CardsGiven, HandDealt
from .game import Game
from .knowledge import Knowledge
from .view import View

__all__ = ["Dealt", "Lean", "Weigh", "Worlds", "actual_deal", "sample_world", "world"]

TRIES = 50
"""Draws tried before :meth:`Worlds.sample` gives up."""
Weigh = Callable[[Game, Action], float]
"""How likely a seat was to take an action of the history in a world (the world just before it,
the action): between 0 and 1, a model of the other seats' choices, e.g. a bot's own."""


def world(view: View, dealt: Dealt, seed: int = 0) -> Game:
    """The game at the view's moment, its hand dealt as ``dealt``; ValueError if they do not fit."""
    game = _replay(view, dealt, seed)[0]
    assert game is not None
    return game


def _replay(
    view: View, dealt: Dealt, seed: int, weigh: Weigh | None = None, floor: float = 0.0
) -> tuple[Game | None, float]:
    """:func:`world`, and the product of ``weigh`` over the history's actions (1 without it);
    no game when the product falls below ``floor`` (the replay stops there)."""
    game = Game(view.variant, seed=seed, deal=dealt.mapping())
    cards = iter(dealt.transfers)
    weight = 1.0
    for a in view.history:
        if a.verb in ("discard", "give"):
            card = next(cards, None)
            if card is None or (a.arg and a.arg != card):
                raise ValueError(f"the deal's discards and gifts do not fit {a}")
            a = Action(a.seat, a.verb, card, a.alone)
        if not game.can_apply(a):
            raise ValueError(f"the deal does not fit the history: {a} is not legal there")
        if weigh is not None:
            weight *= weigh(game, a)
            if weight < floor:
                return None, weight
        game.apply(a)
    faces = game.rules.faces
    if tuple(faces[c] for c in game.hands[view.seat]) != view.hand:
        raise ValueError(f"the deal does not give seat {view.seat} the cards it holds")
    return game, weight


def actual_deal(game: Game) -> Dealt:
    """The current hand's real deal, with every discard and gift (hidden information: for analysis)."""
    events = game.events
    start = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
    dealt = events[start]
    assert isinstance(dealt, HandDealt)
    moved = [c for e in events[start:] if isinstance(e, CardsDiscarded | CardsGiven) for c in e.cards]
    return Dealt(dealt.dealer, dealt.hands, dealt.kitty, tuple(moved))


class Worlds:
    """Random worlds consistent with one view (read once, drawn from many times).

    ``lean(seat, card)`` weighs how likely a seat is to hold a card (a prior, e.g. that a
    maker holds trumps); without it every consistent deal is drawn alike. ``weigh`` is a
    model of the history's choices (:data:`Weigh`): a drawn world is kept with the probability
    of its history under the model, so worlds where the others would have bid otherwise are
    rarer; after ``tries`` draws the likeliest world drawn is taken.
    """

    def __init__(
        self, view: View, lean: Lean | None = None, tries: int = TRIES, weigh: Weigh | None = None
    ) -> None:
        self.view = view
        self.known = Knowledge(view)
        self.lean = lean
        self.tries = tries
        self.weigh = weigh

    def deal(self, rng: random.Random) -> Dealt | None:
        """A deal that fits the view, checked by replaying it; None if every try failed."""
        game = self.sample(rng)
        return None if game is None else actual_deal(game)

    def sample(self, rng: random.Random) -> Game | None:
        """A world: the game rebuilt at this moment on a random consistent deal (None if none was found)."""
        likeliest: tuple[float, Dealt, int] | None = None
        for _ in range(self.tries):
            dealt = draw(self.known, rng, self.lean)
            if dealt is None:
                continue
            seed = rng.randrange(2**31)
            floor = 0.0 if self.weigh is None else rng.random()
            try:
                game, weight = _replay(self.view, dealt, seed, self.weigh, floor)
            except ValueError:
                continue
            if game is not None:
                return game
            if likeliest is None or weight > likeliest[0]:
                likeliest = (weight, dealt, seed)
        return None if likeliest is None else world(self.view, likeliest[1], likeliest[2])


def sample_world(view: View, rng: random.Random, lean: Lean | None = None) -> Game | None:
    """One random world consistent with ``view`` (see :class:`Worlds`)."""
    return Worlds(view, lean).sample(rng)
