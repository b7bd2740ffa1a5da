"""The compiled kernel's drop-outs (numba), as the Python ``drop-out`` phase plays them
(:mod:`hasenpfeffer.engine.phases.dropout`): once trump is made by a maker (and the dealer has
discarded), each seat other than the maker, from the maker's left, stays in (``pass``) or drops
out (``drop``) for the hand and sits out; nobody where the turned card made trump at once,
unless ``alone.drop_out.when_turned_trump``. A greedy seat chooses as
``GreedyBot.drop_out`` (:func:`drops`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from ..bots.handeval_compiled import card_chances
from . import greedy_compiled as gc
from . import tables as t
from .decide_compiled import decide, write


@jitcache.counted
def drops(p: Any, g: Any, hand: Any, unseen: Any, ti: int) -> bool:
    """``GreedyBot.drop_out``: drop out when the hand (``hand``, sorted), in trump option ``ti``,
    is worth less than a trick: its cards' chances added up in hand order, times two over the
    players."""
    eff, power, every, _, ruff, _, _, _, _, _ = g[:10]
    ch = card_chances(eff[ti], power[ti], every[ti], ti, p[t.NS], ruff, hand, unseen)
    total = 0.0
    for x in ch:
        total += x
    return bool(total * 2 / p[t.N] < 1)


@jitcache.counted
def drop_out(p: Any, maker: int, ti: int, hand: Any, cnt: Any, out: Any, st: Any, legal: Any, acts: Any,
              ctr: Any, lcnt: Any, lbuf: Any, record: bool, debug: bool, pol: Any, g: Any, kn: Any) -> int:  # fmt: skip
    """Ask each seat in play but the maker's, from the maker's left, to drop out or stay in; a
    seat that drops sits out (``out``). The seats that dropped out, a bit each."""
    n, gone = p[t.N], 0
    for k in range(1, n):
        q = (maker + k) % n
        if out[q]:
            continue
        legal[0], legal[1] = p[t.DROP_ID], p[t.PASS_ID]
        if pol is not None and pol[q]:
            mine = np.sort(hand[q, : cnt[q]])
            lone = drops(p, g, mine, gc.unseen_of(g, kn, q, mine), ti)
            x = write(p[t.DROP_ID] if lone else p[t.PASS_ID], legal, 2, acts, ctr, lcnt, lbuf, record, debug)
        else:
            x = decide(st, q, legal, 2, acts, ctr, lcnt, lbuf, record, debug)
        if x == p[t.DROP_ID]:
            out[q] = 1
            gone |= 1 << q
    return gone
