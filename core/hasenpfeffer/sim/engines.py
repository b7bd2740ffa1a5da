"""Which engine plays a run's games: the Python engine, or the compiled batch engine.

The compiled engine (:mod:`hasenpfeffer.batch`, numba) plays uniformly random legal actions,
the ``greedy`` bot and learned bots (``learned:FILE``; their compiled twins, the same choices),
so it runs only when every seat is played by one of them, every variant of the run is covered
(:mod:`hasenpfeffer.batch.coverage`) and numba is installed. ``auto`` picks
it then (unless ``HASENPFEFFER_ENGINE=python`` asks for pure Python, :mod:`hasenpfeffer.accel`,
or numba can keep no compile cache here) and the Python engine otherwise, saying why;
``compiled`` where it cannot run is a one-line error, and where numba can keep no cache it
compiles in memory (its label says so); ``python`` is always the Python engine.

Both engines play the same games from the same seed, so ``auto`` may also choose by cost: where
the kernel is not compiled on this machine yet (:mod:`hasenpfeffer.batch.build`) and the run is
short (its games, by :data:`PYTHON_GAME_SECONDS` over the workers, within
:data:`SHORT_SECONDS`), Python plays it (:data:`BUILDING`) and the caller starts the kernel's
compile in the background for the next run; a longer run compiles first.

>>> from hasenpfeffer.format.variant import Variant
>>> choose([Variant(name="x")], ["mc"] * 4, "auto")
Engine(name='python', reason='the bots are not all random, greedy or learned')
>>> str(choose([Variant(name="x")], ["random"] * 4, "python"))
'engine: python (asked for)'
>>> short(1000, 2), short(5000, 2)
(True, False)
>>> choose([Variant(name="x", deal={"dummies": {"seats": [2]}})], ["random"] * 4, "compiled")
Traceback (most recent call last):
...
ValueError: --engine compiled: the compiled engine does not cover deal.dummies
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .. import accel
from ..batch.coverage import BOTS, kind_of, refusal
from ..format.variant import Variant
from .chunking import default_workers

ENGINES = ("auto", "python", "compiled")
"""The values of ``--engine``."""
COMPILED = "compiled (numba)"
"""How a report names the compiled engine."""
BUILDING = "the compiled engine is compiling in the background for the next runs; the same games"
"""Why ``auto`` plays a short run in Python where the kernel is not compiled yet."""
PYTHON_GAME_SECONDS = 0.1
"""A game's processor time in the Python engine, about (random or greedy seats: 0.03 s for
euchre, 0.1 s for five hundred)."""
SHORT_SECONDS = 60.0
"""The longest run, as :data:`PYTHON_GAME_SECONDS` estimates it, that Python plays rather than
wait for the kernel's compile (about two minutes on a cold cache)."""


class Engine(NamedTuple):
    """The engine chosen (``python`` or ``compiled``) and, for Python, why."""

    name: str
    reason: str = ""

    def __str__(self) -> str:
        """The report's line: ``engine: compiled (numba)`` or ``engine: python (why)``."""
        return f"engine: {self.label}"

    @property
    def label(self) -> str:
        """``compiled (numba)`` (``compiled (numba; in memory)`` without a compile cache) or
        ``python (why)``, as the JSON's ``engine`` says it."""
        if self.name == "compiled":
            return f"compiled (numba; {self.reason})" if self.reason else COMPILED
        return f"python ({self.reason})"


COMPILED_GAME_SECONDS = 0.001
"""A game's processor time in the compiled engine, about (greedy seats: 0.5 ms for pepper)."""
WORKER_SECONDS = 1.5
"""A worker process's start in the compiled engine: importing numba and loading the kernel from
its cache, about."""


def workers_for(engine: Engine, games: int, asked: int | None) -> int:
    """The worker processes of a run of ``games`` games: those asked for, else one where the
    compiled engine plays the run in less time than a second worker would save (its games at
    :data:`COMPILED_GAME_SECONDS` each, within twice :data:`WORKER_SECONDS`), else every core.

    >>> workers_for(Engine("compiled"), 1000, None), workers_for(Engine("compiled"), 1000, 2)
    (1, 2)
    >>> workers_for(Engine("python", "asked for"), 1000, None) == default_workers()
    True
    """
    if asked:
        return asked
    if engine.name == "compiled" and games * COMPILED_GAME_SECONDS <= 2 * WORKER_SECONDS:
        return 1
    return default_workers()


def why_not(variants: Sequence[Variant], bots: Sequence[str]) -> str | None:
    """Why the compiled engine cannot play these games (None: it can)."""
    if not {kind_of(b) for b in bots} <= set(BOTS):
        return "the bots are not all random, greedy or learned"
    for v in variants:
        line = refusal(v, bots=bots)
        if line is not None:
            return line if len(variants) == 1 else f"{v.name}: {line}"
    if not accel.installed():
        return accel.MISSING
    if accel.setting() == "python":
        return f"{accel.VARIABLE}=python"
    return None


def short(games: int, workers: int) -> bool:
    """Whether ``games`` games on ``workers`` workers are short enough to play in Python rather
    than wait for a compile."""
    return games * PYTHON_GAME_SECONDS / max(1, workers) <= SHORT_SECONDS


def choose(
    variants: Sequence[Variant],
    bots: Sequence[str],
    asked: str = "auto",
    games: int | None = None,
    workers: int = 1,
    record: bool = False,
) -> Engine:
    """The engine for a run (ValueError, in one line, for ``compiled`` where it cannot run).

    Given the run's ``games`` (all its variants' together), ``workers`` and whether it keeps
    records, ``auto`` plays a short run in Python where the kernel is not compiled yet
    (:data:`BUILDING`: the caller then calls :func:`hasenpfeffer.batch.build.start`)."""
    if asked not in ENGINES:
        raise ValueError(f"--engine must be one of {', '.join(ENGINES)}, read {asked!r}")
    if asked == "python":
        return Engine("python", "asked for")
    reason = why_not(variants, bots)
    if reason is None and asked == "auto" and not accel.enabled():
        reason = accel.NO_CACHE  # numba can keep no compile cache here (said once on the error stream)
    if reason is None and asked == "auto" and games is not None and short(games, workers):
        from ..batch import build

        if build.background() and not build.ready(record, bots):
            reason = BUILDING
    if reason is None:
        return Engine("compiled", "" if accel.cached() else "in memory")
    if asked == "compiled":
        raise ValueError(f"--engine compiled: {reason}")
    return Engine("python", reason)
