"""numba's compile cache of the kernels: where it is kept, and that it never stops a run.

Every compiled kernel (``*_compiled.py``) is decorated by :func:`jit` (or by :func:`counted`,
:func:`bare` or :func:`inline`, which set how it is compiled) rather than by
``numba.njit(cache=True)``, and so:

- the cache goes where numba's own locators put it (:func:`folder`): ``NUMBA_CACHE_DIR`` when
  set and writable, else the source's ``__pycache__``, else the user-wide cache
  (``~/.cache/numba``);
- where numba can write it nowhere, the function is compiled in memory (``cache=False``), and
  one line on the error stream says so (:data:`MEMORY`); :func:`cacheable` asks first, so that
  :mod:`hasenpfeffer.accel` runs the pure-Python twins instead under ``auto`` (:data:`OFF`);
- a cache file that cannot be read (truncated, garbled) is set aside, renamed ``*.corrupt``
  (:func:`set_aside`, one line; an index with the function's data files), and numba compiles
  again and saves a fresh one.

numba is imported only by :func:`jit` (and :func:`guard`, which it calls), :func:`compiling`,
:func:`folder` and, where a quick look does not answer, :func:`cacheable`. Nothing else of the
package is imported here.

>>> import pathlib, tempfile
>>> here = pathlib.Path(tempfile.mkdtemp())
>>> _ = (here / "a_file").write_text("")
>>> writable(here / "cache"), writable(here / "a_file" / "cache")
(True, False)
>>> bad = here / "cache" / "m.f-3.py311.nbi"
>>> _ = bad.write_bytes(b"")
>>> set_aside([bad], bad, EOFError("Ran out of input"), quiet=True)
True
>>> sorted(p.name for p in bad.parent.iterdir())
['m.f-3.py311.nbi.corrupt']
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

ROOT = Path(__file__).resolve().parent
"""The package: its kernels are the ``*_compiled.py`` of its folders."""
SET_ASIDE = ".corrupt"
"""What is added to the name of a cache file that could not be read."""
HOW = "numba finds no folder it can write here (set NUMBA_CACHE_DIR to one)"
OFF = f"compile cache: {HOW}: pure Python runs (HASENPFEFFER_ENGINE=compiled or --engine compiled compiles in memory, in each run)"
"""The line said when, for want of a cache, ``auto`` runs the pure-Python twins."""
MEMORY = f"compile cache: {HOW}: compiling in memory, again in each run"
"""The line said when compiled code runs without a cache."""

_ours: set[Callable[..., Any]] = set()
"""The functions decorated by :func:`jit`: numba's cache is guarded for these only."""
_told: list[str] = []
"""The line said for want of a cache, once said."""
_unsaved: list[str] = []
"""The first cache folder a save failed in (said once)."""


def jit(**options: Any) -> Callable[[F], F]:
    """``numba.njit(cache=True, **options)`` where numba can cache the function's file, else
    ``cache=False`` (said once, :data:`MEMORY`); a cache file it cannot read is set aside."""
    import numba

    guard()

    def decorate(function: F) -> F:
        _ours.add(function)
        if folder(Path(inspect.getfile(function))) is not None:
            try:
                return cast(F, numba.njit(cache=True, **options)(function))
            except RuntimeError as error:  # numba's "cannot cache function ...: no locator available"
                if "no locator" not in str(error):
                    raise
        tell(MEMORY)
        return cast(F, numba.njit(cache=False, **options)(function))

    return decorate


def counted(function: F) -> F:
    """:func:`jit` with numba's reference counting set, for a kernel that allocates. Left unset,
    numba compiles a function with its first caller's setting, and one that allocates, first
    reached from a :func:`bare` caller, does not compile."""
    return jit(nogil=True, _nrt=True)(function)


def bare(function: F) -> F:
    """:func:`jit` without numba's reference counting, for a kernel that allocates nothing (a
    slice copied into another allocates): a call then takes its arrays at no cost, where with
    counting each array taken costs two atomic operations."""
    return jit(nogil=True, _nrt=False)(function)


def inline(function: F) -> F:
    """:func:`bare`, and compiled into each caller (numba's ``inline="always"``), for what runs
    at every decision: numba passes an array to a call as its fields (a 3-D array is 11 words),
    which costs more than a small function's work."""
    return jit(nogil=True, _nrt=False, inline="always")(function)


@contextlib.contextmanager
def compiling(notice: Callable[[], None] | None = None) -> Iterator[list[bool]]:
    """Within the block, call ``notice`` once when numba starts compiling (numba's event API);
    the list yielded is not empty afterwards when it compiled."""
    import numba.core.event

    seen: list[bool] = []

    class Listener(numba.core.event.Listener):
        def on_start(self, event: Any) -> None:
            if not seen and notice is not None:
                notice()
            seen.append(True)

        def on_end(self, event: Any) -> None:
            pass

    with numba.core.event.install_listener("numba:compile", Listener()):
        yield seen


@functools.cache
def folder(source: Path) -> Path | None:
    """The folder numba keeps the compile cache of ``source``'s functions in, as its own
    locators choose it (None: it can write one nowhere)."""
    from numba.core import caching

    def probe() -> None:
        """Stands for a function of ``source``: numba chooses by the file alone."""

    probe.__code__ = probe.__code__.replace(co_filename=str(source))
    try:
        return Path(cast(Any, caching).FunctionCache(probe).cache_path)
    except RuntimeError:  # no locator available
        return None


def kernels() -> list[Path]:
    """One kernel source of each of the package's folders (and their folders, as the compiled
    phases) that holds kernels (numba chooses a cache folder by the source's folder)."""
    return sorted({p.parent: p for p in ROOT.glob("*/**/*_compiled.py")}.values())


@functools.cache
def cacheable() -> bool:
    """Whether numba can keep a compile cache of every kernel of the package (asked once a
    process). A writable ``NUMBA_CACHE_DIR`` or in-tree ``__pycache__`` answers without loading
    numba (its locators take them first); otherwise numba's locators are asked."""
    found = kernels()
    plain = not (
        os.environ.get("NUMBA_CACHE_LOCATOR_CLASSES")
        or Path(".numba_config.yaml").exists()
        or getattr(sys, "frozen", False)
        or ".zip" in str(ROOT)
    )
    given = os.environ.get("NUMBA_CACHE_DIR", "")
    if plain and (
        (given and writable(Path(given))) or all(writable(p.parent / "__pycache__") for p in found)
    ):
        return True
    return all(folder(p) is not None for p in found)


def writable(path: Path) -> bool:
    """Whether ``path`` is, or can be made, a folder that takes new files (numba's own test)."""
    import tempfile

    try:
        path.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


def tell(line: str) -> None:
    """Say ``line`` on the error stream: what runs for want of a cache. Once a process, the
    first said, and never in a worker process (its parent says it)."""
    import multiprocessing

    if _told or multiprocessing.parent_process() is not None:
        return
    _told.append(line)
    print(line, file=sys.stderr, flush=True)


def set_aside(paths: Iterable[Path], culprit: Path, error: BaseException, quiet: bool = False) -> bool:
    """Rename ``paths`` (cache files, ``culprit`` the one that could not be read) to
    ``*.corrupt`` and say so in one line; whether this process set ``culprit`` aside (not when
    another process did it first)."""
    moved = False
    for path in paths:
        try:
            os.replace(path, path.with_name(path.name + SET_ASIDE))
        except FileNotFoundError:
            continue
        except OSError as failed:
            if path == culprit and not quiet:
                print(f"compile cache: {path} was unreadable ({type(error).__name__}) and cannot be"
                      f" set aside ({type(failed).__name__}): compiling again", file=sys.stderr, flush=True)  # fmt: skip
            continue
        if path == culprit:
            moved = True
    if moved and not quiet:
        line = f"compile cache: {culprit} was unreadable ({type(error).__name__}): set aside, compiling again"
        print(line, file=sys.stderr, flush=True)
    return moved


def guard() -> None:
    """Have numba's cache of our functions take an unreadable file as a miss, setting the
    function's files aside, and a failed save as nothing saved (once a process)."""
    from numba.core import caching as numba_caching

    caching: Any = numba_caching
    load, save = caching.Cache.load_overload, caching.Cache.save_overload
    if getattr(load, "guarded", False):
        return

    def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        if self._py_func not in _ours:  # numba's private: the function this cache holds
            return load(self, sig, target_context)
        try:
            return load(self, sig, target_context)
        except Exception as error:  # any unreadable file (UnpicklingError, EOFError, ...): a miss
            unreadable(self, sig, target_context, error)
            return None

    def save_overload(self: Any, sig: Any, data: Any) -> None:
        if self._py_func not in _ours:
            save(self, sig, data)
            return
        try:
            save(self, sig, data)
        except Exception as error:
            if not _unsaved:
                _unsaved.append(str(self.cache_path))
                print(f"compile cache: could not save in {self.cache_path} ({type(error).__name__}):"
                      " compiled in memory for this run", file=sys.stderr, flush=True)  # fmt: skip

    load_overload.guarded = True  # type: ignore[attr-defined]
    caching.Cache.load_overload = load_overload
    caching.Cache.save_overload = save_overload


def unreadable(cache: Any, sig: Any, target_context: Any, error: Exception) -> bool:
    """Set aside the file of numba's ``cache`` (a ``numba.core.caching.Cache``) that could not
    be read: a data file alone (the index still names it, so numba saves it again), or the index
    with the function's data files (none would be named, and numba would reuse their names)."""
    # numba's privates (numba.core.caching): the cache's IndexDataCacheFile, its index's path
    # and reader, and the key of a signature in the index
    files = cache._cache_file  # noqa: SLF001
    index = Path(files._index_path)  # noqa: SLF001
    try:
        name = files._load_index().get(cache._index_key(sig, target_context.codegen()))  # noqa: SLF001
    except Exception:  # the index itself cannot be read
        name = None
    if name is not None:
        return set_aside([index.with_name(name)], index.with_name(name), error)
    stem = index.name.removesuffix(".nbi")
    data = [p for p in index.parent.glob("*.nbc") if p.name.startswith(stem + ".")]
    return set_aside([index, *data], index, error)
