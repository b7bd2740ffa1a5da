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
    return ti >= rules.ns and rules.is_trump(card, ti)


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


SHORT_HAND = 6
"""Hands of at most this many cards: the partners' tricks are those their top cards promise
(:func:`partner_value`), as calibrated on euchre and hasenpfeffer."""
LONG_HAND = 10
"""Hands of this many cards or more: the partners take their part of the tricks that the hand,
the widow and the turned card leave (in long hands they take tricks with length and ruffs
as well as with top cards); between the two sizes, a blend."""


def long_weight(hand_size: int) -> float:
    """How far the partners' tricks are their part of what the hand leaves (0: their top
    cards' alone, 1: that part alone), by the cards of a hand.

    >>> long_weight(6), long_weight(8), long_weight(10), long_weight(12)
    (0.0, 0.5, 1.0, 1.0)
    """
    return min(1.0, max(0.0, (hand_size - SHORT_HAND) / (LONG_HAND - SHORT_HAND)))


def ruff_table(hand_size: int, rounds: float, weight: float) -> tuple[float, ...]:
    """By the cards a hand holds of a plain suit (its last entry for that many or more), the
    ruffs the suit may give its trumps: 1 void, 1/2 a singleton in short hands; in long hands
    (``weight`` 1, :func:`long_weight`) the rounds the suit goes round the table (``rounds``:
    its cards over the players) beyond the hand's cards of it; between, a blend.

    >>> ruff_table(6, 1.5, 0.0)
    (1.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0)
    >>> ruff_table(3, 2.75, 1.0)
    (2.75, 1.75, 0.75, 0.0)
    """
    out = []
    for length in range(hand_size + 1):
        short = 1.0 if length == 0 else 0.5 if length == 1 else 0.0
        out.append(short if weight == 0.0 else (1.0 - weight) * short + weight * max(0.0, rounds - length))
    return tuple(out)


def fair_factor(partner: float, own: float, share: float, tricks: int, weight: float) -> float:
    """The factor on the partners' chances (adding up to ``partner``) that makes them add up
    to the blend, by ``weight``, of ``partner`` and the partners' ``share`` of the tricks the
    hand's own chances (adding up to ``own``) leave.

    >>> round(fair_factor(partner=0.5, own=3.0, share=0.3, tricks=10, weight=1.0), 2)  # 0.3 of 7
    4.2
    >>> fair_factor(partner=0.5, own=3.0, share=0.3, tricks=10, weight=0.0)
    1.0
    """
    if partner <= 0.0:
        return 1.0
    fair = max(0.0, tricks - own) * min(1.0, share)
    return ((1.0 - weight) * partner + weight * fair) / partner


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
            for ti in range(rules.options)
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
