"""Contracts to take no trick (misère): how likely each card is to take one, and a hand none.

A card takes a trick in misère when the others can lead under it and nobody is then made to
play over it. For a card of an effective suit: ``lower`` unseen cards of the suit rank below
it, ``own`` of the hand's cards do too (each of them answers one lead under), ``higher``
unseen cards rank above it. With ``excess = lower - own`` leads under it to spare, the
card takes a trick when some defender holds one of them to lead and every other defender
then holds a lower card too or none of the suit (each unseen card is in a given defender's
hand with chance ``share``); a card that wins every trick (the Joker in no-trump) always
takes one. The maker leads the first trick: its safest lead is at risk when every defender
plays under it or has none of the suit. A hand takes no trick with the chance that none of
its cards takes one (as if they were independent), after the widow's cards are taken (each
as risky as the unseen card at a quantile) and as many of the riskiest laid away; an open hand (seen by every defender after the first trick)
is riskier.

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> from hasenpfeffer.bots.holdings import Holdings
>>> r = compile_variant(load_variant("five-hundred"))
>>> m = Misere(Holdings(r))
>>> low = [r.cid(c) for c in "5S 7S 5C 9C 4D 5D 4H 6H 8H TH".split()]
>>> high = [r.cid(c) for c in "AS KS AC KC QC AD KD AH KH JK".split()]
>>> nt = r.ns
>>> def chance(hand):
...     return m.no_trick(hand, nt, [0 if c in hand else 1 for c in range(len(r.faces))], 0.3, 2)
>>> round(chance(low), 2), round(chance(high), 2)  # the nine of clubs is the risk
(0.79, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from .holdings import Holdings, remember, wins_every_trick

OPEN = 1.5
"""An open hand's risk: a card that takes a trick with chance ``d`` takes one with
``1 - (1 - d) ** OPEN`` once every defender sees the hand."""
PARTNER_CLEAN = 0.25
"""The chance a partner's hand, unseen, takes no trick (misère played with the partners)."""


def card_danger(lower: int, own: int, higher: int, share: float, defenders: int) -> float:
    """The chance a card takes a trick in misère (see the module).

    >>> card_danger(lower=3, own=3, higher=5, share=0.3, defenders=2)  # a lead under each
    0.0
    >>> round(card_danger(lower=8, own=0, higher=1, share=0.3, defenders=2), 2)  # a lone king
    0.92
    """
    excess = lower - own
    if excess <= 0:
        return 0.0
    lead = 1.0 - (1.0 - share) ** excess
    under = 1.0 - (1.0 - share) ** (excess - 1) + (1.0 - share) ** (excess - 1 + higher)
    return lead * min(1.0, under) ** max(0, defenders - 1)


def lead_danger(lower: int, higher: int, share: float, defenders: int) -> float:
    """The chance a card led takes the trick: every defender plays under it or has none of its suit.

    >>> round(lead_danger(lower=0, higher=7, share=0.3, defenders=2), 4)
    0.0068
    """
    none = (1.0 - share) ** (lower + higher)
    return min(1.0, 1.0 - (1.0 - share) ** lower + none) ** defenders


class Misere:
    """Misère estimates of one ruleset, kept by their exact inputs."""

    def __init__(self, holdings: Holdings) -> None:
        self.holdings = holdings
        self.rules = holdings.rules
        r = self.rules
        self.groups = [
            [_groups(members, r.power[ti]) for members in holdings.members[ti]] for ti in range(r.options)
        ]
        """For each trump option and effective suit, its cards grouped by strength, the weakest first."""
        self._risks: dict[tuple[object, ...], list[float]] = {}
        self._none: dict[tuple[object, ...], float] = {}

    def counts(self, hand: Sequence[int], ti: int, unseen: Sequence[int]) -> dict[int, tuple[int, int, int]]:
        """For every card held or unseen: (unseen cards of its effective suit under it, the
        hand's cards under it, unseen cards over it)."""
        held = [0] * len(unseen)
        for c in hand:
            held[c] += 1
        out: dict[int, tuple[int, int, int]] = {}
        for groups in self.groups[ti]:
            total = sum(unseen[c] for group in groups for c in group)
            lower = own = 0
            for group in groups:
                here = sum(unseen[c] for c in group)
                for c in group:
                    if held[c] or unseen[c]:
                        out[c] = (lower, own, total - lower - here)
                lower += here
                own += sum(held[c] for c in group)
        return out

    def dangers(
        self, hand: Sequence[int], ti: int, unseen: Sequence[int], share: float, defenders: int
    ) -> list[float]:
        """Each card's chance of taking a trick, in ``hand`` order, and (last) the safest lead's."""
        key = (ti, tuple(hand), tuple(unseen), share, defenders)
        found = self._risks.get(key)
        if found is None:
            found = remember(self._risks, key, self._dangers(hand, ti, unseen, share, defenders))
        return list(found)

    def _dangers(
        self, hand: Sequence[int], ti: int, unseen: Sequence[int], share: float, defenders: int
    ) -> list[float]:
        r = self.rules
        counts = self.counts(hand, ti, unseen)
        out: list[float] = []
        lead = 1.0
        for c in hand:
            if wins_every_trick(r, c, ti):
                out.append(1.0)
                continue
            lower, own, higher = counts[c]
            out.append(card_danger(lower, own, higher, share, defenders))
            lead = min(lead, lead_danger(lower, higher, share, defenders))
        out.append(lead)
        return out

    def incoming(
        self, hand: Sequence[int], ti: int, unseen: Sequence[int], share: float, defenders: int, count: int
    ) -> list[float]:
        """What ``count`` unseen cards drawn into ``hand`` risk: the chances of a trick of the
        unseen cards, taken into the hand one at a time, at the quantiles ``k / (count + 1)``
        (where the k-th safest of ``count`` cards drawn falls, on average)."""
        r = self.rules
        counts = self.counts(hand, ti, unseen)
        risks: list[float] = []
        for c, n in enumerate(unseen):
            if n:
                if wins_every_trick(r, c, ti):
                    risks += [1.0] * n
                    continue
                lower, own, higher = counts[c]
                risks += [card_danger(lower, own, higher, share, defenders)] * n
        if not risks:
            return []
        risks.sort()
        return [risks[(k + 1) * len(risks) // (count + 1)] for k in range(count)]

    def no_trick(
        self,
        hand: Sequence[int],
        ti: int,
        unseen: Sequence[int],
        share: float,
        defenders: int,
        widow: int = 0,
        open_hand: bool = False,
        partners: int = 0,
        size: int | None = None,
    ) -> float:
        """The chance ``hand`` takes no trick with trump option ``ti`` after taking ``widow``
        cards and laying away as many, or keeping its ``size`` safest cards (``share``: a
        defender's part of the unseen cards; ``partners`` play with it and take none either)."""
        keep = len(hand) if size is None else size
        key = (ti, tuple(hand), tuple(unseen), share, defenders, widow, open_hand, partners, keep)
        found = self._none.get(key)
        if found is None:
            found = remember(
                self._none,
                key,
                self._no_trick(hand, ti, unseen, share, defenders, widow, open_hand, partners, keep),
            )
        return found

    def _no_trick(
        self,
        hand: Sequence[int],
        ti: int,
        unseen: Sequence[int],
        share: float,
        defenders: int,
        widow: int,
        open_hand: bool,
        partners: int,
        keep: int,
    ) -> float:
        *risks, lead = self._dangers(hand, ti, unseen, share, defenders)
        if widow > 0:
            risks += self.incoming(hand, ti, unseen, share, defenders, widow)
        risks = sorted(risks)[:keep]
        chance = 1.0 - lead
        for d in risks:
            chance *= (1.0 - d) ** (OPEN if open_hand else 1.0)
        return chance * PARTNER_CLEAN**partners


def _groups(members: Sequence[int], power: Sequence[int]) -> list[tuple[int, ...]]:
    """``members`` grouped by strength, the weakest group first."""
    strengths = sorted({power[c] for c in members})
    return [tuple(c for c in members if power[c] == p) for p in strengths]
