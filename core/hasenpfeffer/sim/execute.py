"""Where a run's games are played: in this process, on local worker processes, or on Dask.

The games of a run are split into contiguous chunks of indices (:mod:`.chunking`); every part
a chunk sends back is merged into the run's totals as it arrives, so a stopped run keeps what
was done. Because each game's seed comes from its index and the totals are integer sums,
every way of playing gives the same figures.
"""

from __future__ import annotations

from typing import Any

from .chunking import (
    J,
    P,
    Progress,
    Shard,
    Span,
    Work,
    chunks,
    default_workers,
    play_chunk,
    shard_range,
)
from .interrupt import Terminated
from .workers import Workers

__all__ = [
    "Progress",
    "Shard",
    "Span",
    "Stopped",
    "Work",
    "chunks",
    "default_workers",
    "execute",
    "play_chunk",
    "shard_range",
]


class Stopped(BaseException):
    """A run stopped by Ctrl-C or SIGTERM: ``done``, what was completed; ``signal``, what stopped it."""

    def __init__(self, done: Any, signal: BaseException) -> None:
        super().__init__("stopped")
        self.done, self.signal = done, signal


def execute(
    work: Work[J, P],
    job: J,
    span: Span,
    total: P,
    workers: int = 1,
    progress: Progress | None = None,
    cluster: Any = None,
) -> P:
    """Play a span of games into ``total``; on Ctrl-C or SIGTERM raise :class:`Stopped` with it.

    ``cluster`` is a Dask scheduler's address, ``local:N``, or a ``distributed.Client``;
    otherwise ``workers`` local processes play (one: in this process).
    """

    def add(part: P) -> None:
        total.merge(part)
        if progress is not None:
            progress(part.games, part.hands)

    start, stop = span
    try:
        if cluster is not None:
            from .cluster import run_on_dask

            run_on_dask(cluster, work, job, span, add)
        elif workers == 1 or stop - start <= 1:
            for part in work(job, span):
                add(part)
        else:
            with Workers(work, job, min(workers, stop - start)) as pool:
                try:
                    for part in pool.map(chunks(stop, workers, start)):
                        add(part)
                except (KeyboardInterrupt, Terminated):
                    for part in pool.stop():
                        total.merge(part)
                    raise
    except (KeyboardInterrupt, Terminated) as exc:
        raise Stopped(total, exc) from None
    return total
