"""Dealing unseen cards into places with rules about what each may hold, at random.

A *place* wants some number of cards, each of which it must allow (a hand void in a suit,
a player who held no Joker). :func:`fill` deals a pool of cards into the places so that
every rule holds whenever some deal satisfies them all: before each card is placed it
checks, with a small flow over groups of interchangeable cards, that the rest can still
be placed.

>>> import random
>>> spades = lambda c: c >= 10
>>> places = [Place(3), Place(2, allows=lambda c: not spades(c))]
>>> hands = fill([1, 2, 10, 11, 12], places, random.Random(1))
>>> sorted(hands[0]), sorted(hands[1])
([10, 11, 12], [1, 2])
>>> fill([10, 11], [Place(1, allows=lambda c: c < 10), Place(1)], random.Random(1)) is None
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Allows = Callable[[int], bool]
Weight = Callable[[int], float]


@dataclass(frozen=True)
class Place:
    """Where ``count`` cards go: each must be allowed (None: any), drawn with ``weight`` (None: even)."""

    count: int
    allows: Allows | None = None
    weight: Weight | None = None


def fill(pool: Sequence[int], places: Sequence[Place], rng: random.Random) -> list[list[int]] | None:
    """The cards of ``pool`` dealt to ``places`` (the counts must add up), or None when no deal fits."""
    if sum(p.count for p in places) != len(pool):
        raise ValueError(f"{len(pool)} cards for {sum(p.count for p in places)} places")
    left = Counter(pool)
    out: list[list[int]] = [[] for _ in places]
    ruled = [i for i, p in enumerate(places) if p.allows is not None and p.count]
    if ruled:
        # Cards that every rule treats alike are interchangeable: one group each.
        sig = {c: tuple(bool(places[i].allows(c)) for i in ruled) for c in left}  # type: ignore[misc]
        need = {i: places[i].count for i in ruled}
        free = len(pool) - sum(need.values())
        order = sorted(ruled, key=lambda i: sum(n for c, n in left.items() if sig[c][ruled.index(i)]))
        for i in order:
            j = ruled.index(i)
            while need[i]:
                options = [c for c in left if left[c] and sig[c][j]]
                while True:
                    if not options:
                        return None
                    c = _draw(options, left, places[i].weight, rng)
                    left[c] -= 1
                    need[i] -= 1
                    if _feasible(left, sig, ruled, need, free):
                        break
                    left[c] += 1
                    need[i] += 1
                    options = [o for o in options if sig[o] != sig[c]]
                out[i].append(c)
    rest = [c for c, n in left.items() for _ in range(n)]
    rng.shuffle(rest)
    for i, p in enumerate(places):
        if p.allows is None and p.count:
            if p.weight is not None:
                picked = _weighted(rest, p.count, p.weight, rng)
                for c in picked:
                    rest.remove(c)
            else:
                picked, rest = rest[: p.count], rest[p.count :]
            out[i] = picked
    return out


def _draw(options: list[int], left: Counter[int], weight: Weight | None, rng: random.Random) -> int:
    """One card among ``options``, as likely as its copies left times its weight."""
    weights = [left[c] * (1.0 if weight is None else weight(c)) for c in options]
    return rng.choices(options, weights)[0]


def _weighted(cards: list[int], k: int, weight: Weight, rng: random.Random) -> list[int]:
    """``k`` of ``cards`` drawn without replacement, each as likely as its weight."""
    keyed = sorted(range(len(cards)), key=lambda i: -(rng.random() ** (1.0 / max(weight(cards[i]), 1e-9))))
    return [cards[i] for i in keyed[:k]]


def _feasible(
    left: Counter[int], sig: dict[int, tuple[bool, ...]], ruled: list[int], need: dict[int, int], free: int
) -> bool:
    """Whether the cards left can still fill what the ruled places need (the free places take the rest)."""
    groups: Counter[tuple[bool, ...]] = Counter()
    for c, n in left.items():
        if n:
            groups[sig[c]] += n
    kinds = list(groups)
    want = [need[i] for i in ruled]
    load = [0] * len(ruled)
    held = [[0] * len(ruled) for _ in kinds]

    def place(g: int, seen: set[int]) -> bool:
        """One card of group ``g`` into a place, moving others along an augmenting path."""
        for j, ok in enumerate(kinds[g]):
            if not ok or j in seen:
                continue
            seen.add(j)
            if load[j] < want[j]:
                held[g][j] += 1
                load[j] += 1
                return True
            for h in range(len(kinds)):
                if held[h][j] and place(h, seen):
                    held[h][j] -= 1
                    held[g][j] += 1
                    return True
        return False

    for g, kind in enumerate(kinds):
        n = groups[kind]
        for j, ok in enumerate(kind):
            if ok and n:
                k = min(n, want[j] - load[j])
                held[g][j] += k
                load[j] += k
                n -= k
        while n and place(g, set()):
            n -= 1
    return load == want
