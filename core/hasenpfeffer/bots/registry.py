"""The built-in bots by name, and loading a bot from a name or ``package.module:ClassName``.

Built-ins: ``random``; ``greedy``, a rule-based player driven by the variant's own tables;
``mc``, which samples the unseen cards and plays each choice out greedily.

>>> type(load_bot("random", 1)).__name__
'RandomBot'
>>> load_bot("nope")
Traceback (most recent call last):
...
ValueError: unknown bot 'nope': expected random, greedy, mc or package.module:ClassName
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .base import Bot
from .greedy import GreedyBot
from .montecarlo import MonteCarloBot
from .simple import RandomBot

__all__ = ["BUILTIN", "Bot", "load_bot"]

BUILTIN: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mc": MonteCarloBot,
}
"""Built-in bots by name."""


def load_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from a built-in name or ``package.module:ClassName``, seeded."""
    factory = BUILTIN.get(spec)
    if factory is not None:
        return factory(seed)
    if ":" not in spec:
        raise ValueError(f"unknown bot {spec!r}: expected {', '.join(BUILTIN)} or package.module:ClassName")
    module_name, _, name = spec.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), name)
    except ModuleNotFoundError as exc:
        raise ValueError(f"bot {spec!r}: no module {exc.name!r}") from None
    except AttributeError:
        raise ValueError(f"bot {spec!r}: module {module_name!r} has no {name!r}") from None
    if not isinstance(cls, type):
        raise ValueError(f"bot {spec!r}: {name!r} is not a class")
    try:
        bot = cls(seed)
    except Exception as exc:
        raise ValueError(f"bot {spec!r} cannot be made: {type(exc).__name__}: {exc}") from None
    if not isinstance(bot, Bot):
        raise ValueError(f"bot {spec!r} has no choose(view, legal) method")
    return bot
