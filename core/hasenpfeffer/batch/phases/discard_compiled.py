"""The discard in compiled code (numba), as the Python ``discard`` phase plays it
(:mod:`hasenpfeffer.engine.phases.discard`): the seat that took the turned card or the widow
lays away as many cards as it took, one at a time; with ``deal.dummies.play: merged``, each
dummy is first taken into its taker's hand (the maker's, or its side's player's), who lays away
as many cards, the takers after that seat in the order of their dummies' seats."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from ..decide_compiled import distinct, remove
from .base_compiled import seat_row
from .layout import (
    DISCARD,
    LEAVE,
    PV_OUT,
    PV_OWED,
    S_ALONE,
    S_DEALER,
    S_DISCARDER,
    S_DISCARDS,
    S_MAKER,
    S_PHASE,
    S_SEAT,
    S_TURNED,
)


@jitcache.inline
def taker(p: Any, g: int, s: Any, q: int) -> int:
    """Who takes seat ``q`` into hand as a dummy this hand (-1: nobody; none without a maker, nor
    the maker's dummy where the maker goes alone)."""
    by, maker = seat_row(p, q, t.SEAT_TAKER), s[g, S_MAKER]
    if by == -2 or maker < 0:
        return -1
    if by == -1:
        by = maker
    if by == q or (s[g, S_ALONE] == 1 and by == maker):
        return -1
    return int(by)


@jitcache.bare
def take_dummies(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> None:
    """Each dummy taken into its taker's hand, which then owes as many cards (``PV_OWED``), after
    the cards the first discarder took (``S_DISCARDER``, -1 where it took none); the dummy's
    seat sits out."""
    if s[g, S_DISCARDS] > 0:
        pv[g, PV_OWED, s[g, S_DISCARDER]] = s[g, S_DISCARDS]
    else:  # nothing of its own to lay away: the takers go in the order of their dummies
        s[g, S_DISCARDER] = -1
    for q in range(p[t.N]):
        by = taker(p, g, s, q)
        if by < 0:
            continue
        for j in range(cnt[g, q]):
            hand[g, by, cnt[g, by]] = hand[g, q, j]
            cnt[g, by] += 1
        pv[g, PV_OWED, by] += cnt[g, q]
        cnt[g, q] = 0
        pv[g, PV_OUT, q] = 1


@jitcache.bare
def next_owed(p: Any, g: int, s: Any, pv: Any) -> bool:
    """The next seat that owes discards after taking a dummy: the first discarder, then the
    takers in the order of their dummies' seats; whether one is to lay away."""
    seat = s[g, S_DISCARDER]
    if seat < 0 or pv[g, PV_OWED, seat] <= 0:
        seat = -1
        for q in range(p[t.N]):
            by = taker(p, g, s, q)
            if by >= 0 and pv[g, PV_OWED, by] > 0:
                seat = by
                break
        if seat < 0:
            return False
    s[g, S_PHASE], s[g, S_SEAT], s[g, S_DISCARDS] = DISCARD, seat, pv[g, PV_OWED, seat]
    return True


@jitcache.inline
def enter(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> bool:
    """Wanted where a seat took cards (the turned card, the widow, a dummy) to lay away."""
    if p[t.DUMMIES]:
        take_dummies(p, g, s, hand, cnt, pv)
        return next_owed(p, g, s, pv)
    if s[g, S_DISCARDS] <= 0:
        return False
    s[g, S_PHASE], s[g, S_SEAT] = DISCARD, s[g, S_DISCARDER]
    return True


@jitcache.inline
def legal(p: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """Any card held, one id for each distinct card; not the turned card the dealer took where
    the dealer keeps it (``KEEP_TURNED``: a pack of one copy of each card)."""
    seat, m = s[g, S_SEAT], 0
    kept = s[g, S_TURNED] if p[t.KEEP_TURNED] and seat == s[g, S_DEALER] else -1
    for i in range(cnt[g, seat]):
        if hand[g, seat, i] != kept:
            row[m] = hand[g, seat, i] + p[t.DISCARD_BASE]
            m += 1
    return distinct(p, row, m)


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """The card laid away; when the seat has laid away what it took, the next seat that owes
    discards, or the phase is over."""
    remove(hand[g], cnt[g], s[g, S_SEAT], x - p[t.DISCARD_BASE])
    s[g, S_DISCARDS] -= 1
    if s[g, S_DISCARDS] > 0:
        return 0
    if p[t.DUMMIES]:
        pv[g, PV_OWED, s[g, S_SEAT]] = 0
        if next_owed(p, g, s, pv):
            return 0
    return LEAVE
