"""Worlds: full games built from one seat's view and a choice of the cards it has not seen.

:class:`Worlds` draws deals at random (:mod:`.drawing`), consistent with everything the seat
saw: its own cards, discards and gifts, the widow it took, the cards played, the suits others
have shown they lack (after a Joker lead in no-trump, the suit named), the turned card (which
the dealer who took it holds, played or laid away), a forced Joker holder's Joker, a hand laid
open (``View.shown``), a lone player's exchange (a partner who must give their best keeps
nothing higher); each is checked by replaying the hand's history on it
(:func:`~.replay.world`). Only the current hand is rebuilt, with the suits the game has
barred (``View.barred``): a world's scores, hand number and later deals are not the real game's.

>>> import random
>>> from hasenpfeffer import Game, load_variant
>>> from hasenpfeffer.engine.game import actual_deal, actual_state
>>> game = Game(load_variant("hasenpfeffer"), dealer=3, seed=5)
>>> for a in ["0 bid 3", "1 pass", "2 pass", "3 pass", "0 trump S"]:
...     _ = game.apply(a)
>>> view = game.view(2)
>>> w = sample_world(view, random.Random(1))
>>> w.view(2).hand == view.hand, w.view(2).history == view.history, w.to_move == game.to_move
(True, True, True)
>>> real = world(view, actual_deal(game))
>>> actual_state(real).hands == actual_state(game).hands
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.dealing import Dealt
from ..engine.game import Game, actual_deal
from ..engine.view import View
from ..rules.actions import Action
from .drawing import Lean, draw
from .follow import MENDS, Swapper, guessed_right, mend
from .knowledge import Knowledge
from .replay import Unplayable, Weigh, replay, world

TRIES = 50
"""Deals tried (drawn, replayed and weighed) before :meth:`Worlds.sample` gives up."""
DRAWS = 2000
"""Draws before :meth:`Worlds.sample` gives up, counting those that went wrong (a lone player's
exchange where partners give their best, in a large pack, may fit one draw in twenty)."""


class Worlds:
    """Random worlds consistent with one view (read once, drawn from many times).

    ``lean(seat, card)`` weighs how likely a seat is to hold a card (a prior, e.g. that a
    maker holds trumps); without it every consistent deal is drawn alike. ``shed(seat, card)``
    weighs the same for the discards the view did not see (that a seat lays away low cards);
    they are drawn before the hands. ``weigh`` is a
    model of the history's choices (:data:`Weigh`): a drawn world is kept with the probability
    of its history under the model, so worlds where the others would have bid otherwise are
    rarer; after ``tries`` draws the likeliest world drawn is taken. With ``reject=False`` no
    world is turned down: the first drawn comes with its weight, for the caller to weigh by
    (importance sampling: cheaper than rejection, each world counting as much as it is likely).
    ``received``: the cards given to this seat this hand, in order, which its view does not show
    (a player that remembers its hand as dealt knows them; see
    :class:`~.knowledge.Knowledge`).
    """

    def __init__(
        self,
        view: View,
        lean: Lean | None = None,
        tries: int = TRIES,
        weigh: Weigh | None = None,
        reject: bool = True,
        shed: Lean | None = None,
        received: Sequence[str] = (),
    ) -> None:
        self.view = view
        self.known = Knowledge(view, received)
        self.lean = lean
        self.shed = shed
        self.tries = tries
        self.weigh = weigh
        self.reject = reject
        self._swapper: Swapper | None = None

    def deal(self, rng: random.Random) -> Dealt | None:
        """A deal that fits the view, checked by replaying it; None if every try failed."""
        game = self.sample(rng)
        return None if game is None else actual_deal(game)

    def sample(self, rng: random.Random) -> Game | None:
        """A world: the game rebuilt at this moment on a random consistent deal (None if none was found)."""
        found = self.sample_weighed(rng)
        return None if found is None else found[0]

    def sample_weighed(self, rng: random.Random) -> tuple[Game, float] | None:
        """:meth:`sample`, with the world's weight under ``weigh`` (1 without it)."""
        likeliest: tuple[float, Dealt, int] | None = None
        tried = 0
        for _ in range(DRAWS):
            if tried >= self.tries:
                break
            dealt = draw(self.known, rng, self.lean, self.shed)
            if dealt is None:
                continue
            tried += 1
            seed = rng.randrange(2**31)
            floor = rng.random() if self.weigh is not None and self.reject else 0.0
            try:
                game, weight = replay(self.view, dealt, seed, self.weigh, floor)
            except ValueError:
                continue
            if game is not None:
                return game, weight
            if likeliest is None or weight > likeliest[0]:
                likeliest = (weight, dealt, seed)
        if likeliest is None:
            return None
        return world(self.view, likeliest[1], likeliest[2]), likeliest[0]

    def follow(
        self, game: Game, weight: float, rng: random.Random, stuck: Action | None = None
    ) -> tuple[Game, float] | None:
        """A world of an earlier moment of this hand (of weight ``weight``), rebuilt at this
        view's: each card played since that the world gave elsewhere (another hand, the
        kitty's hidden part, an unseen discard) is swapped for one of the player's own, and a
        suit a player showed it lacks is swapped out of its hand (see :func:`~.follow.mend`);
        the world stays close to the old one. A world whose widow is not the one the seat has seen since
        is not moved on. Under ``weigh``, the new world is kept with the chance of its weight
        relative to the old one (with ``reject=False``, always, with its new weight). None when
        it cannot be moved on (a card whose way is known, more than :data:`MENDS` swaps): draw
        a new one.

        ``stuck``: the action of the view's history that ``game``, moved on as far as it goes,
        cannot play next. Without ``weigh``, the swaps are then made in place on a copy of
        ``game`` (only swaps that every card played before still fits), which plays on from
        there: no replay of the hand. ``game`` itself is never changed.

        Worlds whose hand had a lone player's exchange or a forced Joker holder are not moved
        on, as what the seat knows of them is more than a replay checks.
        """
        known = self.known
        if known.exchanges or known.forced_joker:
            return None
        if stuck is not None and self.weigh is None:
            swapper = self._swapper
            if swapper is None:
                swapper = self._swapper = Swapper(self.view, known)
            moved = swapper.move_on(game.copy(), stuck, rng)
            if moved is not None:
                return moved, 1.0
        dealt = actual_deal(game)
        seed = rng.randrange(2**31)
        me, turned = self.view.seat, self.view.turned is not None
        hidden = [t.seat if t.card is None else None for t in known.transfers]
        if stuck is not None:
            mended = mend(dealt, game, stuck, me, turned, hidden, rng)
            if mended is None:
                return None
            dealt = mended
        for _ in range(MENDS):
            try:
                moved, w = replay(self.view, dealt, seed, self.weigh)
            except Unplayable as stop:
                mended = mend(dealt, stop.game, stop.action, me, turned, hidden, rng)
                if mended is None:
                    return None
                dealt = mended
                continue
            except ValueError:
                return None
            assert moved is not None
            if not guessed_right(moved, self.view):
                return None  # the seat has seen the widow or an open hand since: the world's was a guess
            if self.reject and w < weight and rng.random() * weight >= w:
                return None
            return moved, w
        return None


def sample_world(view: View, rng: random.Random, lean: Lean | None = None) -> Game | None:
    """One random world consistent with ``view`` (see :class:`Worlds`)."""
    return Worlds(view, lean).sample(rng)
