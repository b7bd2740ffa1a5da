"""Taking a partner's contract alone in compiled code (numba), as
:mod:`hasenpfeffer.engine.phases.takeover` plays it (``making.order_up.take_over``): when trump is
made in order-up or naming trump, each partner of the maker yet to speak in that round is asked
in turn to take it alone or pass; the phase stays open (the maker set) until the contract
stands."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from .base_compiled import made, may_make, side_of
from .layout import PV_OUT, S_ALONE, S_DEALER, S_MAKER, S_SEAT


@jitcache.bare
def taker(p: Any, g: int, s: Any, after: int) -> int:
    """The next partner of the maker after seat ``after`` who has yet to speak in this round (up
    to the dealer) and may make trump; -1 for none (also where the variant has no such rule)."""
    maker = s[g, S_MAKER]
    if not p[t.TAKE_OVER] or maker < 0:
        return -1
    q, n, dealer = after, p[t.N], s[g, S_DEALER]
    while q != dealer:
        q = (q + 1) % n
        if q != maker and side_of(p, q) == side_of(p, maker) and may_make(p, g, s, q):
            return int(q)
    return -1


@jitcache.bare
def offer(p: Any, g: int, s: Any, seat: int) -> bool:
    """Trump just made by ``seat``: its first partner yet to speak is asked (True), or none is."""
    q = taker(p, g, s, seat)
    if q < 0:
        return False
    s[g, S_SEAT] = q
    return True


@jitcache.bare
def choices(p: Any, alone_id: int, row: Any) -> int:
    """The asked partner's answers into ``row``: take it alone (``alone_id``), or pass."""
    row[0], row[1] = alone_id, p[t.PASS_ID]
    return 2


@jitcache.bare
def answer(p: Any, g: int, s: Any, pv: Any, x: int) -> bool:
    """The asked partner's answer ``x``: alone, it is the maker alone (the first maker and the
    others sitting out); a pass asks the next partner yet to speak. True once the contract
    stands."""
    seat = s[g, S_SEAT]
    if x == p[t.PASS_ID]:
        return not offer(p, g, s, seat)
    pv[g, PV_OUT, :] = 0
    s[g, S_ALONE] = 1
    made(p, g, s, pv, seat, False)
    return True
