"""The lone player's exchange in compiled code (numba), as the Python ``exchange`` phase plays
it (:mod:`hasenpfeffer.engine.phases.exchange`): each partner of a lone player (from the lone
player's left) gives ``alone.exchange.cards`` cards, one at a time (only the highest in the
trump order where ``best``), then the lone player gives as many back to each. A lone maker
exchanges going on from the discard; a lone defender by the defence's way out
(:mod:`.defence_compiled`)."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from ..decide_compiled import distinct, remove
from .layout import EXCHANGE, LEAVE, S_ALONE, S_B, S_MAKER, S_PHASE, S_SEAT, S_TI, S_XDEF, S_XI, S_XLONE


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


@jitcache.bare
def gift(p: Any, lone: int, i: int) -> tuple[int, int]:
    """The ``i``-th gift of the lone player ``lone``'s exchange: (giver, taker)."""
    n, cards = p[t.N], p[t.EX_CARDS]
    half = (n // 2 - 1) * cards
    if i < half:
        return (lone + 2 * (1 + i // cards)) % n, lone
    return lone, (lone + 2 * (1 + (i - half) // cards)) % n


@jitcache.bare
def start(p: Any, g: int, s: Any, lone: int, defender: int) -> None:
    """The lone player ``lone`` (``defender``: 1 for a lone defender) exchanges: the first giver
    is to move."""
    s[g, S_PHASE], s[g, S_XLONE], s[g, S_XI], s[g, S_XDEF] = EXCHANGE, lone, 0, defender
    s[g, S_SEAT] = gift(p, lone, 0)[0]


@jitcache.inline
def enter(p: Any, g: int, s: Any) -> bool:
    """Wanted where the maker goes alone and a lone maker exchanges (``alone.exchange``) at its
    bid (a bid's ``exchange``: the row of ``EXB_AT``)."""
    if not (p[t.EX_MAKER] and s[g, S_ALONE] == 1 and s[g, S_MAKER] >= 0 and p[p[t.EXB_AT] + s[g, S_B]]):
        return False
    start(p, g, s, s[g, S_MAKER], 0)
    return True


@jitcache.inline
def legal(p: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """Any card held; a partner who must give their best, only the highest (:func:`gifts`)."""
    seat = s[g, S_SEAT]
    best = seat != s[g, S_XLONE] and p[t.EX_BEST] == 1
    return distinct(p, row, gifts(p, seat, best, s[g, S_TI], hand[g], cnt[g], row))


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any) -> int:
    """The card passed to its taker; the next giver, or the phase is over."""
    c = x - p[t.GIVE_BASE]
    giver, taker = gift(p, s[g, S_XLONE], s[g, S_XI])
    remove(hand[g], cnt[g], giver, c)
    hand[g, taker, cnt[g, taker]] = c
    cnt[g, taker] += 1
    s[g, S_XI] += 1
    if s[g, S_XI] < 2 * (p[t.N] // 2 - 1) * p[t.EX_CARDS]:
        s[g, S_SEAT] = gift(p, s[g, S_XLONE], s[g, S_XI])[0]
        return 0
    return LEAVE
