"""Drawing a deal of the current hand that fits one seat's view, built backwards from now.

Cards whose identity the seat knows but not their way (the turned card the dealer took, a
forced maker's Joker, the seat's own gifts to a lone player) are placed first, where the rules
let them be. Then every unseen card is dealt at once (:func:`~hasenpfeffer.engine.filling.fill`):
to the hands the other seats hold now (none of a suit a seat has shown it lacks), the hands
of those sitting out, the unseen discards, the cards a lone player gave on, the kitty. Then the
hand is undone step by step: the lone players' exchanges (a partner who must give their best
kept nothing higher), the discards, the turned card, the widow. The result is checked by
replaying it (:func:`~hasenpfeffer.engine.worlds.world`).

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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .filling import Allows, Place, fill
from .knowledge import Exchange, Knowledge, Transfer

Lean = Callable[[int, int], float]
"""How likely a seat is to hold a card, relative to the others (seat, card id): a prior for sampling."""


@dataclass(frozen=True)
class Dealt:
    """One hand's cards: the dealer, each seat's hand and the kitty as dealt, and the cards of the
    hand's discards and gifts in order (``transfers``)."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]
    kitty: tuple[str, ...]
    transfers: tuple[str, ...] = ()

    def mapping(self) -> dict[str, Any]:
        """The deal as ``Game(deal=...)`` takes it."""
        return {"dealer": self.dealer, "hands": [list(h) for h in self.hands], "widow": list(self.kitty)}


class _Fail(Exception):
    """This draw does not fit; try another."""


def draw(known: Knowledge, rng: random.Random, lean: Lean | None = None) -> Dealt | None:
    """A deal that fits the view (None when this draw went wrong: draw again)."""
    try:
        return _Draw(known, rng, lean).run()
    except _Fail:
        return None


def _take(pool: Counter[int], cards: Iterable[int]) -> None:
    for c in cards:
        if pool[c] <= 0:
            raise _Fail
        pool[c] -= 1


def _not(card: int | None) -> Allows | None:
    """No copy of ``card`` (None: anything)."""
    return None if card is None else (lambda c: c != card)


def _without(cards: list[int], gone: Iterable[int]) -> list[int]:
    out = cards[:]
    for c in gone:
        if c not in out:
            raise _Fail
        out.remove(c)
    return out


class _Draw:
    """One backwards construction (see the module's description)."""

    def __init__(self, known: Knowledge, rng: random.Random, lean: Lean | None) -> None:
        self.k, self.rng, self.lean = known, rng, lean
        k = known
        n = k.plan.n
        self.out = k.view.sitting_out
        self.hand: dict[int, list[int]] = {s: [] for s in range(n)}
        """Cards placed in each other seat's hand now, before the rest are dealt."""
        self.thrown: dict[int, list[int]] = {s: [] for s in range(n)}
        """Cards placed among each other seat's unseen discards."""
        self.routed: dict[int, list[int]] = {s: [] for s in range(n)}
        """Cards a lone player must have given on to a partner whose hand is unseen."""
        self.must_give: dict[int, list[int]] = {s: [] for s in range(n)}
        """Cards each partner must have given the lone player."""
        self.keep: dict[int, list[int]] = {s: [] for s in range(n)}
        """Cards a lone player must still hold before the exchange."""
        self.back: dict[int, list[int]] = {s: [] for s in range(n)}
        """Cards a lone player must have given this seat (which holds them)."""
        self.shown = [Counter(cards) for cards in known.played]
        """Cards each seat played that no need has yet accounted for."""
        self.kitty: list[int] = []
        """The unseen cards of the kitty (after the turned card)."""
        self.gift: dict[int, int] = {}
        """The card of each unseen gift (keyed by the id of its transfer)."""

    # ------------------------------------------------------------------ the cards of unknown place

    def run(self) -> Dealt:
        k = self.k
        r, view, me = k.rules, k.view, k.me
        cid = r.card_id
        mine = [cid[str(c)] for c in view.hand]
        pool: Counter[int] = Counter(r.deck)
        _take(pool, mine)
        for cards in k.played:
            _take(pool, cards)
        _take(
            pool, [t.card for t in k.transfers if t.seat == me and t.verb == "discard" and t.card is not None]
        )
        if k.turned is not None and not k.picked_up:
            _take(pool, [k.turned])
        for t in k.transfers:
            if t.seat == me and t.verb == "give" and t.taker in self.out:
                assert t.card is not None and t.taker is not None
                _take(pool, [t.card])
                self.hand[t.taker].append(t.card)
        for seat, card, early in self._needs():
            self._place(pool, seat, card, early, mine)
        if any(ex.lone == me for ex in k.exchanges):  # held before the exchange: kept through it
            taken = [cid[str(c)] for c in view.widow]
            if k.picked_up and view.dealer == me and k.turned is not None:
                taken.append(k.turned)
            if k.forced_joker and view.maker == me and r.joker is not None:
                taken.append(r.joker)
            thrown = [t.card for t in k.transfers if t.seat == me and t.verb == "discard"]
            for c in taken:
                if c in thrown:
                    thrown.remove(c)
                else:
                    self.keep[me].append(c)
        hold, gifts = self._deal(pool, mine)
        for ex in reversed(k.exchanges):
            self._undo_exchange(ex, hold, gifts)
        return self._undo_deal(hold)

    def _needs(self) -> list[tuple[int, int, bool]]:
        """(seat, card, before the discards) for each card a seat must have held at some time."""
        k, view = self.k, self.k.view
        needs = []
        if k.picked_up and view.dealer != k.me and k.turned is not None:
            needs.append((view.dealer, k.turned, True))
        joker = k.rules.joker
        if k.forced_joker and view.maker is not None and view.maker != k.me and joker is not None:
            needs.append((view.maker, joker, True))
        for ex in k.exchanges:
            for t in ex.gifts:
                if t.seat == k.me and t.taker == ex.lone and t.card is not None:
                    needs.append((ex.lone, t.card, False))
        return needs

    def _place(self, pool: Counter[int], seat: int, card: int, early: bool, mine: list[int]) -> None:
        """Put a card ``seat`` must have held (``early``: before the discards) where the rules let it be.

        Where the card is unseen it may lie in the seat's hand, among its discards, or have gone
        through an exchange; where this seat saw it elsewhere, it went through the exchange.
        """
        k = self.k
        if self.shown[seat][card] > 0:  # played it (each copy played answers one need)
            self.shown[seat][card] -= 1
            return
        ex = next((e for e in k.exchanges if seat == e.lone or seat in e.partners), None)
        unseen = pool[card] > 0
        ways: list[tuple[str, float]] = []
        if unseen and self._fits(seat, card):
            ways.append(("hand", 4.0))
        if unseen and early and k.hidden_discards(seat) > len(self.thrown[seat]):
            ways.append(("discard", 1.0))
        if ex is not None:
            lone, me = ex.lone, k.me
            to_me = sum(1 for t in ex.given(lone, me) if t.card is None)
            if seat == lone:
                if card in mine and to_me > len(self.back[lone]):
                    ways.append(("back", 1.0))
                hidden = sum(1 for t in ex.gifts if t.seat == lone and t.taker != me and t.card is None)
                if unseen and hidden > len(self.routed[lone]):
                    ways.append(("routed", 1.0))
            else:
                if card in k.played[lone] or (lone == me and card in self._mine_all(mine)):
                    ways.append(("given", 1.0))
                elif card in mine and to_me > len(self.back[lone]):
                    ways.append(("given back", 1.0))
                if unseen and lone != me and self._fits(lone, card):
                    ways.append(("through", 1.0))
        if not ways:
            raise _Fail
        way = self.rng.choices([w for w, _ in ways], [x for _, x in ways])[0]
        if way in ("hand", "discard", "routed", "through"):
            _take(pool, [card])
        if way == "hand":
            self.hand[seat].append(card)
        elif way == "discard":
            self.thrown[seat].append(card)
            return
        elif way == "routed":
            self.routed[seat].append(card)
        elif way == "back":
            self.back[seat].append(card)
        else:
            assert ex is not None
            self.must_give[seat].append(card)
            if way == "given back":
                self.back[ex.lone].append(card)
            elif way == "through":
                self.hand[ex.lone].append(card)
        if ex is not None and seat == ex.lone and early:
            self.keep[seat].append(card)

    def _mine_all(self, mine: list[int]) -> list[int]:
        """Every card this seat held after the discards: in hand, played, given."""
        k = self.k
        gifts = [t.card for t in k.transfers if t.seat == k.me and t.verb == "give" and t.card is not None]
        return mine + k.played[k.me] + gifts

    def _fits(self, seat: int, card: int) -> bool:
        """Whether the unseen hand ``seat`` held after the exchange may take this card too."""
        k = self.k
        if seat in self.out:
            gifts = [t for t in k.transfers if t.taker == seat]
            mine = sum(1 for t in gifts if t.seat == k.me)
            return k.sizes[seat] - len(gifts) > len(self.hand[seat]) - mine
        if k.sizes[seat] <= len(self.hand[seat]):
            return False
        return k.trump is None or k.rules.eff[k.trump][card] not in k.voids[seat]

    def _deal(self, pool: Counter[int], mine: list[int]) -> tuple[dict[int, list[int]], list[int]]:
        """Deal every unseen card at once: hands now, sitting-out hands, discards, gifts on, kitty.

        Returns each seat's cards (hand now and played) and the cards lone players gave on to
        partners whose hands are unseen.
        """
        k, me = self.k, self.k.me
        places: list[Place] = []
        who: list[tuple[str, int]] = []
        for s in range(k.plan.n):
            if s == me:
                continue
            if s in self.out:
                got = [t for t in k.transfers if t.taker == s]
                free = k.sizes[s] - len(got) - len(self.hand[s]) + sum(1 for t in got if t.seat == me)
                places.append(Place(free, self._kept_rule(s, mine)))
            else:
                places.append(Place(k.sizes[s] - len(self.hand[s]), self._rule(s), self._weight(s)))
            who.append(("hand", s))
            joker = k.rules.joker if s in k.no_joker else None
            places.append(Place(k.hidden_discards(s) - len(self.thrown[s]), _not(joker)))
            who.append(("discard", s))
        on = sum(1 for ex in k.exchanges for t in ex.gifts if t.seat == ex.lone != me and t.taker != me)
        places.append(Place(on - sum(len(r) for r in self.routed.values())))
        who.append(("gifts", -1))
        cards = [c for c, m in pool.items() for _ in range(m)]
        places.append(Place(len(cards) - sum(pl.count for pl in places)))
        who.append(("kitty", -1))
        if any(pl.count < 0 for pl in places):
            raise _Fail
        dealt = fill(cards, places, self.rng)
        if dealt is None:
            raise _Fail
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
            else:
                self.kitty = cards_of
        return hold, gifts

    def _rule(self, seat: int) -> Callable[[int], bool] | None:
        """What a hand held now may contain: no suit the seat has shown it lacks, no Joker if dealt none."""
        k = self.k
        voids = k.voids[seat]
        joker = k.rules.joker if seat in k.no_joker else None
        if not voids and joker is None:
            return None
        eff = k.rules.eff[k.trump] if k.trump is not None else None
        return lambda c: c != joker and (eff is None or eff[c] not in voids)

    def _weight(self, seat: int) -> Callable[[int], float] | None:
        lean = self.lean
        return None if lean is None else (lambda c: lean(seat, c))

    # ------------------------------------------------------------------ undoing the hand

    def _undo_exchange(self, ex: Exchange, hold: dict[int, list[int]], gifts: list[int]) -> None:
        """Give the exchanged cards back: first the lone player's gifts, then the partners'."""
        k, rng, me, lone = self.k, self.rng, self.k.me, ex.lone
        held = list(hold[lone])  # the lone player's cards before giving back
        routed, back = list(self.routed[lone]), list(self.back[lone])
        for partner in ex.partners:
            for t in ex.given(lone, partner):
                card = t.card
                if card is None and partner == me:
                    wanted = [c for c in back if c in hold[me]] + self._above_my_gifts(ex, hold[me])
                    card = wanted[0] if wanted else rng.choice(hold[me])
                    if card in back:
                        back.remove(card)
                elif card is None:
                    if not routed and not gifts:
                        raise _Fail
                    card = routed.pop() if routed else gifts.pop()
                if t.card is None:
                    self.gift[id(t)] = card
                if partner == me or t.card is not None:
                    hold[partner] = _without(hold[partner], [card])
                held.append(card)
        if routed or back:
            raise _Fail
        incoming = [t for t in ex.gifts if t.taker == lone]
        for t in incoming:
            if t.card is not None:
                held = _without(held, [t.card])
                hold[t.seat] = hold[t.seat] + [t.card]
        spare = _without(held, self.keep[lone])
        power = None if k.trump is None else k.rules.power[k.trump]
        best = k.view.variant.alone.exchange.best and power is not None
        floor = {
            q: max((power[c] for c in hold[q]), default=-1) if best and power else -1 for q in ex.partners
        }
        for partner in sorted(ex.partners, key=lambda q: -floor[q]):
            hidden = [t for t in incoming if t.seat == partner and t.card is None]
            if not hidden:
                continue
            need = self.must_give[partner]
            if len(need) > len(hidden):
                raise _Fail
            spare = _without(spare, need)
            # A partner who gives their best kept nothing higher.
            high = [c for c in spare if power is None or power[c] >= floor[partner]]
            if len(high) < len(hidden) - len(need) or (
                power and any(power[c] < floor[partner] for c in need)
            ):
                raise _Fail
            chosen = need + rng.sample(high, len(hidden) - len(need))
            spare = _without(spare, chosen[len(need) :])
            if best and power is not None:
                chosen.sort(key=lambda c: -power[c])
            for t, card in zip(hidden, chosen, strict=True):
                self.gift[id(t)] = card
            held = _without(held, chosen)
            hold[partner] = hold[partner] + chosen
        hold[lone] = held

    def _above_my_gifts(self, ex: Exchange, mine: list[int]) -> list[int]:
        """Cards this seat holds that beat those it had to give as its best: the lone player's gifts."""
        k = self.k
        given = [t.card for t in ex.gifts if t.seat == k.me and t.card is not None]
        if not given or not k.view.variant.alone.exchange.best or k.trump is None:
            return []
        power = k.rules.power[k.trump]
        cap = min(power[c] for c in given)
        return [c for c in mine if power[c] > cap]

    def _undo_deal(self, hold: dict[int, list[int]]) -> Dealt:
        """Undo the discards, the turned card and the widow: the hands as dealt."""
        k, rng, view, me = self.k, self.rng, self.k.view, self.k.me
        r, p = k.rules, k.plan
        transfers: list[str] = []
        names = r.names
        for t in k.transfers:
            card = self._card(t)
            transfers.append(names[card])
            if t.verb == "discard":
                hold[t.seat] = hold[t.seat] + [card]
        if k.picked_up and k.turned is not None:
            hold[view.dealer] = _without(hold[view.dealer], [k.turned])
        widow: list[int] = []
        if k.widow and view.maker is not None:
            held = hold[view.maker]
            if view.maker == me:
                widow = [r.card_id[str(c)] for c in view.widow]
            else:
                keep = [r.joker] if k.forced_joker and r.joker is not None else []
                widow = rng.sample(_without(held, keep), k.widow)
            hold[view.maker] = _without(held, widow)
        if any(len(hold[s]) != p.hand_size for s in range(p.n)):
            raise _Fail
        kitty = widow + ([] if k.turned is None else [k.turned]) + self.kitty
        return Dealt(
            view.dealer,
            tuple(tuple(names[c] for c in sorted(hold[s])) for s in range(p.n)),
            tuple(names[c] for c in kitty),
            tuple(transfers),
        )

    def _kept_rule(self, seat: int, mine: list[int]) -> Allows | None:
        """A sitting-out hand: no Joker if dealt none; nothing above what it must give this seat as its best."""
        k = self.k
        joker = k.rules.joker if seat in k.no_joker else None
        bound = None
        if k.view.variant.alone.exchange.best and k.trump is not None:
            power = k.rules.power[k.trump]
            for ex in k.exchanges:
                hidden = sum(1 for t in ex.given(seat, k.me) if t.card is None)
                if ex.lone == k.me and hidden:
                    out = [t.card for t in ex.gifts if t.seat == k.me and t.card is not None]
                    top = sorted((power[c] for c in mine + k.played[k.me] + out), reverse=True)
                    bound = top[hidden - 1] if len(top) >= hidden else -1
        if joker is None and bound is None:
            return None
        top_power = bound
        power_of = k.rules.power[k.trump] if k.trump is not None else None
        return lambda c: c != joker and (top_power is None or power_of is None or power_of[c] <= top_power)

    def _card(self, t: Transfer) -> int:
        if t.card is not None:
            return t.card
        if t.verb == "give":
            return self.gift[id(t)]
        cards = self.thrown[t.seat]
        if not cards:
            raise _Fail
        self.thrown[t.seat] = cards[1:]
        return cards[0]
