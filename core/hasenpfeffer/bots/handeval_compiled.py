"""The compiled twin of :mod:`.handeval`: its hand estimates compiled by numba (the optional
extra ``fast``), the same numbers, bit for bit, many times faster. Imported only when an
evaluator loads it (:meth:`~.handeval.Evaluator.compile`; numba loads with it).

:class:`Kernel` holds a ruleset's tables as arrays and works out a hand's card chances and
its side's trick distribution in one compiled call each, and each of greedy's making
decisions in one call too (every trump's kept cards and distribution, a bid's best trumps, an
order-up). Every step is the pure-Python one
(:mod:`.holdings`, :mod:`.counts`, :func:`~.handeval.trials`) in the same order, so that the
floating-point results are equal and greedy makes the same choices with it as without it;
the tests compare the two on random variants and hands.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> from hasenpfeffer.bots.handeval import PARTNER
>>> r = compile_variant(Variant(name="x"))
>>> k = Kernel(r, PARTNER, 6)
>>> hand = [r.cid(c) for c in ["JK", "JH", "AS"]]
>>> unseen = [0 if c in hand else 1 for c in range(len(r.faces))]
>>> k.card_chances(hand, r.trump_id("H"), unseen)
[0.95, 0.95, 0.9]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from .. import jitcache
from ..rules.ruleset import Ruleset
from .holdings import FRIEND_DEALS, I_DEAL, chance, fair_factor, partner_value, wins_every_trick

_jit = jitcache.jit(nogil=True)
_inline = jitcache.jit(nogil=True, inline="always")
"""For the small kernels called in loops: compiled into their callers, so that the arrays they
take cost no reference counting at each call."""


class Kernel:
    """One ruleset's tables for the compiled estimates (``partner``: :data:`~.handeval.PARTNER`;
    ``tricks``: the tricks of a hand, where the distributions are capped; ``long``: how far
    the partners take their part of the tricks the hand leaves,
    :func:`~.holdings.long_weight`; ``ruffs``: :func:`~.holdings.ruff_table`)."""

    def __init__(
        self,
        rules: Ruleset,
        partner: float,
        tricks: int,
        long: float = 0.0,
        ruffs: Sequence[float] = (1.0, 0.5, 0.0),
    ) -> None:
        n, options = len(rules.faces), rules.options
        self.eff = np.array(rules.eff, dtype=np.int64).reshape(options, n)
        self.power = np.array(rules.power, dtype=np.int64).reshape(options, n)
        self.every = np.array(
            [[wins_every_trick(rules, c, ti) for c in range(n)] for ti in range(options)], dtype=np.bool_
        ).reshape(options, n)
        self.ns = rules.ns
        self.partner = partner
        self.tricks = tricks
        self.long = long
        self.ruffs = np.array(ruffs, dtype=np.float64)
        """The ruffs a plain suit may give, by the hand's cards of it (:func:`~.holdings.ruff_table`)."""
        self.tables = (self.eff, self.power, self.every, self.ns, self.ruffs)
        """The tables of every trump option, as the kernels that choose among them take them."""

    def row(self, ti: int) -> tuple[Any, Any, Any, int, int, Any]:
        """The tables of trump option ``ti``, as the kernels of one option take them."""
        return self.eff[ti], self.power[ti], self.every[ti], ti, self.ns, self.ruffs

    def card_chances(self, hand: Sequence[int], ti: int, unseen: Sequence[int]) -> list[float]:
        """Each card's chance of taking a trick, in ``hand`` order (as :meth:`~.handeval.Evaluator.card_chances`)."""
        out: np.ndarray[Any, Any] = _chances(*self.row(ti), _ints(hand), _ints(unseen))
        return cast(list[float], out.tolist())

    def strengths(self, hand: Sequence[int], unseen: Sequence[int], options: Sequence[int]) -> list[float]:
        """For each trump option, the sum of the hand's card chances (as
        :meth:`~.handeval.Evaluator.best_trumps` adds them up)."""
        out: np.ndarray[Any, Any] = _strengths(*self.tables, _ints(hand), _ints(unseen), _ints(options))
        return cast(list[float], out.tolist())

    def distribution(
        self,
        hand: Sequence[int],
        ti: int,
        unseen: Sequence[int],
        share: float,
        widow: int,
        extra: Sequence[float],
    ) -> list[float]:
        """The making side's trick distribution (as :meth:`~.handeval.Evaluator.distribution`;
        ``share``: the partners' part of the unseen cards)."""
        more = np.array(extra, dtype=np.float64)
        out: np.ndarray[Any, Any] = _distribution(
            *self.row(ti),
            _ints(hand),
            _ints(unseen),
            share,
            self.partner,
            widow,
            more,
            self.tricks,
            self.long,
        )
        return cast(list[float], out.tolist())

    def naming(
        self, hand: Sequence[int], unseen: Sequence[int], options: Sequence[int], size: int, share: float
    ) -> list[tuple[list[int], list[float]]]:
        """For each trump of ``options``, in one call: the ``size`` cards kept and the making
        side's trick distribution with them (as :meth:`~.handeval.Evaluator.naming`)."""
        ints = _ints(hand), _ints(unseen), _ints(options)
        kept, dists = _naming(*self.tables, *ints, size, share, self.partner, self.tricks, self.long)
        return list(zip(kept.tolist(), dists.tolist(), strict=True))

    def bidding(
        self,
        hand: Sequence[int],
        unseen: Sequence[int],
        options: Sequence[int],
        best: int,
        share: float,
        widow: int,
        alone: bool,
    ) -> list[tuple[int, list[float], list[float]]]:
        """The ``best`` strongest trumps of ``options`` with the making side's trick
        distributions with the partners and alone, in one call (as
        :meth:`~.handeval.Evaluator.bidding`)."""
        ints = _ints(hand), _ints(unseen), _ints(options)
        top, dists = _bidding(
            *self.tables, *ints, best, share, self.partner, widow, alone, self.tricks, self.long
        )
        return [(ti, d[0], d[1]) for ti, d in zip(top.tolist(), dists.tolist(), strict=True)]

    def ordering(
        self,
        hand: Sequence[int],
        card: int,
        ti: int,
        unseen: Sequence[int],
        dealer: int,
        size: int,
        share: float,
    ) -> tuple[list[int], list[float]]:
        """The cards kept and the making side's trick distribution of ordering ``card`` up, in
        one call (as :meth:`~.handeval.Evaluator.ordering`)."""
        ints = _ints(hand), card, _ints(unseen)
        kept, dist = _ordering(
            *self.row(ti), *ints, dealer, size, share, self.partner, self.tricks, self.long
        )
        return kept.tolist(), dist.tolist()


def _ints(values: Sequence[int]) -> np.ndarray[Any, Any]:
    return np.array(values, dtype=np.int64)


_chance = _jit(chance)
""":func:`~.holdings.chance`, compiled."""
_partner_value = _jit(partner_value)
""":func:`~.holdings.partner_value`, compiled."""
_fair_factor = _jit(fair_factor)
""":func:`~.holdings.fair_factor`, compiled."""


@_inline
def _higher(eff: Any, power: Any, counts: Any, suit: int, strength: int) -> int:
    """Copies in ``counts`` of the cards of ``suit`` stronger than ``strength``."""
    total = 0
    for d in range(len(eff)):
        if eff[d] == suit and power[d] > strength:
            total += counts[d]
    return total


@_inline
def _own(eff: Any, power: Any, every: Any, ti: int, ns: int, ruff: Any, hand: Any, unseen: Any, out: Any,
         fw: Any, iw: Any) -> None:  # fmt: skip
    """:meth:`~.handeval.Evaluator._card_chances` into ``out``, in hand order: by suit in the
    order the hand first shows them, each suit's cards strongest first (a stable sort), a
    card's chance kept by its id. Scratch: ``fw`` (a float by card), ``iw`` (:func:`_int_scratch`)."""
    n, suits = len(hand), ns + 1
    trump = ti if ti < ns else -1
    low, ordered = 3 * suits, 3 * suits + n  # iw: hand's cards by suit, suits done, unseen by suit
    for s in range(suits):
        iw[s] = 0
        iw[suits + s] = 0
        iw[2 * suits + s] = 0
    for c in hand:
        iw[eff[c]] += 1
    for d in range(len(eff)):
        iw[2 * suits + eff[d]] += unseen[d]
    lows = 0
    for i in range(n):
        suit = eff[hand[i]]
        if iw[suits + suit]:
            continue
        iw[suits + suit] = 1
        m = 0
        for j in range(i, n):
            c = hand[j]
            if eff[c] != suit:
                continue
            at = m  # insert after every card at least as strong: a stable sort, strongest first
            while at > 0 and power[iw[ordered + at - 1]] < power[c]:
                iw[ordered + at] = iw[ordered + at - 1]
                at -= 1
            iw[ordered + at] = c
            m += 1
        outside = iw[2 * suits + suit]
        suit_low = 0
        for k in range(m):
            c = iw[ordered + k]
            if every[c]:
                fw[c] = 1.0
                continue
            higher = _higher(eff, power, unseen, suit, power[c])
            p = _chance(suit == trump, trump >= 0, k, m, higher, outside)
            if suit == trump and p < 0.5:
                iw[low + suit_low] = c
                suit_low += 1
            fw[c] = p
        if suit_low:
            lows = suit_low
    if lows:
        ruffs = 0.0
        most = len(ruff) - 1
        for s in range(ns):
            if s != ti:
                ruffs += ruff[min(iw[s], most)]
        for i in range(min(lows, int(ruffs + 0.5))):
            c = iw[low + i]
            fw[c] = max(fw[c], 0.55)
    for i in range(n):
        out[i] = fw[hand[i]]


@_jit
def _int_scratch(ns: int, n: int) -> Any:
    """Integer scratch for :func:`_own` and :func:`_spread` of a hand of ``n`` cards."""
    return np.empty(3 * (ns + 1) + 2 * n, dtype=np.int64)


@_jit
def _float_scratch(n_faces: int, n: int, unseen: Any, extra: int) -> Any:
    """Float scratch for :func:`_own` and :func:`_spread` of a hand of ``n`` cards."""
    total = 0
    for x in unseen:
        total += x
    return np.empty(n_faces + 4 * n + 2 * total + extra + 2, dtype=np.float64)


@_jit
def _chances(eff: Any, power: Any, every: Any, ti: int, ns: int, ruff: Any, hand: Any, unseen: Any) -> Any:
    """:meth:`~.handeval.Evaluator._card_chances`, in ``hand`` order (:func:`_own`)."""
    out = np.empty(len(hand), dtype=np.float64)
    fw = np.empty(len(eff), dtype=np.float64)
    _own(eff, power, every, ti, ns, ruff, hand, unseen, out, fw, _int_scratch(ns, len(hand)))
    return out


@_jit
def _strengths(
    eff: Any, power: Any, every: Any, ns: int, ruff: Any, hand: Any, unseen: Any, options: Any
) -> Any:
    """The sum of :func:`_chances` (added up in hand order) for each of ``options``."""
    out = np.zeros(len(options), dtype=np.float64)
    n = len(hand)
    iw = _int_scratch(ns, n)
    fw = np.empty(eff.shape[1], dtype=np.float64)
    own = np.empty(n, dtype=np.float64)
    for i in range(len(options)):
        ti = options[i]
        _own(eff[ti], power[ti], every[ti], ti, ns, ruff, hand, unseen, own, fw, iw)
        total = 0.0
        for p in own:
            total += p
        out[i] = total
    return out


@_inline
def _trials(dist: Any, at: int, size: int, p: float) -> int:
    """One more independent trial of chance ``p`` on ``dist[at : at + size]``, in place: the new size."""
    p = min(1.0, max(0.0, p))
    q = 1 - p
    dist[at + size] = dist[at + size - 1] * p
    for k in range(at + size - 1, at, -1):
        dist[k] = dist[k - 1] * p + dist[k] * q
    dist[at] = dist[at] * q
    return size + 1


@_jit
def _distribution(
    eff: Any,
    power: Any,
    every: Any,
    ti: int,
    ns: int,
    ruff: Any,
    hand: Any,
    unseen: Any,
    share: float,
    partner: float,
    widow: int,
    extra: Any,
    tricks: int,
    long: float,
) -> Any:
    """:meth:`~.handeval.Evaluator.distribution`: the hand's own cards, then the partners'
    chances (scaled by :func:`~.holdings.fair_factor` where ``long``), the widow's and
    ``extra``, one trial each in that order; capped at ``tricks`` (:func:`_spread`)."""
    n = len(hand)
    iw = _int_scratch(ns, n)
    fw = _float_scratch(len(eff), n, unseen, len(extra))
    own = np.empty(n, dtype=np.float64)
    _own(eff, power, every, ti, ns, ruff, hand, unseen, own, fw, iw)
    out = np.empty(tricks + 1, dtype=np.float64)
    _spread(
        eff, power, every, ti, ns, hand, unseen, own, share, partner, widow, extra, tricks, long, out, fw, iw
    )
    return out


@_inline
def _spread(eff: Any, power: Any, every: Any, ti: int, ns: int, hand: Any, unseen: Any, own: Any, share: float,
            partner: float, widow: int, extra: Any, tricks: int, long: float, out: Any, fw: Any,
            iw: Any) -> None:  # fmt: skip
    """:func:`_distribution` into ``out`` from the hand's chances ``own`` (``fw``, ``iw``:
    scratch of :func:`_float_scratch` and :func:`_int_scratch`). For each unseen card, in one
    pass: the partners' chance with it and, with a widow, what taking it may add (as
    :meth:`~.handeval.Evaluator.widow_chances`) against each of the ``widow`` weakest of the
    hand's chances."""
    trump = ti if ti < ns else -1
    n, n_faces, suits = len(hand), len(unseen), ns + 1
    total = 0
    for d in range(n_faces):
        total += unseen[d]
    count = min(widow, n) if widow > 0 and total > 0 else 0
    # fw: each card's widow value, the mates' chances, the gains, the weakest chances, the trials
    mates, gains, weakest = n_faces, n_faces + total, n_faces + total + n
    dist = weakest + n
    if count:
        for s in range(suits):  # iw: the hand's cards by suit, the unseen by suit
            iw[s] = 0
            iw[suits + s] = 0
        for c in hand:
            iw[eff[c]] += 1
        for d in range(n_faces):
            iw[suits + eff[d]] += unseen[d]
    m = 0
    part = min(1.0, share) * partner
    for c in range(n_faces if share > 0 or count else 0):
        if not unseen[c]:
            continue
        suit, strength = eff[c], power[c]
        higher = _higher(eff, power, unseen, suit, strength)
        k = 0  # the hand's cards above it
        for d in hand:
            if eff[d] == suit and power[d] > strength:
                k += 1
        if share > 0:
            v = _partner_value(suit == trump, higher + k)
            if v:
                for _ in range(unseen[c]):
                    fw[mates + m] = part * v
                    m += 1
        if count:
            if every[c]:
                fw[c] = 1.0
            else:
                fw[c] = _chance(suit == trump, trump >= 0, k, iw[suit] + 1, higher, iw[suits + suit] - 1)
    if count:
        for i in range(n):  # the chances from the weakest (an insertion sort)
            x = own[i]
            at = i
            while at > 0 and fw[weakest + at - 1] > x:
                fw[weakest + at] = fw[weakest + at - 1]
                at -= 1
            fw[weakest + at] = x
        for i in range(count):
            w = fw[weakest + i]
            gain = 0.0
            for c in range(n_faces):
                if unseen[c]:
                    gain += max(0.0, fw[c] - w) * unseen[c]
            fw[gains + i] = gain / total
    if long and m:
        mine = 0.0
        for p in own:
            mine += p
        for i in range(count):
            mine += fw[gains + i]
        for p in extra:
            mine += p
        theirs = 0.0
        for i in range(m):
            theirs += fw[mates + i]
        factor = _fair_factor(theirs, mine, share, tricks, long)
        for i in range(m):
            fw[mates + i] = min(1.0, fw[mates + i] * factor)
    fw[dist] = 1.0
    size = 1
    for p in own:
        size = _trials(fw, dist, size, p)
    for i in range(m):
        size = _trials(fw, dist, size, fw[mates + i])
    for i in range(count):
        size = _trials(fw, dist, size, fw[gains + i])
    for p in extra:
        size = _trials(fw, dist, size, p)
    for k in range(tricks + 1):
        out[k] = 0.0
    if size > tricks + 1:
        for k in range(tricks):
            out[k] = fw[dist + k]
        rest = 0.0
        for k in range(tricks, size):
            rest += fw[dist + k]
        out[tricks] = rest
    else:
        for k in range(size):
            out[k] = fw[dist + k]


@_inline
def _largest_first(first: Any, second: Any) -> Any:
    """The places of ``first`` from its largest, ``second`` deciding between equal ones, and
    places equal in both in their order: ``sorted`` by ``(-first, -second)``, a stable sort."""
    n = len(first)
    order = np.empty(n, dtype=np.int64)
    for i in range(n):
        at = i  # after every place before it that comes first or ties
        while at > 0:
            j = order[at - 1]
            if first[i] > first[j] or (first[i] == first[j] and second[i] > second[j]):
                order[at] = j
                at -= 1
            else:
                break
        order[at] = i
    return order


@_inline
def _keep_into(power: Any, hand: Any, own: Any, out: Any) -> None:
    """:meth:`~.handeval.Evaluator.keep` into ``out`` from the hand's chances ``own``: the
    cards with the best chances, the stronger first between equal chances (a stable sort)."""
    n = len(hand)
    strength = np.empty(n, dtype=np.int64)
    for i in range(n):
        strength[i] = power[hand[i]]
    order = _largest_first(own, strength)
    for k in range(len(out)):
        out[k] = hand[order[k]]


@_jit
def _keep(
    eff: Any, power: Any, every: Any, ti: int, ns: int, ruff: Any, hand: Any, unseen: Any, size: int
) -> Any:
    """:meth:`~.handeval.Evaluator.keep`: the ``size`` cards with the best chances, the
    stronger first between equal chances (a stable sort)."""
    if len(hand) <= size:
        return hand.copy()
    out = np.empty(size, dtype=np.int64)
    _keep_into(power, hand, _chances(eff, power, every, ti, ns, ruff, hand, unseen), out)
    return out


@_jit
def _naming(
    eff: Any,
    power: Any,
    every: Any,
    ns: int,
    ruff: Any,
    hand: Any,
    unseen: Any,
    options: Any,
    size: int,
    share: float,
    partner: float,
    tricks: int,
    long: float,
) -> Any:
    """:func:`_keep` and then :func:`_distribution` of the cards kept, for each of ``options``."""
    kept, dists, _ = _naming_alone(
        eff, power, every, ns, ruff, hand, unseen, options, size, share, partner, tricks, long, False
    )
    return kept, dists


@_jit
def _naming_alone(
    eff: Any,
    power: Any,
    every: Any,
    ns: int,
    ruff: Any,
    hand: Any,
    unseen: Any,
    options: Any,
    size: int,
    share: float,
    partner: float,
    tricks: int,
    long: float,
    alone: bool,
) -> Any:
    """:func:`_naming`, and where ``alone`` the distributions of the cards kept without the
    partners too (``share`` 0), of the same chances."""
    m, n, n_faces = len(options), len(hand), eff.shape[1]
    size = min(size, n)
    kept = np.empty((m, size), dtype=np.int64)
    dists = np.empty((m, tricks + 1), dtype=np.float64)
    lone = np.empty((m if alone else 0, tricks + 1), dtype=np.float64)
    none = np.zeros(0, dtype=np.float64)
    iw = _int_scratch(ns, n)
    fw = _float_scratch(n_faces, n, unseen, 0)
    own = np.empty(n, dtype=np.float64)
    mine = np.empty(size, dtype=np.float64)
    for i in range(m):
        ti = options[i]
        e, p, v = eff[ti], power[ti], every[ti]
        if n <= size:
            kept[i] = hand
        else:
            _own(e, p, v, ti, ns, ruff, hand, unseen, own, fw, iw)
            _keep_into(p, hand, own, kept[i])
        k = kept[i]
        _own(e, p, v, ti, ns, ruff, k, unseen, mine, fw, iw)
        _spread(e, p, v, ti, ns, k, unseen, mine, share, partner, 0, none, tricks, long, dists[i], fw, iw)
        if alone:
            _spread(e, p, v, ti, ns, k, unseen, mine, 0.0, partner, 0, none, tricks, long, lone[i], fw, iw)
    return kept, dists, lone


@_jit
def _bidding(
    eff: Any,
    power: Any,
    every: Any,
    ns: int,
    ruff: Any,
    hand: Any,
    unseen: Any,
    options: Any,
    best: int,
    share: float,
    partner: float,
    widow: int,
    alone: bool,
    tricks: int,
    long: float,
) -> Any:
    """The ``best`` first of ``options`` by :func:`_strengths`, the strongest first (a stable
    sort), each with its :func:`_distribution` with the partners' ``share`` and, when
    ``alone``, without it (else the same one again)."""
    m, n = len(options), len(hand)
    iw = _int_scratch(ns, n)
    own = np.empty((m, n), dtype=np.float64)
    fw = _float_scratch(eff.shape[1], n, unseen, 0)
    sums = np.zeros(m, dtype=np.float64)
    for i in range(m):  # each option's chances, kept for its distribution
        ti = options[i]
        _own(eff[ti], power[ti], every[ti], ti, ns, ruff, hand, unseen, own[i], fw, iw)
        total = 0.0
        for p in own[i]:
            total += p
        sums[i] = total
    order = _largest_first(sums, np.zeros(m, dtype=np.int64))
    top = min(best, m)
    chosen = np.empty(top, dtype=np.int64)
    dists = np.empty((top, 2, tricks + 1), dtype=np.float64)
    none = np.zeros(0, dtype=np.float64)
    for i in range(top):
        j = order[i]
        ti = options[j]
        chosen[i] = ti
        e, p, v, mine = eff[ti], power[ti], every[ti], own[j]
        _spread(
            e,
            p,
            v,
            ti,
            ns,
            hand,
            unseen,
            mine,
            share,
            partner,
            widow,
            none,
            tricks,
            long,
            dists[i, 0],
            fw,
            iw,
        )
        if alone:
            _spread(
                e,
                p,
                v,
                ti,
                ns,
                hand,
                unseen,
                mine,
                0.0,
                partner,
                widow,
                none,
                tricks,
                long,
                dists[i, 1],
                fw,
                iw,
            )
        else:
            dists[i, 1] = dists[i, 0]
    return chosen, dists


@_jit
def _ordering(
    eff: Any,
    power: Any,
    every: Any,
    ti: int,
    ns: int,
    ruff: Any,
    hand: Any,
    card: int,
    unseen: Any,
    dealer: int,
    size: int,
    share: float,
    partner: float,
    tricks: int,
    long: float,
) -> Any:
    """The hand with ``card`` :func:`_keep` kept (``dealer`` :data:`~.holdings.I_DEAL`), or
    ``card``'s chance as one more trial (:data:`~.holdings.FRIEND_DEALS`), then
    :func:`_distribution`."""
    extra = np.zeros(0, dtype=np.float64)
    kept = hand
    if dealer == I_DEAL:
        held = np.empty(len(hand) + 1, dtype=np.int64)
        held[: len(hand)] = hand
        held[len(hand)] = card
        kept = _keep(eff, power, every, ti, ns, ruff, held, unseen, size)
    elif dealer == FRIEND_DEALS:
        one = np.empty(1, dtype=np.int64)
        one[0] = card
        extra = _chances(eff, power, every, ti, ns, ruff, one, unseen)
    return kept, _distribution(
        eff, power, every, ti, ns, ruff, kept, unseen, share, partner, 0, extra, tricks, long
    )


# The kernels other compiled code calls (the compiled greedy bot of :mod:`hasenpfeffer.batch`).
card_chances = _chances
strengths = _strengths
distribution = _distribution
naming = _naming
naming_alone = _naming_alone
bidding = _bidding
ordering = _ordering
