"""The working state of one drawn deal, and the placing of cards whose identity is known.

Some cards a seat knows but not their way: the turned card the dealer took (in the dealer's
hand, laid away, or given on in an exchange), a forced maker's Joker, the seat's own gifts to a
lone player. :meth:`Draft.place_known` puts each where the rules let it be before the unseen
cards are dealt (:mod:`.drawing`), and notes what the exchanges must then explain
(:mod:`.exchanges`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from .knowledge import Knowledge


class Misfit(Exception):
    """This draw does not fit the view; draw again."""


def take(pool: Counter[int], cards: Iterable[int]) -> None:
    """Take ``cards`` out of ``pool`` (a misfit if one is not there)."""
    for c in cards:
        if pool[c] <= 0:
            raise Misfit
        pool[c] -= 1


def without(cards: list[int], gone: Iterable[int]) -> list[int]:
    """``cards`` less ``gone`` (a misfit if one is not there)."""
    out = cards[:]
    for c in gone:
        if c not in out:
            raise Misfit
        out.remove(c)
    return out


class Draft:
    """One deal being drawn: where known cards were put, what the exchanges must explain."""

    def __init__(
        self, known: Knowledge, rng: random.Random, shed: Callable[[int, int], float] | None = None
    ) -> None:
        self.known, self.rng = known, rng
        self.shed = shed
        """How likely a seat is to have laid a card away (seat, card id), or None: alike."""
        n = known.plan.n
        self.out = known.view.sitting_out
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
        self.returned: dict[int, Counter[int]] = {
            ex.lone: Counter(t.card for t in ex.given(ex.lone, known.me) if t.card is not None)
            for ex in known.exchanges
        }
        """The known cards each lone player gave this seat that no need has yet accounted for."""
        self.open: Counter[int] = Counter()
        """The cards of a hand open to all (:attr:`~.knowledge.Knowledge.open`) that no need has
        yet accounted for."""
        self.kitty: list[int] = []
        """The unseen cards of the kitty (after the turned card)."""
        self.gift: dict[int, int] = {}
        """The card of each unseen gift (keyed by the id of its transfer)."""

    def place_known(self, pool: Counter[int], mine: list[int]) -> None:
        """Place the cards of known identity but unknown way, taking them from the unseen ``pool``."""
        k = self.known
        r, view, me = k.rules, k.view, k.me
        cid = r.card_id
        for seat, card, early in self._needs():
            self._place(pool, seat, card, early, mine)
        if any(ex.lone == me for ex in k.exchanges):  # held before the exchange: kept through it
            taken = [cid[c] for c in view.widow]
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

    def _needs(self) -> list[tuple[int, int, bool]]:
        """(seat, card, before the discards) for each card a seat must have held at some time."""
        k, view = self.known, self.known.view
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
        k = self.known
        if self.shown[seat][card] > 0:  # played it (each copy played answers one need)
            self.shown[seat][card] -= 1
            return
        if k.open is not None and k.open[0] == seat and self.open[card] > 0:  # holds it, seen
            self.open[card] -= 1
            return
        ex = next((e for e in k.exchanges if seat == e.lone or seat in e.partners), None)
        unseen = pool[card] > 0
        ways: list[tuple[str, float]] = []
        if unseen and self._fits(seat, card):
            ways.append(("hand", 4.0))
        # (not the turned card the dealer took, where the dealer may not lay it away)
        kept = k.plan.ordering.keeps_turned and seat == k.view.dealer and card == k.turned
        if unseen and early and not kept and k.hidden_discards(seat) > len(self.thrown[seat]):
            ways.append(("discard", self._shed_odds(pool, seat, card)))
        if ex is not None:
            lone, me = ex.lone, k.me
            to_me = sum(1 for t in ex.given(lone, me) if t.card is None)
            if self.returned[lone][card] > 0:  # the lone player gave it on to this seat, seen
                ways.append(("returned" if seat == lone else "given returned", 1.0))
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
                hidden = sum(1 for t in ex.gifts if t.seat == lone and t.taker != me and t.card is None)
                if unseen and lone != me and hidden > len(self.routed[lone]):
                    ways.append(("given on", 1.0))  # given to the lone player, who gave it on unseen
        if not ways:
            raise Misfit
        way = self.rng.choices([w for w, _ in ways], [x for _, x in ways])[0]
        if way in ("hand", "discard", "routed", "through", "given on"):
            take(pool, [card])
        if way == "hand":
            self.hand[seat].append(card)
        elif way == "discard":
            self.thrown[seat].append(card)
            return
        elif way == "routed":
            self.routed[seat].append(card)
        elif way == "back":
            self.back[seat].append(card)
        elif way == "returned":
            self.returned[seat][card] -= 1
        else:
            assert ex is not None
            self.must_give[seat].append(card)
            if way == "given back":
                self.back[ex.lone].append(card)
            elif way == "given returned":
                self.returned[ex.lone][card] -= 1
            elif way == "through":
                self.hand[ex.lone].append(card)
            elif way == "given on":
                self.routed[ex.lone].append(card)
        if ex is not None and seat == ex.lone and early:
            self.keep[seat].append(card)

    def _shed_odds(self, pool: Counter[int], seat: int, card: int) -> float:
        """How likely ``card`` is to be the seat's discard against another unseen card (1 alike)."""
        shed = self.shed
        if shed is None:
            return 1.0
        total = count = 0.0
        for c, n in pool.items():
            if n:
                total += shed(seat, c) * n
                count += n
        return shed(seat, card) * count / total if total else 1.0

    def _mine_all(self, mine: list[int]) -> list[int]:
        """Every card this seat held after the discards: in hand, played, given."""
        k = self.known
        gifts = [t.card for t in k.transfers if t.seat == k.me and t.verb == "give" and t.card is not None]
        return mine + k.played[k.me] + gifts

    def _fits(self, seat: int, card: int) -> bool:
        """Whether the unseen hand ``seat`` held after the exchange may take this card too."""
        k = self.known
        if seat in self.out:
            gifts = [t for t in k.transfers if t.taker == seat]
            mine = sum(1 for t in gifts if t.seat == k.me)
            return k.sizes[seat] - len(gifts) > len(self.hand[seat]) - mine
        if k.sizes[seat] <= len(self.hand[seat]):
            return False
        return k.trump is None or k.rules.eff[k.trump][card] not in k.voids[seat]
