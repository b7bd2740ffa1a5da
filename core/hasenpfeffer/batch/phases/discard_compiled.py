"""The discard in compiled code (numba), as the Python ``discard`` phase plays it
(:mod:`hasenpfeffer.engine.phases.discard`): the seat that took the turned card or the widow
lays away as many cards as it took, one at a time."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from ..decide_compiled import distinct, remove
from .layout import DISCARD, LEAVE, S_DISCARDER, S_DISCARDS, S_PHASE, S_SEAT


@jitcache.inline
def enter(p: Any, g: int, s: Any) -> bool:
    """Wanted where a seat took cards (the turned card, the widow) to lay away."""
    if s[g, S_DISCARDS] <= 0:
        return False
    s[g, S_PHASE], s[g, S_SEAT] = DISCARD, s[g, S_DISCARDER]
    return True


@jitcache.inline
def legal(p: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """Any card held, one id for each distinct card."""
    seat = s[g, S_SEAT]
    for i in range(cnt[g, seat]):
        row[i] = hand[g, seat, i] + p[t.DISCARD_BASE]
    return distinct(p, row, cnt[g, seat])


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any) -> int:
    """The card laid away; the phase is over when the seat has laid away what it took."""
    remove(hand[g], cnt[g], s[g, S_SEAT], x - p[t.DISCARD_BASE])
    s[g, S_DISCARDS] -= 1
    return LEAVE if s[g, S_DISCARDS] == 0 else 0
