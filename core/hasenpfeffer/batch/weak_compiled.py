"""The compiled weak hands (numba), as the Python ``weak-hand`` phase plays them
(:mod:`hasenpfeffer.engine.phases.weakhand`): seats from the dealer's left, each about the
first rule (``deal.weak_hands``) its dealt hand meets; an optional rule is a decision (its
action or pass), one that is not acts at once; a redeal throws the hand in, a swap gives the
cards the rule's first test counts, lowest rank first, for the kitty's hidden cards (one swap
a hand). A rule's row and its tests are laid out in the parameters by :mod:`.tables`. The
phase is :mod:`.step_compiled`'s; here, whether a hand meets a rule (:func:`met`) and the swap
(:func:`swap`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import tables as t

RANK_KINDS = 14
"""Ranks a test may name: ``RANKS``, then the Joker."""


@jitcache.counted
def _count(p: Any, hand: Any, cnt: Any, seat: int, at: int) -> int:
    """``HandCount.count``: the cards of ``seat``'s hand the test at ``at`` counts."""
    mask, ra = p[at + t.T_RANKS], p[t.RANK_AT]
    if p[at + t.T_ONE_RANK]:
        best = 0
        for r in range(RANK_KINDS):
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
        for r in range(RANK_KINDS):
            if (wanted >> r) & 1:
                k = 0
                for i in range(cnt[seat]):
                    k += p[ra + hand[seat, i]] == r
                if k > best:
                    best, top = k, r
        wanted = 1 << top
    places = np.zeros(p[at + t.W_CARDS], dtype=np.int64)
    k = 0
    for r in range(RANK_KINDS):
        if (wanted >> r) & 1:
            for i in range(cnt[seat]):
                if k < places.shape[0] and p[ra + hand[seat, i]] == r:
                    places[k] = i
                    k += 1
    first = 0 if p[t.AUCTION] else 1  # the turned card stays
    for j in range(k):
        i = places[j]
        hand[seat, i], kitty[first + j] = kitty[first + j], hand[seat, i]
