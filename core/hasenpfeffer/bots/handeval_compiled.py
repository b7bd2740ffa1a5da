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

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numba
import numpy as np

from ..rules.ruleset import Ruleset
from .holdings import FRIEND_DEALS, I_DEAL, chance, fair_factor, partner_value, wins_every_trick

F = TypeVar("F", bound=Callable[..., Any])
_jit: Callable[[F], F] = cast(Any, numba.njit(cache=True, nogil=True))


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
        n, options = len(rules.faces), rules.ns + 1
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


@_jit
def _higher(eff: Any, power: Any, counts: Any, suit: int, strength: int) -> int:
    """Copies in ``counts`` of the cards of ``suit`` stronger than ``strength``."""
    total = 0
    for d in range(len(eff)):
        if eff[d] == suit and power[d] > strength:
            total += counts[d]
    return total


@_jit
def _outside(eff: Any, counts: Any, suit: int) -> int:
    total = 0
    for d in range(len(eff)):
        if eff[d] == suit:
            total += counts[d]
    return total


@_jit
def _chances(eff: Any, power: Any, every: Any, ti: int, ns: int, ruff: Any, hand: Any, unseen: Any) -> Any:
    """:meth:`~.handeval.Evaluator._card_chances`: by suit in the order the hand first shows
    them, each suit's cards strongest first (a stable sort), a card's chance kept by its id."""
    n = len(hand)
    trump = ti if ti < ns else -1
    chance = np.zeros(len(eff), dtype=np.float64)
    length = np.zeros(ns + 1, dtype=np.int64)
    for c in hand:
        length[eff[c]] += 1
    low = np.empty(n, dtype=np.int64)
    lows = 0
    done = np.zeros(ns + 1, dtype=np.bool_)
    ordered = np.empty(n, dtype=np.int64)
    for i in range(n):
        suit = eff[hand[i]]
        if done[suit]:
            continue
        done[suit] = True
        m = 0
        for j in range(i, n):
            c = hand[j]
            if eff[c] != suit:
                continue
            at = m  # insert after every card at least as strong: a stable sort, strongest first
            while at > 0 and power[ordered[at - 1]] < power[c]:
                ordered[at] = ordered[at - 1]
                at -= 1
            ordered[at] = c
            m += 1
        outside = _outside(eff, unseen, suit)
        suit_low = 0
        for k in range(m):
            c = ordered[k]
            if every[c]:
                chance[c] = 1.0
                continue
            higher = _higher(eff, power, unseen, suit, power[c])
            p = _chance(suit == trump, trump >= 0, k, m, higher, outside)
            if suit == trump and p < 0.5:
                low[suit_low] = c
                suit_low += 1
            chance[c] = p
        if suit_low:
            lows = suit_low
    if lows:
        ruffs = 0.0
        most = len(ruff) - 1
        for s in range(ns):
            if s != ti:
                ruffs += ruff[min(length[s], most)]
        for i in range(min(lows, int(ruffs + 0.5))):
            c = low[i]
            chance[c] = max(chance[c], 0.55)
    out = np.empty(n, dtype=np.float64)
    for i in range(n):
        out[i] = chance[hand[i]]
    return out


@_jit
def _strengths(
    eff: Any, power: Any, every: Any, ns: int, ruff: Any, hand: Any, unseen: Any, options: Any
) -> Any:
    """The sum of :func:`_chances` (added up in hand order) for each of ``options``."""
    out = np.zeros(len(options), dtype=np.float64)
    for i in range(len(options)):
        ti = options[i]
        total = 0.0
        for p in _chances(eff[ti], power[ti], every[ti], ti, ns, ruff, hand, unseen):
            total += p
        out[i] = total
    return out


@_jit
def _trials(dist: Any, size: int, p: float) -> int:
    """One more independent trial of chance ``p`` on ``dist[:size]``, in place: the new size."""
    p = min(1.0, max(0.0, p))
    q = 1 - p
    dist[size] = dist[size - 1] * p
    for k in range(size - 1, 0, -1):
        dist[k] = dist[k - 1] * p + dist[k] * q
    dist[0] = dist[0] * q
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
    ``extra``, one trial each in that order; capped at ``tricks``."""
    trump = ti if ti < ns else -1
    own = _chances(eff, power, every, ti, ns, ruff, hand, unseen)
    total = 0
    for d in range(len(unseen)):
        total += unseen[d]
    mates = np.zeros(total, dtype=np.float64)  # the partners' chances, in card order
    m = 0
    if share > 0:
        counts = unseen.copy()
        for c in hand:
            counts[c] += 1
        part = min(1.0, share) * partner
        for c in range(len(unseen)):
            if unseen[c]:
                v = _partner_value(eff[c] == trump, _higher(eff, power, counts, eff[c], power[c]))
                if v:
                    for _ in range(unseen[c]):
                        mates[m] = part * v
                        m += 1
    gains = _widow_gains(eff, power, every, trump, ns, hand, unseen, own, widow, total)
    if long and m:
        mine = 0.0
        for p in own:
            mine += p
        for p in gains:
            mine += p
        for p in extra:
            mine += p
        theirs = 0.0
        for i in range(m):
            theirs += mates[i]
        factor = _fair_factor(theirs, mine, share, tricks, long)
        for i in range(m):
            mates[i] = min(1.0, mates[i] * factor)
    dist = np.zeros(len(hand) + m + len(gains) + len(extra) + 2, dtype=np.float64)
    dist[0] = 1.0
    size = 1
    for p in own:
        size = _trials(dist, size, p)
    for i in range(m):
        size = _trials(dist, size, mates[i])
    for p in gains:
        size = _trials(dist, size, p)
    for p in extra:
        size = _trials(dist, size, p)
    out = np.zeros(tricks + 1, dtype=np.float64)
    if size > tricks + 1:
        for k in range(tricks):
            out[k] = dist[k]
        rest = 0.0
        for k in range(tricks, size):
            rest += dist[k]
        out[tricks] = rest
    else:
        for k in range(size):
            out[k] = dist[k]
    return out


@_jit
def _widow_gains(
    eff: Any,
    power: Any,
    every: Any,
    trump: int,
    ns: int,
    hand: Any,
    unseen: Any,
    own: Any,
    widow: int,
    total: int,
) -> Any:
    """:meth:`~.handeval.Evaluator.widow_chances`: for each of the ``widow`` weakest of the
    hand's chances ``own``, what a card taken from the unseen may add (none without a widow)."""
    if widow <= 0 or total <= 0:
        return np.zeros(0, dtype=np.float64)
    weakest = np.sort(own)
    held = np.zeros(ns + 1, dtype=np.int64)
    for c in hand:
        held[eff[c]] += 1
    outside = np.zeros(ns + 1, dtype=np.int64)  # unseen cards by suit: _outside of each
    for d in range(len(unseen)):
        outside[eff[d]] += unseen[d]
    value = np.zeros(len(unseen), dtype=np.float64)
    for c in range(len(unseen)):
        if not unseen[c]:
            continue
        if every[c]:
            value[c] = 1.0
            continue
        suit = eff[c]
        k = 0
        for d in hand:
            if eff[d] == suit and power[d] > power[c]:
                k += 1
        higher = _higher(eff, power, unseen, suit, power[c])
        value[c] = _chance(suit == trump, trump >= 0, k, held[suit] + 1, higher, outside[suit] - 1)
    count = min(widow, len(weakest))
    gains = np.zeros(count, dtype=np.float64)
    for i in range(count):
        w = weakest[i]
        gain = 0.0
        for c in range(len(unseen)):
            if unseen[c]:
                gain += max(0.0, value[c] - w) * unseen[c]
        gains[i] = gain / total
    return gains


@_jit
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


@_jit
def _keep(
    eff: Any, power: Any, every: Any, ti: int, ns: int, ruff: Any, hand: Any, unseen: Any, size: int
) -> Any:
    """:meth:`~.handeval.Evaluator.keep`: the ``size`` cards with the best chances, the
    stronger first between equal chances (a stable sort)."""
    n = len(hand)
    if n <= size:
        return hand.copy()
    strength = np.empty(n, dtype=np.int64)
    for i in range(n):
        strength[i] = power[hand[i]]
    order = _largest_first(_chances(eff, power, every, ti, ns, ruff, hand, unseen), strength)
    out = np.empty(size, dtype=np.int64)
    for k in range(size):
        out[k] = hand[order[k]]
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
    m = len(options)
    kept = np.empty((m, min(size, len(hand))), dtype=np.int64)
    dists = np.empty((m, tricks + 1), dtype=np.float64)
    none = np.zeros(0, dtype=np.float64)
    for i in range(m):
        ti = options[i]
        k = _keep(eff[ti], power[ti], every[ti], ti, ns, ruff, hand, unseen, size)
        kept[i] = k
        dists[i] = _distribution(
            eff[ti], power[ti], every[ti], ti, ns, ruff, k, unseen, share, partner, 0, none, tricks, long
        )
    return kept, dists


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
    m = len(options)
    order = _largest_first(
        _strengths(eff, power, every, ns, ruff, hand, unseen, options), np.zeros(m, dtype=np.int64)
    )
    top = min(best, m)
    chosen = np.empty(top, dtype=np.int64)
    dists = np.empty((top, 2, tricks + 1), dtype=np.float64)
    none = np.zeros(0, dtype=np.float64)
    for i in range(top):
        ti = options[order[i]]
        chosen[i] = ti
        e, p, v = eff[ti], power[ti], every[ti]
        dists[i, 0] = _distribution(
            e, p, v, ti, ns, ruff, hand, unseen, share, partner, widow, none, tricks, long
        )
        if alone:
            dists[i, 1] = _distribution(
                e, p, v, ti, ns, ruff, hand, unseen, 0.0, partner, widow, none, tricks, long
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
bidding = _bidding
ordering = _ordering
