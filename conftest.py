"""Doctests of the learning environments run only where the ``rl`` extra is installed, those
of the compiled twins (``*_compiled.py``) and of the compiled batch engine's games only where
the ``fast`` extra is."""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore_glob: list[str] = []
if find_spec("numpy") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/observation.py", "core/hasenpfeffer/rl/tracker.py"]
if find_spec("pettingzoo") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/pettingzoo.py", "docs/rl.md"]
if find_spec("pyspiel") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/openspiel.py", "docs/rl.md"]
if find_spec("numba") is None:
    collect_ignore_glob += ["core/hasenpfeffer/*/*_compiled.py"]  # the compiled twins import numba
    collect_ignore_glob += ["core/hasenpfeffer/batch/run.py", "core/hasenpfeffer/batch/replay.py"]
if find_spec("numba") is None or find_spec("gymnasium") is None:
    collect_ignore_glob += ["core/hasenpfeffer/rl/vector.py"]  # the vector environment's kernel is compiled
if find_spec("numpy") is None:
    collect_ignore_glob += ["core/hasenpfeffer/batch/tables.py", "core/hasenpfeffer/batch/greedytables.py"]
    collect_ignore_glob += ["core/hasenpfeffer/batch/miseretables.py"]
