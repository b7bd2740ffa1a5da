"""A decision in compiled code (numba): the legal ids a seat chooses among (kept in the Python
engine's order, one per distinct card), the random bot's draw (:mod:`.draws_compiled`), and the
action taken, written to the output buffers when recording. The counters of those buffers are
``ctr``'s columns (:data:`A_N`...)."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from . import tables as t
from .draws_compiled import bot_draw

# counters: actions written, legal ids written, hand rows written, overflow
A_N, L_N, H_N, OVER = range(4)


@jitcache.bare
def holds(hand: Any, cnt: Any, seat: int, card: int) -> bool:
    """Whether ``seat`` holds ``card``."""
    for j in range(cnt[seat]):  # noqa: SIM110 - a loop numba compiles
        if hand[seat, j] == card:
            return True
    return False


@jitcache.bare
def remove(hand: Any, cnt: Any, seat: int, card: int) -> None:
    """Take ``card`` out of ``seat``'s hand (the last card takes its place)."""
    last = cnt[seat] - 1
    for j in range(last + 1):
        if hand[seat, j] == card:
            hand[seat, j] = hand[seat, last]
            cnt[seat] = last
            return


@jitcache.bare
def distinct(p: Any, legal: Any, k: int) -> int:
    """With two copies of each card (``pack.copies``), keep one id of each card among the first
    ``k`` legal ids (the first of each, in order: the Python engine's one action per distinct
    card); how many are left."""
    if not p[t.COPIES]:
        return k
    m = 0
    for i in range(k):
        seen = False
        for j in range(m):
            if legal[j] == legal[i]:
                seen = True
                break
        if not seen:
            legal[m] = legal[i]
            m += 1
    return m


@jitcache.bare
def decide(st: Any, seat: int, legal: Any, k: int, acts: Any, ctr: Any, lcnt: Any, lbuf: Any, record: bool,
            debug: bool) -> int:  # fmt: skip
    """The random bot at ``seat`` draws one of the ``k`` legal ids (:mod:`.draws_compiled`), and
    writes it (and in debug the legal ids) when recording."""
    return write(int(legal[bot_draw(st, seat, k)]), legal, k, acts, ctr, lcnt, lbuf, record, debug)


@jitcache.bare
def sort_ids(legal: Any, k: int) -> None:
    """Put the first ``k`` legal ids in order (a hand's cards: the Python engine's order)."""
    for i in range(1, k):
        x = legal[i]
        j = i - 1
        while j >= 0 and legal[j] > x:
            legal[j + 1] = legal[j]
            j -= 1
        legal[j + 1] = x


@jitcache.bare
def write(x: int, legal: Any, k: int, acts: Any, ctr: Any, lcnt: Any, lbuf: Any, record: bool,
           debug: bool) -> int:  # fmt: skip
    """Take ``x``, one of the ``k`` legal ids: write it (and in debug the legal ids) when recording."""
    if record:
        na = ctr[A_N]
        if na < acts.shape[0]:
            acts[na] = x
            if debug:
                lcnt[na] = k
                nl = ctr[L_N]
                if nl + k <= lbuf.shape[0]:
                    for i in range(k):
                        lbuf[nl + i] = legal[i]
                else:
                    ctr[OVER] = 1
                ctr[L_N] = nl + k
        else:
            ctr[OVER] = 1
    ctr[A_N] += 1
    return int(x)
