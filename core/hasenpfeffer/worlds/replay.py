"""A hand's history replayed on a deal: the world a view and a choice of its unseen cards make.

:func:`world` replays the hand's public history on a given deal
(:class:`~hasenpfeffer.engine.dealing.Dealt`: the hands and kitty as dealt, and the cards of
every discard and gift, which the view may hide); :func:`advance` plays a world on by later
actions. The real deal of a game comes through the engine's door to the hidden cards,
:func:`~hasenpfeffer.engine.game.actual_deal`.

>>> from hasenpfeffer import Game, load_variant
>>> from hasenpfeffer.engine.game import actual_deal, actual_state
>>> deal = {"dealer": 3, "widow": ["JS", "QS", "KS", "AS"], "hands": [
...     "9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"]}
>>> game = Game(load_variant("euchre"), deal=deal)
>>> for a in ["0 pass", "1 pass", "2 order-up", "3 discard 9S"]:
...     _ = game.apply(a)
>>> dealt = actual_deal(game)
>>> dealt.hands[3], dealt.set_aside  # the dealer's discard, which only it saw
((QH, KH, AH, 9S, TS), (9S,))
>>> real = world(game.view(1), dealt)
>>> actual_state(real).hands == actual_state(game).hands, real.to_move
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.dealing import Dealt
from ..engine.game import Game, actual_state
from ..engine.view import View
from ..rules.actions import Action

Weigh = Callable[[Game, Action], float]
"""How likely a seat was to take an action of the history in a world (the world just before it,
the action): between 0 and 1, a model of the other seats' choices, e.g. a bot's own."""


class Unplayable(ValueError):
    """An action of the history that the deal cannot play (``game``: the world just before it)."""

    def __init__(self, game: Game, action: Action) -> None:
        super().__init__(f"the deal does not fit the history: {action} is not legal there")
        self.game, self.action = game, action


def world(view: View, dealt: Dealt, seed: int = 0) -> Game:
    """The game at the view's moment, its hand dealt as ``dealt``; ValueError if they do not fit."""
    game = replay(view, dealt, seed)[0]
    assert game is not None
    return game


def replay(
    view: View, dealt: Dealt, seed: int, weigh: Weigh | None = None, floor: float = 0.0
) -> tuple[Game | None, float]:
    """:func:`world`, and the product of ``weigh`` over the history's actions (1 without it);
    no game when the product falls below ``floor`` (the replay stops there). An action the
    deal cannot play raises :class:`Unplayable`, any other misfit ValueError."""
    game = Game(
        view.variant,
        seed=seed,
        deal=dealt.mapping(),
        barred=view.barred,
        resting=view.resting,
        imposed=view.imposed,
    )
    cards = iter(dealt.set_aside)
    weight = 1.0
    for a in view.history:
        if a.verb in ("discard", "give"):
            card = next(cards, None)
            if card is None or (a.arg and a.arg != card):
                raise ValueError(f"the deal's discards and gifts do not fit {a}")
            a = Action(a.seat, a.verb, card, a.alone)
        if not game.can_apply(a):
            raise Unplayable(game, a)
        if weigh is not None:
            weight *= weigh(game, a)
            if weight < floor:
                return None, weight
        game.apply(a)
    if game.phase != view.phase or game.to_move != view.to_move:  # a pass of another phase
        raise ValueError(f"the deal leads to {game.phase}, seat {game.to_move} to move, not to the view's")
    faces = game.rules.faces
    if tuple([faces[c] for c in actual_state(game).hands[view.seat]]) != view.hand:
        raise ValueError(f"the deal does not give seat {view.seat} the cards it holds")
    return game, weight


def advance(game: Game, actions: Sequence[Action], weigh: Weigh | None = None) -> tuple[float, Action | None]:
    """Apply ``actions`` to a world ``game``: the product of ``weigh`` over them (1 without
    it), and the first that cannot be played there (None when all were; else ``game`` stops
    just before it, for :meth:`~.sampler.Worlds.follow`)."""
    factor = 1.0
    for a in actions:
        if not game.can_apply(a):
            return factor, a
        if weigh is not None:
            factor *= weigh(game, a)
        game.apply(a)
    return factor, None
