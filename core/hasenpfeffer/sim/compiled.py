"""Games played by the compiled batch engine, counted by the same statistics code.

A run's games are played in batches of the kernel (:mod:`hasenpfeffer.batch`), each game from
its own seed (the run's, :func:`~.simulate.game_seed`: the same games whatever the workers),
and each hand's result goes through :meth:`~.stats.Stats.add_results` as the Python engine's
results do (:mod:`.simulate` and :mod:`.runset` play so when their job's engine is
``compiled``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..format.variant import Variant
from .execute import Span

if TYPE_CHECKING:
    from ..batch.run import Batch
    from .figures import Values
    from .stats import Stats

BATCH = 256
"""Games played by one call of the kernel (a progress step)."""


def batches(span: Span) -> Iterator[tuple[int, int]]:
    """The span's games in batches: ``(first, stop)`` of each."""
    start, stop = span
    for first in range(start, stop, BATCH):
        yield first, min(stop, first + BATCH)


def play_batch(variant: Variant, seeds: Sequence[int], max_hands: int, record: bool = False) -> Batch:
    """One game of ``variant`` from each seed, compiled (recorded: deals and actions kept)."""
    from ..batch.run import play

    return play(variant, seeds=seeds, record=record, max_hands=max_hands)


def count_each(stats: Stats, batch: Batch) -> Iterator[Values]:
    """Count every game of ``batch`` into ``stats``: each game's values of the figures, in order."""
    results, first = batch.results(), 0
    for g in range(len(batch)):
        hands = int(batch.games[g, 0])
        yield stats.add_results(batch.variant, results[first : first + hands], batch.winner(g))
        first += hands
