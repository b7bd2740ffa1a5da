"""Play a batch of compiled games and read what they did.

:func:`play` runs the kernel (numba, imported here on first use) over a covered variant;
the :class:`Batch` it returns gives each game's scores and hands, each hand's result as the
Python engine's :class:`~hasenpfeffer.engine.events.HandResult`, and, when recorded, each
hand's deal (as ``Game(deal=...)`` takes it) and action ids (``Game.apply_id``), with the legal
ids of every decision in the debug mode.

>>> from hasenpfeffer import load_variant
>>> b = play(load_variant("euchre"), games=3, seed=1, debug=True)
>>> len(b), b.hands_of(0) == list(range(b.games[0, 0]))
(3, True)
>>> sorted(len(h) for h in b.deal(0)["hands"]), len(b.deal(0)["widow"])
([5, 5, 5, 5], 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import accel, jitcache
from ..engine.events import HandResult
from ..engine.phases.orderup import TURNED_TRUMP
from ..format.variant import HAND_CAP, Variant
from ..rules.actionspace import action_space
from ..rules.ruleset import compile_variant
from . import freshcache
from .coverage import BOTS, kind_of, refusal
from .greedytables import build_greedy
from .learnedtables import learned_tables
from .rows import (
    BID_DECLARED,
    BID_ORDER_UP,
    BID_TURNED,
    CALLED_KINDS,
    G_COLS,
    G_HANDS,
    G_WINNER,
    H_ACOUNT,
    H_ALONE,
    H_ASTART,
    H_BID,
    H_CALL,
    H_DEALER,
    H_DEF_ALONE,
    H_DROPPED,
    H_DUMMIES,
    H_FORCED,
    H_MADE,
    H_MAKER,
    H_PARTNER,
    H_PARTNER2,
    H_REDEAL,
    H_SWAP,
    H_THROWN,
    H_TRUMP,
    change_at,
    deal_at,
    scores_at,
    tricks_at,
)
from .tables import DEALT, DECK, KS, SIDES, N, Tables, build, room_per_hand
from .viewtables import view_tables

_HANDS: dict[tuple[bytes, int, bytes], float] = {}
"""Hands a game took in the last batch of these rules, cap and bots: the next batch's room
for hands starts there (the kernel plays a batch again, with more room, when it runs out)."""


@dataclass(frozen=True)
class Batch:
    """The games of one :func:`play`: one row per game (:data:`G_HANDS`...) and per hand."""

    variant: Variant
    tables: Tables
    games: NDArray[np.int64]
    hands: NDArray[np.int64]
    actions: NDArray[np.int64]
    legal_counts: NDArray[np.int64]
    legal_ids: NDArray[np.int64]
    recorded: bool
    decisions: int = 0
    """Decisions taken in all the games."""
    bots: tuple[str, ...] = ()
    """Each seat's player (``random``, ``greedy`` or ``learned:FILE``; empty: all random)."""
    seeds: tuple[int, ...] = ()
    """Each game's seed (its key, :mod:`hasenpfeffer.engine.draws`)."""

    def __len__(self) -> int:
        return int(self.games.shape[0])

    def hands_of(self, game: int) -> list[int]:
        """The rows of a game's hands, in order."""
        start = int(self.games[:game, G_HANDS].sum())
        return list(range(start, start + int(self.games[game, G_HANDS])))

    def scores(self, game: int) -> tuple[int, ...]:
        """A game's final scores by side."""
        return tuple(int(x) for x in self.games[game, G_COLS : G_COLS + self.sides])

    def winner(self, game: int) -> int | None:
        """A game's winning side (None: stopped at the cap of hands)."""
        w = int(self.games[game, G_WINNER])
        return None if w < 0 else w

    def result(self, h: int) -> HandResult:
        """Hand row ``h`` as the Python engine's :class:`HandResult`."""
        return self.results(h, h + 1)[0]

    @property
    def deal_at(self) -> int:
        """Where a recorded hand row's deal starts: each seat's cards, then the widow's."""
        return deal_at(self.sides)

    @property
    def sides(self) -> int:
        """The sides of the games: a hand row has their tricks, score changes and scores (:mod:`.rows`)."""
        return int(self.tables.params[SIDES])

    def bid_names(self) -> dict[int, str | None]:
        """Every code of a hand row's :data:`H_BID` and the bid it names: :func:`bid_names`."""
        return bid_names(self.variant, self.tables)

    def turned(self) -> NDArray[np.int64]:
        """Each hand row's turned card (the first of its widow), an index of the ruleset's card
        ``names``, as :meth:`deal` names it (a recorded batch)."""
        self._need()
        p = self.tables.params
        return self.hands[:, self.deal_at + int(p[DEALT])]

    def results(self, start: int = 0, stop: int | None = None) -> list[HandResult]:
        """Hand rows ``start`` to ``stop - 1`` (all by default) as :class:`HandResult`."""
        v, sides = self.variant, self.sides
        trumps = compile_variant(v).trump_names
        side_of = [v.side_of(q) for q in range(v.players)]
        bid_names = self.bid_names()
        tr, ch, sc = tricks_at(sides), change_at(sides), scores_at(sides)
        out = []
        for row in self.hands[start:stop].tolist():
            maker, trump, made = row[H_MAKER], row[H_TRUMP], row[H_MADE]
            out.append(
                HandResult(
                    dealer=row[H_DEALER],
                    maker=None if maker < 0 else maker,
                    bid=bid_names[row[H_BID]],
                    trump=None if trump < 0 else trumps[trump],
                    alone=bool(row[H_ALONE]),
                    defender_alone=bool(row[H_DEF_ALONE]),
                    thrown_in=bool(row[H_THROWN]),
                    forced=bool(row[H_FORCED]),
                    tricks=tuple(row[tr : tr + sides]),
                    made=None if made < 0 else bool(made),
                    score_change=tuple(row[ch : ch + sides]),
                    scores=tuple(row[sc : sc + sides]),
                    maker_side=None if maker < 0 else side_of[maker],
                    partner=None if row[H_PARTNER] < 0 else row[H_PARTNER],
                    second_partner=None if row[H_PARTNER2] < 0 else row[H_PARTNER2],
                )
            )
        return out

    def weak_hands(self, h: int) -> list[str]:
        """The weak-hand rules hand row ``h`` acted on, as the statistics count them (the rule's
        name, a space, its action: ``Stats.weak_hands``)."""
        rules, row = self.variant.deal.weak_hands, self.hands[h]
        acted = ((int(row[H_SWAP]), "swap"), (int(row[H_REDEAL]), "redeal"))
        return [f"{rules[w - 1].name} {action}" for w, action in acted if w]

    def declared(self, h: int) -> str | None:
        """The name of the set declared in hand row ``h`` (which ended it), or None."""
        code = int(self.hands[h, H_BID])
        return self.variant.scoring.declarations[BID_DECLARED - code].name if code <= BID_DECLARED else None

    def dummies(self, h: int) -> int:
        """The dummies taken into hand in hand row ``h`` (``deal.dummies.play: merged``)."""
        return int(self.hands[h, H_DUMMIES])

    def call(self, h: int) -> str | None:
        """How the maker of hand row ``h`` called a partner, as ``Stats.calls`` names it
        (``partner``, ``unheld``, ``alone``), or None where no partner was called."""
        return CALLED_KINDS[int(self.hands[h, H_CALL])] or None

    def dropped(self, h: int) -> list[int]:
        """The seats that dropped out of hand row ``h`` (``alone.drop_out``), in seat order."""
        mask = int(self.hands[h, H_DROPPED])
        return [q for q in range(self.variant.players) if (mask >> q) & 1]

    def deal(self, h: int) -> dict[str, Any]:
        """Hand row ``h``'s deal (``dealer``, ``hands`` by seat, ``widow``; the turned card first)."""
        self._need()
        p, row = self.tables.params, self.hands[h]
        total, ks, at = int(p[DEALT]), int(p[KS]), self.deal_at
        names = compile_variant(self.variant).names
        hands, first = [], at
        for size in self.variant.dealt_sizes:  # a dummy may have a hand size of its own
            hands.append([names[int(c)] for c in row[first : first + size]])
            first += size
        widow = [names[int(c)] for c in row[at + total : at + total + ks]]
        return {"dealer": int(row[H_DEALER]), "hands": hands, "widow": widow}

    def action_ids(self, h: int) -> list[int]:
        """Hand row ``h``'s action ids, in order (``Game.apply_id``)."""
        self._need()
        start, count = int(self.hands[h, H_ASTART]), int(self.hands[h, H_ACOUNT])
        return [int(x) for x in self.actions[start : start + count]]

    def legal_sets(self, h: int) -> list[list[int]]:
        """Hand row ``h``'s legal ids at each decision (a batch played with ``debug``)."""
        if not self.legal_counts.size:
            raise ValueError("the legal ids are kept only by a batch played with debug=True")
        start, count = int(self.hands[h, H_ASTART]), int(self.hands[h, H_ACOUNT])
        offsets = np.concatenate(([0], np.cumsum(self.legal_counts)))
        return [
            [int(x) for x in self.legal_ids[offsets[i] : offsets[i + 1]]] for i in range(start, start + count)
        ]

    def _need(self) -> None:
        if not self.recorded:
            raise ValueError("deals and actions are kept only by a batch played with record=True")


def row_width(params: Any, record: bool = True) -> int:
    """The width of a hand's row (:mod:`.rows`) for a variant's parameters: with its deal where
    the hands are recorded, else without (a row a hand: no memory written for nothing)."""
    return int(deal_at(int(params[SIDES])) + (params[DECK] if record else 0))


def bid_names(variant: Variant, tables: Tables) -> dict[int, str | None]:
    """Every code of a hand row's :data:`H_BID` and the bid it names (``HandResult.bid``).

    >>> from hasenpfeffer import load_variant
    >>> v = load_variant("euchre")
    >>> names = bid_names(v, build(v))
    >>> names[-1], names[-2], names[-3]
    (None, 'order-up', 'turned-trump')
    """
    names = {-1: None, BID_ORDER_UP: "order-up", BID_TURNED: TURNED_TRUMP} | dict(enumerate(tables.bid_names))
    return names | {BID_DECLARED - d: x.name for d, x in enumerate(variant.scoring.declarations)}


def seat_bots(variant: Variant, bots: Sequence[str] | None) -> tuple[str, ...]:
    """Each seat's bot spec, stripped (``random`` at every seat where ``bots`` is None;
    ValueError where there is not one a seat).

    >>> from hasenpfeffer import load_variant
    >>> seat_bots(load_variant("euchre"), None), seat_bots(load_variant("euchre"), [" greedy"] * 4)[0]
    (('random', 'random', 'random', 'random'), 'greedy')
    """
    names = ("random",) * variant.players if bots is None else tuple(b.strip() for b in bots)
    if len(names) != variant.players:
        raise ValueError(f"{len(names)} bots for {variant.players} players")
    return names


def policies(variant: Variant, bots: Sequence[str] | None) -> NDArray[np.int64]:
    """Each seat's player as the kernel reads it: 0 random, 1 greedy, 2 learned
    (``learned:FILE``; ValueError for another bot).

    >>> from hasenpfeffer import load_variant
    >>> policies(load_variant("euchre"), ["greedy", "random", "learned:x.policy", "random"]).tolist()
    [1, 0, 2, 0]
    """
    names = list(seat_bots(variant, bots))
    kinds = [kind_of(b) for b in names]
    other = sorted({b for b in kinds if b not in BOTS})
    if other:
        raise ValueError(f"the compiled engine plays only {', '.join(BOTS)} bots, not {', '.join(other)}")
    why = refusal(variant, bots=names)
    if why is not None:
        raise ValueError(why)
    return np.array([BOTS.index(b) for b in kinds], dtype=np.int64)


def play(
    variant: Variant,
    games: int = 0,
    seed: int = 0,
    *,
    seeds: Sequence[int] | None = None,
    record: bool = False,
    debug: bool = False,
    max_hands: int = HAND_CAP,
    bots: Sequence[str] | None = None,
) -> Batch:
    """Play ``games`` games from ``seed`` (game ``i`` seeded ``(seed << 32) + i``), or one game
    from each of ``seeds``: the same seed, the same game, and the one ``Game(variant, seed=...)``
    deals with the same actions (:mod:`hasenpfeffer.engine.draws`); ValueError for a variant not covered or without numba. ``bots`` name each
    seat's player, ``random`` (uniformly random legal actions, the default), ``greedy`` (the
    compiled twin of the greedy bot, :mod:`.greedy_compiled`) or ``learned:FILE`` (the twin of
    the learned bot, :mod:`.learned_compiled`). The games are played one decision
    at a time over the stepped kernel (:mod:`.games_compiled`), the one the vector environments
    step; ``debug`` keeps every decision's legal ids too."""
    accel.require("the compiled engine")
    tables = build(variant)
    pol, names = policies(variant, bots), seat_bots(variant, bots)
    # no greedy seat: no greedy tables, and numba compiles the kernel without the greedy bot
    greedy = build_greedy(variant).arrays if (pol == BOTS.index("greedy")).any() else None
    learned = learned_tables(variant, names)  # and none of the learned bot without one
    freshcache.once()  # before numba loads a kernel from its cache
    from . import games_compiled as gm
    from . import steppolicy_compiled as sp

    actions = action_space(variant).size
    kt, ko, ka = gm.arrays(tables, actions, None if learned is None else view_tables(variant))
    record = record or debug
    if seeds is None:  # (seed << 32) + i, as a word: numpy's sums of words wrap as % 2**64 does
        seed_array = np.uint64((seed << 32) % (1 << 64)) + np.arange(games, dtype=np.uint64)
    else:
        seed_array = np.array([s % (1 << 64) for s in seeds], dtype=np.uint64)
    games = len(seed_array)
    p = tables.params
    per_hand = room_per_hand(p)
    pa = sp.bots(sp.arrays(p, 1, actions, per_hand, legal=debug), greedy, learned)
    pa[0][:] = pol
    room = (p.tobytes(), max_hands, "\n".join(names).encode())
    cap_h = max(64, int(games * _HANDS.get(room, 12.0) * 1.25) + 1)
    stop = np.zeros(int(p[N]), dtype=np.int64)  # no seat stops the bots
    row = np.zeros(row_width(p, record), dtype=np.int64)  # a hand's row, as it is written
    while True:
        cap_a = cap_h * per_hand if record else 1
        games_out = np.zeros((games, G_COLS + int(p[SIDES])), dtype=np.int64)
        hands_out = np.zeros((cap_h, row.size), dtype=np.int64)
        acts = np.zeros(cap_a, dtype=np.int64)
        lcnt = np.zeros(cap_a if debug else 1, dtype=np.int64)
        lbuf = np.zeros(cap_a * 8 if debug else 1, dtype=np.int64)
        ctr = np.zeros(4, dtype=np.int64)
        gm.play(
            kt,
            ko,
            ka,
            pa,
            seed_array,
            max_hands,
            record,
            games_out,
            hands_out,
            acts,
            lcnt,
            lbuf,
            ctr,
            stop,
            row,
        )
        if not ctr[3]:
            break
        cap_h = max(cap_h * 2, int(ctr[2]) + 1)
    nh, na = int(ctr[2]), int(ctr[0])
    _HANDS[room] = max(_HANDS.get(room, 0.0) * 0.5, nh / max(1, games))
    return Batch(
        variant,
        tables,
        games_out,
        hands_out[:nh],
        acts[:na] if record else acts[:0],
        lcnt[:na] if debug else lcnt[:0],
        lbuf[: int(ctr[1])] if debug else lbuf[:0],
        record,
        na,
        names,
        tuple(seed_array.tolist()),
    )


def warm(
    variant: Variant,
    bots: Sequence[str] | None = None,
    record: bool = False,
    notice: Callable[[], None] | None = None,
) -> bool:
    """Have the kernel ready for games of ``variant`` between ``bots`` (recorded or not): one
    game of one hand is played, which loads the kernel from numba's cache or compiles it (a
    few minutes, once a machine; ``notice`` is called when compiling starts, so a caller can
    say why it waits). Whether it compiled."""
    with jitcache.compiling(notice) as seen:
        play(variant, 1, seed=0, record=record, max_hands=1, bots=bots)
    return bool(seen)
