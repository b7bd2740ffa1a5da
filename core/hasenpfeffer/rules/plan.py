"""Per-variant constants of the engine: pre-built actions and seat tables.

Built once per compiled variant and shared by every game of it (and their copies),
so that listing legal actions allocates little.
"""

from __future__ import annotations

import functools

from . import mechanisms as has
from .actions import Action
from .ruleset import Ruleset
from .settings import AllPassRules, DealRules, GameRules, LoneRules, OrderUpRules, ScoreRules


class Plan:
    """Constants for playing one variant."""

    def __init__(self, rules: Ruleset) -> None:
        v = rules.variant
        self.dealt = v.dealt_sizes
        """Cards dealt to each seat (a dummy may have its own hand size)."""
        dealt = sum(self.dealt) + v.left_over
        if v.hand_size < 1 or dealt != v.pack.size:
            raise ValueError(
                f"variant {v.name!r} cannot be dealt: {v.players} players x {v.hand_size} cards"
                f" + {v.left_over} left over = {dealt} cards, but the pack has {v.pack.size}"
            )
        self.rules = rules
        self.n = n = v.players
        self.teams = v.teams
        self.sides = len(self.teams)
        self.side_of = tuple(rules.side_of(s) for s in range(n))
        """Each seat's side, as a table (``rules.side_of(seat)`` answers the same)."""
        self.partners = tuple(rules.partners(s) for s in range(n))
        """Each seat's partners, as a table (``rules.partners(seat)`` answers the same)."""
        self.left = tuple((s + 1) % n for s in range(n))
        self.dealer_step = 1 if v.deal.dealer_rotation == "left" else n - 1
        dummies = v.deal.dummies
        self.dummy = tuple(dummies.is_dummy(q) for q in range(n))
        """Which seats are dummies (``deal.dummies``): dealt a hand that nobody sits at."""
        self.floating = any(dummies.floating(q) for q in range(n))
        """Some dummy plays for the maker, hand by hand (``deal.dummies.controller: maker``)."""
        self.merged = has.merges_dummies(v)
        """Dummies are taken into their controllers' hands (``deal.dummies.play: merged``)."""
        self._by_maker: dict[int | None, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.speaks = tuple(self.next_player((q + 1) % n) for q in range(n))
        """The next seat to a seat's left that bids (the next one that is no dummy)."""
        self.first_dealer = tuple(self.next_player(q) for q in range(n))
        """The seat that deals when the draw for the first dealer falls on a seat: that seat, or
        the first from it on that is no dummy (``next_player``)."""
        step = self.dealer_step
        self.next_dealer = tuple(self.next_player((q + step) % n, step) for q in range(n))
        """The dealer of the next hand after each dealer (by ``deal.dealer_rotation``, passing
        over dummies)."""
        self.hand_size = v.hand_size
        self.packets: tuple[int, ...] = v.deal.packets or (v.hand_size,)
        self.auction = v.making.method == "auction"
        ladder = v.making.auction.ladder
        self.one_round = v.making.auction.style == "one-round"
        """The auction goes round the table once (``making.auction.style``)."""
        self.pass_final = v.making.auction.pass_final
        """A seat that passes speaks no more in the auction (``making.auction.pass_final``)."""
        self.stuck_dealer = v.making.auction.stuck_dealer
        """The dealer may not pass when every other seat has passed and nobody has bid
        (``making.auction.stuck_dealer``)."""
        self.ladder = ladder
        self.bid_index = {b.name: i for i, b in enumerate(ladder)}
        self.bid_places: tuple[frozenset[int] | None, ...] = tuple(
            None if b.positions is None else frozenset(b.positions) for b in ladder
        )
        """Per bid, the places from the dealer's left (1 = the dealer's left) that may bid it
        (None: every place)."""
        self.bid_over = tuple(-1 if b.only_over is None else self.bid_index[b.only_over] for b in ladder)
        """Per bid, the lowest high bid (its index) over which it may be bid (-1: any)."""
        self.rank_tricks = v.making.auction.rank == "tricks"
        """A bid overcalls only a bid of fewer tricks (``making.auction.rank: tricks``), where both
        are contracts of tricks."""
        self.restricted = (
            any(x is not None for x in self.bid_places)
            or any(i >= 0 for i in self.bid_over)
            or self.rank_tricks
        )
        """Some bid is open only to some places, only over some bid, or only over fewer tricks."""
        self.copies = v.pack.copies > 1
        self.no_trump = v.making.no_trump
        """Any maker may name no-trump (``making.no_trump``; see also ``has.names_no_trump``)."""
        self.discards = has.discards(v)
        """The maker lays away what the widow brought, or the dealer the turned card taken."""
        self.joker_names_suit = has.joker_names_suit(v)
        """In no-trump, the leader of the Joker names the suit the others must follow."""
        self.names_turned_joker = has.dealer_names_joker(v)
        """The dealer names the suit a turned Joker proposes."""
        self.names_joker_blind = self.names_turned_joker and v.making.order_up.turned_joker_blind
        """...before looking at the hand (``making.order_up.turned_joker_blind``)."""
        self.turns_trump = has.turned_trump(v)
        """A turned card of some suits is trump at once (dirty clubs)."""
        self.declares = has.declarations(v)
        """A held set may be declared and scored (``scoring.declarations``)."""
        self.drops_out = has.drops_out(v)
        """Players may drop out of a hand (``alone.drop_out``)."""
        self.calls = has.calls_partner(v)
        """The maker calls a partner for each hand (``partnerships: called``)."""
        self.ordering = OrderUpRules.of(v)
        """Order-up's settings (``making.order_up``)."""
        self.all_pass = AllPassRules.of(v)
        """What happens when everybody passes (``making.all_pass``)."""
        self.lone = LoneRules.of(v)
        """Going alone, lone defence, the exchange, dropping out and the leads."""
        self.score = ScoreRules.of(v)
        """The points of a hand (``scoring``)."""
        self.end = GameRules.of(v)
        """The end of a game and of a match (``game``, ``match``)."""
        self.dealing = DealRules.of(v)
        """The kitty, weak hands, dummies and partnerships."""
        names = rules.names
        rng = range(n)
        self.play = tuple(tuple(Action(s, "play", c) for c in names) for s in rng)
        self.discard = tuple(tuple(Action(s, "discard", c) for c in names) for s in rng)
        self.give = tuple(tuple(Action(s, "give", c) for c in names) for s in rng)
        self.bid = tuple(tuple(Action(s, "bid", b.name) for b in ladder) for s in rng)
        self.pass_ = tuple(Action(s, "pass") for s in rng)
        self.alone = tuple(Action(s, "alone") for s in rng)
        self.order_up = tuple((Action(s, "order-up"), Action(s, "order-up", "", True)) for s in rng)
        tn = rules.trump_names
        self.trump = tuple(
            tuple((Action(s, "trump", t), Action(s, "trump", t, True)) for t in tn) for s in rng
        )
        self.suit = tuple(tuple(Action(s, "suit", x) for x in rules.suits) for s in rng)
        called = [str(q) for q in rng] if self.dealing.call_seat else names
        self.call = tuple((*(Action(s, "call", c) for c in called), Action(s, "call", "", True)) for s in rng)
        """Per seat, ``call CARD`` by card id (or ``call SEAT`` by seat, ``making.call.by: seat``),
        then ``call alone`` last."""
        every = [*self.play, *self.discard, *self.give, *self.bid, self.pass_, self.alone, *self.order_up]
        every += self.suit
        every += self.call
        every += [t for seat in self.trump for t in seat]
        self.text: dict[Action, str] = {a: str(a) for group in every for a in group}

    def controllers(self, maker: int | None) -> tuple[int, ...]:
        """The player who decides for each seat in a hand whose maker is ``maker``: the seat,
        or a dummy's controller (``Variant.controller_in_hand``)."""
        return self._in_hand(maker)[0]

    def hand_sides(self, maker: int | None) -> tuple[int, ...]:
        """Each seat's side in a hand whose maker is ``maker``: :attr:`side_of`, but a dummy
        that plays for the maker on the maker's side (``Variant.side_in_hand``)."""
        return self._in_hand(maker)[1] if self.floating else self.side_of

    def _in_hand(self, maker: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        found = self._by_maker.get(maker)
        if found is None:
            v, seats = self.rules.variant, range(self.n)
            found = self._by_maker[maker] = (
                tuple(v.controller_in_hand(q, maker) for q in seats),
                tuple(v.side_in_hand(q, maker) for q in seats),
            )
        return found

    def next_player(self, seat: int, step: int = 1) -> int:
        """``seat``, or the first seat from it on (by ``step``) that is no dummy."""
        while self.dummy[seat]:
            seat = (seat + step) % self.n
        return seat


@functools.lru_cache(maxsize=64)
def plan_for(rules: Ruleset) -> Plan:
    """The (cached) plan of a compiled variant."""
    return Plan(rules)
