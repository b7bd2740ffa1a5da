"""Naming trump in compiled code (numba), as the Python ``name-trump`` phase plays it
(:mod:`hasenpfeffer.engine.phases.nametrump`): after all pass the turned card, from the
dealer's left each seat names a suit (not the turned one where the variant bars it; alone where
allowed) or passes; a stuck dealer must name one, and when all pass the hand is thrown in or
played without a maker."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from . import takeover_compiled as takeover
from .base_compiled import all_passed, made, may_make, speaks
from .layout import (
    LEAVE,
    NAME,
    S_ALONE,
    S_BARRED,
    S_DEALER,
    S_IMPOSED,
    S_MAKER,
    S_PHASE,
    S_SEAT,
    S_TI,
    S_TS,
)


@jitcache.bare
def trump_names(
    p: Any, trump_ids: Any, turned: int, bars: int, stuck_now: bool, may_alone: bool, legal: Any, k: int
) -> int:
    """List from ``legal[k]`` the trumps a player may name after the turned card (``turned``) is
    refused (not a suit of ``bars``, barred for the game), each alone too where allowed (only
    alone where round two is for loners, ``NAMED_ALONE``), and the pass where it is open; the
    new count."""
    ns = p[t.NS]
    barred = turned if p[t.BARRED] and not (stuck_now and p[t.STUCK_TS]) else -1
    last = ns + 1 if p[t.NO_TRUMP] or (stuck_now and p[t.STUCK_NT]) else ns
    for o in range(last):
        if o != barred and not (bars >> o) & 1:
            if not p[t.NAMED_ALONE]:
                legal[k] = trump_ids[o, 0]
                k += 1
            if may_alone:
                legal[k] = trump_ids[o, 1]
                k += 1
    if not stuck_now or k == 0:
        legal[k] = p[t.PASS_ID]
        k += 1
    return k


@jitcache.inline
def enter(p: Any, g: int, s: Any) -> None:
    """Naming trump opens at the dealer's left (order-up's way out when all passed)."""
    s[g, S_PHASE], s[g, S_SEAT] = NAME, speaks(p, s[g, S_DEALER])


@jitcache.inline
def legal(p: Any, trump_ids: Any, g: int, s: Any, row: Any) -> int:
    """The trumps the seat may name (:func:`trump_names`), and the pass where it is open."""
    seat, dealer = s[g, S_SEAT], s[g, S_DEALER]
    if s[g, S_MAKER] >= 0:  # a partner of the maker may take it alone (take_over)
        return takeover.choices(p, trump_ids[s[g, S_TI], 1], row)
    if not may_make(p, g, s, seat):
        row[0] = p[t.PASS_ID]  # made trump in the last hand, or at a place not listed (makers)
        return 1
    may_alone = p[t.MAY_ALONE] == 1 and p[t.N] > 2
    stuck_now = seat == dealer and p[t.AP_RULE] == 1
    return trump_names(p, trump_ids, s[g, S_TS], closed(g, s), stuck_now, may_alone, row, 0)


@jitcache.bare
def closed(g: int, s: Any) -> int:
    """The trumps game ``g``'s hand may not make, a bit by trump index: the suits barred for the
    game after failed contracts, and every trump but the one the last hand's last trick imposed
    (no-trump too), as :func:`hasenpfeffer.engine.phases.trump.closed`."""
    if s[g, S_IMPOSED] > 0:
        return int(s[g, S_BARRED] | ~(1 << (s[g, S_IMPOSED] - 1)))
    return int(s[g, S_BARRED])


@jitcache.inline
def apply(p: Any, trump_ids: Any, g: int, x: int, s: Any, pv: Any) -> int:
    """A trump named (alone or not): made (:data:`.layout.LEAVE`); a pass: the next seat, or
    after the dealer's the hand thrown in (2) or played out (:data:`.layout.PLAY_OUT`)."""
    seat, dealer = s[g, S_SEAT], s[g, S_DEALER]
    if s[g, S_MAKER] >= 0:  # the answer of a partner asked to take it alone
        return LEAVE if takeover.answer(p, g, s, pv, x) else 0
    if x != p[t.PASS_ID]:
        for o in range(p[t.NS] + 1):
            if x == trump_ids[o, 0] or x == trump_ids[o, 1]:
                s[g, S_TI], s[g, S_ALONE] = o, x == trump_ids[o, 1]
        made(p, g, s, pv, seat, seat == dealer and p[t.AP_RULE] == 1)
        return 0 if takeover.offer(p, g, s, seat) else LEAVE
    if seat == dealer:
        return all_passed(p, g, s)
    s[g, S_SEAT] = speaks(p, seat)
    return 0
