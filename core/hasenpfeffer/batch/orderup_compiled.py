"""The legal ids of order-up and of naming trump in compiled code (numba), as the Python
``orderup`` and ``nametrump`` phases give them (:mod:`hasenpfeffer.engine.phases.orderup`,
:mod:`hasenpfeffer.engine.phases.nametrump`), for the stepped kernel."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from . import tables as t


@jitcache.bare
def order_ups(p: Any, partner_alone: bool, may_alone: bool, stuck_now: bool, legal: Any, k: int) -> int:
    """List from ``legal[k]`` the answers to a turned card: order it up (not where the dealer's
    partner must go alone), alone where allowed, and the pass unless the dealer is stuck now
    (or nothing else is open); the new count."""
    first = k
    if not partner_alone or not may_alone:
        legal[k] = p[t.ORDER_BASE]
        k += 1
    if may_alone:
        legal[k] = p[t.ORDER_BASE] + 1
        k += 1
    if not stuck_now or k == first:
        legal[k] = p[t.PASS_ID]
        k += 1
    return k


@jitcache.bare
def trump_names(
    p: Any, trump_ids: Any, turned: int, stuck_now: bool, may_alone: bool, legal: Any, k: int
) -> int:
    """List from ``legal[k]`` the trumps a player may name after the turned card (``turned``) is
    refused, each alone too where allowed, and the pass where it is open; the new count."""
    ns = p[t.NS]
    barred = turned if p[t.BARRED] and not (stuck_now and p[t.STUCK_TS]) else -1
    last = ns + 1 if p[t.NO_TRUMP] or (stuck_now and p[t.STUCK_NT]) else ns
    for o in range(last):
        if o != barred:
            legal[k] = trump_ids[o, 0]
            k += 1
            if may_alone:
                legal[k] = trump_ids[o, 1]
                k += 1
    if not stuck_now or k == 0:
        legal[k] = p[t.PASS_ID]
        k += 1
    return k
