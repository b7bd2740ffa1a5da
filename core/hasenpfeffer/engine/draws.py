"""The random draws of a game: one counter-based generator, the same in both engines.

Every random number a game uses is a pure function of a *key* and a *counter*, so the Python
engine and the compiled one (:mod:`hasenpfeffer.batch.draws_compiled`, its twin) draw alike
without sharing any state. Words are 64 bits (``MASK``):

- ``word(key, i)``: splitmix64's output ``i`` from the state ``key``, that is
  ``mix(key + (i + 1) * GAMMA)``, ``mix`` being splitmix64's finaliser;
- ``stream(key, a, b, ...)``: a key derived from a key, one word at a time
  (``word(word(key, a), b)``...);
- ``below(key, i, n)``: a whole number from 0 to ``n - 1``, unbiased (Lemire's
  multiply-shift with rejection): word ``w = word(key, i)``, ``w * n = x * 2**64 + low``;
  ``x`` unless ``low < 2**64 % n``, then again from word ``i + 1``;
- ``shuffle(deck, key)``: Fisher-Yates, position ``i`` from the last to 1 swapped with a
  ``j`` from 0 to ``i``. The bounds ``i + 1`` are taken in batches, each as many as keep
  their product ``P`` below ``2**64``; a batch draws one number below ``P`` (as ``below``,
  the words of ``key`` counted from 0 over the whole shuffle) and reads its ``j``'s as the
  digits of that number, the first swap's the lowest (``x % n``, then ``x // n``...).

A game seeded ``seed`` (its key ``seed % 2**64``) draws its first dealer with
``below(stream(seed, DEALER), 0, n)`` and shuffles hand ``h`` (0 the first, thrown-in hands
counted) with ``stream(seed, DEAL, h)``. The random bot seated at ``q`` in a game of a run is
keyed ``stream(seed, BOT, q)`` and draws each choice among two or more actions from the next
words of that key (a choice of one action draws nothing).

>>> [word(0, i) for i in range(2)]
[16294208416658607535, 7960286522194355700]
>>> below(0, 0, 6), below(1, 0, 52)
((5, 1), (29, 1))
>>> deck = list(range(10)); shuffle(deck, 7); deck
[3, 0, 2, 7, 1, 6, 9, 5, 8, 4]
"""

from __future__ import annotations

import functools
import secrets

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
"""splitmix64's increment: the golden ratio in 64 bits."""
DEALER, DEAL, BOT, RESTART = range(4)
"""The streams of a game's key: its first dealer, its deals (by hand), its random bots (by
seat), and the games a vector environment starts after its first (by count)."""


def mix(z: int) -> int:
    """splitmix64's finaliser of a 64-bit word."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def word(key: int, i: int) -> int:
    """Word ``i`` of the stream ``key``: splitmix64's ``i``-th output from the state ``key``."""
    return mix((key + (i + 1) * GAMMA) & MASK)


def stream(key: int, *path: int) -> int:
    """The key reached from ``key`` by ``path``, a word each step.

    >>> stream(5, 1, 2) == word(word(5, 1), 2)
    True
    """
    for x in path:
        key = word(key, x)
    return key


def as_key(seed: int | None) -> int:
    """A seed as a key (``seed % 2**64``); None: a key from the system's entropy."""
    return secrets.randbits(64) if seed is None else seed & MASK


def below(key: int, i: int, n: int) -> tuple[int, int]:
    """A whole number from 0 to ``n - 1`` drawn from word ``i`` of ``key`` on, and the next
    word's number."""
    limit = (1 << 64) % n
    while True:
        z = mix((key + (i + 1) * GAMMA) & MASK) * n
        i += 1
        if z & MASK >= limit:
            return z >> 64, i


@functools.cache
def batches(size: int) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """A shuffle of ``size`` cards in batches: the product of the bounds, ``2**64`` modulo it,
    and the swaps (position, bound).

    >>> [(len(steps), p) for p, _, steps in batches(6)]
    [(5, 720)]
    """
    out = []
    i = size - 1
    while i > 0:
        product, steps = 1, []
        while i > 0 and product * (i + 1) <= MASK:
            product *= i + 1
            steps.append((i, i + 1))
            i -= 1
        out.append((product, (1 << 64) % product, tuple(steps)))
    return tuple(out)


def shuffle(deck: list[int], key: int) -> None:
    """Shuffle ``deck`` in place with the words of ``key``."""
    i = 0
    for product, limit, steps in batches(len(deck)):
        while True:
            z = mix((key + (i + 1) * GAMMA) & MASK) * product
            i += 1
            if z & MASK >= limit:
                break
        x = z >> 64
        for at, n in steps:
            j = x % n
            x //= n
            deck[at], deck[j] = deck[j], deck[at]
