"""Dealing a hand: shuffled from the game's generator, or fixed by a given deal."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .making import Making
from .state import FixedDeal


class Dealing(Making):
    """Starting a hand: the deal, the kitty and the first phase."""

    __slots__ = ()

    def _start_hand(self) -> None:
        p, rules = self._p, self.rules
        v = self.variant
        if self._rng_shared:
            clone = random.Random.__new__(random.Random)
            clone.setstate(self.rng.getstate())
            self.rng, self._rng_shared = clone, False
        deck = list(rules.deck)
        self.rng.shuffle(deck)  # shuffled even for a fixed deal, so a replay keeps the same stream
        if self._deals:
            dealer, fixed, widow = self._deals.pop(0)
            if dealer is not None:
                self.dealer = dealer
            hands, kitty = [h[:] for h in fixed], widow[:]
        else:
            hands = [[] for _ in range(p.n)]
            packets = v.deal.packets or (p.hand_size,)
            i = 0
            for size in packets:
                seat = p.left[self.dealer]
                for _ in range(p.n):
                    hands[seat].extend(deck[i : i + size])
                    i += size
                    seat = p.left[seat]
            kitty = deck[i:]
            for h in hands:
                h.sort()
        self.hands, self.kitty = hands, kitty
        self._deal_log = {"dealer": self.dealer, "hands": [h[:] for h in hands], "widow": kitty[:]}
        self._actions = []
        self.turned = None
        self.widow_taken = ()
        self._discards = []
        self.high, self.high_seat = -1, None
        self._passed = [False] * p.n
        self._redeal_same = False
        self._spoken = 0
        self.maker = self.bid_name = None
        self.required = self.multiplier = 1
        self.forced = self.alone = False
        self.trump_i = self.def_alone = None
        self.out = [False] * p.n
        self.discards_left = 0
        self._exch, self._offer = [], []
        self.trick, self.tricks = [], []
        self.won = [0] * p.n
        self.leader = -1
        self._led = 0
        self._next = []
        self._eff, self._keys = [], []
        self._active = p.n
        self.to_move = p.left[self.dealer]
        if p.auction:
            self._go("open_bidding")
        else:
            self.turned = kitty[0] if kitty else None
            self._go("turn_up")
            if self.turned is not None and self._turned_suit() is None:
                self._throw_in(same_dealer=True)

    def _parse_deal(self, deal: Mapping[str, Any]) -> FixedDeal:
        """A given deal as card ids, checked against the pack (raises ValueError)."""
        rules, p = self.rules, self._p
        dealer = deal.get("dealer")
        if dealer is not None and (not isinstance(dealer, int) or not 0 <= dealer < p.n):
            raise ValueError(f"the dealer must be a seat from 0 to {p.n - 1}, read {dealer!r}")
        raw = deal.get("hands")
        if not isinstance(raw, Sequence) or len(raw) != p.n:
            raise ValueError(f"a deal needs 'hands': a list of {p.n} hands")
        hands = [sorted(rules.cid(c) for c in _cards(h)) for h in raw]
        kitty = [rules.cid(c) for c in _cards(deal.get("widow", []))]
        if any(len(h) != p.hand_size for h in hands):
            raise ValueError(f"each hand must hold {p.hand_size} cards")
        if sorted([c for h in hands for c in h] + kitty) != sorted(rules.deck):
            raise ValueError("the hands and widow must hold exactly the cards of the pack")
        return dealer, hands, kitty


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return [str(c) for c in value]
