"""The compiled kernel's hand (numba): one hand of random legal actions, as the Python phases
play it (deal, weak hands, auction or order-up, widow or turned card and discard, a lone
player's exchange, lone defence, drop-outs, declarations, tricks, scoring); in order-up, a turned Joker's
suit named by the dealer first, and a turned card of a ``turned_trump`` suit (dirty clubs)
trump at once. Seats play for side ``seat % sides``: two teams sitting alternately, or each
player for itself (:mod:`.coverage`), whose partners (none) never sit out."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import greedy_compiled as gc
from . import tables as t
from .decide_compiled import decide, distinct, holds, remove, sort_ids, write
from .declare_compiled import declare
from .draws_compiled import deal_key, shuffle
from .drop_compiled import drop_out
from .exchange_compiled import exchange
from .orderup_compiled import order_ups, trump_names
from .play_compiled import play_tricks
from .rows import (
    BID_DECLARED,
    BID_ORDER_UP,
    BID_TURNED,
    H_BID,
    H_COLS,
    H_DROPPED,
    H_MADE,
    H_MAKER,
    H_THROWN,
    H_TRUMP,
)
from .weak_compiled import weak_hands

_jit = jitcache.jit(nogil=True)


@_jit
def play_hand(p: Any, fmult: float, deck: Any, eff: Any, key: Any, suit_of: Any, trump_ids: Any, bids: Any,
          points: Any, dealer: int, hand: Any, cnt: Any, ws: Any, st: Any, legal: Any, hr: Any, acts: Any,
          ctr: Any, lcnt: Any, lbuf: Any, record: bool, debug: bool, pol: Any, g: Any, kn: Any) -> int:  # fmt: skip
    """Play one hand dealt by ``dealer``; its row into ``hr``; 1 when the same dealer deals again,
    2 when the next deals after a weak hand's redeal (whatever ``making.all_pass.redeal`` says).
    Seats whose ``pol`` is 1 choose as the greedy bot (:mod:`.greedy_compiled`: ``g`` its
    tables, ``kn`` what was played and laid away this hand), the others at random."""
    n, hs, ks, ns, joker, sides = p[t.N], p[t.HS], p[t.KS], p[t.NS], p[t.JOKER], p[t.SIDES]
    dk = ws[0]
    dk[: p[t.DECK]] = deck
    shuffle(dk, p[t.DECK], deal_key(st))
    seat, at = (dealer + 1) % n, p[t.DEAL_AT]
    for _ in range(n):  # the variant's packets
        for j in range(hs):
            hand[seat, j] = dk[p[at + j]]
        at += hs
        cnt[seat] = hs
        seat = (seat + 1) % n
    kitty = dk[n * hs : n * hs + ks]
    kleft = ks
    hr[:] = 0
    if pol is not None:  # None: every seat random, and nothing to keep for a greedy bot
        kn[0] = 0
        kn[5:] = 0
        kn[2, 1] = 0
    if p[t.WEAK_N]:  # hands in the recorded order, as a swap gives cards by their place
        for q in range(n):
            hand[q, :hs] = np.sort(hand[q, :hs])
    if record:
        at = H_COLS + 3 * p[t.SIDES]
        for q in range(n):
            hr[at : at + hs] = np.sort(hand[q, :hs])
            at += hs
        hr[at : at + ks] = kitty
    if p[t.WEAK_N]:
        redeal = weak_hands(
            p, dealer, hand, cnt, kitty, st, legal, hr, acts, ctr, lcnt, lbuf, record, debug, pol, g
        )
        if redeal:
            hr[H_MAKER], hr[H_BID], hr[H_TRUMP], hr[H_THROWN], hr[H_MADE] = -1, -1, -1, 1, -1
            return redeal
    maker, b, ti, alone, def_alone, forced, required, bidcode = -1, p[t.L], -1, False, -1, False, 0, -1
    same, thrown, discards = 0, False, 0
    out = ws[1]
    out[:n] = 0
    if p[t.AUCTION]:
        high, high_seat, spoken = -1, -1, 0
        passed = ws[4]
        passed[:n] = 0
        seat = (dealer + 1) % n
        while True:
            k = 0
            legal[k] = p[t.PASS_ID]
            k += 1
            place = (seat - dealer - 1) % n + 1
            for i in range(high + 1, p[t.L]):
                if (bids[i, t.B_PLACES] >> (place - 1)) & 1 and high >= bids[i, t.B_OVER]:
                    legal[k] = p[t.BID_BASE] + i
                    k += 1
            if pol is not None and pol[seat] and k > 1:
                mine = np.sort(hand[seat, : cnt[seat]])
                x = gc.bid(p, g, mine, gc.unseen_of(g, kn, seat, mine), legal, k)
                x = write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug)
            else:
                x = decide(st, seat, legal, k, acts, ctr, lcnt, lbuf, record, debug)
            if x == p[t.PASS_ID]:
                passed[seat] = 1
            else:
                high, high_seat = x - p[t.BID_BASE], seat
                if not p[t.PASS_FINAL]:
                    passed[:n] = 0
            spoken += 1
            if high != p[t.L] - 1:
                if p[t.ONE_ROUND]:
                    if spoken < n:
                        seat = (seat + 1) % n
                        continue
                else:
                    active = n - passed[:n].sum()
                    if active > 1 or (active == 1 and high_seat < 0):
                        seat = (seat + 1) % n
                        while p[t.PASS_FINAL] and passed[seat]:
                            seat = (seat + 1) % n
                        continue
            break
        if high_seat >= 0:
            maker, b, bidcode = high_seat, high, high
        elif p[t.AP_RULE] == 0:
            thrown = True
        elif p[t.AP_RULE] == 2:
            ti = p[t.AP_TRUMP]
        else:
            maker = dealer
            if not p[t.AP_DEALER]:
                maker = -1
                q = (dealer + 1) % n
                for _ in range(n):
                    if holds(hand, cnt, q, joker):
                        maker = q
                        break
                    q = (q + 1) % n
            if maker < 0:
                thrown = True
            else:
                b = bidcode = p[t.AP_BID]
                forced = True
        if maker >= 0:
            required = bids[b, t.B_TRICKS]
            lone_contract = bids[b, t.B_ALONE] == 1
            if p[t.WIDOW]:
                for j in range(kleft):
                    hand[maker, cnt[maker]] = kitty[j]
                    cnt[maker] += 1
                discards, kleft = kleft, 0
            if bids[b, t.B_TRUMP] >= 0:
                ti, alone = bids[b, t.B_TRUMP], lone_contract
            else:
                k = 0
                last = ns + 1 if p[t.NO_TRUMP] else ns
                for o in range(last):
                    legal[k] = trump_ids[o, 0]
                    k += 1
                    if p[t.MAY_ALONE] and n > 2 and not lone_contract:
                        legal[k] = trump_ids[o, 1]
                        k += 1
                if pol is not None and pol[maker] and k > 1:
                    mine = np.sort(hand[maker, : cnt[maker]])
                    unseen = gc.unseen_of(g, kn, maker, mine)
                    x = gc.name_trump(p, g, trump_ids, mine, unseen, legal, k, b)
                    x = write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug)
                else:
                    x = decide(st, maker, legal, k, acts, ctr, lcnt, lbuf, record, debug)
                for o in range(ns + 1):
                    if x == trump_ids[o, 0] or x == trump_ids[o, 1]:
                        ti = o
                        alone = x == trump_ids[o, 1] or lone_contract
    else:
        turned = kitty[0]
        ts = suit_of[turned] if turned != joker else p[t.TURNED_JOKER]
        if turned == joker and p[t.TJ_NAMED]:  # the dealer names the suit a turned Joker proposes
            for s in range(ns):
                legal[s] = p[t.SUIT_BASE] + s
            if pol is not None and pol[dealer]:
                mine = np.sort(hand[dealer, : cnt[dealer]])
                x = gc.name_turned(p, g, mine, gc.unseen_of(g, kn, dealer, mine), legal, ns, turned)
                ts = write(x, legal, ns, acts, ctr, lcnt, lbuf, record, debug) - p[t.SUIT_BASE]
            else:
                ts = decide(st, dealer, legal, ns, acts, ctr, lcnt, lbuf, record, debug) - p[t.SUIT_BASE]
        stuck = p[t.AP_RULE] == 1
        may_alone = p[t.MAY_ALONE] == 1 and n > 2
        if ts < 0:
            thrown, same = True, 1
        elif (p[t.TT_SUITS] >> ts) & 1:  # dirty clubs: the turned suit is trump at once
            bidcode, required, ti = BID_TURNED, p[t.TR_REQ], ts
            if p[t.TT_DEALER]:
                maker, forced = dealer, p[t.TT_FORCED] == 1
            if p[t.DEALER_DISCARDS]:
                hand[dealer, cnt[dealer]] = turned
                cnt[dealer] += 1
                discards = 1
        else:
            seat = (dealer + 1) % n
            while True:
                partner_alone = p[t.DPA] == 1 and seat != dealer and seat % sides == dealer % sides
                stuck_now = seat == dealer and p[t.ROUNDS] == 1 and stuck
                k = order_ups(p, partner_alone, may_alone, stuck_now, legal, 0)
                if pol is not None and pol[seat] and k > 1:
                    mine = np.sort(hand[seat, : cnt[seat]])
                    unseen = gc.unseen_of(g, kn, seat, mine)
                    x = gc.order_up(p, g, mine, unseen, legal, k, seat, dealer, turned, ts)
                    x = write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug)
                else:
                    x = decide(st, seat, legal, k, acts, ctr, lcnt, lbuf, record, debug)
                if x != p[t.PASS_ID]:
                    maker, bidcode, required = seat, BID_ORDER_UP, p[t.TR_REQ]
                    forced = seat == dealer and p[t.ROUNDS] == 1 and stuck
                    ti, alone = ts, x == p[t.ORDER_BASE] + 1
                    if p[t.DEALER_DISCARDS]:
                        hand[dealer, cnt[dealer]] = turned
                        cnt[dealer] += 1
                        discards = 1
                    break
                if seat == dealer:
                    break
                seat = (seat + 1) % n
            if maker < 0 and p[t.ROUNDS] == 1:
                thrown = True
            elif maker < 0:
                seat = (dealer + 1) % n
                while True:
                    k = trump_names(p, trump_ids, ts, seat == dealer and stuck, may_alone, legal, 0)
                    if pol is not None and pol[seat] and k > 1:
                        mine = np.sort(hand[seat, : cnt[seat]])
                        unseen = gc.unseen_of(g, kn, seat, mine)
                        x = gc.name_trump(p, g, trump_ids, mine, unseen, legal, k, p[t.L] + 1)
                        x = write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug)
                    else:
                        x = decide(st, seat, legal, k, acts, ctr, lcnt, lbuf, record, debug)
                    if x != p[t.PASS_ID]:
                        maker, bidcode, required = seat, BID_ORDER_UP, p[t.TR_REQ]
                        forced = seat == dealer and stuck
                        for o in range(ns + 1):
                            if x == trump_ids[o, 0] or x == trump_ids[o, 1]:
                                ti = o
                                alone = x == trump_ids[o, 1]
                        break
                    if seat == dealer:
                        thrown = True
                        break
                    seat = (seat + 1) % n
    hr[H_MAKER], hr[H_BID], hr[H_TRUMP], hr[H_THROWN] = maker, bidcode, ti, thrown
    if thrown:
        hr[H_MADE] = -1
        return same
    if alone:
        for q in range(n):
            if q != maker and q % sides == maker % sides:
                out[q] = 1
    # the discard: the maker who took the widow, or the dealer who took the turned card
    discarder = maker if p[t.AUCTION] else dealer
    for _ in range(discards):
        k = cnt[discarder]
        for i in range(k):
            legal[i] = hand[discarder, i] + p[t.DISCARD_BASE]
        sort_ids(legal, k)
        k = distinct(p, legal, k)
        if pol is not None and pol[discarder] and k > 1:
            mine = np.sort(hand[discarder, : cnt[discarder]])
            unseen = gc.unseen_of(g, kn, discarder, mine)
            if discarder == maker and bidcode >= 0 and gc.is_misere(g, b):
                x = gc.misere_shed(p, g, mine, unseen, ti, legal, k, p[t.DISCARD_BASE])
            else:
                x = gc.shed(p, g, mine, unseen, ti, legal, k, p[t.DISCARD_BASE])
            x = write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug)
        else:
            x = decide(st, discarder, legal, k, acts, ctr, lcnt, lbuf, record, debug)
        remove(hand, cnt, discarder, x - p[t.DISCARD_BASE])
        if pol is not None:
            kn[5 + discarder, x - p[t.DISCARD_BASE]] += 1
    if p[t.EX_MAKER] and alone:  # the lone maker's exchange with the partners
        misere = False
        if pol is not None:
            misere = pol[maker] == 1 and bidcode >= 0 and gc.is_misere(g, b)
        exchange(p, maker, ti, hand, cnt, st, legal, acts, ctr, lcnt, lbuf, record, debug, pol, g, kn, misere)
    # lone defence, offered from the maker's or the dealer's left
    if p[t.LONE_DEF] and maker >= 0 and (alone or p[t.LD_ANY]) and n > 2:
        first = dealer if p[t.LD_DEALER] else maker
        for j in range(1, n + 1):
            q = (first + j) % n
            if q % sides == maker % sides:
                continue
            legal[0], legal[1] = p[t.ALONE_ID], p[t.PASS_ID]
            if pol is not None and pol[q]:
                mine = np.sort(hand[q, : cnt[q]])
                row = p[t.L] + 1 if bidcode < 0 else b
                lone = gc.defend(p, g, mine, gc.unseen_of(g, kn, q, mine), ti, row)
                x = write(
                    p[t.ALONE_ID] if lone else p[t.PASS_ID], legal, 2, acts, ctr, lcnt, lbuf, record, debug
                )
            else:
                x = decide(st, q, legal, 2, acts, ctr, lcnt, lbuf, record, debug)
            if x == p[t.ALONE_ID]:
                def_alone = q
                for r in range(n):
                    if r != q and r % sides == q % sides:
                        out[r] = 1
                if p[t.EX_DEF]:
                    exchange(p, q, ti, hand, cnt, st, legal, acts, ctr, lcnt, lbuf, record, debug, pol, g, kn,
                              False)  # fmt: skip
                break
    if p[t.DROP_ID] >= 0 and maker >= 0 and (bidcode != BID_TURNED or p[t.DROP_TT]):
        hr[H_DROPPED] = drop_out(
            p, maker, ti, hand, cnt, out, st, legal, acts, ctr, lcnt, lbuf, record, debug, pol, g, kn
        )
    if p[t.DECL_N]:  # a set declared ends the hand: made by its holder, no trick played
        seat, d = declare(p, dealer, ti, hand, cnt, out, st, legal, acts, ctr, lcnt, lbuf, record, debug, pol)
        if d >= 0:
            hr[H_MAKER], hr[H_BID], hr[H_MADE] = seat, BID_DECLARED - d, 1
            hr[H_COLS + sides + seat % sides] = p[p[t.DECL_AT] + d * (ns + 2)]
            return 0
    return play_tricks(p, fmult, eff, key, bids, points, dealer, maker, b, ti, alone, def_alone, forced,
                 required, hand, cnt, ws, st, legal, hr, acts, ctr, lcnt, lbuf, record, debug, pol, g, kn)  # fmt: skip
