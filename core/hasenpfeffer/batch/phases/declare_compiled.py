"""Declarations that end the hand in compiled code (numba), as the Python ``declare`` phase
plays them (:mod:`hasenpfeffer.engine.phases.declare`): before the first lead, each seat in play
from the dealer's left is asked about the first set (``scoring.declarations``) its hand holds,
once a set is declared only the seats holding a higher one; the highest set declared ends the
hand, scored to its holder's side (:mod:`.scoring_compiled`)."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from .base_compiled import or_pass
from .layout import DECLARE, LEAVE, PV_OUT, S_DBEST, S_DEALER, S_DHOLD, S_DK, S_DSET, S_PHASE, S_SEAT, S_TI

KEY_BITS = 24
"""A set's place in the list, above the ranks of its groups (four bits a group)."""


@jitcache.bare
def _ranks_key(p: Any, g: int, hand: Any, cnt: Any, seat: int, row: int) -> int:
    """``ranks_held``: the ranks of the groups of the pattern at ``row`` that ``seat``'s hand
    holds, highest first, four bits each (-1: it holds none)."""
    used, key, ra = 0, 0, p[t.RANK_AT]
    for j in range(t.DC_GROUPS):
        size = p[row + t.DC_GROUP0 + j]
        if size == 0:
            break
        r = t.RANK_KINDS - 2  # the highest rank not used with enough cards (a Joker's is not one)
        while r >= 0:
            if not (used >> r) & 1:
                k = 0
                for i in range(cnt[g, seat]):
                    k += p[ra + hand[g, seat, i]] == r
                if k >= size:
                    break
            r -= 1
        if r < 0:
            return -1
        used |= 1 << r
        key = key * 16 + r
    return key


@jitcache.bare
def strength(p: Any, g: int, s: Any, hand: Any, cnt: Any, seat: int) -> tuple[int, int]:
    """The first set ``seat``'s hand holds and how high it stands (``strength``: a set listed
    earlier, then the higher ranks of one pattern), or (-1, 0)."""
    sets, width, ti = p[t.DECL_N], p[t.DECL_W], s[g, S_TI]
    held = 0
    for i in range(cnt[g, seat]):
        held |= 1 << hand[g, seat, i]
    for d in range(sets):
        row = p[t.DECL_AT] + d * width
        if p[row + t.DC_RANKS]:
            key = _ranks_key(p, g, hand, cnt, seat, row)
            if key >= 0:
                return d, ((sets - d) << KEY_BITS) | key
        else:
            want = p[row + t.DC_MASK0 + ti]
            if want >= 0 and (held & want) == want:
                return d, (sets - d) << KEY_BITS
    return -1, 0


@jitcache.bare
def offer(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any, k0: int) -> bool:
    """Ask the seats in play from the ``k0``-th from the dealer's left, each about the first set
    its hand holds where it stands above the highest declared: whether one is to answer."""
    n = p[t.N]
    for k in range(k0, n + 1):
        seat = (s[g, S_DEALER] + k) % n
        if pv[g, PV_OUT, seat]:
            continue
        d, high = strength(p, g, s, hand, cnt, seat)
        if d >= 0 and high > s[g, S_DBEST]:
            s[g, S_PHASE], s[g, S_SEAT], s[g, S_DK], s[g, S_DSET] = DECLARE, seat, k, d
            return True
    return False


@jitcache.inline
def enter(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> bool:
    """Wanted where the variant has declarations and a seat in play holds one."""
    s[g, S_DBEST], s[g, S_DHOLD] = 0, 0
    return p[t.DECL_N] > 0 and offer(p, g, s, hand, cnt, pv, 1)


@jitcache.inline
def legal(p: Any, g: int, s: Any, row: Any) -> int:
    """Declare the set held, or pass."""
    return or_pass(p, p[t.DECLARE_BASE] + s[g, S_DSET], row)


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """A set declared stands until a higher one is; once no seat after holds a higher set, the
    highest declared ends the hand (5), made by its holder; with none, the phase is over."""
    if x != p[t.PASS_ID]:
        s[g, S_DBEST] = strength(p, g, s, hand, cnt, s[g, S_SEAT])[1]
        s[g, S_DHOLD] = s[g, S_SEAT] + 1
    if offer(p, g, s, hand, cnt, pv, s[g, S_DK] + 1):
        return 0
    if s[g, S_DHOLD] == 0:
        return LEAVE
    s[g, S_SEAT], s[g, S_DSET] = s[g, S_DHOLD] - 1, p[t.DECL_N] - (s[g, S_DBEST] >> KEY_BITS)
    return 5
