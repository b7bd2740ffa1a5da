"""The Game's integer-action methods, written as functions of a game (to become its methods).

``Game.legal_action_ids()``, ``Game.legal_action_mask()`` and ``Game.apply_id(i)`` are thin
wrappers over the variant's :class:`~hasenpfeffer.rules.actionspace.ActionSpace`; as methods,
``game`` is ``self``.

>>> from hasenpfeffer import Game, load_variant
>>> g = Game(load_variant("euchre"), seed=1)
>>> legal_action_ids(g), [str(a) for a in g.legal_actions()]
([57, 58, 48], ['2 order-up', '2 order-up alone', '2 pass'])
>>> mask = legal_action_mask(g)
>>> len(mask), [i for i, m in enumerate(mask) if m]
(59, [48, 57, 58])
>>> apply_id(g, 48); g.to_move
3
>>> apply_id(g, 0)
Traceback (most recent call last):
...
hasenpfeffer.rules.actions.IllegalActionError: illegal action '3 play 9C': 'play' is not possible in the order-up phase ...
"""

from __future__ import annotations

from typing import Any

from hasenpfeffer.rules.actions import IllegalActionError
from hasenpfeffer.rules.actionspace import action_space


def legal_action_ids(game: Any) -> list[int]:
    """The ids of the legal actions, in the order of ``legal_actions()``."""
    return action_space(game.variant).ids(game.legal_actions())


def legal_action_mask(game: Any) -> list[bool]:
    """One boolean per id of the variant's action space: True where the action is legal."""
    return action_space(game.variant).mask(game.legal_actions())


def apply_id(game: Any, i: int) -> None:
    """Take the action of id ``i`` for the seat to move (refused like ``apply`` when illegal)."""
    seat = game.to_move
    if seat is None:
        raise IllegalActionError(f"action id {i}", None, (), "the game is over")
    game.apply(action_space(game.variant).decode(i, seat))
