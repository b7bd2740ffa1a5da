"""The learned bot in compiled code (numba): its seat's observation written
(:func:`.view_compiled.observe_seat`), its policy network's scores computed for the legal ids
only, and the highest played, as :class:`hasenpfeffer.bots.learned.LearnedBot` chooses.

The network's layers are :mod:`.learnedtables`'. The sums run in float64 over the file's
float32 weights, as the Python bot computes them, so that the two choose alike (only the order
of a sum differs: a tie within a rounding error would be needed to part them). The first
layer adds a row per input that is not zero: an observation is mostly zeros. On a tie the
first legal id in the Python engine's order wins (cards by id).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import jitcache
from .learnedtables import LAYER_W
from .view_compiled import observe_seat


@jitcache.bare
def choose(lt: Any, p: Any, ko: Any, hist: Any, g: int, seat: int, s: Any, hand: Any, cnt: Any, kitty: Any,
           pv: Any, scores: Any, legal: Any, m: int, cards: bool) -> int:  # fmt: skip
    """Seat ``seat``'s id among game ``g``'s ``m`` legal ids (``cards``: listed as held, not by
    id), scored by its network in ``lt`` (:func:`.learnedtables.learned_tables`; None: no seat
    is learned, and numba compiles none of this)."""
    if lt is None:
        return -1
    wts, lay, o, h = lt[0], lt[1], lt[2], lt[3]
    for i in range(o.shape[0]):
        o[i] = 0.0
    observe_seat(p, ko[0], ko[1], ko[2], ko[3], hist, g, seat, False, s, hand, cnt, kitty, pv, scores, o)
    layers = lay[seat, 0]
    for li in range(layers - 1):
        at = 1 + li * LAYER_W
        nin, nout, wo, bo = lay[seat, at], lay[seat, at + 1], lay[seat, at + 2], lay[seat, at + 3]
        out, bias = h[li % 2][:nout], wts[bo : bo + nout]
        for j in range(nout):
            out[j] = np.float64(bias[j])
        for i in range(nin):
            x = np.float64(o[i]) if li == 0 else h[1 - li % 2, i]
            if x != 0.0:  # slices index from 0: numba then drops its checks and vectorizes
                _add(out, x, wts[wo + i * nout : wo + (i + 1) * nout], nout)
        for j in range(nout):
            out[j] = math.tanh(out[j])
    at = 1 + (layers - 1) * LAYER_W
    nin, wo, bo = lay[seat, at], lay[seat, at + 2], lay[seat, at + 3]
    if layers == 1:
        for i in range(nin):
            h[0, i] = np.float64(o[i])
    inputs = h[(layers - 2) % 2 if layers > 1 else 0][:nin]
    best, bx = -np.inf, -1
    for k in range(m):
        x = legal[g, k]
        acc = _dot(inputs, wts[wo + x * nin : wo + (x + 1) * nin], nin) + np.float64(wts[bo + x])
        if bx < 0 or acc > best or (acc == best and cards and x < bx):
            best, bx = acc, x
    return int(bx)


@jitcache.inline
def _add(out: Any, x: float, w: Any, n: int) -> None:
    """``out += x * w`` over ``n`` numbers (float64 sums of float32 weights)."""
    for j in range(n):
        out[j] += x * np.float64(w[j])


@jitcache.inline
def _dot(a: Any, w: Any, n: int) -> float:
    """The sum of ``a * w`` over ``n`` numbers, in four running sums (their latencies overlap)."""
    s0 = s1 = s2 = s3 = 0.0
    q = n - n % 4
    for i in range(0, q, 4):
        s0 += a[i] * np.float64(w[i])
        s1 += a[i + 1] * np.float64(w[i + 1])
        s2 += a[i + 2] * np.float64(w[i + 2])
        s3 += a[i + 3] * np.float64(w[i + 3])
    for i in range(q, n):
        s0 += a[i] * np.float64(w[i])
    return (s0 + s1) + (s2 + s3)
