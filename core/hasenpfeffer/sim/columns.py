"""A batch of compiled games as columns: what the statistics read of each hand and each game.

:class:`Columns` holds a :class:`~hasenpfeffer.batch.run.Batch`'s hand rows as arrays (a hand's
maker, bid, made, tricks, score changes and scores...) and its games' winners, with the
bids and contract kinds of the hands as indices of their names, so that :mod:`.arraystats`
and :mod:`.arrayfigures` count a whole batch at a time instead of one ``HandResult`` a hand.

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.batch.run import play
>>> c = Columns.of(play(load_variant("euchre"), games=3, seed=1))
>>> c.games, c.hands == int(c.counts.sum()), c.bid_keys[:3]
(3, True, ('?', 'order-up', 'turned-trump'))
>>> c.per_game(c.thrown).shape, c.last(c.scores).shape
((3,), (3, 2))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..batch.rows import (
    G_HANDS,
    G_WINNER,
    H_ALONE,
    H_BID,
    H_DEF_ALONE,
    H_FORCED,
    H_GAME,
    H_MADE,
    H_MAKER,
    H_THROWN,
    H_TRUMP,
    change_at,
    scores_at,
    tricks_at,
)
from ..batch.run import Batch, bid_names
from ..batch.tables import build
from ..engine.events import HandResult
from ..format.variant import Variant
from ..rules.ruleset import compile_variant
from .figures import MISERE, contract_kind, reads_contracts

Ints = NDArray[np.int64]
Flags = NDArray[np.bool_]


@dataclass(frozen=True)
class Columns:
    """A batch's hands (one entry a hand row, in game order) and games (one entry a game)."""

    batch: Batch
    game: Ints
    """Each hand's game."""
    starts: Ints
    """Each game's first hand row, then the number of rows (one more than the games)."""
    winner: Ints
    """Each game's winning side, -1 unfinished."""
    maker: Ints
    """Each hand's maker's seat, -1 without a maker."""
    maker_side: Ints
    """Each hand's maker's side (``HandResult.maker_side``), -1 without a maker."""
    made: Ints
    """1 made, 0 failed, -1 neither (``HandResult.made`` None)."""
    thrown: Flags
    alone: Flags
    defender_alone: Flags
    forced: Flags
    tricks: Ints
    """Tricks by side (a row a hand)."""
    change: Ints
    """Score changes by side."""
    scores: Ints
    """Scores by side after the hand."""
    bid: Ints
    """Each hand's bid, an index of :attr:`bid_keys`."""
    kind: Ints | None
    """Each hand's contract kind, an index of :attr:`kind_names` (-1: none); None where the
    variant's contracts are not read (:func:`~.figures.reads_contracts`)."""
    names: Lookups

    @classmethod
    def of(cls, batch: Batch) -> Columns:
        """The columns of ``batch``."""
        rows, sides, names = batch.hands, batch.sides, lookups(batch.variant)
        maker, made, thrown = rows[:, H_MAKER], rows[:, H_MADE], rows[:, H_THROWN] != 0
        code = rows[:, H_BID] - names.low
        kind = None
        if names.kinds is not None:
            kind = np.where(thrown | (made < 0), -1, names.kinds[code, rows[:, H_TRUMP] + 1])
        return cls(
            batch=batch,
            game=rows[:, H_GAME],
            starts=np.concatenate(([0], np.cumsum(batch.games[:, G_HANDS]))).astype(np.int64),
            winner=batch.games[:, G_WINNER],
            maker=maker,
            maker_side=names.side_of[maker],
            made=made,
            thrown=thrown,
            alone=rows[:, H_ALONE] != 0,
            defender_alone=rows[:, H_DEF_ALONE] != 0,
            forced=rows[:, H_FORCED] != 0,
            tricks=rows[:, tricks_at(sides) : tricks_at(sides) + sides],
            change=rows[:, change_at(sides) : change_at(sides) + sides],
            scores=rows[:, scores_at(sides) : scores_at(sides) + sides],
            bid=names.bids[code],
            kind=kind,
            names=names,
        )

    @property
    def bid_keys(self) -> tuple[str, ...]:
        """The bids as the statistics name them (``?`` for a hand without a bid)."""
        return self.names.bid_keys

    @property
    def kind_names(self) -> tuple[str, ...]:
        """The kinds of contract (:func:`~.figures.contract_kind`)."""
        return self.names.kind_names

    @property
    def games(self) -> int:
        """Games in the batch."""
        return len(self.winner)

    @property
    def hands(self) -> int:
        """Hands in the batch."""
        return len(self.maker)

    @property
    def counts(self) -> Ints:
        """Each game's hands."""
        return np.diff(self.starts)

    def per_game(self, values: NDArray[np.int64] | Flags) -> Ints:
        """Sums by game of one value a hand (or of a row of them a hand: a row a game)."""
        total = np.cumsum(values, axis=0, dtype=np.int64)
        zero = np.zeros((1, *total.shape[1:]), dtype=np.int64)
        total = np.concatenate((zero, total))
        return total[self.starts[1:]] - total[self.starts[:-1]]

    def last(self, values: Ints) -> Ints:
        """Each game's value of its last hand (zero for a game without hands)."""
        ended = self.starts[1:] > self.starts[:-1]
        out = np.zeros((self.games, *values.shape[1:]), dtype=np.int64)
        out[ended] = values[self.starts[1:][ended] - 1]
        return out

    def misere(self, kind: Ints) -> Flags:
        """Each hand of a contract read (``kind``, :attr:`kind`): whether it is to take no trick."""
        return self.names.misere[kind]

    def slammed(self) -> Flags:
        """Each hand: whether it had makers and they took every trick (:func:`~.figures.is_slam`
        where its contract is of tricks)."""
        taken = np.take_along_axis(self.tricks, np.maximum(self.maker_side, 0)[:, None], axis=1)[:, 0]
        every: Flags = (self.maker_side >= 0) & (taken == self.tricks.sum(axis=1))
        return every

    def by_game(self, mask: Flags, index: Ints, size: int) -> Ints:
        """Counts by game (rows) and by ``index`` (columns, ``size`` of them) of the hands in ``mask``."""
        flat = self.game[mask] * size + index[mask]
        return np.bincount(flat, minlength=self.games * size).reshape(self.games, size)


@dataclass(frozen=True)
class Lookups:
    """A variant's lookups from a hand row's codes to what the statistics name."""

    low: int
    """The lowest bid code (:data:`~hasenpfeffer.batch.run.H_BID`): the codes are indexed from it."""
    bids: Ints
    """By bid code, an index of :attr:`bid_keys`."""
    bid_keys: tuple[str, ...]
    kinds: Ints | None
    """By bid code and trump (``H_TRUMP`` + 1), the contract's kind as played, an index of
    :attr:`kind_names`; None where contracts are not read."""
    kind_names: tuple[str, ...]
    misere: Flags
    """By kind, whether its contracts are to take no trick."""
    side_of: Ints
    """By seat, its side; -1 last (for a maker's -1)."""


@functools.lru_cache(maxsize=64)
def lookups(variant: Variant) -> Lookups:
    """The lookups of a covered variant (built once a variant).

    >>> from hasenpfeffer import load_variant
    >>> found = lookups(load_variant("five-hundred"))
    >>> found.kind_names  # a contract's trump (? where it has none), or misère
    ('?', 'C', 'D', 'H', 'S', 'NT', 'misere', 'open misere')
    """
    names = bid_names(variant, build(variant))
    low, high = min(names), max(names)
    keys = tuple(dict.fromkeys("?" if n is None else n for n in names.values()))
    bids = np.zeros(high - low + 1, dtype=np.int64)
    for code, name in names.items():
        bids[code - low] = keys.index("?" if name is None else name)
    kinds: Ints | None = None
    kind_names: tuple[str, ...] = ()
    if reads_contracts(variant):
        kinds, kind_names = _kinds(variant, [names.get(code) for code in range(low, high + 1)])
    side_of = np.array([variant.side_of(q) for q in range(variant.players)] + [-1], dtype=np.int64)
    misere = np.array([k.endswith(MISERE) for k in kind_names], dtype=np.bool_)
    return Lookups(low, bids, keys, kinds, kind_names, misere, side_of)


def _kinds(variant: Variant, bids: list[str | None]) -> tuple[Ints, tuple[str, ...]]:
    """By bid (each code's name, from the lowest) and trump (none first), the
    :func:`~.figures.contract_kind` of a contract played, as an index of the kinds' names."""
    sides = len(variant.teams)
    zeros = (0,) * sides
    table: list[list[int]] = []
    kinds: list[str] = []
    for bid in bids:
        row = []
        for trump in (None, *compile_variant(variant).trump_names):
            played = HandResult(0, 0, bid, trump, False, False, False, False, zeros, True, zeros, zeros)
            kind = contract_kind(variant, played) or "?"
            if kind not in kinds:
                kinds.append(kind)
            row.append(kinds.index(kind))
        table.append(row)
    return np.array(table, dtype=np.int64), tuple(kinds)
