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
    "Game": "hasenpfeffer.game",
    "Action": "hasenpfeffer.actions",
    "IllegalActionError": "hasenpfeffer.actions",
}

if TYPE_CHECKING:
    from .actions import Action, IllegalActionError
    from .errors import VariantError
    from .game import Game
    from .loader import load_variant


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hasenpfeffer' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "Action",
    "Card",
    "CardError",
    "Game",
    "IllegalActionError",
    "Variant",
    "VariantError",
    "__version__",
    "load_variant",
]
