"""Every figure's per-game ``(x, y)`` of a whole batch of compiled games, as arrays.

:func:`batch_values` gives, for each figure, the arrays of :func:`~.figures.game_values`'s
``x`` and ``y`` over a batch's games (a figure a game does not have is 0 there, as
:func:`~.figures.add_sums` and :func:`~.figures.add_cross` treat a figure all zero in a game);
:func:`add_batch_sums` and :func:`add_batch_cross` add them to a run's sums and cross sums,
the same integers as adding the games one by one.

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.batch.run import play
>>> from .columns import Columns
>>> values = batch_values(Columns.of(play(load_variant("euchre"), games=4, seed=2)))
>>> values[HANDS][1].tolist()
[1, 1, 1, 1]
>>> sums: dict[str, Sums] = {}
>>> add_batch_sums(sums, values)
>>> sums[HANDS][1], sums[HANDS][0] == int(values[HANDS][0].sum())
(4, True)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..format.reach import without_maker
from .columns import Columns
from .figures import (
    CONTRACTS,
    HANDS,
    LONE,
    LONE_DEFENCE,
    LONE_MADE,
    MISERES,
    PLAYED_OUT,
    SLAMS,
    THROW_INS,
    Cross,
    Sums,
    bid_made,
    kind_made,
    points,
    win_rate,
)

Ints = NDArray[np.int64]
BatchValues = dict[str, tuple[Ints, Ints]]
"""Per figure, its ``x`` and ``y`` in each game of a batch."""


def batch_values(c: Columns) -> BatchValues:
    """Every figure's ``(x, y)`` in each game of the batch, as :func:`~.figures.game_values`
    gives them game by game."""
    hands = c.counts
    ones = np.ones(c.games, dtype=np.int64)
    values: BatchValues = {
        win_rate(s): ((c.winner == s).astype(np.int64), ones) for s in range(c.batch.sides)
    }
    change = c.per_game(c.change)
    for s in range(c.batch.sides):
        values[points(s)] = (change[:, s], hands)
    values[HANDS] = (hands, ones)
    tried = ~c.thrown & (c.made >= 0)
    made = tried & (c.made == 1)
    values[CONTRACTS] = (c.per_game(made), c.per_game(tried))
    _split(
        values,
        c.by_game(made, c.bid, len(c.bid_keys)),
        c.by_game(tried, c.bid, len(c.bid_keys)),
        c.bid_keys,
        bid_made,
    )
    lone = c.per_game(tried & c.alone)
    values[LONE] = (lone, hands)
    values[LONE_MADE] = (c.per_game(made & c.alone), lone)
    values[THROW_INS] = (c.per_game(c.thrown), hands)
    if without_maker(c.batch.variant) is not None:
        values[PLAYED_OUT] = (c.per_game(~c.thrown & (c.maker < 0)), hands)
    defended = tried & c.defender_alone
    values[LONE_DEFENCE] = (c.per_game(defended & (c.made == 0)), c.per_game(defended))
    if c.kind is not None:
        _kind_values(values, c, c.kind, hands)
    return values


def _kind_values(values: BatchValues, c: Columns, kind: Ints, hands: Ints) -> None:
    """The figures of contracts by kind, slams and misères (where contracts are read)."""
    size = len(c.kind_names)
    read = kind >= 0
    _split(
        values,
        c.by_game(read & (c.made == 1), kind, size),
        c.by_game(read, kind, size),
        c.kind_names,
        kind_made,
    )
    miseres = read & c.misere(kind)
    of_tricks = read & ~miseres
    values[SLAMS] = (c.per_game(of_tricks & c.slammed()), c.per_game(of_tricks))
    values[MISERES] = (c.per_game(miseres), hands)


def _split(
    values: BatchValues, made: Ints, tried: Ints, names: tuple[str, ...], name: Callable[[str], str]
) -> None:
    """A figure by bid or kind: ``made`` of ``tried`` by game (rows) and by ``names`` (columns)."""
    for i, key in enumerate(names):
        if tried[:, i].any():
            values[name(key)] = (made[:, i], tried[:, i])


def add_batch_sums(sums: dict[str, Sums], values: BatchValues) -> None:
    """Add a batch's values to a run's sums (figures all zero in the batch add nothing)."""
    names = list(values)
    x = np.stack([values[name][0] for name in names])
    y = np.stack([values[name][1] for name in names])
    seen = ((x != 0) | (y != 0)).any(axis=1).tolist()
    totals = np.stack(
        (x.sum(axis=1), y.sum(axis=1), (x * x).sum(axis=1), (y * y).sum(axis=1), (x * y).sum(axis=1))
    )
    for name, shown, added in zip(names, seen, totals.T.tolist(), strict=True):
        if shown:
            s = sums.setdefault(name, [0, 0, 0, 0, 0])
            for i, total in enumerate(added):
                s[i] += total


def add_batch_cross(cross: dict[str, Cross], a: BatchValues, b: BatchValues) -> None:
    """Add the cross sums of two runs' batches over the same seeds (game ``i`` of both)."""
    for name in a.keys() & b.keys():
        (xa, ya), (xb, yb) = a[name], b[name]
        if (((xa != 0) | (ya != 0)) & ((xb != 0) | (yb != 0))).any():
            c = cross.setdefault(name, [0, 0, 0, 0])
            for i, total in enumerate((xa @ xb, xa @ yb, ya @ xb, ya @ yb)):
                c[i] += int(total)
