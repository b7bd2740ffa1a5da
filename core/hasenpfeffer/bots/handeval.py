"""What a seat knows, and how many tricks a hand may take: the arithmetic behind the bots.

Cards are the ids of :mod:`hasenpfeffer.rules.ruleset`. For a trump option the estimate gives
each card of a hand a chance of taking a trick (boss cards, trump length, ruffs, the
partner's share of the unseen cards); the trick count is then a Poisson-binomial
distribution, and a contract's value is its expected score difference under the
variant's own scoring.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> ev = Evaluator(Variant(name="x"))
>>> r = ev.rules
>>> hand = [r.cid(c) for c in ["JK", "JH", "JD", "AH", "KH", "AS"]]
>>> unseen = ev.unseen_after(hand)
>>> dist = ev.distribution(hand, r.trump_id("H"), unseen, partners=1, hand_size=6)
>>> round(sum(t * p for t, p in enumerate(dist)), 1) >= 5
True
>>> ev.contract_ev(dist, required=6, multiplier=1) > ev.contract_ev(dist, required=6, multiplier=1, alone=True) - 99
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any

from .. import accel
from ..engine.scoring import score_hand
from ..engine.view import Trick, View
from ..format.cards import Card
from ..format.variant import Bid, Variant
from ..rules.ruleset import Ruleset, compile_variant
from .counts import above, ladders
from .holdings import (
    FRIEND_DEALS,
    I_DEAL,
    Holdings,
    fair_factor,
    long_weight,
    partner_value,
    remember,
    ruff_table,
)
from .misere import Misere

PARTNER = 0.6
"""Calibration of the partners' expected tricks (greedy self-play: estimates at bidding time were high)."""


def poisson_binomial(probs: Sequence[float], cap: int) -> list[float]:
    """Distribution of the number of successes (capped at ``cap``) of independent trials.

    >>> [round(p, 2) for p in poisson_binomial([0.5, 0.5], 2)]
    [0.25, 0.5, 0.25]
    >>> poisson_binomial([1.0, 1.0, 1.0], 2)
    [0.0, 0.0, 1.0]
    """
    return capped(trials([1.0], probs), cap)


def trials(dist: list[float], probs: Iterable[float]) -> list[float]:
    """The distribution of successes ``dist`` after more independent trials (uncapped)."""
    for p in probs:
        p = min(1.0, max(0.0, p))
        q = 1 - p
        # term k is dist[k - 1] * p + dist[k] * q, the two products added as the textbook loop adds them
        nxt = [a * p + b * q for a, b in pairwise(dist)]
        nxt.insert(0, dist[0] * q)
        nxt.append(dist[-1] * p)
        dist = nxt
    return dist


def capped(dist: list[float], cap: int) -> list[float]:
    """``dist`` with the chances of ``cap`` successes or more added up in the last place."""
    if len(dist) > cap + 1:
        dist = [*dist[:cap], sum(dist[cap:])]
    return dist + [0.0] * (cap + 1 - len(dist))


def total(values: Iterable[float]) -> float:
    """The sum of ``values``, added one by one from the first (as the compiled twin adds them)."""
    out = 0.0
    for x in values:
        out += x
    return out


def _take(counts: list[int], cards: Iterable[int]) -> None:
    """Take one copy of each of ``cards`` off ``counts`` (never below none)."""
    for c in cards:
        if counts[c] > 0:
            counts[c] -= 1


COMPILE_AFTER = 5000
"""Trick distributions an evaluator works out in pure Python before it loads the compiled
twin (``compiled`` None, where :func:`hasenpfeffer.accel.enabled`). Loading numba takes about half a second, which
that many distributions pay back; a short run never loads it."""


class Evaluator:
    """Hand-strength estimates and contract values for one variant (``compiled``: work the
    estimates out with the compiled twin, :mod:`.handeval_compiled`, the same numbers; False:
    in pure Python; None: the twin after :data:`COMPILE_AFTER` distributions, where
    :func:`hasenpfeffer.accel.enabled` says the compiled twins run)."""

    def __init__(self, variant: Variant, compiled: bool | None = None) -> None:
        self.variant = variant
        r = compile_variant(variant)
        self.rules: Ruleset = r
        self.kernel: Any = None
        """The compiled estimates (a :class:`~.handeval_compiled.Kernel`), or None for the pure-Python ones."""
        self.tricks = variant.tricks_per_hand
        self.long = long_weight(variant.hand_size)
        """How far the partners take their part of the tricks the hand leaves (:func:`~.holdings.long_weight`)."""
        rounds = variant.pack.size / (len(r.suits) * variant.players)
        self.ruffs = ruff_table(variant.hand_size, rounds, self.long)
        """The ruffs a plain suit may give, by the hand's cards of it (:func:`~.holdings.ruff_table`)."""
        if compiled:
            accel.require("the compiled estimates")
        self._until = COMPILE_AFTER if compiled is None and accel.enabled() else -1
        if compiled:
            self.compile()
        self.sides = len(variant.teams)
        self.ids: dict[Card, int] = {face: i for i, face in enumerate(r.faces)}
        """Card ids by face."""
        self.holdings = Holdings(r)
        self.misere = Misere(self.holdings)
        """The estimates of contracts to take no trick (pure Python in either build)."""
        self._deck_counts = [0] * len(r.faces)
        for c in r.deck:
            self._deck_counts[c] += 1
        self._ev_cache: dict[tuple[int, int, bool, bool, bool, Bid | None], list[float]] = {}
        self._ladders = [ladders(r, ti) for ti in range(r.options)]
        self._plain = [[s for s in range(r.ns) if s != ti] for ti in range(r.options)]
        self._chances: dict[tuple[object, ...], list[float]] = {}
        self._spread: dict[tuple[tuple[float, ...], tuple[float, ...]], list[float]] = {}
        self._partner: dict[tuple[object, ...], list[float]] = {}
        self._played: tuple[tuple[Trick, ...], list[int]] = ((), self._deck_counts)

    def compile(self) -> None:
        """Work the estimates out with the compiled kernel from now on (numba loads here)."""
        from .handeval_compiled import Kernel

        self.kernel = Kernel(self.rules, PARTNER, self.variant.tricks_per_hand, self.long, self.ruffs)
        self._until = -1

    # ------------------------------------------------------------------ knowledge

    def unseen_after(self, known: Sequence[int]) -> list[int]:
        """Counts of each card id not among ``known``."""
        counts = list(self._deck_counts)
        _take(counts, known)
        return counts

    def known_cards(self, view: View) -> list[int]:
        """Ids of cards this seat has seen: its hand, cards played, its own discards and gifts."""
        return self._trick_cards(view.tricks) + self._in_sight(view)

    def _trick_cards(self, tricks: Sequence[Trick]) -> list[int]:
        """Ids of the cards of finished tricks."""
        ids = self.ids
        return [ids[c] for trick in tricks for _, c in trick.cards]

    def _in_sight(self, view: View) -> list[int]:
        """Ids of the seen cards outside the finished tricks: the hand, the trick on the table,
        the seat's own discards and gifts."""
        card_id = self.rules.card_id
        cards = list(view.hand_ids)
        cards += [c for _, c in view.trick_ids]
        cards += [card_id[a.arg] for a in view.set_aside]
        return cards

    def unseen(self, view: View) -> list[int]:
        """``unseen_after(known_cards(view))``, the finished tricks' part kept while they stay the same."""
        tricks = view.tricks
        played = self._played
        if played[0] is not tricks:
            counts = self.unseen_after(self._trick_cards(tricks))
            played = (tricks, counts) if type(tricks) is tuple else ((), self._deck_counts)
            self._played = played
        else:
            counts = played[1]
        counts = list(counts)
        _take(counts, self._in_sight(view))
        return counts

    # ------------------------------------------------------------------ estimates

    def card_chances(self, hand: Sequence[int], ti: int, unseen: Sequence[int]) -> list[float]:
        """Each card's chance of taking a trick, in ``hand`` order."""
        key = ("cards", ti, tuple(hand), tuple(unseen))
        found = self._chances.get(key)
        if found is None:
            found = remember(self._chances, key, self._card_chances(hand, ti, unseen))
        return list(found)

    def _card_chances(self, hand: Sequence[int], ti: int, unseen: Sequence[int]) -> list[float]:
        if self.kernel is not None:
            return self.kernel.card_chances(hand, ti, unseen)  # type: ignore[no-any-return]
        eff = self.rules.eff[ti]
        suits: dict[int, list[int]] = {}
        for c in hand:
            suits.setdefault(eff[c], []).append(c)
        held = self.holdings.held
        chance: dict[int, float] = {}
        low_trumps: tuple[int, ...] = ()
        for suit, cards in suits.items():
            pairs, low = held(ti, suit, cards, unseen)
            chance.update(pairs)
            if low:
                low_trumps = low  # only the trump suit has low trumps
        if low_trumps:
            table, most = self.ruffs, len(self.ruffs) - 1
            ruffs = sum(table[min(len(suits[s]), most)] if s in suits else table[0] for s in self._plain[ti])
            for c in low_trumps[: int(ruffs + 0.5)]:
                chance[c] = max(chance[c], 0.55)
        return [chance[c] for c in hand]

    def partner_chances(
        self, hand: Sequence[int], ti: int, unseen: Sequence[int], share: float
    ) -> list[float]:
        """Chances that partners hold and win with each unseen card (``share``: their part of the unseen)."""
        if share <= 0:
            return []
        counts = list(unseen)
        for c in hand:
            counts[c] += 1
        values = self._partner_values(ti, counts)
        out: list[float] = []
        share = min(1.0, share) * PARTNER
        for c, n in enumerate(unseen):
            if n:
                v = values[c]
                if v:
                    out.extend([share * v] * n)
        return out

    def _partner_values(self, ti: int, counts: list[int]) -> list[float]:
        """For each card, a partner's chance of winning with it when holding it (``counts``: every
        card not in this hand)."""
        key = (ti, tuple(counts))
        found = self._partner.get(key)
        if found is None:
            higher, _ = above(self._ladders[ti], counts)
            eff = self.rules.eff[ti]
            trump = ti if ti < self.rules.ns else -1
            found = [partner_value(eff[c] == trump, h) for c, h in enumerate(higher)]
            remember(self._partner, key, found)
        return found

    def widow_chances(self, hand: Sequence[int], ti: int, unseen: Sequence[int], size: int) -> list[float]:
        """What taking ``size`` unseen cards (and discarding as many of the weakest) may add."""
        total = sum(unseen)
        if size <= 0 or total == 0:
            return []
        key = ("widow", ti, tuple(hand), tuple(unseen), size)
        found = self._chances.get(key)
        if found is None:
            found = remember(self._chances, key, self._widow_chances(hand, ti, unseen, size, total))
        return list(found)

    def _widow_chances(
        self, hand: Sequence[int], ti: int, unseen: Sequence[int], size: int, total: int
    ) -> list[float]:
        eff = self.rules.eff[ti]
        weakest = sorted(self.card_chances(hand, ti, unseen))[:size]
        mine: dict[int, list[int]] = {}
        for d in hand:
            mine.setdefault(eff[d], []).append(d)
        gains = self.holdings.gains
        value: dict[int, float] = {}
        for suit in range(self.rules.ns + 1):
            value.update(gains(ti, suit, mine.get(suit, ()), unseen))
        pairs = [(value[c], n) for c, n in enumerate(unseen) if n]
        return [sum([max(0.0, v - w) * n for v, n in pairs]) / total for w in weakest]

    def spread(self, dist: Sequence[float], probs: Sequence[float]) -> list[float]:
        """``trials(dist, probs)``, kept under its exact inputs (do not change the list returned)."""
        key = (tuple(dist), tuple(probs))
        found = self._spread.get(key)
        if found is None:
            found = remember(self._spread, key, trials(list(dist), probs))
        return found

    def distribution(
        self,
        hand: Sequence[int],
        ti: int,
        unseen: Sequence[int],
        partners: int,
        hand_size: int,
        widow: int = 0,
        extra: Sequence[float] = (),
    ) -> list[float]:
        """Distribution of the making side's tricks with ``hand`` (after the widow and discards)."""
        share = self._share(unseen, partners, hand_size)
        self._tick(1)
        if self.kernel is not None:
            found: list[float] = self.kernel.distribution(hand, ti, unseen, share, widow, extra)
            return found
        return self._distribution(hand, ti, unseen, share, widow, extra)

    def _share(self, unseen: Sequence[int], partners: int, hand_size: int) -> float:
        """The partners' part of the unseen cards."""
        total = sum(unseen)
        return partners * hand_size / total if total else 0.0

    def _tick(self, n: int) -> None:
        """Count ``n`` distributions towards loading the kernel (:data:`COMPILE_AFTER`)."""
        if self._until >= 0:
            self._until -= n
            if self._until < 0:
                self.compile()

    def _distribution(
        self,
        hand: Sequence[int],
        ti: int,
        unseen: Sequence[int],
        share: float,
        widow: int,
        extra: Sequence[float],
    ) -> list[float]:
        probs = self.partner_chances(hand, ti, unseen, share)
        widow_probs = self.widow_chances(hand, ti, unseen, widow)
        if self.long and probs:
            own = total([*self.card_chances(hand, ti, unseen), *widow_probs, *extra])
            factor = fair_factor(total(probs), own, share, self.tricks, self.long)
            probs = [min(1.0, p * factor) for p in probs]
        probs += widow_probs
        probs += extra
        return capped(self.spread(self.own_tricks(hand, ti, unseen), probs), self.tricks)

    def own_tricks(self, hand: Sequence[int], ti: int, unseen: Sequence[int]) -> list[float]:
        """Distribution of the tricks ``hand``'s own cards take (uncapped; do not change it)."""
        return self.spread((1.0,), self.card_chances(hand, ti, unseen))

    def keep(self, hand: Sequence[int], ti: int, unseen: Sequence[int], size: int) -> list[int]:
        """The ``size`` cards of ``hand`` worth keeping for trump ``ti``: the best chances of
        taking a trick, the stronger first between equal chances."""
        if len(hand) <= size:
            return list(hand)
        chances = self.card_chances(hand, ti, unseen)
        power = self.rules.power[ti]
        order = sorted(range(len(hand)), key=lambda i: (-chances[i], -power[hand[i]]))
        return [hand[i] for i in order[:size]]

    def naming(
        self,
        hand: Sequence[int],
        unseen: Sequence[int],
        options: Sequence[int],
        size: int,
        partners: int,
        hand_size: int,
    ) -> list[tuple[list[int], list[float]]]:
        """For each trump of ``options``: the cards :meth:`keep` keeps (``size`` of them) and
        the making side's trick :meth:`distribution` with them and ``partners``.

        >>> from hasenpfeffer.format.variant import Variant
        >>> ev = Evaluator(Variant(name="x"))
        >>> hand = [ev.rules.cid(c) for c in ["JK", "JH", "JD", "AH", "KH", "AS", "9C"]]
        >>> r = ev.rules
        >>> [(kept, dist)] = ev.naming(hand, ev.unseen_after(hand), [r.trump_id("H")], 6, 1, 6)
        >>> [str(r.faces[c]) for c in kept], len(dist)
        (['JK', 'JH', 'JD', 'AH', 'KH', 'AS'], 7)
        """
        share = self._share(unseen, partners, hand_size)
        self._tick(len(options))
        if self.kernel is not None:
            found: list[tuple[list[int], list[float]]] = self.kernel.naming(
                hand, unseen, options, size, share
            )
            return found
        out = []
        for ti in options:
            kept = self.keep(hand, ti, unseen, size)
            out.append((kept, self._distribution(kept, ti, unseen, share, 0, ())))
        return out

    def bidding(
        self,
        hand: Sequence[int],
        unseen: Sequence[int],
        options: Sequence[int],
        best: int,
        partners: int,
        hand_size: int,
        widow: int,
        alone: bool,
    ) -> list[tuple[int, list[float], list[float]]]:
        """The ``best`` first trumps of :meth:`best_trumps`, each with the making side's trick
        :meth:`distribution` with ``partners`` and, when ``alone``, without them (else the
        same one), ``widow`` cards to take."""
        share = self._share(unseen, partners, hand_size)
        self._tick(min(best, len(options)) * (2 if alone else 1))
        if self.kernel is not None:
            found: list[tuple[int, list[float], list[float]]] = self.kernel.bidding(
                hand, unseen, options, best, share, widow, alone
            )
            return found
        out = []
        for ti in self.best_trumps(hand, unseen, options)[:best]:
            dist = self._distribution(hand, ti, unseen, share, widow, ())
            out.append((ti, dist, self._distribution(hand, ti, unseen, 0.0, widow, ()) if alone else dist))
        return out

    def ordering(
        self,
        hand: Sequence[int],
        card: int,
        ti: int,
        unseen: Sequence[int],
        dealer: int,
        size: int,
        partners: int,
        hand_size: int,
    ) -> tuple[list[int], list[float]]:
        """Ordering the turned ``card`` up for trump ``ti``: the cards the side plays and its
        trick :meth:`distribution` with ``partners``. ``dealer``: :data:`~.holdings.I_DEAL`
        (this seat takes the card up and :meth:`keep` keeps ``size`` cards),
        :data:`~.holdings.FRIEND_DEALS` (a seat on its side does: the card's chance of a trick
        is one more trial) or :data:`~.holdings.OTHER_DEALS`."""
        share = self._share(unseen, partners, hand_size)
        self._tick(1)
        if self.kernel is not None:
            found: tuple[list[int], list[float]] = self.kernel.ordering(
                hand, card, ti, unseen, dealer, size, share
            )
            return found
        kept, extra = list(hand), []
        if dealer == I_DEAL:
            kept = self.keep([*hand, card], ti, unseen, size)
        elif dealer == FRIEND_DEALS:
            extra = self.card_chances([card], ti, unseen)
        return kept, self._distribution(kept, ti, unseen, share, 0, extra)

    def no_trick(
        self,
        hand: Sequence[int],
        ti: int,
        unseen: Sequence[int],
        hand_size: int,
        defenders: int,
        widow: int = 0,
        open_hand: bool = False,
        partners: int = 0,
        size: int | None = None,
    ) -> list[float]:
        """The making side's trick distribution in a contract to take no trick (misère): the
        chance of none (:class:`~.misere.Misere`), else of at least one, counted as one
        (``size``: the cards the hand keeps, the safest, when it holds more).

        >>> from hasenpfeffer import load_variant
        >>> ev = Evaluator(load_variant("five-hundred"))
        >>> hand = [ev.rules.cid(c) for c in "5S 6S 5C 6C 7C 4D 5D 4H 5H 6H".split()]
        >>> dist = ev.no_trick(hand, ev.rules.ns, ev.unseen_after(hand), 10, 2, widow=3)
        >>> round(dist[0], 3), len(dist)
        (0.998, 11)
        """
        total = sum(unseen)
        share = hand_size / total if total else 0.0
        none = self.misere.no_trick(hand, ti, unseen, share, defenders, widow, open_hand, partners, size)
        return [none, 1.0 - none] + [0.0] * (self.tricks - 1)

    def best_trumps(self, hand: Sequence[int], unseen: Sequence[int], options: Sequence[int]) -> list[int]:
        """Trump options sorted from the strongest for this hand."""
        if self.kernel is not None:
            sums = self.kernel.strengths(hand, unseen, options)
            score = dict(zip(options, sums, strict=True))
        else:
            score = {ti: sum(self.card_chances(hand, ti, unseen)) for ti in options}
        return sorted(options, key=lambda ti: -score[ti])

    # ------------------------------------------------------------------ values

    def outcome_values(
        self,
        required: int,
        multiplier: int,
        alone: bool = False,
        defender_alone: bool = False,
        forced: bool = False,
        contract: Bid | None = None,
    ) -> list[float]:
        """The making side's score minus the best other side's, for each number of tricks it
        takes (``contract``: the bid's contract, scored as the engine scores it: fixed points,
        slam, misère, defenders)."""
        key = (required, multiplier, alone, defender_alone, forced, contract)
        cached = self._ev_cache.get(key)
        if cached is not None:
            return cached
        values = []
        for taken in range(self.tricks + 1):
            tricks = [0] * self.sides
            tricks[0] = taken
            for i in range(self.tricks - taken):
                tricks[1 + i % (self.sides - 1)] += 1
            _, change = score_hand(
                self.variant, 0, tuple(tricks), required, multiplier, alone, defender_alone, forced, contract
            )
            values.append(float(change[0] - max(change[1:])))
        self._ev_cache[key] = values
        return values

    def contract_ev(
        self,
        dist: Sequence[float],
        required: int,
        multiplier: int,
        alone: bool = False,
        defender_alone: bool = False,
        forced: bool = False,
        contract: Bid | None = None,
    ) -> float:
        """Expected score difference for the makers of a contract, given their trick distribution."""
        values = self.outcome_values(required, multiplier, alone, defender_alone, forced, contract)
        return sum([p * v for p, v in zip(dist, values, strict=False)])


_EVALUATORS: dict[int, Evaluator] = {}


def evaluator_for(variant: Variant) -> Evaluator:
    """The shared evaluator of a variant object (its tables are built once per process)."""
    ev = _EVALUATORS.get(id(variant))
    if ev is None or ev.variant is not variant:
        if len(_EVALUATORS) > 32:
            _EVALUATORS.clear()
        ev = _EVALUATORS[id(variant)] = Evaluator(variant)
    return ev
