"""Games played by the compiled batch engine, and their statistics.

A run's games are played in batches of the kernel (:mod:`hasenpfeffer.batch`), each game from
its own seed (the run's, :func:`~.simulate.game_seed`: the same games whatever the workers).
:mod:`.simulate` and :mod:`.runset` play so when their job's engine is ``compiled``, and count
each batch over its arrays, a whole batch at a time (:func:`~.arraystats.count_batch`).
:func:`count_each` counts the same hand by hand, each hand's result through
:meth:`~.stats.Stats.add_results` as the Python engine's results are: the reference that the
counting over arrays is checked against.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..format.variant import Variant
from .execute import Span

if TYPE_CHECKING:
    from ..batch.run import Batch
    from ..engine.events import HandResult
    from .figures import Values
    from .stats import Stats

BATCH = 256
"""Games played by one call of the kernel (a progress step)."""


def batches(span: Span) -> Iterator[tuple[int, int]]:
    """The span's games in batches: ``(first, stop)`` of each."""
    start, stop = span
    for first in range(start, stop, BATCH):
        yield first, min(stop, first + BATCH)


def play_batch(
    variant: Variant, seeds: Sequence[int], max_hands: int, record: bool = False, bots: Sequence[str] = ()
) -> Batch:
    """One game of ``variant`` from each seed, compiled, each seat played by its bot of ``bots``
    (``random`` or ``greedy``; none given: all random); recorded: deals and actions kept
    (always where the statistics read each hand's turned card)."""
    from ..batch.run import play
    from .happenings import needs_turned

    record = record or needs_turned(variant)
    return play(variant, seeds=seeds, record=record, max_hands=max_hands, bots=list(bots) or None)


def count_each(stats: Stats, batch: Batch) -> Iterator[Values]:
    """Count every game of ``batch`` into ``stats`` hand by hand: each game's values of the
    figures, in order (the rules seen acting from the results, and the turned cards of a
    recorded batch; the weak hands acted on, the sets declared, the drop-outs and the dummies
    taken from the hands' rows). What :func:`~.arraystats.count_batch` counts faster over arrays."""
    from .happenings import from_results, needs_turned

    v = batch.variant
    results, first, turned = batch.results(), 0, needs_turned(v)
    for g in range(len(batch)):
        hands = int(batch.games[g, 0])
        mine, winner = results[first : first + hands], batch.winner(g)
        cards = [batch.deal(h)["widow"][0] for h in range(first, first + hands)] if turned else []
        for name, n in from_results(v, mine, winner, cards).items():
            stats.happened[name] = stats.happened.get(name, 0) + n
        if v.deal.weak_hands or v.scoring.declarations:
            _count_rows(stats, batch, range(first, first + hands))
        if v.alone.drop_out.allowed or v.scoring.bucked is not None:
            _count_bucks(stats, batch, mine, first)
        if v.deal.dummies.seats:
            stats.dummies += sum(batch.dummies(h) for h in range(first, first + hands))
        if v.partnerships == "called":
            for h, r in zip(range(first, first + hands), mine, strict=True):
                how = batch.call(h)
                if how is not None:
                    key = f"{how} {'made' if r.made else 'failed'}"
                    stats.calls[key] = stats.calls.get(key, 0) + 1
        yield stats.add_results(v, mine, winner)
        first += hands


def _count_rows(stats: Stats, batch: Batch, rows: range) -> None:
    """Count the weak hands acted on and the sets declared in hand ``rows`` of ``batch``."""
    for h in rows:
        for key in batch.weak_hands(h):
            stats.weak_hands[key] = stats.weak_hands.get(key, 0) + 1
        shown = batch.declared(h)
        if shown is not None:
            stats.declarations[shown] = stats.declarations.get(shown, 0) + 1


def _count_bucks(stats: Stats, batch: Batch, results: list[HandResult], first: int) -> None:
    """Count the drop-outs and the bucks of a game's hands (``results``, from hand row ``first``),
    as ``Stats`` counts them from a Python game's events: a buck is a side that stayed in and
    took no trick, in a hand with a maker, where the variant has ``scoring.bucked``."""
    v, bucked = batch.variant, batch.variant.scoring.bucked is not None
    for i, r in enumerate(results):
        gone = batch.dropped(first + i)
        stats.drop_outs += len(gone)
        if bucked and r.maker is not None:
            out = {v.team_of(q) for q in gone}
            stats.bucks += sum(1 for side, n in enumerate(r.tricks) if n == 0 and side not in out)
