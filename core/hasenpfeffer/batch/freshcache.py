"""Keep numba's on-disk cache of the compiled kernels true to their sources.

numba (``njit(cache=True)``) keys a cached function by its own file's time stamp only: a kernel
whose file is unchanged but which calls a changed function of another kernel module would load
stale machine code. :func:`ensure` therefore keeps a digest of every ``*_compiled.py`` of this
package beside the cache (``__pycache__/kernels.digest``) and, where the sources differ from the
digest, deletes the package's cache files (``*.nbi``, ``*.nbc``) before any kernel is imported,
so numba compiles again. A cache folder that cannot be written is left alone (numba then does
not cache there either).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a_compiled.py").write_text("x = 1")
>>> (folder / "__pycache__").mkdir()
>>> _ = (folder / "__pycache__" / "a_compiled.f-1.py311.nbi").write_bytes(b"old")
>>> ensure(folder), ensure(folder)
(True, False)
>>> sorted(p.name for p in (folder / "__pycache__").iterdir())
['kernels.digest']
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIGEST = "kernels.digest"


CALLED = (HERE.parent / "bots" / "handeval_compiled.py",)
"""Kernel sources outside this package that its kernels call (the compiled greedy bot calls
the hand estimates): a change there must empty this package's cache too."""


def digest(folder: Path) -> str:
    """The digest of the kernel sources of ``folder`` (names and contents), and of those it
    calls (:data:`CALLED`, for this package)."""
    h = hashlib.sha256()
    called = [p for p in CALLED if p.exists()] if folder == HERE else []
    for path in [*sorted(folder.glob("*_compiled.py")), *called]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def ensure(folder: Path = HERE) -> bool:
    """Delete ``folder``'s numba cache where its kernel sources changed since it was written;
    whether it was deleted."""
    cache = folder / "__pycache__"
    mark, now = cache / DIGEST, digest(folder)
    try:
        if mark.read_text(encoding="ascii") == now:
            return False
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for path in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
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
