"""The auction in compiled code (numba), as the Python ``bidding`` phase plays it
(:mod:`hasenpfeffer.engine.phases.bidding`): from the dealer's left, each seat passes or bids
above the high bid (a bid a seat may make by its place, over the bids it must top), until the
auction is over (one round, or until the others passed); then the contract, the forced bid, a
hand thrown in or played without a maker, and the widow taken."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from .base_compiled import all_passed, left_of, sit_out
from .layout import (
    BID,
    LEAVE,
    S_ALONE,
    S_B,
    S_DEALER,
    S_DISCARDER,
    S_DISCARDS,
    S_FORCED,
    S_HIGH,
    S_HIGH_SEAT,
    S_LONE_CONTRACT,
    S_MAKER,
    S_PASSED,
    S_PHASE,
    S_REQUIRED,
    S_SEAT,
    S_SPOKEN,
    S_TI,
    S_TOOK,
    S_TS,
)


@jitcache.inline
def enter(p: Any, g: int, s: Any) -> bool:
    """The auction opens at the dealer's left, where the variant makes trump by an auction."""
    if not p[t.AUCTION]:
        return False
    s[g, S_PHASE], s[g, S_SEAT], s[g, S_TS] = BID, (s[g, S_DEALER] + 1) % p[t.N], 0
    s[g, S_HIGH], s[g, S_HIGH_SEAT], s[g, S_SPOKEN], s[g, S_PASSED] = -1, -1, 0, 0
    return True


@jitcache.inline
def legal(p: Any, bids: Any, g: int, s: Any, row: Any) -> int:
    """Pass, and each bid above the high bid that the seat may make from its place and over it
    (where the bids rank by tricks alone, only for more tricks than the high bid, both of tricks);
    a stuck dealer (``making.auction.stuck_dealer``) may not pass where some bid is open to it."""
    n, seat, dealer = p[t.N], s[g, S_SEAT], s[g, S_DEALER]
    row[0] = p[t.PASS_ID]
    m = 1
    high = s[g, S_HIGH]
    place = seat - dealer if seat > dealer else seat - dealer + n  # from the dealer's left, 1 on
    fewer = high < 0 or not p[t.RANK_TRICKS] or bids[high, t.B_NONE] == 1  # any bid of tricks ranks over it
    least = bids[high, t.B_TRICKS] + 1 if not fewer else 0  # tricks a bid of tricks must be for
    for i in range(high + 1, p[t.L]):  # each bid written, kept where open to the seat: no branch
        row[m] = p[t.BID_BASE] + i
        more = (bids[i, t.B_TRICKS] >= least) | (bids[i, t.B_NONE] == 1)
        m += ((bids[i, t.B_PLACES] >> (place - 1)) & 1) * (high >= bids[i, t.B_OVER]) * more
    if p[t.STUCK_AUCTION] and high < 0 and s[g, S_SPOKEN] == n - 1 and m > 1:
        for j in range(1, m):  # the pass goes: the bids, in the same order
            row[j - 1] = row[j]
        m -= 1
    return m


@jitcache.inline
def apply(p: Any, bids: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, kitty: Any, pv: Any) -> int:
    """A pass or a bid; the next seat to speak, or the auction is over (:func:`over`)."""
    n, seat = p[t.N], s[g, S_SEAT]
    if x == p[t.PASS_ID]:
        s[g, S_PASSED] |= 1 << seat
    else:
        s[g, S_HIGH], s[g, S_HIGH_SEAT] = x - p[t.BID_BASE], seat
        if not p[t.PASS_FINAL]:
            s[g, S_PASSED] = 0
    s[g, S_SPOKEN] += 1
    if s[g, S_HIGH] != p[t.L] - 1:
        if p[t.ONE_ROUND]:
            if s[g, S_SPOKEN] < n:
                s[g, S_SEAT] = left_of(seat, n)
                return 0
        else:
            active = 0
            for q in range(n):
                if not (s[g, S_PASSED] >> q) & 1:
                    active += 1
            if active > 1 or (active == 1 and s[g, S_HIGH_SEAT] < 0):
                q = left_of(seat, n)
                while p[t.PASS_FINAL] and (s[g, S_PASSED] >> q) & 1:
                    q = left_of(q, n)
                s[g, S_SEAT] = q
                return 0
    return over(p, bids, g, s, hand, cnt, kitty, pv)


@jitcache.bare
def over(p: Any, bids: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any, pv: Any) -> int:
    """The auction is over (as the Python ``bidding`` phase ends it): the contract, the forced
    bid, a hand thrown in (2) or played without a maker (at the all-pass trump); the widow taken,
    and trump made where the bid names it (else the maker names it: :mod:`.trump_compiled`).
    :data:`.layout.LEAVE` but where the hand is thrown in or played out (:data:`.layout.PLAY_OUT`)."""
    n, dealer, joker = p[t.N], s[g, S_DEALER], p[t.JOKER]
    maker, b = -1, p[t.L]
    forced = False
    if s[g, S_HIGH_SEAT] >= 0:
        maker, b = s[g, S_HIGH_SEAT], s[g, S_HIGH]
    elif p[t.AP_RULE] != 1:
        return all_passed(p, g, s)
    else:
        maker = dealer
        if not p[t.AP_DEALER]:
            maker = -1
            q = (dealer + 1) % n
            for _ in range(n):
                held = False
                for j in range(cnt[g, q]):
                    if hand[g, q, j] == joker:
                        held = True
                if held:
                    maker = q
                    break
                q = (q + 1) % n
        if maker < 0:
            return 2
        b = p[t.AP_BID]
        forced = True
    s[g, S_MAKER], s[g, S_B], s[g, S_REQUIRED], s[g, S_FORCED] = maker, b, bids[b, t.B_TRICKS], forced
    s[g, S_DISCARDER] = maker
    lone_contract = bids[b, t.B_ALONE] == 1
    s[g, S_LONE_CONTRACT] = lone_contract
    if p[t.WIDOW]:
        for j in range(p[t.KS]):
            hand[g, maker, cnt[g, maker]] = kitty[g, j]
            cnt[g, maker] += 1
        s[g, S_DISCARDS], s[g, S_TOOK] = p[t.KS], 1
    if bids[b, t.B_TRUMP] >= 0:
        s[g, S_TI], s[g, S_ALONE] = bids[b, t.B_TRUMP], lone_contract
        if lone_contract:
            sit_out(p, g, pv, maker)
    return LEAVE
