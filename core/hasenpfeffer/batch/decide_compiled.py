"""A decision's cards in compiled code (numba): a hand's cards held, taken out and put in the
Python engine's order, and one legal id per distinct card; and the counters of the output
buffers of whole games, ``ctr``'s columns (:data:`A_N`...: :mod:`.games_compiled`)."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from . import tables as t

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
    """Take ``card`` out of ``seat``'s hand (the last card takes its place; a card not held:
    nothing). Its place is found by a pass over the whole hand with no branch to mispredict."""
    last, at = cnt[seat] - 1, -1
    for j in range(last, -1, -1):  # the first place that holds it, as a search from the start
        at = j if hand[seat, j] == card else at
    if at >= 0:
        hand[seat, at] = hand[seat, last]
        cnt[seat] = last


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
def sort_ids(legal: Any, k: int) -> None:
    """Put the first ``k`` legal ids in order (a hand's cards: the Python engine's order)."""
    for i in range(1, k):
        x = legal[i]
        j = i - 1
        while j >= 0 and legal[j] > x:
            legal[j + 1] = legal[j]
            j -= 1
        legal[j + 1] = x
