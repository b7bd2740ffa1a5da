"""What one seat's view tells about the cards it has not seen.

Read once from a :class:`~hasenpfeffer.engine.view.View`: the cards each seat played, the
suits each has shown it lacks, how many cards each holds now, the discards and gifts of the
hand (with their cards where this seat saw them), the turned card's way, the widow, and what
a forced Joker holder implies. Cards are ruleset ids.

>>> from hasenpfeffer import Game, load_variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(load_variant("hasenpfeffer"), deal=deal)
>>> for a in ["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C", "0 play JK", "1 play 9S"]:
...     _ = g.apply(a)
>>> k = Knowledge(g.view(2))
>>> k.sizes, k.voids[1] == {k.rules.suits.index("H")}, [t.card for t in k.transfers]
([5, 5, 6, 6], True, [None])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.phases.orderup import TURNED_TRUMP
from ..engine.view import View
from ..format.cards import Card
from ..rules.mechanisms import discards
from ..rules.plan import Plan, plan_for
from ..rules.ruleset import Ruleset, compile_variant


@dataclass
class Transfer:
    """A discard or gift of the hand: by ``seat``, the ``card`` (None: unseen), to ``taker`` (gifts)."""

    seat: int
    verb: str
    card: int | None
    taker: int | None = None


@dataclass
class Exchange:
    """A lone player's exchange: ``partners`` give to ``lone`` first, then ``lone`` gives back."""

    lone: int
    partners: tuple[int, ...]
    gifts: list[Transfer] = field(default_factory=list)

    def given(self, giver: int, taker: int) -> list[Transfer]:
        """The gifts from ``giver`` to ``taker``, in order."""
        return [t for t in self.gifts if t.seat == giver and t.taker == taker]


class Knowledge:
    """The facts of one view about the unseen cards; ``received``: the cards given to this seat
    this hand, in order, where it is known which they were (a view shows a gift's card to its
    giver only, but a player who remembers its hand as dealt knows what came to it)."""

    def __init__(self, view: View, received: Sequence[str] = ()) -> None:
        self.view = view
        v = view.variant
        self.rules: Ruleset = compile_variant(v)
        self.plan: Plan = plan_for(self.rules)
        r, p = self.rules, self.plan
        cid = r.card_id
        n = p.n
        self.me = view.seat
        self.trump = r.trump_id(view.trump)
        self.played: list[list[int]] = [[] for _ in range(n)]
        for a in view.history:
            if a.verb == "play":
                self.played[a.seat].append(cid[a.arg])
        self.led = self._suits_led()
        """The effective suit led to each trick of the view, the one on the table last (after
        a Joker led in no-trump, the suit its leader named)."""
        self.voids: list[set[int]] = [set() for _ in range(n)]
        if self.trump is not None:
            eff = r.eff[self.trump]
            for cards, led in zip(self.trick_cards(), self.led, strict=True):
                for seat, card in cards[1:]:
                    if eff[cid[card]] != led:
                        self.voids[seat].add(led)
        self.open: tuple[int, list[int]] | None = None
        """Another seat's hand open to all (an open contract, an exposed dummy) or to this seat (a
        dummy and its controller, ``View.seen``): its seat and the cards it holds now."""
        if view.shown is not None and view.shown[0] != self.me:
            self.open = (view.shown[0], [cid[str(c)] for c in view.shown[1]])
        elif view.seen:  # a dummy's hand its controller sees, or the controller's the dummy sees
            other, hand = view.seen[0]
            self.open = (other, [cid[str(c)] for c in hand])
        ap, kitty = v.making.all_pass, v.deal.kitty
        self.turned = None if view.turned is None else cid[view.turned]
        ordered = any(a.verb == "order-up" for a in view.history)
        # a turned suit trump at once (turned_trump), not a hand played when all passed
        at_once = not p.auction and view.bid == TURNED_TRUMP
        self.picked_up = (ordered or at_once) and discards(v) and self.turned is not None
        """The dealer took the turned card (ordered up, or its suit trump at once)."""
        took = p.auction and kitty.use == "widow" and view.maker is not None
        self.widow = kitty.size if took else 0
        """How many cards the maker took from the widow."""
        lone = view.maker is not None and view.maker in view.alone
        self.taken = v.dummy_takers(view.maker, lone) if view.trump is not None else ()
        """The dummies taken into hand once trump was made (``deal.dummies.play: merged``):
        (dummy, taker); the cards of those this seat took are ``view.took``."""
        bids = any(a.verb == "bid" for a in view.history)
        self.forced_joker = (
            p.auction
            and view.maker is not None
            and not bids
            and ap.rule == "forced"
            and ap.forced == "joker-holder"
            and r.joker is not None
        )
        """The maker was forced as the first seat from the dealer's left dealt a Joker."""
        self.no_joker: frozenset[int] = frozenset()
        if self.forced_joker:
            seat, before = p.left[view.dealer], []
            while seat != view.maker:
                before.append(seat)
                seat = p.left[seat]
            self.no_joker = frozenset(before)
        self.transfers: list[Transfer] = []
        self.exchanges: list[Exchange] = []
        self._read_transfers(list(received))
        self.sizes = self._sizes()
        """Cards each seat holds now."""

    def trick_cards(self) -> list[tuple[tuple[int, Card], ...]]:
        """The cards of the view's tricks in play order, the trick on the table last."""
        view = self.view
        return [t.cards for t in view.tricks] + ([view.trick] if view.trick else [])

    def _suits_led(self) -> list[int]:
        if self.trump is None:
            return []
        r, view = self.rules, self.view
        active = self.plan.n - len(view.sitting_out)
        named: dict[int, int] = {}
        plays = 0
        for a in view.history:
            if a.verb == "play":
                plays += 1
            elif a.verb == "suit":  # named by the leader of the trick's first card, the Joker
                named[(plays - 1) // active] = r.suits.index(a.arg)
        eff, cid = r.eff[self.trump], r.card_id
        return [named.get(i, eff[cid[str(cards[0][1])]]) for i, cards in enumerate(self.trick_cards())]

    def _read_transfers(self, received: list[str]) -> None:
        """The discards and gifts in order; gifts grouped by exchange, each with its taker (the
        card of a gift to this seat taken from ``received`` where the view hides it)."""
        p, cid = self.plan, self.rules.card_id
        current: Exchange | None = None
        for a in self.view.history:
            if (a.verb in ("trump", "order-up") and a.alone) or a.verb == "alone":
                current = Exchange(a.seat, p.partners[a.seat])
            if a.verb not in ("discard", "give"):
                continue
            card = cid[a.arg] if a.arg else None
            t = Transfer(a.seat, a.verb, card)
            if a.verb == "give":
                if current is None:  # a contract played alone: the maker went alone with its bid
                    maker = self.view.maker
                    assert maker is not None
                    current = Exchange(maker, p.partners[maker])
                if a.seat == current.lone:
                    k = self.view.variant.alone.exchange.cards
                    back = sum(1 for g in current.gifts if g.seat == current.lone)
                    t.taker = current.partners[back // k]
                else:
                    t.taker = current.lone
                if t.taker == self.me and t.card is None and received:
                    t.card = cid[received.pop(0)]
                if not current.gifts:
                    self.exchanges.append(current)
                current.gifts.append(t)
            self.transfers.append(t)

    def _sizes(self) -> list[int]:
        view, p = self.view, self.plan
        sizes = list(p.dealt)
        if view.maker is not None:
            sizes[view.maker] += self.widow
        if self.picked_up:
            sizes[view.dealer] += 1
        for dummy, by in self.taken:
            sizes[dummy] -= p.dealt[dummy]
            sizes[by] += p.dealt[dummy]
        for t in self.transfers:
            sizes[t.seat] -= 1
            if t.taker is not None:
                sizes[t.taker] += 1
        for s in range(p.n):
            sizes[s] -= len(self.played[s])
        return sizes

    def hidden_discards(self, seat: int) -> int:
        """How many of ``seat``'s discards this seat did not see."""
        return sum(1 for t in self.transfers if t.verb == "discard" and t.seat == seat and t.card is None)
