"""The compiled kernel's exchange (numba), as the Python ``exchange`` phase plays it
(:mod:`hasenpfeffer.engine.phases.exchange`): each partner of a lone player (from the lone
player's left) gives ``alone.exchange.cards`` cards, one at a time (only the highest in the
trump order where ``best``), then the lone player gives as many back to each."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import greedy_compiled as gc
from . import tables as t
from .decide_compiled import decide, distinct, remove, sort_ids, write


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


@jitcache.counted
def _give(p: Any, giver: int, taker: int, best: bool, ti: int, hand: Any, cnt: Any, st: Any, legal: Any,
          acts: Any, ctr: Any, lcnt: Any, lbuf: Any, record: bool, debug: bool, pol: Any, g: Any, kn: Any,
          out: bool, misere: bool) -> None:  # fmt: skip
    """``giver`` gives ``taker`` one card (of its best, where ``best``). A greedy giver
    (``pol``: :mod:`.greedy_compiled`) gives its best when it sits ``out``, else its weakest
    (a misère maker: its riskiest); the card counts as laid away by the giver (``kn``)."""
    k = gifts(p, giver, best, ti, hand, cnt, legal)
    sort_ids(legal, k)
    k = distinct(p, legal, k)
    if pol is not None and pol[giver] and k > 1:
        mine = np.sort(hand[giver, : cnt[giver]])
        unseen = gc.unseen_of(g, kn, giver, mine)
        if out:
            x = gc.give_best(p, g, mine, unseen, ti, legal, k, p[t.GIVE_BASE])
        elif misere:
            x = gc.misere_shed(p, g, mine, unseen, ti, legal, k, p[t.GIVE_BASE])
        else:
            x = gc.shed(p, g, mine, unseen, ti, legal, k, p[t.GIVE_BASE])
        c = write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug) - p[t.GIVE_BASE]
    else:
        c = decide(st, giver, legal, k, acts, ctr, lcnt, lbuf, record, debug) - p[t.GIVE_BASE]
    if pol is not None:
        kn[5 + giver, c] += 1
    remove(hand, cnt, giver, c)
    hand[taker, cnt[taker]] = c
    cnt[taker] += 1


@jitcache.counted
def exchange(p: Any, lone: int, ti: int, hand: Any, cnt: Any, st: Any, legal: Any, acts: Any, ctr: Any,
              lcnt: Any, lbuf: Any, record: bool, debug: bool, pol: Any, g: Any, kn: Any,
              misere: bool) -> None:  # fmt: skip
    """The lone player ``lone``'s exchange with its partners (alternate partnerships; ``misere``:
    the lone player is a greedy maker of a contract to take no trick)."""
    n, cards = p[t.N], p[t.EX_CARDS]
    for j in range(2, n, 2):
        for _ in range(cards):
            _give(p, (lone + j) % n, lone, p[t.EX_BEST] == 1, ti, hand, cnt, st, legal, acts, ctr, lcnt, lbuf,
                  record, debug, pol, g, kn, True, False)  # fmt: skip
    for j in range(2, n, 2):
        for _ in range(cards):
            _give(p, lone, (lone + j) % n, False, ti, hand, cnt, st, legal, acts, ctr, lcnt, lbuf, record,
                  debug, pol, g, kn, False, misere)  # fmt: skip
