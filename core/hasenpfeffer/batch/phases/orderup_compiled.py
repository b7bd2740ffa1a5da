"""Order-up in compiled code (numba), as the Python ``order-up`` phase plays it
(:mod:`hasenpfeffer.engine.phases.orderup`): the turned card proposes its suit (a turned Joker's
suit named by the dealer first, where the variant says so; a ``turned_trump`` suit made trump
at once); from the dealer's left each seat orders it up (alone where allowed) or passes, the
dealer taking the turned card; when all pass, naming trump follows (:mod:`.nametrump_compiled`)
or, with one round, the hand is thrown in or played without a maker."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from . import nametrump_compiled as nametrump
from . import takeover_compiled as takeover
from .base_compiled import all_passed, made, may_make, side_of, speaks, suits
from .layout import (
    LEAVE,
    ORDER,
    PROPOSE,
    S_ALONE,
    S_BY_TURN,
    S_DEALER,
    S_DISCARDS,
    S_MAKER,
    S_PHASE,
    S_SEAT,
    S_TI,
    S_TS,
    S_TURNED,
)


@jitcache.bare
def order_ups(p: Any, must_alone: bool, may_alone: bool, stuck_now: bool, legal: Any, k: int) -> int:
    """List from ``legal[k]`` the answers to a turned card: order it up (not where the seat must
    go alone: the dealer's partner of a Canadian loner, a ``must_order`` entry's player), alone
    where allowed, and the pass unless the dealer is stuck now (or nothing else is open); the new
    count."""
    first = k
    if not must_alone or not may_alone:
        legal[k] = p[t.ORDER_BASE]
        k += 1
    if may_alone:
        legal[k] = p[t.ORDER_BASE] + 1
        k += 1
    if not stuck_now or k == first:
        legal[k] = p[t.PASS_ID]
        k += 1
    return k


@jitcache.inline
def enter(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """The turned card proposes its suit, from the dealer's left (the dealer first names a turned
    Joker's suit where the variant says so): 0 where a decision awaits, :data:`.layout.LEAVE`
    where it made trump at once (:func:`turned_suit`), 3 where a turned Joker proposes no suit
    (the same dealer deals again)."""
    if p[t.AUCTION]:
        return LEAVE
    dealer = s[g, S_DEALER]
    s[g, S_PHASE], s[g, S_SEAT] = ORDER, speaks(p, dealer)
    if s[g, S_TURNED] == p[t.JOKER] and p[t.TJ_NAMED]:
        s[g, S_PHASE], s[g, S_SEAT] = PROPOSE, dealer
        return 0
    if s[g, S_TS] < 0:
        return 3
    return turned_suit(p, g, s, hand, cnt, pv)


@jitcache.bare
def turned_suit(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """The turned card proposes its suit: trump at once where it is a ``turned_trump`` suit (dirty
    clubs), or a turned Joker listed there (the dealer made maker, or nobody; :data:`.layout.LEAVE`),
    else the first round of order-up goes on (0)."""
    joker = p[t.TT_JOKER] == 1 and s[g, S_TURNED] == p[t.JOKER]
    if not ((p[t.TT_SUITS] >> s[g, S_TS]) & 1 or joker):
        return 0
    dealer = s[g, S_DEALER]
    s[g, S_TI], s[g, S_BY_TURN] = s[g, S_TS], 1
    if p[t.DEALER_DISCARDS]:
        hand[g, dealer, cnt[g, dealer]] = s[g, S_TURNED]
        cnt[g, dealer] += 1
        s[g, S_DISCARDS] = 1
    if p[t.TT_DEALER]:  # the dealer made maker, forced or not; else played without a maker
        made(p, g, s, pv, dealer, p[t.TT_FORCED] == 1)
    return LEAVE


@jitcache.bare
def must_order(p: Any, g: int, s: Any) -> int:
    """Where the row of the first ``must_order`` entry the turned card meets starts (its places
    from the dealer's left at ``+ 2``, a mask with bit 0 the dealer's left; 1 at ``+ 3`` where
    they go alone); -1 where anyone may order up or pass, as
    :func:`hasenpfeffer.engine.phases.orderup.must_order`."""
    turned, ts = s[g, S_TURNED], s[g, S_TS]
    rank = -1 if turned == p[t.JOKER] else p[p[t.RANK_AT] + turned]
    for e in range(p[t.MUST_N]):
        at = p[t.MUST_AT] + 4 * e
        ranks = p[at + 1]
        if (p[at] == 0 or (ts >= 0 and (p[at] >> ts) & 1)) and (
            ranks == 0 or (rank >= 0 and (ranks >> rank) & 1)
        ):
            return int(at)
    return -1


@jitcache.inline
def legal(p: Any, g: int, s: Any, row: Any) -> int:
    """Order up (alone), or pass; the suits a turned Joker may propose, for the dealer; where the
    turned card must be ordered up, a pass for the players not named, no pass for the last named
    (and only alone, where the entry says)."""
    if s[g, S_PHASE] == PROPOSE:
        return suits(p, row)
    if s[g, S_MAKER] >= 0:  # a partner of the maker may take it alone (take_over)
        return takeover.choices(p, p[t.ORDER_BASE] + 1, row)
    n, seat, dealer = p[t.N], s[g, S_SEAT], s[g, S_DEALER]
    may_alone = p[t.MAY_ALONE] == 1 and n > 2
    must_alone = p[t.DPA] == 1 and seat != dealer and side_of(p, seat) == side_of(p, dealer)
    stuck_now = seat == dealer and p[t.ROUNDS] == 1 and p[t.AP_RULE] == 1
    bars = nametrump.closed(g, s)
    if bars != 0 and s[g, S_TS] >= 0 and (bars >> s[g, S_TS]) & 1:
        row[0] = p[t.PASS_ID]  # barred for the game after a failed contract, or not the imposed suit
        return 1
    if not may_make(p, g, s, seat):
        row[0] = p[t.PASS_ID]  # made trump in the last hand, or at a place not listed (makers)
        return 1
    if p[t.MUST_N] > 0 and s[g, S_TS] >= 0:
        at = must_order(p, g, s)
        if at >= 0 and p[at + 2] != 0:
            must, bit = p[at + 2], 1 << ((seat - dealer - 1) % n)
            if (must & bit) == 0:
                row[0] = p[t.PASS_ID]
                return 1
            stuck_now = stuck_now or must < (bit << 1)
            must_alone = must_alone or p[at + 3] == 1
    return order_ups(p, must_alone, may_alone, stuck_now, row, 0)


@jitcache.bare
def take_up(p: Any, g: int, s: Any, hand: Any, cnt: Any) -> int:
    """The order-up stands: the dealer takes the turned card (and owes a discard) where the
    variant says; :data:`.layout.LEAVE`."""
    if p[t.DEALER_DISCARDS]:
        dealer = s[g, S_DEALER]
        hand[g, dealer, cnt[g, dealer]] = s[g, S_TURNED]
        cnt[g, dealer] += 1
        s[g, S_DISCARDS] = 1
    return LEAVE


@jitcache.inline
def apply(p: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """The turned card ordered up (the dealer takes it) or passed: trump made, the next seat, naming
    trump after the dealer's pass, or the hand thrown in (2); or the suit a turned Joker proposes."""
    seat, dealer = s[g, S_SEAT], s[g, S_DEALER]
    if s[g, S_PHASE] == PROPOSE:
        s[g, S_TS] = x - p[t.SUIT_BASE]
        s[g, S_PHASE], s[g, S_SEAT] = ORDER, speaks(p, dealer)
        return turned_suit(p, g, s, hand, cnt, pv)
    if s[g, S_MAKER] >= 0:  # the answer of a partner asked to take it alone
        if not takeover.answer(p, g, s, pv, x):
            return 0
        return take_up(p, g, s, hand, cnt)
    if x != p[t.PASS_ID]:
        s[g, S_TI], s[g, S_ALONE] = s[g, S_TS], x == p[t.ORDER_BASE] + 1
        made(p, g, s, pv, seat, seat == dealer and p[t.ROUNDS] == 1 and p[t.AP_RULE] == 1)
        if takeover.offer(p, g, s, seat):
            return 0
        return take_up(p, g, s, hand, cnt)
    if seat != dealer:
        s[g, S_SEAT] = speaks(p, seat)
        return 0
    if p[t.ROUNDS] == 1:
        return all_passed(p, g, s)
    nametrump.enter(p, g, s)
    return 0
