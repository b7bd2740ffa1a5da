"""Doctests of the learning environments run only where the ``rl`` extra is installed, those
of the compiled twins (``*_compiled.py``) and of the compiled batch engine's games only where
the ``fast`` extra is."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec


def _usable(name: str) -> bool:
    """Whether ``name`` is installed and imports (an installed numba that cannot load, say for
    a numpy it does not support, counts as missing)."""
    if find_spec(name) is None:
        return False
    try:
        import_module(name)
    except ImportError:
        return False
    return True


NUMBA = _usable("numba")
collect_ignore_glob: list[str] = []
if find_spec("numpy") is None:
    collect_ignore_glob += ["core/hasenpfeffer/observe/observation.py", "core/hasenpfeffer/rl/tracker.py"]
if find_spec("pettingzoo") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/pettingzoo.py", "docs/rl.md"]
if find_spec("pyspiel") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/openspiel.py", "docs/rl.md"]
if not NUMBA:
    collect_ignore_glob += ["core/hasenpfeffer/*/*_compiled.py"]  # the compiled twins import numba
    collect_ignore_glob += [
        "core/hasenpfeffer/batch/phases/*_compiled.py",
        "core/hasenpfeffer/batch/phases/layout.py",
    ]
    collect_ignore_glob += ["core/hasenpfeffer/batch/run.py", "core/hasenpfeffer/batch/replay.py"]
if find_spec("gymnasium") is None or find_spec("numpy") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/seat.py"]
if not NUMBA or find_spec("gymnasium") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/vector.py"]  # the vector environment's kernel is compiled
    collect_ignore_glob += ["core/hasenpfeffer/rl/seatvector.py", "docs/rl.md"]
if find_spec("numpy") is None or find_spec("safetensors") is None:
    collect_ignore_glob += ["core/hasenpfeffer/bots/learned.py"]  # the learned bot: the learned extra
if not NUMBA or find_spec("gymnasium") is None or find_spec("jax") is None or find_spec("optax") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/ppo.py", "core/hasenpfeffer/rl/train.py"]  # the learn extra
    collect_ignore_glob += ["core/hasenpfeffer/rl/rollout.py"]
if find_spec("numpy") is None:
    collect_ignore_glob += ["core/hasenpfeffer/batch/tables.py", "core/hasenpfeffer/batch/greedytables.py"]
    collect_ignore_glob += ["core/hasenpfeffer/batch/miseretables.py"]
