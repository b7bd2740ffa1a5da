"""The statistics of a batch of compiled games, counted over its arrays a batch at a time.

:func:`count_batch` adds to a :class:`~.stats.Stats` what :func:`~.compiled.count_each` adds
game by game through ``Stats.add_results`` (one ``HandResult`` a hand): wins, hands, margins,
points, bids, contract kinds and slams, lone hands and defences, throw-ins, hands played
out, forced, short hands, weak hands, declarations, drop-outs, bucks, the rules seen acting
(:mod:`.arrayhappenings`) and every figure's sums (:mod:`.arrayfigures`): the same integers,
summed with numpy over the batch's columns (:mod:`.columns`). Only a match's games
(``match``) are read hand by hand, and only in the hands where some score reached the
target or ``game.lose_at``, through ``game_winner``.

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.batch.run import play
>>> from hasenpfeffer.sim.stats import Stats
>>> from hasenpfeffer.sim.compiled import count_each
>>> batch = play(load_variant("euchre"), games=5, seed=3)
>>> by_arrays, by_hands = Stats(sides=2), Stats(sides=2)
>>> values = count_batch(by_arrays, batch)
>>> _ = list(count_each(by_hands, batch))
>>> by_arrays == by_hands, by_arrays.games, len(values["hands per game"][0])
(True, 5, 5)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ..batch.rows import (
    BID_DECLARED,
    CALLED_KINDS,
    H_BID,
    H_CALL,
    H_DROPPED,
    H_DUMMIES,
    H_MADE,
    H_REDEAL,
    H_SWAP,
)
from .arrayfigures import BatchValues, add_batch_sums, batch_values
from .arrayhappenings import happened
from .columns import Columns, Flags

if TYPE_CHECKING:
    from ..batch.run import Batch
    from .stats import Outcome, Stats

Ints = NDArray[np.int64]


def count_batch(stats: Stats, batch: Batch) -> BatchValues:
    """Count every game of ``batch`` into ``stats``; each figure's values in each game."""
    v, c = batch.variant, Columns.of(batch)
    _count_games(stats, c)
    _count_hands(stats, c)
    if v.scoring.no_maker.minimum:
        short = ((v.scoring.no_maker.minimum - c.tricks[~c.thrown & (c.maker < 0)]) > 0).sum(axis=1)
        stats.short_hands += int((short > 0).sum())
        stats.short_sides += int(short.sum())
    if v.deal.weak_hands or v.scoring.declarations:
        _count_rows(stats, batch)
    if v.alone.drop_out.allowed or v.scoring.bucked is not None:
        _count_bucks(stats, c)
    if v.deal.dummies.seats:
        stats.dummies += int(batch.hands[:, H_DUMMIES].sum())
    if v.partnerships == "called":
        _count_calls(stats, batch)
    for name, n in happened(c).items():
        stats.happened[name] = stats.happened.get(name, 0) + n
    values = batch_values(c)
    add_batch_sums(stats.sums, values)
    return values


def _count_calls(stats: Stats, batch: Batch) -> None:
    """The hands with a called partner by how the maker called and the outcome (``Stats.calls``)."""
    how, made = batch.hands[:, H_CALL], batch.hands[:, H_MADE]
    for code in range(1, len(CALLED_KINDS)):
        for result, ok in (("made", 1), ("failed", 0)):
            count = int(((how == code) & (made == ok)).sum())
            if count:
                key = f"{CALLED_KINDS[code]} {result}"
                stats.calls[key] = stats.calls.get(key, 0) + count


def _count_games(stats: Stats, c: Columns) -> None:
    """Games, their hands, winners and margins (side 0's final score less the best other's)."""
    hands = c.counts
    stats.games += c.games
    stats.hands += c.hands
    stats.hands_sq += int(hands @ hands)
    stats.unfinished += int((c.winner < 0).sum())
    for side in range(stats.sides):
        stats.wins[side] += int((c.winner == side).sum())
    final = c.last(c.scores)
    others = final[:, 1:].max(axis=1) if stats.sides > 1 else 0
    _tally(stats.margins, final[:, 0] - others)


def _count_hands(stats: Stats, c: Columns) -> None:
    """What ``Stats.add_hand`` counts of each hand."""
    if c.kind is not None:
        read = c.kind >= 0
        _outcomes(stats.kinds, c.kind_names, c.kind, read & (c.made == 1), read & (c.made == 0))
        slams = np.bincount(c.bid[read & ~c.misere(c.kind) & c.slammed()], minlength=len(c.bid_keys))
        for key, n in zip(c.bid_keys, slams.tolist(), strict=True):
            if n:
                stats.slams[key] = stats.slams.get(key, 0) + n
    decided = ~c.thrown & (c.maker >= 0) & (c.made >= 0)
    made, failed = decided & (c.made == 1), decided & (c.made == 0)
    _outcomes(stats.bids, c.bid_keys, c.bid, made, failed)
    stats.throw_ins += int(c.thrown.sum())
    stats.played_out += int((~c.thrown & (c.maker < 0)).sum())
    stats.lone.made += int((made & c.alone).sum())
    stats.lone.failed += int((failed & c.alone).sum())
    stats.lone_defence.made += int((failed & c.defender_alone).sum())  # a set, from the defender's side
    stats.lone_defence.failed += int((made & c.defender_alone).sum())
    stats.forced += int(c.forced.sum())
    totals, squares = c.change.sum(axis=0).tolist(), (c.change * c.change).sum(axis=0).tolist()
    for side in range(stats.sides):
        stats.points[side] += totals[side]
        stats.points_sq[side] += squares[side]
    _tally(stats.hand_points, c.change[:, 0])


def _outcomes(
    into: dict[str, Outcome], keys: tuple[str, ...], index: Ints, made: Flags, failed: Flags
) -> None:
    """Add the made and failed hands (masks) by ``keys`` (each hand's ``index`` of them)."""
    from .stats import Outcome

    m = np.bincount(index[made], minlength=len(keys)).tolist()
    f = np.bincount(index[failed], minlength=len(keys)).tolist()
    for key, n_made, n_failed in zip(keys, m, f, strict=True):
        if n_made or n_failed:
            outcome = into.setdefault(key, Outcome())
            outcome.made += n_made
            outcome.failed += n_failed


def _count_rows(stats: Stats, batch: Batch) -> None:
    """The weak hands acted on (``Batch.weak_hands``) and the sets declared (``Batch.declared``)."""
    v, rows = batch.variant, batch.hands
    for column, action in ((H_SWAP, "swap"), (H_REDEAL, "redeal")):
        acted = np.bincount(rows[:, column], minlength=len(v.deal.weak_hands) + 1).tolist()
        for rule, n in zip(v.deal.weak_hands, acted[1:], strict=True):
            if n:
                key = f"{rule.name} {action}"
                stats.weak_hands[key] = stats.weak_hands.get(key, 0) + n
    codes = rows[:, H_BID]
    shown = np.bincount(BID_DECLARED - codes[codes <= BID_DECLARED], minlength=len(v.scoring.declarations))
    for declaration, n in zip(v.scoring.declarations, shown.tolist(), strict=True):
        if n:
            stats.declarations[declaration.name] = stats.declarations.get(declaration.name, 0) + n


def _count_bucks(stats: Stats, c: Columns) -> None:
    """The drop-outs, and the bucks (a side that stayed in and took no trick, in a hand with
    a maker, where the variant has ``scoring.bucked``)."""
    v = c.batch.variant
    gone = c.batch.hands[:, H_DROPPED]
    stats.drop_outs += sum(int(((gone >> q) & 1).sum()) for q in range(v.players))
    if v.scoring.bucked is None:
        return
    for side in range(stats.sides):
        seats = sum(1 << q for q in range(v.players) if v.team_of(q) == side)
        stats.bucks += int(((c.maker >= 0) & (c.tricks[:, side] == 0) & (gone & seats == 0)).sum())


def _tally(counter: Counter[int], values: Ints) -> None:
    """Add each value's count to a histogram."""
    found, counts = np.unique(values, return_counts=True)
    for value, n in zip(found.tolist(), counts.tolist(), strict=True):
        counter[value] += n
