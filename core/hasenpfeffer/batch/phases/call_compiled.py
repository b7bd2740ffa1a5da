"""Calling a partner in compiled code (numba), as the Python ``call`` phase plays it
(:mod:`hasenpfeffer.engine.phases.call`): once trump is made and any discard laid away, the
maker calls a card (``making.call.cards``: any, a plain card, or the best trump it lacks; its
own where ``own``), or none where ``alone``; whoever else holds the card is the partner for
the hand, shown to all when it plays the card (:mod:`.play_compiled`). Or it names a seat, and
after a contract of ``making.call.two_partners_from`` tricks or more a second one."""

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
    S_PARTNER2,
    S_PHASE,
    S_REQUIRED,
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
def known_partners(g: int, s: Any, seat: int) -> int:
    """Game ``g``'s called partners as ``seat`` knows them (``View.partners``), a bit by seat:
    itself where it holds the called card, else the seat that played it, and the seats named;
    0 while unknown (or none)."""
    partner, second, known = s[g, S_PARTNER], s[g, S_PARTNER2], 0
    if partner >= 0 and (s[g, S_SHOWN_PARTNER] or seat == partner):
        known = 1 << partner
    if second >= 0:
        known |= 1 << second
    return int(known)


@jitcache.inline
def names_second(p: Any, g: int, s: Any) -> bool:
    """``names_second``: the maker named one partner and names a second (a contract of
    ``two_partners_from`` tricks or more)."""
    two = p[t.CALL_TWO]
    return bool(two > 0 and s[g, S_PARTNER] >= 0 and s[g, S_PARTNER2] < 0 and s[g, S_REQUIRED] >= two)


@jitcache.inline
def legal(p: Any, eff: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """``callable_cards`` by card id (each other seat, where the maker calls by seat), then
    ``call alone`` where the maker may call none; a second partner: a seat not named yet."""
    c_all, ti, seat, m = p[t.C], s[g, S_TI], s[g, S_SEAT], 0
    suited = ti < p[t.NS]
    if p[t.CALL_SEAT] and s[g, S_PARTNER] >= 0:  # the second of two partners
        for q in range(p[t.N]):
            if q != seat and q != s[g, S_PARTNER]:
                row[m] = p[t.CALL_BASE] + q
                m += 1
        return m
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
    seat named, is the partner; then play begins, or the maker names a second partner."""
    n, maker, c = p[t.N], s[g, S_MAKER], x - p[t.CALL_BASE]
    if p[t.CALL_SEAT] and s[g, S_PARTNER] >= 0:  # the second of two partners
        s[g, S_PARTNER2] = c
        return LEAVE
    s[g, S_CALLED], s[g, S_PARTNER] = -1, -1
    if c >= p[t.CALL_N]:
        return LEAVE  # call alone
    if p[t.CALL_SEAT]:
        s[g, S_PARTNER], s[g, S_SHOWN_PARTNER] = c, 1  # named: known to all at once
        return 0 if names_second(p, g, s) else LEAVE
    else:
        s[g, S_CALLED] = c
        for k in range(1, n):
            q = (maker + k) % n
            if holds(hand[g], cnt[g], q, c):
                s[g, S_PARTNER] = q
                break
    return LEAVE
