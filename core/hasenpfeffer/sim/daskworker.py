"""Preloaded into the worker processes of a ``local:N`` cluster: they leave Ctrl-C to the command.

A terminal sends Ctrl-C to every process of the command, workers included; as the local
worker processes do, these ignore it, and the command stops them.
"""

from __future__ import annotations

import signal
import threading
from typing import Any


def dask_setup(worker: Any) -> None:
    """Ignore Ctrl-C in this worker process (Dask calls this as the worker starts)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
