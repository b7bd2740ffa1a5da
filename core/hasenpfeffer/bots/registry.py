"""The built-in bots by name, and loading a bot from a spec.

A spec is a built-in name with optional integer parameters, ``NAME[:KEY=VALUE]...``
(``pimc:worlds=32:making=8``), ``learned:FILE`` for a policy trained by ``hasenpfeffer train``
(:mod:`.learned`; ``pimc:bidding=FILE``, last, makes pimc's every decision but the card
play with it), or ``package.module:ClassName`` for a bot of your own.

Built-ins: ``random``; ``greedy``, a rule-based player driven by the variant's own tables;
``mc``, which samples the unseen cards and plays each choice out with greedy; ``pimc``, which
samples the unseen cards and solves each world double-dummy.

>>> type(load_bot("random", 1)).__name__
'RandomBot'
>>> load_bot("pimc:worlds=8", 1).worlds
8
>>> load_bot("nope")
Traceback (most recent call last):
...
ValueError: unknown bot 'nope': expected random, greedy, mc, pimc, learned:FILE or package.module:ClassName
>>> load_bot("learned:no-such.policy")
Traceback (most recent call last):
...
hasenpfeffer.bots.learned.PolicyError: no-such.policy: No such file or directory
>>> load_bot("pimc:worlds=0")
Traceback (most recent call last):
...
ValueError: bot 'pimc:worlds=0': worlds must be an integer from 1 to 1024
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..format.errors import quote
from ..format.variant import Variant
from .base import Bot
from .greedy import GreedyBot
from .montecarlo import MonteCarloBot
from .pimc import PimcBot
from .simple import RandomBot

__all__ = ["BUILTIN", "LEARNED", "Bot", "builtin_spec", "check_fits", "is_learned", "load_bot"]

BUILTIN: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mc": MonteCarloBot,
    "pimc": PimcBot,
}
"""Built-in bots by name."""
LEARNED = "learned:"
"""The prefix of a learned bot's spec, ``learned:FILE``."""
BIDDING = ":bidding="
"""pimc's last parameter, a policy file for its every decision but the card play:
``pimc:worlds=16:bidding=FILE``."""


def is_learned(spec: str) -> bool:
    """Whether a bot spec names a learned bot (``learned:FILE``).

    >>> is_learned(" learned:euchre.policy"), is_learned("greedy")
    (True, False)
    """
    return spec.strip().startswith(LEARNED)


def builtin_spec(spec: str) -> tuple[str, dict[str, int]] | None:
    """A built-in bot's name and parameters from ``spec``; None when it names no built-in;
    ValueError for a parameter the bot does not take or a value out of range.

    >>> builtin_spec("mc:samples=12"), builtin_spec("mypkg.bots:Mine")
    (('mc', {'samples': 12}), None)
    >>> builtin_spec("greedy:depth=3")
    Traceback (most recent call last):
    ...
    ValueError: bot 'greedy:depth=3': greedy takes no parameters
    """
    name, *parts = spec.split(":")
    factory = BUILTIN.get(name)
    if factory is None:
        return None
    allowed: dict[str, tuple[int, int]] = getattr(factory, "PARAMS", {})
    params: dict[str, int] = {}
    for part in parts:
        key, _, text = part.partition("=")
        if key not in allowed:
            takes = f"takes {', '.join(allowed)}" if allowed else "takes no parameters"
            raise ValueError(f"bot {quote(repr(spec))}: {name} {takes}")
        low, high = allowed[key]
        if not (text.isascii() and text.isdigit() and len(text) <= 7 and low <= int(text) <= high):
            raise ValueError(f"bot {quote(repr(spec))}: {key} must be an integer from {low} to {high}")
        params[key] = int(text)
    return name, params


def load_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from a spec (see the module), seeded."""
    head, bidding, path = spec.partition(BIDDING)
    if bidding and head.split(":")[0] == "pimc":  # pimc's making from a learned policy, last
        name, params = builtin_spec(head) or ("pimc", {})
        return PimcBot(seed, **params, bidding=path)
    builtin = builtin_spec(spec)
    if builtin is not None:
        name, params = builtin
        return BUILTIN[name](seed, **params)
    if spec.startswith(LEARNED):
        from .learned import load_bot_file

        return load_bot_file(spec.removeprefix(LEARNED), seed)
    if ":" not in spec:
        raise ValueError(
            f"unknown bot {spec!r}: expected {', '.join(BUILTIN)}, learned:FILE or package.module:ClassName"
        )
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


def check_fits(bot: object, variant: Variant) -> None:
    """Nothing if ``bot`` plays ``variant``; ValueError saying why not (a learned bot's policy,
    or pimc's learned bidding, made for another variant). Bots without a ``check`` play any."""
    check = getattr(bot, "check", None)
    if callable(check):
        check(variant)
