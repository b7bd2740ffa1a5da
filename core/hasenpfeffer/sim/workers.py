"""Worker processes that stop when told, at once when stopped, and with their parent.

Each worker is handed one task at a time and sends back every result as soon as it has
it, so a run stopped part-way knows what was completed. Workers ignore Ctrl-C (their
parent decides), leave on SIGTERM, and on Linux ask the kernel for SIGTERM when their
parent dies, even by SIGKILL; elsewhere they notice between two results.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import pickle
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType, TracebackType
from typing import Any, Generic, TypeVar, cast

from .interrupt import Terminated, ignored

A = TypeVar("A")
T = TypeVar("T")
R = TypeVar("R")

PR_SET_PDEATHSIG = 1
GRACE = 1.0
"""Seconds a stopped worker has to leave before it is killed."""


class WorkerError(RuntimeError):
    """A worker process ended before finishing its task."""


@dataclass(frozen=True)
class Failure:
    """An exception raised in a worker, with its traceback as text."""

    error: BaseException
    trace: str


def die_with_parent(parent: int) -> None:
    """Ask for SIGTERM when the parent dies (Linux only); leave now if it already has."""
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:
        raise SystemExit(0)


RETRY = 0.02
"""Seconds before a worker stopped inside LLVM's callbacks tries again to leave."""


def _inside_llvm(frame: FrameType | None) -> bool:
    """Whether Python code called back from LLVM is running (numba loading or compiling machine
    code): an exception raised there is printed and dropped by ctypes, not raised."""
    while frame is not None:
        if "llvmlite" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def leave_on_signal(signum: int, frame: FrameType | None) -> None:
    """SIGTERM: leave by ``SystemExit`` (the cleanup runs), at once, or where the signal came
    inside a callback from LLVM, as soon as it has returned (SIGALRM every :data:`RETRY` s)."""
    # Once: a second SIGTERM (to the process group, then from the parent) must not cut the cleanup short.
    signal.signal(signum, signal.SIG_IGN)
    code = 128 + signum

    def retry(_: int, now: FrameType | None) -> None:
        leave_when_safe(now)

    def leave_when_safe(now: FrameType | None) -> None:
        if _inside_llvm(now):
            signal.signal(signal.SIGALRM, retry)
            signal.setitimer(signal.ITIMER_REAL, RETRY)
            return
        raise SystemExit(code)

    leave_when_safe(frame)


def _failure(exc: Exception) -> Failure:
    try:
        error: BaseException = pickle.loads(pickle.dumps(exc))
    except Exception:
        error = RuntimeError(f"{type(exc).__name__}: {exc}")
    return Failure(error, traceback.format_exc())


def serve(conn: Connection, work: Callable[[A, T], Iterable[R]], arg: A, parent: int) -> None:
    """A worker's life: run the tasks it is sent until told to stop (``None``) or orphaned."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, leave_on_signal)
    die_with_parent(parent)
    try:
        while (task := conn.recv()) is not None:
            for result in work(arg, task):
                if os.getppid() != parent:
                    return
                conn.send(result)
            conn.send(None)
    except (EOFError, BrokenPipeError):
        return
    except Exception as exc:
        conn.send(_failure(exc))


def _drain(conn: Connection) -> Iterator[Any]:
    """What a stopped worker had sent and not yet been read."""
    try:
        while conn.poll():
            message = conn.recv()
            if message is not None and not isinstance(message, Failure):
                yield message
    except Exception:
        return


class Workers(Generic[A, T, R]):
    """``count`` spawned processes running ``work(arg, task)`` for the tasks given to :meth:`map`.

    Leaving the ``with`` block normally lets them go; leaving it on an exception (or
    calling :meth:`stop`) stops them at once.
    """

    def __init__(self, work: Callable[[A, T], Iterable[R]], arg: A, count: int) -> None:
        self.work, self.arg, self.count = work, arg, count
        self.procs: list[tuple[BaseProcess, Connection]] = []

    def __enter__(self) -> Workers[A, T, R]:
        context = multiprocessing.get_context("spawn")
        try:
            for _ in range(self.count):
                ours, theirs = context.Pipe()
                proc = context.Process(
                    target=serve, args=(theirs, self.work, self.arg, os.getpid()), daemon=True
                )
                # Started with Ctrl-C ignored: a worker still starting up must not take it.
                with ignored(signal.SIGINT):
                    proc.start()
                theirs.close()
                self.procs.append((proc, ours))
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._end(politely=exc is None)

    def map(self, tasks: Iterable[T]) -> Iterator[R]:
        """Every result of every task, as they come."""
        todo = iter(tasks)
        busy = {conn: proc for proc, conn in self.procs if self._hand(conn, todo)}
        while busy:
            for ready in wait(list(busy)):
                conn = cast(Connection, ready)
                try:
                    message = conn.recv()
                except EOFError:
                    raise self._died(busy[conn]) from None
                if message is None:
                    if not self._hand(conn, todo):
                        del busy[conn]
                elif isinstance(message, Failure):
                    message.error.add_note(f"in a worker process:\n{message.trace}")
                    raise message.error
                else:
                    yield cast(R, message)

    def stop(self) -> list[R]:
        """Stop every worker now; the results they had sent that were not read yet."""
        return self._end(politely=False)

    @staticmethod
    def _hand(conn: Connection, todo: Iterator[T]) -> bool:
        for task in todo:
            conn.send(task)
            return True
        return False

    @staticmethod
    def _died(proc: BaseProcess) -> BaseException:
        proc.join(GRACE)
        if proc.exitcode in (-signal.SIGTERM, 128 + signal.SIGTERM):
            return Terminated("a worker process was terminated")
        return WorkerError(f"a worker process ended unexpectedly (exit code {proc.exitcode})")

    def _end(self, politely: bool) -> list[R]:
        left: list[R] = []
        with ignored(signal.SIGINT, signal.SIGTERM):
            for proc, conn in self.procs:
                if politely:
                    with suppress(OSError):
                        conn.send(None)
                else:
                    proc.terminate()
            deadline = time.monotonic() + GRACE
            for proc, conn in self.procs:
                proc.join(max(0.0, deadline - time.monotonic()))
                if proc.exitcode is None:
                    proc.kill()
                    proc.join()
                left += _drain(conn)
                conn.close()
            self.procs.clear()
        return left
