"""hasenpfeffer: Euchre-family card games as YAML variant files, one generic engine.

>>> from hasenpfeffer import Card
>>> str(Card.parse("10h"))
'TH'

Variants from a mapping, whole or as a house rule of another (dotted keys):

>>> from hasenpfeffer import house_rule, load_variant_data
>>> load_variant_data({"extends": "euchre", "name": "short", "game": {"target": 5}}).game.target
5
>>> house_rule("euchre", {"game.target": 7, "alone.allowed": "nobody"}).alone.allowed
'nobody'

Bot games and rule studies (workers are processes: call these under
``if __name__ == "__main__":`` in a script):

>>> from hasenpfeffer import load_variant, simulate, sweep
>>> stats = simulate(load_variant("euchre"), 4, ["greedy"] * 4, seed=1, workers=1)
>>> stats.games
4
>>> study = sweep("euchre", {"game.target": [5, 10]}, 4, ["greedy"] * 4, seed=1, workers=1)
>>> [v.name for v in study.variants], study.difference(1, "hands per game").value < 0
(['euchre', 'euchre+5', 'euchre+10'], True)
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
    "HandResult": "hasenpfeffer.engine.events",
    "View": "hasenpfeffer.engine.view",
    "PublicView": "hasenpfeffer.engine.view",
    "Trick": "hasenpfeffer.engine.events",
    "Termination": "hasenpfeffer.engine.events",
    "Phase": "hasenpfeffer.engine.phases.names",
    "LegalActions": "hasenpfeffer.rules.actions",
    "Bot": "hasenpfeffer.bots.base",
    "load_bot": "hasenpfeffer.bots.registry",
    "ReplayError": "hasenpfeffer.records.errors",
    "Game": "hasenpfeffer.engine.game",
    "Action": "hasenpfeffer.rules.actions",
    "IllegalActionError": "hasenpfeffer.rules.actions",
    "ActionSpace": "hasenpfeffer.rules.actionspace",
    "action_space": "hasenpfeffer.rules.actionspace",
    "load_variant_data": "hasenpfeffer.format.loader",
    "house_rule": "hasenpfeffer.format.houserule",
    "simulate": "hasenpfeffer.sim.simulate",
    "Interrupted": "hasenpfeffer.sim.simulate",
    "Stats": "hasenpfeffer.sim.stats",
    "sweep": "hasenpfeffer.sim.sweep",
    "Sweep": "hasenpfeffer.sim.sweep",
    "play_set": "hasenpfeffer.sim.runset",
    "RunSet": "hasenpfeffer.sim.runset",
}

if TYPE_CHECKING:
    from .bots.base import Bot
    from .bots.registry import load_bot
    from .engine.events import HandResult, Termination, Trick
    from .engine.game import Game
    from .engine.phases.names import Phase
    from .engine.view import PublicView, View
    from .format.errors import Problem, VariantError
    from .format.houserule import house_rule
    from .format.loader import builtin_names, load_variant, load_variant_data
    from .records.errors import ReplayError
    from .rules.actions import Action, IllegalActionError, LegalActions
    from .rules.actionspace import ActionSpace, action_space
    from .sim.runset import RunSet, play_set
    from .sim.simulate import Interrupted, simulate
    from .sim.stats import Stats
    from .sim.sweep import Sweep, sweep


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
    "Interrupted",
    "LegalActions",
    "Phase",
    "Problem",
    "PublicView",
    "ReplayError",
    "RunSet",
    "Stats",
    "Sweep",
    "Termination",
    "Trick",
    "Variant",
    "VariantError",
    "View",
    "__version__",
    "action_space",
    "builtin_names",
    "house_rule",
    "load_bot",
    "load_variant",
    "load_variant_data",
    "play_set",
    "simulate",
    "sweep",
]
