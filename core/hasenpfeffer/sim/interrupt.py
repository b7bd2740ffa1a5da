"""Stop signals as exceptions: SIGTERM raises :class:`Terminated` as SIGINT raises KeyboardInterrupt.

A command catches either, cleans up, and exits with the shell's code for the signal.

>>> exit_code(KeyboardInterrupt()), exit_code(Terminated())
(130, 143)
>>> with sigterm_raises():
...     signal.raise_signal(signal.SIGTERM)
Traceback (most recent call last):
...
hasenpfeffer.sim.interrupt.Terminated: SIGTERM
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Terminated(BaseException):
    """SIGTERM arrived while :func:`sigterm_raises` was in force (a BaseException, like Ctrl-C)."""


def exit_code(exc: BaseException) -> int:
    """128 + the signal's number: 143 for :class:`Terminated`, 130 for Ctrl-C."""
    return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Terminated("SIGTERM")


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block SIGTERM raises :class:`Terminated` in the main thread (elsewhere: no change)."""
    if not _main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


@contextmanager
def ignored(*signums: int) -> Iterator[None]:
    """Ignore these signals within the block (main thread only; elsewhere: no change).

    Processes started within the block begin with them ignored too: an ignored signal
    stays ignored across ``exec``.
    """
    if not _main_thread():
        yield
        return
    previous = {s: signal.signal(s, signal.SIG_IGN) for s in signums}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)
