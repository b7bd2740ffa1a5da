"""Keep numba's on-disk cache of the compiled kernels true to their sources.

numba keys a cached function by its own file only: a kernel whose file is unchanged but which
calls a changed function of another module, or reads a changed constant of one (numba freezes
them into the machine code), would load stale machine code. :func:`ensure` therefore keeps a
digest of the kernel sources (every ``*_compiled.py`` of this package and of its compiled
phases, ``phases/``, and :data:`CALLED`,
:data:`READ`) in each folder numba keeps their cache in (``kernels.digest``; the folder is
numba's choice, :func:`hasenpfeffer.jitcache.folder`: ``NUMBA_CACHE_DIR``, the in-tree
``__pycache__`` or the user-wide cache) and, where the digest differs, deletes numba's files
there before any kernel is imported, so numba compiles again. A digest that cannot be read is
set aside in one line on the error stream and counts as differing; a folder that cannot be
written is left alone.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a_compiled.py").write_text("x = 1")
>>> cache = folder / "cache"
>>> cache.mkdir()
>>> _ = (cache / "a_compiled.f-1.py311.nbi").write_bytes(b"old")
>>> ensure(folder, [cache]), ensure(folder, [cache])
(True, False)
>>> sorted(p.name for p in cache.iterdir())
['kernels.digest']
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from collections.abc import Iterable
from pathlib import Path

from .. import jitcache

HERE = Path(__file__).resolve().parent
DIGEST = "kernels.digest"
BOTS = HERE.parent / "bots"
CALLED = (BOTS / "handeval_compiled.py", BOTS / "holdings.py")
"""Sources outside this package of functions compiled into its kernels (the compiled greedy
bot calls the hand estimates, and they some of the holdings' functions): a change there must
empty their cache and this package's."""
READ = (
    HERE / "params.py",
    HERE / "tables.py",
    HERE / "greedytables.py",
    HERE / "rows.py",
    HERE / "phases" / "layout.py",
    BOTS / "misere.py",
)
"""Modules whose constants the kernels read (numba takes them in when it compiles)."""
NUMBA_FILES = ("*.nbi", "*.nbc", "*.nbi.*", "*.nbc.*")
"""numba's cache files, those set aside (``*.corrupt``) and those of a write cut short (``*.tmp.*``)."""


def kernels(folder: Path) -> list[Path]:
    """The kernel sources of ``folder`` whose cache is kept: its ``*_compiled.py`` and those of
    its folders (the compiled phases, ``phases/``), and, for this package, :data:`CALLED`."""
    called = [p for p in CALLED if p.exists()] if folder == HERE else []
    return [*sorted(folder.rglob("*_compiled.py")), *called]


def digest(folder: Path) -> str:
    """The digest of the kernel sources of ``folder`` (names and contents), and of those they
    read (:data:`READ`, for this package)."""
    h = hashlib.sha256()
    read = [p for p in READ if p.exists()] if folder == HERE else []
    for path in [*kernels(folder), *read]:
        name = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else path.name
        h.update(name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def ensure(folder: Path = HERE, caches: Iterable[Path] | None = None) -> bool:
    """Delete the numba cache of ``folder``'s kernels, in each folder of ``caches`` (None: those
    numba keeps it in), where their sources changed since it was written; whether any was."""
    if caches is None:
        found = (jitcache.folder(p) for p in kernels(folder))
        caches = {c for c in found if c is not None}
    now = digest(folder)
    emptied = False
    for cache in sorted(set(caches)):
        emptied |= refresh(cache, now)
    return emptied


def refresh(cache: Path, now: str) -> bool:
    """Empty ``cache`` of numba's files unless its digest is ``now``, and write ``now`` there;
    whether it was emptied."""
    mark = cache / DIGEST
    try:
        kept = mark.read_bytes().decode("ascii")
        if not re.fullmatch("[0-9a-f]{64}", kept):
            raise ValueError(f"not a digest: {kept[:16]!r}")
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
        jitcache.set_aside([mark], mark, error)
    else:
        if kept == now:
            return False
    try:
        cache.mkdir(parents=True, exist_ok=True)
        for pattern in NUMBA_FILES:
            for path in cache.glob(pattern):
                path.unlink(missing_ok=True)
        temporary = cache / f"{DIGEST}.{os.getpid()}"
        temporary.write_text(now, encoding="ascii")
        os.replace(temporary, mark)
    except OSError:
        return False
    return True


@functools.cache
def once() -> bool:
    """:func:`ensure` for this package, once a process (before a kernel module is imported)."""
    return ensure()
