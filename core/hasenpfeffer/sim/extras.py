"""What a run needs beyond the package: its optional extras (and the one line that says how to
install one), and the modules of the bots.

The package is installed from a clone of its repository, so an extra is installed there too:

>>> install("dask")
"pip install '.[dask]' in a clone of the hasenpfeffer repository"
>>> missing("--plot", "plot", "a_module_that_is_not_there")
"--plot needs the plot extra (a_module_that_is_not_there): pip install '.[plot]' in a clone of the hasenpfeffer repository"
>>> missing("--plot", "plot", "json") is None
True
"""

from __future__ import annotations

import importlib.util


def install(extra: str) -> str:
    """The command that installs an extra."""
    return f"pip install '.[{extra}]' in a clone of the hasenpfeffer repository"


def importable(module: str) -> bool:
    """Whether a module can be imported, without importing it."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def missing(what: str, extra: str, module: str) -> str | None:
    """The line to print when ``what`` needs ``module`` of ``extra`` and it is not installed; else None."""
    if importable(module):
        return None
    return f"{what} needs the {extra} extra ({module}): {install(extra)}"


class BotError(ValueError):
    """A bot that cannot be loaded where the games are played (on a worker: a module missing there)."""
