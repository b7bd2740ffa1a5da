"""Drawing a deal of the current hand that fits one seat's view, built backwards from now.

Cards whose identity the seat knows but not their way (the turned card the dealer took, a
forced maker's Joker, the seat's own gifts to a lone player) are placed first, where the rules
let them be. Then every unseen card is dealt at once (:func:`~.filling.fill`):
to the hands the other seats hold now (none of a suit a seat has shown it lacks), the hands
of those sitting out, the unseen discards, the cards a lone player gave on, the kitty. Then the
hand is undone step by step: the lone players' exchanges (a partner who must give their best
kept nothing higher), the discards, the dummies taken into hand, the turned card, the widow. The result is checked by
replaying it (:func:`~.replay.world`).

>>> import random
>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("euchre"), seed=2)
>>> dealt = draw(Knowledge(game.view(0)), random.Random(1))
>>> dealt is not None and len(dealt.hands) == 4 and len(dealt.kitty) == 4
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..engine.dealing import Dealt
from ..format.cards import Card
from .draft import Draft, Misfit, take, without
from .exchanges import kept_rule, undo_exchange
from .filling import Allows, Place, fill
from .knowledge import Knowledge, Transfer

Lean = Callable[[int, int], float]
"""How likely a seat is to hold a card, relative to the others (seat, card id): a prior for sampling."""


def draw(
    known: Knowledge, rng: random.Random, lean: Lean | None = None, shed: Lean | None = None
) -> Dealt | None:
    """A deal that fits the view (None when this draw went wrong: draw again). ``lean`` weighs
    the cards of the hands held now, ``shed`` those of the discards the seat did not see."""
    try:
        return _Draw(known, rng, lean, shed).run()
    except Misfit:
        return None


def _not(card: int | None) -> Allows | None:
    """No copy of ``card`` (None: anything)."""
    return None if card is None else (lambda c: c != card)


class _Draw(Draft):
    """One backwards construction (see the module's description)."""

    def __init__(self, known: Knowledge, rng: random.Random, lean: Lean | None, shed: Lean | None) -> None:
        super().__init__(known, rng, shed)
        self.lean = lean

    def run(self) -> Dealt:
        """Place the known cards, deal the unseen ones, undo the hand: the deal (or a misfit)."""
        k = self.known
        r, view, me = k.rules, k.view, k.me
        cid = r.card_id
        mine = [cid[c] for c in view.hand]
        pool: Counter[int] = Counter(r.deck)
        take(pool, mine)
        for cards in k.played:
            take(pool, cards)
        take(
            pool, [t.card for t in k.transfers if t.seat == me and t.verb == "discard" and t.card is not None]
        )
        if k.turned is not None and not k.picked_up:
            take(pool, [k.turned])
        for t in k.transfers:
            if t.seat == me and t.verb == "give" and t.taker in self.out:
                assert t.card is not None and t.taker is not None
                take(pool, [t.card])
                self.hand[t.taker].append(t.card)
        if k.open is not None:  # a hand open to all: in its seat's hand now
            seat, cards = k.open
            take(pool, cards)
            self.hand[seat] += cards
            self.open.update(cards)
        self.place_known(pool, mine)
        hold, gifts = self._deal(pool, mine)
        for ex in reversed(k.exchanges):
            undo_exchange(self, ex, hold, gifts)
        return self._undo_deal(hold)

    def _deal(self, pool: Counter[int], mine: list[int]) -> tuple[dict[int, list[int]], list[int]]:
        """Deal every unseen card at once: hands now, sitting-out hands, discards, gifts on, a
        dead hand, kitty.

        Returns each seat's cards (hand now and played) and the cards lone players gave on to
        partners whose hands are unseen.
        """
        k, me = self.known, self.known.me
        places: list[Place] = []
        who: list[tuple[str, int]] = []
        for s in range(k.plan.n):  # the discards first: weighed, they choose before the hands
            if s != me:
                joker = k.rules.joker if s in k.no_joker else None
                places.append(
                    Place(k.hidden_discards(s) - len(self.thrown[s]), _not(joker), self._weight(s, self.shed))
                )
                who.append(("discard", s))
        for s in range(k.plan.n):
            if s == me:
                continue
            if s in self.out:
                got = [t for t in k.transfers if t.taker == s]
                free = k.sizes[s] - len(got) - len(self.hand[s]) + sum(1 for t in got if t.seat == me)
                places.append(Place(free, kept_rule(self, s, mine)))
            else:
                places.append(
                    Place(k.sizes[s] - len(self.hand[s]), self._rule(s), self._weight(s, self.lean))
                )
            who.append(("hand", s))
        on = sum(1 for ex in k.exchanges for t in ex.gifts if t.seat == ex.lone != me and t.taker != me)
        places.append(Place(on - sum(len(r) for r in self.routed.values())))
        who.append(("gifts", -1))
        places.append(Place(k.plan.dealing.dead_hand))  # a dead hand (``deal.dead_hand``): out of play
        who.append(("dead", -1))
        cards = [c for c, m in pool.items() for _ in range(m)]
        places.append(Place(len(cards) - sum(pl.count for pl in places)))
        who.append(("kitty", -1))
        if any(pl.count < 0 for pl in places):
            raise Misfit
        dealt = fill(cards, places, self.rng)
        if dealt is None:
            raise Misfit
        hold = {s: [*self.hand[s], *k.played[s]] for s in range(k.plan.n)}
        hold[me] = mine + k.played[me]
        gifts: list[int] = []
        for (what, s), cards_of in zip(who, dealt, strict=True):
            if what == "hand":
                hold[s] += cards_of
            elif what == "discard":
                self.thrown[s] += cards_of
            elif what == "gifts":
                gifts = cards_of
            elif what == "kitty":
                self.kitty = cards_of
        return hold, gifts

    def _rule(self, seat: int) -> Callable[[int], bool] | None:
        """What a hand held now may contain: no suit the seat has shown it lacks, no Joker if dealt none."""
        k = self.known
        voids = k.voids[seat]
        joker = k.rules.joker if seat in k.no_joker else None
        if not voids and joker is None:
            return None
        eff = k.rules.eff[k.trump] if k.trump is not None else None
        return lambda c: c != joker and (eff is None or eff[c] not in voids)

    @staticmethod
    def _weight(seat: int, lean: Lean | None) -> Callable[[int], float] | None:
        return None if lean is None else (lambda c: lean(seat, c))

    # ------------------------------------------------------------------ undoing the deal

    def _undo_deal(self, hold: dict[int, list[int]]) -> Dealt:
        """Undo the discards, the turned card and the widow: the hands as dealt."""
        k, rng, view, me = self.known, self.rng, self.known.view, self.known.me
        r, p = k.rules, k.plan
        aside: list[Card] = []
        faces = r.faces
        for t in k.transfers:
            card = self._card(t)
            aside.append(faces[card])
            if t.verb == "discard":
                hold[t.seat] = hold[t.seat] + [card]
        took = dict(view.took)
        for dummy, by in k.taken:  # a dummy taken into hand: its cards, among the taker's
            if dummy in took:
                cards = [r.card_id[c] for c in took[dummy]]
            else:
                turned = by == view.dealer and k.picked_up and k.turned is not None
                free = without(hold[by], [k.turned] if turned and k.turned is not None else [])
                if len(free) < p.dealt[dummy]:
                    raise Misfit
                cards = rng.sample(free, p.dealt[dummy])
            hold[by] = without(hold[by], cards)
            hold[dummy] = hold[dummy] + cards
        if k.picked_up and k.turned is not None:
            hold[view.dealer] = without(hold[view.dealer], [k.turned])
        widow: list[int] = []
        if k.widow and view.maker is not None:
            held = hold[view.maker]
            if view.maker == me:
                widow = [r.card_id[c] for c in view.widow]
            else:
                keep = [r.joker] if k.forced_joker and r.joker is not None else []
                widow = rng.sample(without(held, keep), k.widow)
            hold[view.maker] = without(held, widow)
        if any(len(hold[s]) != p.dealt[s] for s in range(p.n)):
            raise Misfit
        kitty = widow + ([] if k.turned is None else [k.turned]) + self.kitty
        return Dealt(
            view.dealer,
            tuple([tuple([faces[c] for c in sorted(hold[s])]) for s in range(p.n)]),
            tuple([faces[c] for c in kitty]),
            tuple(aside),
        )

    def _card(self, t: Transfer) -> int:
        if t.card is not None:
            return t.card
        if t.verb == "give":
            return self.gift[id(t)]
        cards = self.thrown[t.seat]
        if not cards:
            raise Misfit
        self.thrown[t.seat] = cards[1:]
        return cards[0]
