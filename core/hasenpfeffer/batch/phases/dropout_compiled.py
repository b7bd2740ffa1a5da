"""Dropping out in compiled code (numba), as the Python ``drop-out`` phase plays it
(:mod:`hasenpfeffer.engine.phases.dropout`): once trump is made by a maker (and the dealer has
discarded), each seat other than the maker, from the maker's left, stays in (``pass``) or drops
out (``drop``) for the hand and sits out; nobody where the turned card made trump at once,
unless ``alone.drop_out.when_turned_trump``. A greedy seat's choice is the bots'
(:mod:`hasenpfeffer.batch.drop_compiled`)."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from .base_compiled import or_pass
from .layout import DROP, LEAVE, PV_OUT, S_BY_TURN, S_DROPK, S_DROPPED, S_MAKER, S_PHASE, S_SEAT


@jitcache.bare
def offer(p: Any, g: int, s: Any, pv: Any, k0: int) -> bool:
    """Ask the seats in play but the maker, from the ``k0``-th from the maker's left, to drop out
    or stay in: whether one is to answer."""
    n, maker = p[t.N], s[g, S_MAKER]
    for k in range(k0, n):
        q = (maker + k) % n
        if not pv[g, PV_OUT, q]:
            s[g, S_PHASE], s[g, S_SEAT], s[g, S_DROPK] = DROP, q, k
            return True
    return False


@jitcache.inline
def enter(p: Any, g: int, s: Any, pv: Any) -> bool:
    """Wanted where the variant lets players drop out, trump has a maker, and it was not made by
    the turned card at once (unless the variant says so)."""
    drops = p[t.DROP_ID] >= 0 and s[g, S_MAKER] >= 0 and (not s[g, S_BY_TURN] or p[t.DROP_TT])
    return drops and offer(p, g, s, pv, 1)


@jitcache.inline
def legal(p: Any, row: Any) -> int:
    """Drop out, or stay in (pass)."""
    return or_pass(p, p[t.DROP_ID], row)


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, pv: Any) -> int:
    """The seat drops out (and sits out) or stays; the next is asked."""
    seat = s[g, S_SEAT]
    if x == p[t.DROP_ID]:
        pv[g, PV_OUT, seat] = 1
        s[g, S_DROPPED] |= 1 << seat
    return 0 if offer(p, g, s, pv, s[g, S_DROPK] + 1) else LEAVE
