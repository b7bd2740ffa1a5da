"""One switch for the compiled twins: whether numba-compiled code runs, and which has.

Two computations come in two builds that give the same numbers: a pure-Python module, and
beside it its compiled twin, named after it with ``_compiled`` (numba, the extra ``fast``):

- ``solver/search.py`` and ``solver/search_compiled.py``: the double-dummy alpha-beta;
- ``bots/handeval.py`` and ``bots/handeval_compiled.py``: greedy's hand estimates.

Which build runs by default is decided here, for the whole process, by the environment
variable ``HASENPFEFFER_ENGINE``:

- ``python``: the pure-Python twins, whatever is installed;
- ``compiled``: the compiled twins (a ValueError where numba is not installed);
- ``auto``, or unset: the compiled twins where numba is installed, else the pure-Python ones.

A caller that asks for a build by name (``Solver(compiled=False)``,
``Evaluator(variant, compiled=True)``) gets that one. A compiled twin is imported only when it
is first used, so :func:`status` says both what was chosen and which twins have loaded (and
so run) in this process: a line for a report's header, a mapping for its JSON. Nothing here
imports numba (:func:`hasenpfeffer.jitcache.cacheable` may, where a quick look at the cache
folders does not answer).

Where numba can write its compile cache nowhere (a read-only install without a writable home,
:func:`hasenpfeffer.jitcache.cacheable`), ``auto`` chooses the pure-Python twins, and
``compiled`` compiles in memory in each run; one line on the error stream says which.

>>> status({"HASENPFEFFER_ENGINE": "python"}).compiled
False
>>> str(status({"HASENPFEFFER_ENGINE": "python"}))
'pure Python (HASENPFEFFER_ENGINE=python)'
>>> enabled({"HASENPFEFFER_ENGINE": "numba"})
Traceback (most recent call last):
...
ValueError: HASENPFEFFER_ENGINE must be auto, python or compiled, read 'numba'
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from . import jitcache

VARIABLE = "HASENPFEFFER_ENGINE"
"""The environment variable that chooses the build."""
SETTINGS = ("auto", "python", "compiled")
"""Its values (unset is ``auto``)."""
MISSING = "numba is not installed (the extra fast: pip install '.[fast]' in a clone)"
"""What is missing, and how to get it, when compiled code is asked for without numba."""
BUILDING = "HASENPFEFFER_BUILDING"
"""Set (to ``1``) by a run that plays in Python while the batch engine compiles in the
background (:mod:`hasenpfeffer.batch.build`), for itself and its workers: under ``auto`` the
compiled twins stay off too, so that the run compiles nothing."""
IN_BACKGROUND = "compiling in the background"
"""Why the pure-Python twins run where :data:`BUILDING` is set."""
NO_CACHE = "numba finds no folder it can write its compile cache in: set NUMBA_CACHE_DIR to one"
"""Why ``auto`` runs pure Python where numba is installed but can keep no cache."""


@functools.cache
def installed() -> bool:
    """Whether numba can be imported (found without importing it: that takes half a second)."""
    return find_spec("numba") is not None


def setting(environ: Mapping[str, str] | None = None) -> str:
    """The build asked for: ``auto``, ``python`` or ``compiled`` (ValueError for another value)."""
    value = (os.environ if environ is None else environ).get(VARIABLE, "").strip().lower() or "auto"
    if value not in SETTINGS:
        raise ValueError(f"{VARIABLE} must be auto, python or compiled, read {value!r}")
    return value


def enabled(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the compiled twins run by default (ValueError when they are asked for without
    numba). Where numba can keep no compile cache, ``auto`` says no and ``compiled`` compiles in
    memory, said once on the error stream."""
    asked = setting(environ)
    if asked == "compiled":
        require(f"the compiled twins asked for by {VARIABLE}=compiled")
    if asked == "python" or not installed():
        return False
    if building(environ):
        return False
    if not cached():
        jitcache.tell(jitcache.MEMORY if asked == "compiled" else jitcache.OFF)
        return asked == "compiled"
    return True


def building(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this run plays in Python while the batch engine compiles (:data:`BUILDING`, under ``auto``)."""
    return setting(environ) == "auto" and bool((os.environ if environ is None else environ).get(BUILDING))


def cached() -> bool:
    """Whether numba can keep a compile cache of the kernels here (asked of numba's locators,
    once a process: :func:`hasenpfeffer.jitcache.cacheable`)."""
    return jitcache.cacheable()


def require(what: str) -> None:
    """Raise ValueError, saying that ``what`` (compiled code asked for) cannot run, where numba is
    not installed."""
    if not installed():
        raise ValueError(f"{what} cannot run: {MISSING}")


def loaded() -> tuple[str, ...]:
    """The compiled twins imported in this process so far (each is imported on its first use)."""
    prefix = __name__.rsplit(".", 1)[0] + "."
    return tuple(
        sorted(
            n[len(prefix) :] for n in list(sys.modules) if n.startswith(prefix) and n.endswith("_compiled")
        )
    )


@dataclass(frozen=True)
class Status:
    """Which build runs: the ``setting`` asked for, numba's version (None: not installed),
    whether the compiled twins run by default, those ``loaded`` so far (``solver.search_compiled``...),
    and whether numba can keep a compile ``cache`` here (None: not asked, no compiled code chosen)."""

    setting: str
    numba: str | None
    compiled: bool
    loaded: tuple[str, ...]
    cache: bool | None = True
    building: bool = False
    """Whether the compiled code is compiling in the background (:data:`BUILDING`)."""

    def __str__(self) -> str:
        why = f"{VARIABLE}={self.setting}" if self.setting != "auto" else f"{VARIABLE} unset"
        if not self.compiled:
            reason = why if self.setting == "python" else MISSING if self.numba is None else NO_CACHE
            reason = IN_BACKGROUND if self.building and self.numba is not None else reason
            return f"pure Python ({reason})"
        ran = f"; loaded: {', '.join(self.loaded)}" if self.loaded else ""
        memory = "" if self.cache else f"; in memory, {NO_CACHE}"
        return f"compiled where it can be (numba {self.numba}; {why}{memory}{ran})"

    @property
    def label(self) -> str:
        """One short line for a report's header: ``compiled (numba 0.60.0)``, or ``pure Python`` and why.

        >>> Status("python", "0.60.0", False, ()).label, Status("auto", "0.60.0", True, ()).label
        ('pure Python (HASENPFEFFER_ENGINE=python)', 'compiled (numba 0.60.0)')
        >>> Status("auto", "0.60.0", False, (), False).label, Status("compiled", "0.60.0", True, (), False).label
        ('pure Python (no writable compile cache)', 'compiled in memory (numba 0.60.0; no writable compile cache)')
        >>> Status("auto", "0.60.0", False, (), None, building=True).label
        'pure Python (compiling in the background)'
        """
        if self.compiled:
            if not self.cache:
                return f"compiled in memory (numba {self.numba}; no writable compile cache)"
            return f"compiled (numba {self.numba})"
        if self.setting == "python":
            return f"pure Python ({VARIABLE}=python)"
        if self.building and self.numba is not None:
            return f"pure Python ({IN_BACKGROUND})"
        return "pure Python (no numba)" if self.numba is None else "pure Python (no writable compile cache)"

    def as_dict(self) -> dict[str, Any]:
        """The status as plain JSON data (not ``cache``: compiled in memory or loaded from the
        cache, the same code runs, and shards of one run merge whichever they had)."""
        return {
            "setting": self.setting,
            "numba": self.numba,
            "compiled": self.compiled,
            "loaded": list(self.loaded),
        }


def status(environ: Mapping[str, str] | None = None) -> Status:
    """The build chosen for this process, and the compiled twins it has loaded (for a report's
    header or its JSON)."""
    version = (numba_version() or "unknown") if installed() else None
    on = enabled(environ)
    asked = on or (version is not None and setting(environ) != "python")
    now = building(environ)
    return Status(setting(environ), version, on, loaded(), cached() if asked and not now else None, now)


@functools.cache
def numba_version() -> str | None:
    """numba's version, read from its metadata in the folder that holds it (other folders of the
    path are not searched, nor numba imported); None when it is not found."""
    spec = find_spec("numba")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        return None
    found = next(iter(metadata.distributions(name="numba", path=[str(Path(folders[0]).parent)])), None)
    return None if found is None else found.version
