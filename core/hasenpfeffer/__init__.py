"""hasenpfeffer: Euchre-family card games as YAML variant files, one generic engine.

>>> from hasenpfeffer import Card
>>> str(Card.parse("10h"))
'TH'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card, CardError
from .variant import Variant

__version__ = "0.1.0"

# Heavier parts load on first use, so that `hasenpfeffer validate` starts light.
_LAZY = {
    "load_variant": "hasenpfeffer.loader",
    "VariantError": "hasenpfeffer.errors",
    "Problem": "hasenpfeffer.errors",
    "builtin_names": "hasenpfeffer.loader",
    "HandResult": "hasenpfeffer.view",
    "View": "hasenpfeffer.view",
    "Trick": "hasenpfeffer.view",
    "LegalActions": "hasenpfeffer.actions",
    "Bot": "hasenpfeffer.bots",
    "load_bot": "hasenpfeffer.bots",
    "ReplayError": "hasenpfeffer.records",
    "Game": "hasenpfeffer.game",
    "Action": "hasenpfeffer.actions",
    "IllegalActionError": "hasenpfeffer.actions",
}

if TYPE_CHECKING:
    from .actions import Action, IllegalActionError, LegalActions
    from .bots import Bot, load_bot
    from .errors import Problem, VariantError
    from .game import Game
    from .loader import builtin_names, load_variant
    from .records import ReplayError
    from .view import HandResult, Trick, View


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hasenpfeffer' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "Action",
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
    "builtin_names",
    "load_bot",
    "load_variant",
]
