"""The deal in compiled code (numba), as the Python ``deal`` phase deals
(:mod:`hasenpfeffer.engine.phases.deal`): the pack shuffled from the game's key and the hand's
number (:mod:`hasenpfeffer.batch.draws_compiled`, the twin of :mod:`hasenpfeffer.engine.draws`),
dealt in the variant's packets from the dealer's left, the rest to the kitty (its first card
turned), a hand's state made new; then the course goes on (:func:`.course_compiled.leave`)."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from ..draws_compiled import V_KEY, hand_key, shuffle
from .base_compiled import seat_row
from .course_compiled import P_DEAL, leave
from .layout import (
    D_CARDS,
    D_DEALER,
    D_NEW,
    PV_TRICK,
    S_ALONE,
    S_B,
    S_BY_TURN,
    S_CALLED,
    S_DEALER,
    S_DEF_ALONE,
    S_DHOLD,
    S_DISCARDER,
    S_DISCARDS,
    S_DROPPED,
    S_FORCED,
    S_HANDS,
    S_HN,
    S_J,
    S_LAST_SUIT,
    S_LEADER,
    S_LED,
    S_LONE_CONTRACT,
    S_MAKER,
    S_NAMED,
    S_PARTNER,
    S_PARTNER2,
    S_REDEAL_RULE,
    S_SHOWN_PARTNER,
    S_SWAP_RULE,
    S_TI,
    S_TOOK,
    S_TRICKS,
    S_TS,
    S_TURNED,
)


@jitcache.bare
def pass_deal(p: Any, g: int, s: Any, how: int) -> None:
    """After a hand that ended ``how`` (:func:`.course_compiled.advance`), the deal passes to
    the next dealer (the plan's ``next_dealer``), unless the hand was thrown in at the deal to
    be dealt again by the same dealer (3), or thrown in where ``all_pass.redeal`` is
    ``same-dealer``."""
    if not (how == 3 or (how == 2 and p[t.AP_REDEAL_SAME])):
        s[g, S_DEALER] = seat_row(p, s[g, S_DEALER], t.SEAT_NEXT_DEALER)


@jitcache.bare
def deal_hand(p: Any, deck: Any, suit_of: Any, g: int, s: Any, st: Any, hand: Any, cnt: Any, kitty: Any,
          pv: Any, dbuf: Any, dn: Any, new: int) -> int:  # fmt: skip
    """Shuffle and deal game ``g``'s hand (the dealt hands and the kitty kept in ``dbuf``), and go
    on to the hand's first decision: 0 when one awaits, else how the hand is thrown in at once
    (3: the same dealer deals again, a turned Joker that proposes no suit or a weak hand's redeal;
    4: the next dealer, a weak hand's redeal)."""
    n, ks, nd = p[t.N], p[t.KS], p[t.DECK]
    row = dbuf[g, dn[g] % dbuf.shape[1]]
    dk = row[D_CARDS : D_CARDS + nd]  # the pack shuffled where the deal is then kept (nothing allocated)
    for i in range(nd):
        dk[i] = deck[i]
    shuffle(dk, nd, hand_key(st[g, V_KEY], s[g, S_HANDS]))
    dealer, total = s[g, S_DEALER], p[t.DEALT]  # the kitty after the hands; a dead hand after it
    at = p[t.DEAL_AT] + dealer * total
    for q in range(n):  # the variant's packets, from the dealer's left (a dummy's own hand size)
        size = seat_row(p, q, t.SEAT_DEALT)
        for j in range(size):
            hand[g, q, j] = dk[p[at + j]]
        at += size
        cnt[g, q] = size
    for j in range(ks):
        kitty[g, j] = dk[total + j]
    row[D_DEALER], row[D_NEW] = dealer, new
    at = D_CARDS
    for q in range(n):  # each hand in order, as dealt (a reader sorts them: nothing here needs it)
        for j in range(cnt[g, q]):
            row[at + j] = hand[g, q, j]
        at += cnt[g, q]
    for j in range(ks):
        row[at + j] = kitty[g, j]
    dn[g] += 1
    pv[g, :, :] = 0
    pv[g, PV_TRICK, :] = -1
    turned = kitty[g, 0]
    s[g, S_TURNED] = turned
    s[g, S_TS] = suit_of[turned] if turned != p[t.JOKER] else p[t.TURNED_JOKER]
    s[g, S_MAKER], s[g, S_TI], s[g, S_ALONE], s[g, S_DEF_ALONE], s[g, S_FORCED] = -1, -1, 0, -1, 0
    s[g, S_LEADER], s[g, S_LED], s[g, S_J], s[g, S_TRICKS], s[g, S_DISCARDS], s[g, S_NAMED] = (
        -1,
        -1,
        0,
        0,
        0,
        -1,
    )
    s[g, S_B], s[g, S_DISCARDER], s[g, S_TOOK], s[g, S_LONE_CONTRACT], s[g, S_HN] = p[t.L], dealer, 0, 0, 0
    s[g, S_DROPPED], s[g, S_BY_TURN] = 0, 0
    s[g, S_SWAP_RULE], s[g, S_REDEAL_RULE], s[g, S_LAST_SUIT], s[g, S_DHOLD] = 0, 0, 0, 0
    s[g, S_CALLED], s[g, S_PARTNER], s[g, S_SHOWN_PARTNER], s[g, S_PARTNER2] = -1, -1, 0, -1
    return leave(p, g, s, hand, cnt, kitty, pv, P_DEAL)
