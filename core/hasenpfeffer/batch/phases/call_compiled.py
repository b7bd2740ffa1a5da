"""Calling a partner in compiled code (numba), as the Python ``call`` phase plays it
(:mod:`hasenpfeffer.engine.phases.call`): once trump is made and any discard laid away, the
maker calls a card (``making.call.cards``: any, a plain card, or the best trump it lacks; its
own where ``own``), or none where ``alone``; whoever else holds the card is the partner for
the hand, shown to all when it plays the card (:mod:`.play_compiled`)."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from ..decide_compiled import holds
from .layout import (
    CALL,
    LEAVE,
    S_CALLED,
    S_LONE_CONTRACT,
    S_MAKER,
    S_PARTNER,
    S_PHASE,
    S_SEAT,
    S_SHOWN_PARTNER,
    S_TI,
)


@jitcache.inline
def enter(p: Any, g: int, s: Any) -> bool:
    """Wanted where partners are called and a maker made trump on a contract not played alone:
    the maker calls."""
    if p[t.CALL_BASE] < 0 or s[g, S_MAKER] < 0 or s[g, S_TI] < 0 or s[g, S_LONE_CONTRACT]:
        return False
    s[g, S_PHASE], s[g, S_SEAT] = CALL, s[g, S_MAKER]
    return True


@jitcache.bare
def known_partner(g: int, s: Any, seat: int) -> int:
    """Game ``g``'s called partner as ``seat`` knows it (``View.partner``): itself where it
    holds the called card, else the seat that played it; -1 while unknown (or none)."""
    partner = s[g, S_PARTNER]
    if partner >= 0 and (s[g, S_SHOWN_PARTNER] or seat == partner):
        return int(partner)
    return -1


@jitcache.inline
def legal(p: Any, eff: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """``callable_cards`` by card id (each other seat, where the maker calls by seat), then
    ``call alone`` where the maker may call none."""
    c_all, ti, seat, m = p[t.C], s[g, S_TI], s[g, S_SEAT], 0
    suited = ti < p[t.NS]
    if p[t.CALL_SEAT]:
        for q in range(p[t.N]):
            if q != seat:
                row[m] = p[t.CALL_BASE] + q
                m += 1
    elif p[t.CALL_CARDS] == 2 and suited:  # the best trump the maker does not hold
        best, top = -1, -1
        for c in range(c_all):
            power = p[p[t.POWER_AT] + ti * c_all + c]
            if eff[ti, c] == ti and power > top and not holds(hand[g], cnt[g], seat, c):
                best, top = c, power
        if best >= 0:
            row[m] = p[t.CALL_BASE] + best
            m += 1
    else:
        for c in range(c_all):
            if not p[t.CALL_OWN] and holds(hand[g], cnt[g], seat, c):
                continue
            if p[t.CALL_CARDS] == 1 and suited and eff[ti, c] == ti:
                continue
            row[m] = p[t.CALL_BASE] + c
            m += 1
    if p[t.CALL_ALONE] or m == 0:  # no card to call: the maker plays alone
        row[m] = p[t.CALL_BASE] + p[t.CALL_N]
        m += 1
    return m


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any) -> int:
    """The holder of the called card (another seat, the first from the maker's left), or the
    seat named, is the partner; then play begins."""
    n, maker, c = p[t.N], s[g, S_MAKER], x - p[t.CALL_BASE]
    s[g, S_CALLED], s[g, S_PARTNER] = -1, -1
    if c >= p[t.CALL_N]:
        return LEAVE  # call alone
    if p[t.CALL_SEAT]:
        s[g, S_PARTNER], s[g, S_SHOWN_PARTNER] = c, 1  # named: known to all at once
    else:
        s[g, S_CALLED] = c
        for k in range(1, n):
            q = (maker + k) % n
            if holds(hand[g], cnt[g], q, c):
                s[g, S_PARTNER] = q
                break
    return LEAVE
