"""The games of a run in chunks: contiguous ranges of game indices, and the parts they give back.

>>> list(chunks(10, 1))
[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10)]
>>> list(chunks(100, 2))[:2]
[(0, 3), (3, 6)]
>>> list(chunks(10, 1, start=8))
[(8, 9), (9, 10)]
>>> shard_range(10, (1, 3)), shard_range(10, (3, 3))
((0, 3), (6, 10))
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, Self, TypeVar

Progress = Callable[[int, int], None]
"""Called with (games finished, hands played) since the last call."""

Span = tuple[int, int]
"""Game indices ``start`` to ``stop - 1``."""

Shard = tuple[int, int]
"""``(i, n)``: the i-th of n shares of a run's games, i from 1."""


class Part(Protocol):
    """What a chunk of games gives back: totals that merge in any order."""

    @property
    def games(self) -> int: ...

    @property
    def hands(self) -> int: ...

    def merge(self, other: Self) -> None: ...


P = TypeVar("P", bound=Part)
J = TypeVar("J")
Work = Callable[[J, Span], Iterable[P]]
"""Plays a span of games, yielding a part per game (or per few games)."""


def chunks(stop: int, workers: int, start: int = 0) -> Iterator[Span]:
    """Contiguous ranges of game indices, small enough for a smooth progress bar."""
    size = max(1, min(25, (stop - start) // (workers * 16)))
    for first in range(start, stop, size):
        yield (first, min(stop, first + size))


def shard_range(games: int, shard: Shard | None) -> Span:
    """The span of game indices of one shard of a run of ``games`` games (all of them for None)."""
    if shard is None:
        return (0, games)
    index, count = shard
    if not 1 <= index <= count:
        raise ValueError(f"shard {index}/{count}: give i/n with i from 1 to n")
    return (games * (index - 1) // count, games * index // count)


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def play_chunk(work: Work[J, P], job: J, span: Span) -> P:
    """All of a span's games as one part (a task sent to a Dask worker)."""
    parts = iter(work(job, span))
    total = next(parts)
    for part in parts:
        total.merge(part)
    return total
