"""The tricks in compiled code (numba), as the Python ``play`` phase plays them
(:mod:`hasenpfeffer.engine.phases.play`): the first leader (the dealer's left, the maker, or
beside a lone player, as the variant says), each seat in play follows the suit led if it can,
the highest card by the trump's order wins and leads the next; a Joker led at no-trump has its
leader name the suit to follow, where the variant says so; a called partner shows itself by
playing the called card."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from ..decide_compiled import distinct, remove
from .base_compiled import next_seat, seat_row
from .layout import (
    PLAY,
    PV_OUT,
    PV_PLAYED,
    PV_TRICK,
    PV_WON,
    S_ACTIVE,
    S_ALONE,
    S_CALLED,
    S_DEALER,
    S_DEF_ALONE,
    S_J,
    S_LAST_SUIT,
    S_LEADER,
    S_LED,
    S_MAKER,
    S_NAMED,
    S_NTRICKS,
    S_PARTNER,
    S_PHASE,
    S_SEAT,
    S_SHOWN_PARTNER,
    S_TI,
    S_TRICKS,
    SUIT,
)


@jitcache.bare
def first_leader(p: Any, maker: int, dealer: int, alone: bool, def_alone: int, out: Any) -> int:
    """The seat that leads the first trick: the dealer's left, the maker, or beside a lone
    player, as the variant says, passing over the seats that sit out (``out``)."""
    n = p[t.N]
    if maker < 0:
        leader = (dealer + 1) % n
    elif alone and def_alone >= 0 and p[t.BOTH] != 2:
        leader = def_alone if p[t.BOTH] == 0 else maker
    elif (alone or def_alone >= 0) and p[t.LEAD_ALONE_LEFT] and not (alone and def_alone >= 0):
        leader = ((maker if alone else def_alone) + 1) % n
    elif p[t.LEAD_MAKER]:
        leader = maker
    else:
        leader = (dealer + 1) % n
    while out[leader]:
        leader = (leader + 1) % n
    return int(leader)


@jitcache.inline
def enter(p: Any, g: int, s: Any, cnt: Any, pv: Any) -> None:
    """Lead the first trick (its leader: :func:`first_leader`); merged dummies sit out."""
    n, maker, dealer = p[t.N], s[g, S_MAKER], s[g, S_DEALER]
    if p[t.DUMMIES]:  # a dummy taken into hand, or left untaken, sits out the play
        for q in range(n):
            if seat_row(p, q, t.SEAT_TAKER) != -2:
                pv[g, PV_OUT, q] = 1
    leader = first_leader(p, maker, dealer, s[g, S_ALONE] == 1, s[g, S_DEF_ALONE], pv[g, PV_OUT])
    s[g, S_ACTIVE] = n - pv[g, PV_OUT, :n].sum()
    s[g, S_NTRICKS] = cnt[g, leader]
    s[g, S_PHASE], s[g, S_SEAT], s[g, S_LEADER], s[g, S_J], s[g, S_TRICKS] = PLAY, leader, leader, 0, 0


@jitcache.inline
def legal(p: Any, eff: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """Game ``g``'s legal cards to play into ``row``: those that follow the suit led, else any;
    one id for each distinct card held (``pack.copies``). How many."""
    seat, m, base = s[g, S_SEAT], 0, p[t.PLAY_BASE]
    effs = eff[s[g, S_TI]]
    if s[g, S_J] > 0:
        led = s[g, S_LED]
        for i in range(cnt[g, seat]):  # each card written, kept where it follows: no branch
            c = hand[g, seat, i]
            row[m] = c + base
            m += effs[c] == led
    if m == 0:
        for i in range(cnt[g, seat]):
            row[m] = hand[g, seat, i] + base
            m += 1
    return distinct(p, row, m)


@jitcache.inline
def apply(p: Any, eff: Any, key: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """Apply id ``x`` of the play (a card, or the suit named after a Joker led) to game ``g``; 1
    when the last trick is complete."""
    n, ns, seat = p[t.N], p[t.NS], s[g, S_SEAT]
    if s[g, S_PHASE] == SUIT:
        s[g, S_LED], s[g, S_NAMED] = x - p[t.SUIT_BASE], x - p[t.SUIT_BASE]
    else:
        c = x - p[t.PLAY_BASE]
        remove(hand[g], cnt[g], seat, c)
        pv[g, PV_TRICK, seat] = c
        row = PV_PLAYED
        while (pv[g, row, seat] >> c) & 1:  # another copy of the card already played
            row += 1
        pv[g, row, seat] |= 1 << c
        if c == s[g, S_CALLED] and seat == s[g, S_PARTNER]:
            s[g, S_SHOWN_PARTNER] = 1  # the partner shows itself by playing the called card
        if s[g, S_J] == 0:
            s[g, S_LED] = eff[s[g, S_TI], c]
            if c == p[t.JOKER] and s[g, S_TI] >= ns and p[t.JOKER_NAMES]:
                s[g, S_PHASE] = SUIT
                return 0
    s[g, S_PHASE] = PLAY
    s[g, S_J] += 1
    if s[g, S_J] < s[g, S_ACTIVE]:
        s[g, S_SEAT] = next_seat(pv, g, seat, n)
        return 0
    # the trick is complete: its winner leads the next
    ti, leader = s[g, S_TI], s[g, S_LEADER]
    row = key[ti, eff[ti, pv[g, PV_TRICK, leader]]]
    q, best, top = leader, leader, -(1 << 60)
    for _ in range(s[g, S_ACTIVE]):
        v = row[pv[g, PV_TRICK, q]]
        higher = v > top  # chosen without a branch to mispredict
        best, top = q if higher else best, v if higher else top
        q = next_seat(pv, g, q, n)
    pv[g, PV_WON, best] += 1
    s[g, S_LAST_SUIT] = eff[ti, pv[g, PV_TRICK, best]] + 1  # may impose the next hand's trump
    pv[g, PV_TRICK, :] = -1
    s[g, S_TRICKS] += 1
    s[g, S_NAMED], s[g, S_J] = -1, 0
    if s[g, S_TRICKS] == s[g, S_NTRICKS]:
        return 1  # the seat that played the last card stays the seat to move (the final view's)
    s[g, S_SEAT], s[g, S_LEADER] = best, best
    return 0
