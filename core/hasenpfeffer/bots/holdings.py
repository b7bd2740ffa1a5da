"""Estimates by suit holding: what one effective suit is worth to a hand, kept by holding.

A card's chance of taking a trick (:func:`chance`) rests on its effective suit alone: the cards
held in it and the copies of each of its cards still unseen. :class:`Holdings` works a suit
out once for those exact inputs and keeps the answer, so the many hands of a run, which share
most of their suits, ask for each one again at the cost of a look-up.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> r = compile_variant(Variant(name="x"))
>>> h = r.trump_id("H")
>>> unseen = [1] * len(r.faces)
>>> cards = [r.cid(c) for c in ["AH", "JK"]]
>>> for c in cards:
...     unseen[c] = 0
>>> pairs, low = Holdings(r).held(h, h, cards, unseen)
>>> [(r.names[c], p) for c, p in pairs], [r.names[c] for c in low]
([('JK', 0.95), ('AH', 0.1)], ['AH'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TypeVar

from ..rules.ruleset import Ruleset

MEMO_SIZE = 1 << 14
"""Entries a memo keeps before it starts afresh."""
K = TypeVar("K")
V = TypeVar("V")
Pairs = tuple[tuple[int, float], ...]
"""(card id, chance) pairs."""
Counts = Callable[[Sequence[int]], object]
"""The counts of one suit's cards, read from counts of every card id (a key, not for reading)."""


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """Keep ``value`` under ``key`` in ``memo``, which starts afresh beyond :data:`MEMO_SIZE` entries."""
    if len(memo) > MEMO_SIZE:
        memo.clear()
    memo[key] = value
    return value


def wins_every_trick(rules: Ruleset, card: int, ti: int) -> bool:
    """A card of no suit that still trumps: in no-trump, the Joker ranked highest."""
    return ti == rules.ns and rules.is_trump(card, ti)


def chance(trump: bool, has_trump: bool, k: int, length: int, higher: int, outside: int) -> float:
    """Chance that a card takes a trick: ``k`` of our cards above it in a suit of ``length``,
    ``higher`` unseen cards above it, ``outside`` unseen cards in its suit."""
    if trump:
        if higher == 0:
            p = 0.95
        elif length - k > higher:
            p = 0.6
        else:
            p = 0.2 / higher
        return max(p, 0.9) if length - k > outside else p
    if higher == 0:
        if not has_trump:
            return (0.95, 0.85, 0.7, 0.5)[min(k, 3)]
        p = (0.9, 0.55, 0.25, 0.1)[min(k, 3)]
        return p * 0.6 if outside < 2 else p
    if higher == 1:
        return 0.3 if length >= 2 else 0.15
    return 0.03


OTHER_DEALS, I_DEAL, FRIEND_DEALS = 0, 1, 2
"""Who takes the turned card up in an order-up (:meth:`~.handeval.Evaluator.ordering`): an
opponent, the seat itself, a seat on its side."""


def partner_value(trump: bool, higher: int) -> float:
    """A partner's chance of winning with a card it holds: a trump or not, ``higher`` copies
    of stronger cards of its suit out."""
    if trump:
        return 0.8 if higher == 0 else 0.35 if higher == 1 else 0.1
    return 0.65 if higher == 0 else 0.0


def _counts(cards: tuple[int, ...]) -> Counts:
    if not cards:
        return lambda counts: ()
    return itemgetter(*cards)


class Holdings:
    """The per-suit estimates of one ruleset, kept by (trump option, suit, holding, suit's counts)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        every = range(len(rules.faces))
        self.members = [
            [tuple(c for c in every if rules.eff[ti][c] == s) for s in range(rules.ns + 1)]
            for ti in range(rules.ns + 1)
        ]
        """For each trump option, each effective suit's card ids."""
        self.counts = [[_counts(cards) for cards in row] for row in self.members]
        self._held: dict[tuple[object, ...], tuple[Pairs, tuple[int, ...]]] = {}
        self._gains: dict[tuple[object, ...], Pairs] = {}

    def held(
        self, ti: int, suit: int, cards: Sequence[int], unseen: Sequence[int]
    ) -> tuple[Pairs, tuple[int, ...]]:
        """The chances of ``cards``, a hand's cards of ``suit``, strongest first; and its low trumps."""
        key = (ti, suit, tuple(cards), self.counts[ti][suit](unseen))
        found = self._held.get(key)
        if found is None:
            found = remember(self._held, key, self._work_held(ti, suit, cards, unseen))
        return found

    def _work_held(
        self, ti: int, suit: int, cards: Sequence[int], unseen: Sequence[int]
    ) -> tuple[Pairs, tuple[int, ...]]:
        r = self.rules
        power = r.power[ti]
        trump = ti if ti < r.ns else -1
        members = self.members[ti][suit]
        outside = sum(unseen[d] for d in members)
        ordered = sorted(cards, key=lambda c: -power[c])
        pairs: list[tuple[int, float]] = []
        low: list[int] = []
        for k, c in enumerate(ordered):
            if wins_every_trick(r, c, ti):
                pairs.append((c, 1.0))
                continue
            higher = sum(unseen[d] for d in members if power[d] > power[c])
            p = chance(suit == trump, trump >= 0, k, len(ordered), higher, outside)
            if suit == trump and p < 0.5:
                low.append(c)
            pairs.append((c, p))
        return tuple(pairs), tuple(low)

    def gains(self, ti: int, suit: int, held: Sequence[int], unseen: Sequence[int]) -> Pairs:
        """For each unseen card of ``suit``: its chance of a trick if taken into a hand holding
        ``held`` of the suit."""
        key = (ti, suit, tuple(held), self.counts[ti][suit](unseen))
        found = self._gains.get(key)
        if found is None:
            found = remember(self._gains, key, self._work_gains(ti, suit, held, unseen))
        return found

    def _work_gains(self, ti: int, suit: int, held: Sequence[int], unseen: Sequence[int]) -> Pairs:
        r = self.rules
        power = r.power[ti]
        trump = ti if ti < r.ns else -1
        members = self.members[ti][suit]
        outside = sum(unseen[d] for d in members)
        out: list[tuple[int, float]] = []
        for c in members:
            if not unseen[c]:
                continue
            if wins_every_trick(r, c, ti):
                out.append((c, 1.0))
                continue
            strength = power[c]
            k = sum(1 for d in held if power[d] > strength)
            higher = sum(unseen[d] for d in members if power[d] > strength)
            out.append((c, chance(suit == trump, trump >= 0, k, len(held) + 1, higher, outside - 1)))
        return tuple(out)
