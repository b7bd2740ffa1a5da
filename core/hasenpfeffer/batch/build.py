"""Whether the compiled engine is built on this machine, and building it in the background.

numba compiles the batch engine's kernel the first time it runs on a machine (a few minutes)
and keeps it in its cache. Both engines play the same games from the same seed
(:mod:`hasenpfeffer.engine.draws`), so a short run need not wait for that compile: ``--engine
auto`` plays it in Python and the kernel is compiled by a process of its own, in the
background, for the next run (:func:`start`; :mod:`hasenpfeffer.sim.engines` says when).

A build that finished leaves ``kernels.built`` in the folder numba keeps the kernel's cache in,
beside ``kernels.digest`` (:mod:`.freshcache`): the digest of the sources it compiled, then the
kinds of run it compiled for (``bulk``: statistics; ``record``: records or turned cards kept;
each with ``-greedy`` where a seat is greedy, which numba compiles apart).
The background process holds a lock (``kernels.building``) while it compiles, so two runs
start one build; it sleeps at a low priority, is out of the terminal's reach (Ctrl-C in the run
that started it leaves it be) and writes its messages to ``kernels.build.log``. numba writes
each cache file whole (a temporary file, then a rename), and a build stopped midway leaves no
``kernels.built``, so the next run starts another. ``HASENPFEFFER_BUILD=foreground`` compiles
in the run that needs the kernel, as before, instead.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> built(folder, "bulk", "abc"), mark(folder, "bulk", "abc"), built(folder, "bulk", "abc")
(False, None, True)
>>> built(folder, "record", "abc"), built(folder, "bulk", "other sources")
(False, False)
"""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO

BUILT = "kernels.built"
"""The file that says a build finished: the sources' digest, then one kind of run a line."""
LOCK = "kernels.building"
"""The lock the background build holds while it compiles."""
LOG = "kernels.build.log"
"""Where the background build writes what it says."""
BUILT_HERE = ("bulk", "bulk-greedy", "record", "record-greedy")
"""The kinds of run the background build compiles for: records kept or not, every seat random
or one greedy."""
KINDS = (*BUILT_HERE, *(f"{k}-learned" for k in BUILT_HERE))
"""The kinds of run the kernel is compiled for (its entries differ): those built here, and with
a learned bot (built too by a build a run with one started, :func:`start`, or compiled by the
first long run that has one, :func:`note`)."""
VARIABLE = "HASENPFEFFER_BUILD"
"""``background`` (unset): a short run on a cold cache plays in Python while the kernel compiles
for the next; ``foreground``: the run compiles it and waits."""
STARTED = (
    "the compiled engine is not built on this machine yet: this run plays in Python (the same games),"
    " and the engine compiles in the background for the next runs (a few minutes, once)"
)
"""The line on the error stream when a run starts the background build."""


def kind(record: bool, greedy: bool = False, learned: bool = False) -> str:
    """The kind of run: ``record`` when records or turned cards are kept, else ``bulk``; then
    ``-greedy`` when a seat is played by the greedy bot, ``-learned`` by a learned bot.

    >>> kind(False), kind(True, greedy=True), kind(False, learned=True)
    ('bulk', 'record-greedy', 'bulk-learned')
    """
    return ("record" if record else "bulk") + ("-greedy" if greedy else "") + ("-learned" if learned else "")


def built(folder: Path, what: str, digest: str) -> bool:
    """Whether ``folder`` holds a finished build of the sources ``digest`` for runs of kind ``what``."""
    try:
        lines = (folder / BUILT).read_text(encoding="ascii").split()
    except (OSError, ValueError):
        return False
    return bool(lines) and lines[0] == digest and what in lines[1:]


def mark(folder: Path, what: str, digest: str) -> None:
    """Note in ``folder`` that the sources ``digest`` are built for runs of kind ``what`` (the file
    is replaced whole; a failure to write it is let be: the next run builds again)."""
    kinds = {what}
    try:
        lines = (folder / BUILT).read_text(encoding="ascii").split()
        if lines and lines[0] == digest:
            kinds.update(k for k in lines[1:] if k in KINDS)
    except (OSError, ValueError):
        pass
    temporary = folder / f"{BUILT}.{os.getpid()}"
    with contextlib.suppress(OSError):
        temporary.write_text("\n".join([digest, *sorted(kinds)]) + "\n", encoding="ascii")
        os.replace(temporary, folder / BUILT)


def cache_folder() -> Path | None:
    """The folder numba keeps the batch kernel's cache in (None: nowhere; imports numba)."""
    from .. import jitcache
    from .freshcache import HERE

    return jitcache.folder(HERE / "step_compiled.py")


@functools.cache
def sources() -> str:
    """The digest of the kernel's sources, read once a process (:func:`.freshcache.digest`)."""
    from .freshcache import HERE, digest

    return digest(HERE)


def run_kind(record: bool, bots: Sequence[str]) -> str:
    """The kind of a run between ``bots`` (names, as ``--bots`` gives them), records kept or not.

    >>> run_kind(False, ["random", " greedy"]), run_kind(True, [])
    ('bulk-greedy', 'record')
    """
    from ..bots.registry import is_learned

    learned = any(is_learned(b) for b in bots)
    return kind(record, any(b.strip() == "greedy" for b in bots), learned)


def ready(record: bool, bots: Sequence[str] = ()) -> bool:
    """Whether the kernel is built here for a run of this kind (records kept or not, between
    these bots)."""
    folder = cache_folder()
    return folder is not None and built(folder, run_kind(record, bots), sources())


def note(record: bool, bots: Sequence[str] = ()) -> None:
    """Note that the kernel is now built here for runs of this kind (after it ran)."""
    folder = cache_folder()
    if folder is not None:
        mark(folder, run_kind(record, bots), sources())


def background(environ: Mapping[str, str] | None = None) -> bool:
    """Whether a short run on a cold cache builds in the background (ValueError for a wrong
    ``HASENPFEFFER_BUILD``)."""
    value = (os.environ if environ is None else environ).get(VARIABLE, "").strip().lower() or "background"
    if value not in ("background", "foreground"):
        raise ValueError(f"{VARIABLE} must be background or foreground, read {value!r}")
    return value == "background"


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[bool]:
    """Hold the build's lock in ``folder`` within the block; whether it was free (not waited for)."""
    import fcntl

    try:
        handle: IO[bytes] = open(folder / LOCK, "ab")  # noqa: SIM115  (closed below)
    except OSError:
        yield False
        return
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True
    finally:
        handle.close()  # closing releases the lock


def building() -> bool:
    """Whether a background build is compiling now."""
    folder = cache_folder()
    if folder is None:
        return False
    folder.mkdir(parents=True, exist_ok=True)
    with locked(folder) as free:
        return not free


def start(kinds: Sequence[str] = ()) -> bool:
    """Start the background build, unless one runs; whether one was started. It builds
    :data:`BUILT_HERE`, and of ``kinds`` (the kinds of the runs that wait for it) those with a
    learned bot."""
    extra = learned_kinds(kinds)
    folder = cache_folder()
    if folder is None:
        return False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        log = open(folder / LOG, "ab")  # noqa: SIM115  (the child holds it)
    except OSError:
        return False
    with log:
        with locked(folder) as free:
            if not free:
                return False
        from ..accel import BUILDING

        subprocess.Popen(
            [sys.executable, "-m", __name__, *extra],
            env={k: v for k, v in os.environ.items() if k != BUILDING},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,  # out of the terminal's reach: Ctrl-C stops the run, not the build
            close_fds=True,
        )
    return True


AUTOGROUP = Path("/proc/self/autogroup")
"""Linux's scheduling group of this process's session. Where the kernel groups each session
(``sched_autogroup_enabled``), a session of its own takes an equal share of the processors
whatever its processes' nice value; the group's own nice value lowers that share."""


def low_group() -> None:
    """Give the build's session the lowest share of the processors (nice 19), where Linux
    groups sessions: else the build takes one core of two from the run that started it."""
    with contextlib.suppress(OSError):
        AUTOGROUP.write_text("19")


def learned_kinds(kinds: Sequence[str]) -> list[str]:
    """The kinds of run with a learned bot among ``kinds``, each once, in order (the others
    are :data:`BUILT_HERE` or unknown).

    >>> learned_kinds(["bulk", "record-learned", "x", "record-learned", "bulk-greedy-learned"])
    ['record-learned', 'bulk-greedy-learned']
    """
    return [k for k in dict.fromkeys(kinds) if k in KINDS and k not in BUILT_HERE]


def learned_bots(what: str, policy: str) -> list[str]:
    """The seats of a euchre run of kind ``what`` with a learned bot, ``policy`` its file.

    >>> learned_bots("bulk-greedy-learned", "p.policy")
    ['learned:p.policy', 'greedy', 'learned:p.policy', 'greedy']
    """
    return [f"learned:{policy}", "greedy" if "-greedy" in what else "random"] * 2


def main(argv: Sequence[str] = ()) -> int:
    """Compile the kernel for every kind of run built here, and for the kinds with a learned
    bot named in ``argv`` (an untrained policy stands in: the kernel is the same whatever the
    weights), under the lock, at a low priority; note each built."""
    import tempfile

    from ..format.loader import load_variant
    from .run import warm

    with contextlib.suppress(OSError):
        os.nice(10)
    low_group()
    folder = cache_folder()
    if folder is None:
        print("numba can keep no compile cache here: nothing to build", flush=True)
        return 1
    with locked(folder) as free:
        if not free:
            return 0  # another build runs
        print(f"building (pid {os.getpid()})", flush=True)
        variant = load_variant("euchre")
        for record in (False, True):
            for bots in (["random"] * 4, ["greedy", "random"] * 2):
                warm(variant, bots, record)
                note(record, bots)
        print(f"built for {', '.join(BUILT_HERE)}", flush=True)
        learned = learned_kinds(argv)
        if learned:
            from ..bots.learned import Policy, save_policy

            with tempfile.TemporaryDirectory() as room:
                policy = str(Path(room) / "untrained.policy")
                save_policy(policy, Policy.initial(variant, hidden=(8,)))
                for what in learned:
                    bots = learned_bots(what, policy)
                    warm(variant, bots, what.startswith("record"))
                    note(what.startswith("record"), bots)
            print(f"built for {', '.join(learned)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
