"""The weak-hand phase in compiled code (numba), as the Python ``weak-hand`` phase plays it
(:mod:`hasenpfeffer.engine.phases.weakhand`): seats from the dealer's left, each about the
first rule (``deal.weak_hands``) its dealt hand meets; an optional rule is a decision (its
action or pass), one that is not acts at once; a redeal throws the hand in, a swap gives the
cards the rule's first test counts, lowest rank first, for the kitty's hidden cards (one swap
a hand). A rule's row and its tests are laid out in the parameters by :mod:`..tables`."""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import jitcache
from .. import tables as t
from ..decide_compiled import sort_ids
from .base_compiled import or_pass
from .layout import LEAVE, S_DEALER, S_PHASE, S_REDEAL_RULE, S_SEAT, S_SWAP_RULE, S_WK, S_WRULE, WEAK


@jitcache.counted
def _count(p: Any, hand: Any, cnt: Any, seat: int, at: int) -> int:
    """``HandCount.count``: the cards of ``seat``'s hand the test at ``at`` counts."""
    mask, ra = p[at + t.T_RANKS], p[t.RANK_AT]
    if p[at + t.T_ONE_RANK]:
        best = 0
        for r in range(t.RANK_KINDS):
            if (mask >> r) & 1:
                k = 0
                for i in range(cnt[seat]):
                    k += p[ra + hand[seat, i]] == r
                best = max(best, k)
        return best
    k = 0
    for i in range(cnt[seat]):
        k += (mask >> p[ra + hand[seat, i]]) & 1
    return k


@jitcache.counted
def met(p: Any, hand: Any, cnt: Any, seat: int, w: int) -> bool:
    """``WeakHand.met_by``: whether ``seat``'s hand passes every test of rule ``w``."""
    at = p[t.WEAK_AT] + w * t.W_WIDTH
    for j in range(p[at + t.W_TESTS]):
        ta = at + t.W_TEST0 + j * t.T_WIDTH
        k = _count(p, hand, cnt, seat, ta)
        least = cnt[seat] if p[ta + t.T_LEAST] < 0 else p[ta + t.T_LEAST]
        if k < least or (p[ta + t.T_MOST] >= 0 and k > p[ta + t.T_MOST]):
            return False
    return True


@jitcache.counted
def swap(p: Any, hand: Any, cnt: Any, seat: int, w: int, kitty: Any) -> None:
    """``WeakHand.given``: swap the cards the first test counts (the one rank held most where it
    counts one rank; lowest rank first, then as held) for the kitty's hidden cards."""
    at = p[t.WEAK_AT] + w * t.W_WIDTH
    ta, ra = at + t.W_TEST0, p[t.RANK_AT]
    wanted = p[ta + t.T_RANKS]
    if p[ta + t.T_ONE_RANK]:
        best, top = -1, 0
        for r in range(t.RANK_KINDS):
            if (wanted >> r) & 1:
                k = 0
                for i in range(cnt[seat]):
                    k += p[ra + hand[seat, i]] == r
                if k > best:
                    best, top = k, r
        wanted = 1 << top
    places = np.zeros(p[at + t.W_CARDS], dtype=np.int64)
    k = 0
    for r in range(t.RANK_KINDS):
        if (wanted >> r) & 1:
            for i in range(cnt[seat]):
                if k < places.shape[0] and p[ra + hand[seat, i]] == r:
                    places[k] = i
                    k += 1
    first = 0 if p[t.AUCTION] else 1  # the turned card stays
    for j in range(k):
        i = places[j]
        hand[seat, i], kitty[first + j] = kitty[first + j], hand[seat, i]


@jitcache.bare
def act(p: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any, seat: int, w: int) -> int:
    """Rule ``w`` acts for ``seat``: a redeal throws the hand in (3: by the same dealer, 4: by the
    next), a swap gives the counted cards for the kitty's hidden ones (0)."""
    at = p[t.WEAK_AT] + w * t.W_WIDTH
    if p[at + t.W_SWAP] != 1:
        s[g, S_REDEAL_RULE] = w + 1
        return 3 if p[at + t.W_SAME] else 4
    sort_ids(hand[g, seat], cnt[g, seat])  # as held, in the Python engine's order: by card id
    swap(p, hand[g], cnt[g], seat, w, kitty[g])
    s[g, S_SWAP_RULE] = w + 1
    return 0


@jitcache.bare
def ask(p: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any, k0: int) -> int:
    """Ask the seats from the ``k0``-th from the dealer's left about the first weak-hand rule
    each hand meets: an optional rule waits for the seat's decision (0), one that is not acts at
    once; :data:`.layout.LEAVE` when none is left, or how the hand is thrown in (:func:`act`)."""
    n, dealer = p[t.N], s[g, S_DEALER]
    for k in range(k0, n + 1):
        seat = (dealer + k) % n
        w = -1
        for i in range(p[t.WEAK_N]):
            if met(p, hand[g], cnt[g], seat, i):
                w = i
                break
        if w < 0:
            continue
        at = p[t.WEAK_AT] + w * t.W_WIDTH
        if p[at + t.W_SWAP] == 1 and s[g, S_SWAP_RULE] > 0:
            continue  # one swap a hand
        if p[at + t.W_OPTIONAL]:
            s[g, S_PHASE], s[g, S_SEAT], s[g, S_WK], s[g, S_WRULE] = WEAK, seat, k, w
            return 0
        how = act(p, g, s, hand, cnt, kitty, seat, w)
        if how:
            return how
    return LEAVE


@jitcache.inline
def enter(p: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any) -> int:
    """The dealt hands are asked about, where the variant has weak-hand rules (:func:`ask`)."""
    if p[t.WEAK_N] == 0:
        return LEAVE
    return ask(p, g, s, hand, cnt, kitty, 1)


@jitcache.inline
def legal(p: Any, g: int, s: Any, row: Any) -> int:
    """The rule's action (a swap or a redeal) or pass."""
    swaps = p[p[t.WEAK_AT] + s[g, S_WRULE] * t.W_WIDTH + t.W_SWAP] == 1
    return or_pass(p, p[t.SWAP_ID] if swaps else p[t.REDEAL_ID], row)


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, kitty: Any) -> int:
    """The seat takes the rule's action or passes; the next seats are asked."""
    if x != p[t.PASS_ID]:
        how = act(p, g, s, hand, cnt, kitty, s[g, S_SEAT], s[g, S_WRULE])
        if how:
            return how
    return ask(p, g, s, hand, cnt, kitty, s[g, S_WK] + 1)
