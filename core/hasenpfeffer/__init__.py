"""hasenpfeffer: Euchre-family card games as YAML variant files, one generic engine.

>>> from hasenpfeffer import Card
>>> str(Card.parse("10h"))
'TH'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .format.cards import Card, CardError
from .format.variant import Variant

__version__ = "0.1.0"

# Heavier parts load on first use, so that `hasenpfeffer validate` starts light.
_LAZY = {
    "load_variant": "hasenpfeffer.format.loader",
    "VariantError": "hasenpfeffer.format.errors",
    "Problem": "hasenpfeffer.format.errors",
    "builtin_names": "hasenpfeffer.format.loader",
    "HandResult": "hasenpfeffer.engine.view",
    "View": "hasenpfeffer.engine.view",
    "Trick": "hasenpfeffer.engine.view",
    "LegalActions": "hasenpfeffer.rules.actions",
    "Bot": "hasenpfeffer.bots.base",
    "load_bot": "hasenpfeffer.bots.registry",
    "ReplayError": "hasenpfeffer.records.errors",
    "Game": "hasenpfeffer.engine.game",
    "Action": "hasenpfeffer.rules.actions",
    "IllegalActionError": "hasenpfeffer.rules.actions",
    "ActionSpace": "hasenpfeffer.rules.actionspace",
    "action_space": "hasenpfeffer.rules.actionspace",
}

if TYPE_CHECKING:
    from .bots.base import Bot
    from .bots.registry import load_bot
    from .engine.game import Game
    from .engine.view import HandResult, Trick, View
    from .format.errors import Problem, VariantError
    from .format.loader import builtin_names, load_variant
    from .records.errors import ReplayError
    from .rules.actions import Action, IllegalActionError, LegalActions
    from .rules.actionspace import ActionSpace, action_space


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hasenpfeffer' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "Action",
    "ActionSpace",
    "Bot",
    "Card",
    "CardError",
    "Game",
    "HandResult",
    "IllegalActionError",
    "LegalActions",
    "Problem",
    "ReplayError",
    "Trick",
    "Variant",
    "VariantError",
    "View",
    "__version__",
    "action_space",
    "builtin_names",
    "load_bot",
    "load_variant",
]
