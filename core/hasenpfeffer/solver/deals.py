"""Games to analyse: one hand of a game's history, rebuilt from its deal and replayed.

>>> from hasenpfeffer import Game, load_variant
>>> g = Game(load_variant("euchre"), seed=4)
>>> while g.hand_number == 1:
...     _ = g.apply(g.legal_actions()[0])
>>> [(dealt.hand, len(actions)) for dealt, actions in hands_of(g)][:1]
[(1, 22)]
>>> dealt, actions = hands_of(g)[0]
>>> hand_game(g.variant, dealt, actions[:2]).to_move == actions[2].seat
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..engine.events import HandDealt
from ..engine.transcript import played
from ..rules.actions import Action

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..format.variant import Variant


def hand_game(variant: Variant, dealt: HandDealt, actions: Iterable[Action | str] = ()) -> Game:
    """A new game whose first hand is ``dealt``'s deal, with ``actions`` applied."""
    from ..engine.game import Game

    deal = {"dealer": dealt.dealer, "hands": [list(h) for h in dealt.hands], "widow": list(dealt.kitty)}
    g = Game(variant, deal=deal)
    for a in actions:
        g.apply(a)
    return g


def hands_of(game: Game) -> list[tuple[HandDealt, list[Action]]]:
    """Each hand of a game so far, as its record holds them: its deal and the decisions taken."""
    out = []
    for events in played(game.events):
        dealt = events[0]
        if isinstance(dealt, HandDealt):
            out.append((dealt, [a for e in events if (a := e.action) is not None]))
    return out
