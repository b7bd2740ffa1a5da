"""The compiled kernel's declarations (numba), as the Python ``declare`` phase plays them
(:mod:`hasenpfeffer.engine.phases.declare`): once trump is made and before the first lead, the
seats in play from the dealer's left, each about the first set (``scoring.declarations``, the
highest trumps) its hand holds, declare it or pass; a declared set ends the hand (the only
kind covered: :mod:`.coverage`), made by its holder without a trick played. A set's row is laid
out in the parameters by :mod:`.tables`."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from . import tables as t
from .decide_compiled import decide, write


@jitcache.counted
def declare(p: Any, dealer: int, ti: int, hand: Any, cnt: Any, out: Any, st: Any, legal: Any, acts: Any,
             ctr: Any, lcnt: Any, lbuf: Any, record: bool, debug: bool, pol: Any) -> tuple[int, int]:  # fmt: skip
    """Ask each seat in play holding a set at trump option ``ti``; the seat and the set declared
    (their places), or ``(-1, -1)`` when every holder passes. A seat whose ``pol`` is 1 (the
    greedy bot) declares: a set shown scores more than the hand could make by play."""
    n, width = p[t.N], p[t.NS] + 2
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        if out[seat]:
            continue
        held = 0
        for i in range(cnt[seat]):
            held |= 1 << hand[seat, i]
        for d in range(p[t.DECL_N]):
            want = p[p[t.DECL_AT] + d * width + 1 + ti]
            if want >= 0 and (held & want) == want:
                legal[0], legal[1] = p[t.DECLARE_BASE] + d, p[t.PASS_ID]
                if pol is not None and pol[seat]:
                    x = write(legal[0], legal, 2, acts, ctr, lcnt, lbuf, record, debug)
                else:
                    x = decide(st, seat, legal, 2, acts, ctr, lcnt, lbuf, record, debug)
                if x != p[t.PASS_ID]:
                    return seat, d
                break
    return -1, -1
