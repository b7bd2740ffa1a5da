"""The game's random draws in compiled code (numba): the twin of
:mod:`hasenpfeffer.engine.draws`, word for word (64-bit words as ``uint64``; the product of
two words as its high and low halves).

A game in play keeps a row (``V_*``): its seed, the games started, the current game's key
(:func:`restart`); each hand is shuffled by :func:`hand_key`, and each random bot draws from
its seat's stream of the key (:mod:`.steppolicy_compiled`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache

DEALER, DEAL, BOT, RESTART = range(4)
"""The streams of a game's key, as :mod:`hasenpfeffer.engine.draws` names them."""
V_SEED, V_GAMES, V_KEY, V_COLS = range(4)
"""A game's row: its seed, the games it has started, the current game's key."""
_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


@jitcache.bare
def mix(z: Any) -> Any:
    """splitmix64's finaliser."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@jitcache.bare
def word(key: Any, i: Any) -> Any:
    """Word ``i`` of the stream ``key``."""
    return mix(key + np.uint64(i + 1) * np.uint64(0x9E3779B97F4A7C15))


@jitcache.bare
def _mul(a: Any, b: Any) -> tuple[Any, Any]:
    """The product of two words: its high and low words."""
    al, ah, bl, bh = a & _M32, a >> _S32, b & _M32, b >> _S32
    ll, lh, hl = al * bl, al * bh, ah * bl
    mid = (ll >> _S32) + (lh & _M32) + (hl & _M32)
    return ah * bh + (lh >> _S32) + (hl >> _S32) + (mid >> _S32), (ll & _M32) | (mid << _S32)


@jitcache.bare
def _mul_small(a: Any, m: Any) -> tuple[Any, Any]:
    """:func:`_mul` of a word and ``m`` below 2**32 (three products, not four)."""
    return ((a >> _S32) * m + (((a & _M32) * m) >> _S32)) >> _S32, a * m


@jitcache.bare
def below(key: Any, i: Any, n: Any) -> tuple[Any, Any]:
    """A whole number from 0 to ``n - 1`` from word ``i`` of ``key`` on; the next word's number."""
    m = np.uint64(n)
    hi, lo = _mul_small(word(key, i), m) if n < (1 << 32) else _mul(word(key, i), m)
    i += 1
    if lo < m:  # Lemire's test: only a low word below ``n`` can be below the limit
        limit = (np.uint64(0) - m) % m
        while lo < limit:
            hi, lo = _mul(word(key, i), m)
            i += 1
    return np.int64(hi), i


@jitcache.bare
def shuffle(dk: Any, size: int, key: Any) -> None:
    """Shuffle the first ``size`` cards of ``dk`` in place with the words of ``key``."""
    w = 0
    i = size - 1
    while i > 0:
        product, last = np.uint64(1), i
        while last > 0:  # the bounds while their product stays below 2**64 (no division)
            over, more = _mul(product, np.uint64(last + 1))
            if over != np.uint64(0):
                break
            product = more
            last -= 1
        x, lo = _mul(word(key, w), product)
        w += 1
        if lo < product:  # as in below()
            limit = (np.uint64(0) - product) % product
            while lo < limit:
                x, lo = _mul(word(key, w), product)
                w += 1
        while i > last:
            m = np.uint64(i + 1)
            j = np.int64(x % m)
            x //= m
            dk[i], dk[j] = dk[j], dk[i]
            i -= 1


@jitcache.bare
def hand_key(key: Any, h: Any) -> Any:
    """The key hand ``h`` of the game keyed ``key`` is shuffled with."""
    return word(word(key, DEAL), h)


@jitcache.bare
def draw(st: Any, at: int, k: int) -> Any:
    """One of ``k`` from the stream keyed ``st[at]``, whose words drawn ``st[at + 1]`` counts
    (nothing drawn for one)."""
    if k == 1:
        return 0
    x, i = below(st[at], np.int64(st[at + 1]), k)
    st[at + 1] = np.uint64(i)
    return x


@jitcache.bare
def restart(row: Any, n: int) -> Any:
    """Key the next game of a vector environment's ``row``: its first by the row's seed, the
    ``r``-th after it by ``stream(seed, RESTART, r)``; its first dealer, a seat of ``n``."""
    r = np.int64(row[V_GAMES])
    row[V_KEY] = row[V_SEED] if r == 0 else word(word(row[V_SEED], RESTART), r)
    row[V_GAMES] = np.uint64(r + 1)
    return below(word(row[V_KEY], DEALER), 0, n)[0]
