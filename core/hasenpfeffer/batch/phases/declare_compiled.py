"""Declarations that end the hand in compiled code (numba), as the Python ``declare`` phase
plays them (:mod:`hasenpfeffer.engine.phases.declare`): before the first lead, each seat in play
from the dealer's left is asked about the first set (``scoring.declarations``) its hand holds;
a set declared ends the hand, scored to its holder's side (:mod:`.scoring_compiled`)."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from .base_compiled import or_pass
from .layout import DECLARE, LEAVE, PV_OUT, S_DEALER, S_DK, S_DSET, S_PHASE, S_SEAT, S_TI


@jitcache.bare
def offer(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any, k0: int) -> bool:
    """Ask the seats in play from the ``k0``-th from the dealer's left, each about the first set
    its hand holds: whether one is to answer."""
    n, width, ti = p[t.N], p[t.OPTIONS] + 1, s[g, S_TI]
    for k in range(k0, n + 1):
        seat = (s[g, S_DEALER] + k) % n
        if pv[g, PV_OUT, seat]:
            continue
        held = 0
        for i in range(cnt[g, seat]):
            held |= 1 << hand[g, seat, i]
        for d in range(p[t.DECL_N]):
            want = p[p[t.DECL_AT] + d * width + 1 + ti]
            if want >= 0 and (held & want) == want:
                s[g, S_PHASE], s[g, S_SEAT], s[g, S_DK], s[g, S_DSET] = DECLARE, seat, k, d
                return True
    return False


@jitcache.inline
def enter(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> bool:
    """Wanted where the variant has declarations and a seat in play holds one."""
    return p[t.DECL_N] > 0 and offer(p, g, s, hand, cnt, pv, 1)


@jitcache.inline
def legal(p: Any, g: int, s: Any, row: Any) -> int:
    """Declare the set held, or pass."""
    return or_pass(p, p[t.DECLARE_BASE] + s[g, S_DSET], row)


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """A set declared ends the hand (5), made by its holder; a pass asks the next seat."""
    if x != p[t.PASS_ID]:
        return 5
    return 0 if offer(p, g, s, hand, cnt, pv, s[g, S_DK] + 1) else LEAVE
