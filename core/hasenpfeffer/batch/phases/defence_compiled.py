"""Lone defence in compiled code (numba), as the Python ``defence`` phase plays it
(:mod:`hasenpfeffer.engine.phases.defence`): against a lone maker (or any maker, where the
variant says so), each defender in turn from the maker's (or the dealer's) left may go alone
too; a lone defender's partners sit out, and where a lone defender exchanges, the exchange
follows (:mod:`.exchange_compiled`)."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from . import exchange_compiled as exchange
from .base_compiled import or_pass, sit_out
from .layout import DEFENCE, LEAVE, S_ALONE, S_DEALER, S_DEF_ALONE, S_DEFJ, S_MAKER, S_PHASE, S_SEAT


@jitcache.bare
def offer(p: Any, g: int, s: Any, j0: int) -> bool:
    """Offer lone defence to the ``j0``-th seat from the first asked on (the maker's side
    skipped): whether one is to answer."""
    n, maker = p[t.N], s[g, S_MAKER]
    first = s[g, S_DEALER] if p[t.LD_DEALER] else maker
    for j in range(j0, n + 1):
        q = (first + j) % n
        if q % p[t.SIDES] != maker % p[t.SIDES]:
            s[g, S_PHASE], s[g, S_SEAT], s[g, S_DEFJ] = DEFENCE, q, j
            return True
    return False


@jitcache.inline
def enter(p: Any, g: int, s: Any) -> bool:
    """Wanted where the variant has lone defence against this maker, and nobody defends alone yet."""
    if not (p[t.LONE_DEF] and s[g, S_MAKER] >= 0 and (s[g, S_ALONE] == 1 or p[t.LD_ANY]) and p[t.N] > 2):
        return False
    return s[g, S_DEF_ALONE] < 0 and offer(p, g, s, 1)


@jitcache.inline
def legal(p: Any, row: Any) -> int:
    """Go alone, or pass."""
    return or_pass(p, p[t.ALONE_ID], row)


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, pv: Any) -> int:
    """A defender goes alone (the partners sit out; the exchange where a lone defender
    exchanges), or passes and the next is asked."""
    seat = s[g, S_SEAT]
    if x == p[t.ALONE_ID]:
        s[g, S_DEF_ALONE] = seat
        sit_out(p, g, pv, seat)
        if p[t.EX_DEF]:
            exchange.start(p, g, s, seat, 1)
            return 0
        return LEAVE
    return 0 if offer(p, g, s, s[g, S_DEFJ] + 1) else LEAVE
