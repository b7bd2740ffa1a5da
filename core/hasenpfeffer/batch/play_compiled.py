"""The tricks of a hand in compiled code (numba), as the Python ``play`` phase plays them
(:mod:`hasenpfeffer.engine.phases.play`): the first leader, then each trick's legal cards, the
random or greedy seat's card, the suit named after a Joker led at no-trump, and the hand's score
(:mod:`.score_compiled`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import greedy_compiled as gc
from . import tables as t
from .decide_compiled import decide, distinct, remove, sort_ids, write
from .rows import H_ALONE, H_COLS, H_DEF_ALONE, H_DROPPED, H_FORCED, H_MADE
from .score_compiled import score_hand

_inline = jitcache.jit(nogil=True, inline="always")
"""For :func:`play_tricks`, inlined into its one caller (the hand), which passes it some twenty
arrays."""


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


@_inline
def play_tricks(p: Any, fmult: float, eff: Any, key: Any, bids: Any, points: Any, dealer: int, maker: int,
          b: int, ti: int, alone: bool, def_alone: int, forced: bool, required: int, hand: Any, cnt: Any,
          ws: Any, st: Any, legal: Any, hr: Any, acts: Any, ctr: Any, lcnt: Any, lbuf: Any, record: bool,
          debug: bool, pol: Any, g: Any, kn: Any) -> int:  # fmt: skip
    """The tricks and the scoring of a hand whose trump is made; 0 (the deal passes on). Seats
    whose ``pol`` is 1 play greedy (:mod:`.greedy_compiled`, ``g`` its tables, ``kn`` the cards
    played and laid away this hand), the others at random."""
    n, ns, joker, sides, base = p[t.N], p[t.NS], p[t.JOKER], p[t.SIDES], p[t.PLAY_BASE]
    out, won, cards, seats = ws[1], ws[2], ws[3], ws[4]
    leader = first_leader(p, maker, dealer, alone, def_alone, out)
    active = n - out[:n].sum()
    won[:n] = 0
    effs = eff[ti]
    misere = False
    if pol is not None:
        misere = maker >= 0 and gc.is_misere(g, b)
    none = kn[0, :0]  # no hand shown (a view: nothing allocated)
    for done in range(cnt[leader]):
        seat, led = leader, -1
        for j in range(active):
            k = 0
            held = hand[seat]
            if j > 0:
                for i in range(cnt[seat]):
                    if effs[held[i]] == led:
                        legal[k] = held[i] + base
                        k += 1
            if k == 0:
                k = cnt[seat]
                for i in range(k):
                    legal[i] = held[i] + base
            sort_ids(legal, k)
            k = distinct(p, legal, k)
            if pol is not None and pol[seat] and k > 1:
                mine = (
                    np.sort(hand[seat, : cnt[seat]]) if misere else hand[seat, : cnt[seat]]
                )  # order: misère's
                unseen = gc.unseen_of(g, kn, seat, mine)
                if misere:
                    shown = np.sort(hand[maker, : cnt[maker]]) if gc.shown_now(g, b, done) else none
                    x = gc.misere_play(p, g, mine, unseen, legal, k, seat, maker, ti, b, cards, seats, j, kn,
                                       active, shown)  # fmt: skip
                else:
                    taken = 0
                    for q in range(n):
                        if q % sides == seat % sides:
                            taken += won[q]
                    x = gc.play(p, g, mine, unseen, legal, k, seat, maker, ti, cards, seats, j, taken, key)
                c = write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug) - base
            else:
                c = decide(st, seat, legal, k, acts, ctr, lcnt, lbuf, record, debug) - base
            remove(hand, cnt, seat, c)
            if pol is not None:
                kn[0, c] += 1
                kn[3, kn[2, 1]], kn[4, kn[2, 1]] = c, seat  # the hand's cards in play order, and their seats
                kn[2, 1] += 1
            cards[j], seats[j] = c, seat
            if j == 0:
                led = effs[c]
                if c == joker and ti == ns and p[t.JOKER_NAMES]:
                    for s in range(ns):
                        legal[s] = p[t.SUIT_BASE] + s
                    if pol is not None and pol[seat]:
                        mine = np.sort(hand[seat, : cnt[seat]])
                        unseen = gc.unseen_of(g, kn, seat, mine)
                        if misere and maker % sides != seat % sides:
                            shown = np.sort(hand[maker, : cnt[maker]]) if gc.shown_now(g, b, done) else none
                            x = gc.misere_suit(p, g, unseen, seat, maker, ti, shown)
                        else:
                            x = gc.name_suit(p, g, mine, unseen, ti)
                        led = write(x, legal, ns, acts, ctr, lcnt, lbuf, record, debug) - p[t.SUIT_BASE]
                    else:
                        led = (
                            decide(st, seat, legal, ns, acts, ctr, lcnt, lbuf, record, debug) - p[t.SUIT_BASE]
                        )
            seat = (seat + 1) % n
            while out[seat]:
                seat = (seat + 1) % n
        row = key[ti, effs[cards[0]]]
        best, top = 0, row[cards[0]]
        for j in range(1, active):
            if row[cards[j]] > top:
                best, top = j, row[cards[j]]
        winner = leader
        for _ in range(best):
            winner = (winner + 1) % n
            while out[winner]:
                winner = (winner + 1) % n
        won[winner] += 1
        leader = winner
    tricks = hr[H_COLS : H_COLS + sides]
    change = hr[H_COLS + sides : H_COLS + 2 * sides]
    for q in range(n):
        tricks[q % sides] += won[q]
    hr[H_ALONE], hr[H_DEF_ALONE], hr[H_FORCED] = alone, def_alone >= 0, forced
    if maker < 0:
        for s in range(sides):
            change[s] = p[t.NM_PER] * tricks[s] - p[t.NM_SHORT] * max(0, p[t.NM_MIN] - tricks[s])
        hr[H_MADE] = -1
    else:
        gone = 0  # the sides of the seats that dropped out
        for q in range(n):
            if (hr[H_DROPPED] >> q) & 1:
                gone |= 1 << (q % sides)
        hr[H_MADE] = score_hand(p, fmult, bids, points, b, maker % sides, tricks, required, alone, def_alone >= 0,
                            forced, change, gone)  # fmt: skip
    return 0
