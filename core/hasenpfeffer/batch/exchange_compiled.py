"""The compiled exchange (numba), as the Python ``exchange`` phase plays it
(:mod:`hasenpfeffer.engine.phases.exchange`): each partner of a lone player (from the lone
player's left) gives ``alone.exchange.cards`` cards, one at a time (only the highest in the
trump order where ``best``), then the lone player gives as many back to each. The phase is
:mod:`.step_compiled`'s; here, the cards a seat may give (:func:`gifts`)."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from . import tables as t


@jitcache.bare
def gifts(p: Any, giver: int, best: bool, ti: int, hand: Any, cnt: Any, legal: Any) -> int:
    """List into ``legal`` the ids of the cards ``giver`` may give (only the highest in trump
    option ``ti``'s order, where ``best``), as held; how many."""
    power, top, k = p[t.POWER_AT] + ti * p[t.C], -(1 << 60), 0
    for i in range(cnt[giver]):
        c = hand[giver, i]
        if best and p[power + c] < top:
            continue
        if best and p[power + c] > top:
            top, k = p[power + c], 0
        legal[k] = c + p[t.GIVE_BASE]
        k += 1
    return k
