"""A variant's plain settings, resolved once per variant and grouped for the plan.

Each group is a frozen record built from the variant (:class:`~hasenpfeffer.rules.plan.Plan`
holds one of each): defaults filled in, suits as their indexes in the pack, and the rules that
read two fields at once (the per-trick points of a hand without a maker, the dealer who keeps
the turned card) decided here, so that the engines read one answer.

>>> from hasenpfeffer.format.variant import Variant
>>> v = Variant(name="x", making={"method": "order-up", "order_up": {"turned_trump": ["C"]}})
>>> OrderUpRules.of(v).turned_trump, GameRules.of(v).target, ScoreRules.of(v).no_maker_per_trick
(1, 10, 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..format.cards import JOKER, RANKS
from ..format.variant import Declaration, Failed, Points, Slam, Variant, WeakHand
from . import mechanisms as has


@dataclass(frozen=True)
class OrderUpRules:
    """Order-up's settings (``making.order_up``)."""

    rounds: int
    """1: order-up only; 2: then name another suit."""
    barred: bool
    """The turned-down suit may not be named in the second round."""
    dealer_discards: bool
    """The dealer takes the turned card and discards one."""
    keeps_turned: bool
    """An order-up dealer who took the turned card may not lay it away."""
    dealer_partner_alone: bool
    """The dealer's partner who orders up goes alone."""
    tricks_required: int
    """Tricks the makers need."""
    turned_joker: int
    """The suit a turned Joker proposes, as its index (-1: none fixed)."""
    turned_trump: int
    """The suits trump at once when turned, as a mask of suit indexes (dirty clubs)."""
    turned_trump_joker: bool
    """A turned Joker is trump at once too, in the suit it proposes (``turned_trump: [JK]``)."""
    turned_trump_by_dealer: bool
    """A turned suit trump at once makes the dealer maker (else nobody)."""
    turned_trump_forced: bool
    """That dealer is forced (scored as a forced maker)."""
    failed_barred: bool
    """A suit made trump by makers who failed is barred for the rest of the game."""
    last_maker_passes: bool
    """The maker of the last hand that had one only passes in this one."""
    last_trick_suit: bool
    """The suit that won the last hand's last trick is the only trump of this one."""
    take_over: bool
    """A partner yet to speak may take the contract just made and play it alone."""
    named_alone: bool
    """A suit named in round two is named alone (loners only)."""
    makers: int
    """The places from the dealer's left whose players may make trump, a bit each (bit 0: the
    dealer's left; 0: anyone)."""
    must_order: tuple[tuple[int, int, int, int], ...]
    """Turned cards that must be ordered up (``must_order``): by entry, its suits as a mask of
    suit indexes (0: any), its ranks as a mask of places in ``RANKS`` (0: any; a Joker has no
    rank), its places from the dealer's left as a mask (bit 0: the dealer's left) and 1 where
    they order it up alone."""

    @staticmethod
    def of(v: Variant) -> OrderUpRules:
        ou, suits = v.making.order_up, v.pack.suits
        joker = ou.turned_joker
        return OrderUpRules(
            rounds=ou.rounds,
            barred=ou.turned_suit_barred,
            dealer_discards=ou.dealer_discards,
            keeps_turned=ou.dealer_keeps_turned and v.making.method == "order-up",
            dealer_partner_alone=ou.dealer_partner_alone,
            tricks_required=ou.tricks_required,
            turned_joker=suits.index(joker) if isinstance(joker, str) and joker in suits else -1,
            turned_trump=sum(1 << suits.index(x) for x in ou.turned_trump if x in suits),
            turned_trump_joker=JOKER in ou.turned_trump,
            turned_trump_by_dealer=ou.turned_trump_maker == "dealer",
            turned_trump_forced=ou.turned_trump_forced,
            failed_barred=ou.failed_suit_barred and v.making.method == "order-up",
            last_maker_passes=ou.last_maker_passes and v.making.method == "order-up",
            last_trick_suit=ou.last_trick_suit and v.making.method == "order-up",
            take_over=ou.take_over and v.making.method == "order-up",
            named_alone=ou.named_alone and v.making.method == "order-up" and ou.rounds == 2,
            makers=sum(1 << (q - 1) for q in set(ou.makers)) if v.making.method == "order-up" else 0,
            must_order=tuple(
                (
                    sum(1 << suits.index(x) for x in set(m.suits) if x in suits),
                    sum(1 << RANKS.index(r) for r in set(m.ranks) if r in RANKS),
                    sum(1 << (p - 1) for p in set(m.positions)),
                    int(m.alone),
                )
                for m in ou.must_order
            ),
        )


@dataclass(frozen=True)
class AllPassRules:
    """What happens when everybody passes (``making.all_pass``)."""

    rule: Literal["throw-in", "forced", "play"]
    forced_dealer: bool
    """The dealer is the player forced (else the holder of the Joker)."""
    bid: str
    """The bid a forced player is made to make."""
    redeal_same: bool
    """A thrown-in hand is dealt again by the same dealer."""
    trump: str
    """The trump of a hand played without a maker."""
    failure_multiplier: float
    stuck_turned_suit: bool
    """A stuck dealer may name the turned-down suit."""
    stuck_no_trump: bool
    """A stuck dealer alone may name no-trump."""

    @staticmethod
    def of(v: Variant) -> AllPassRules:
        ap = v.making.all_pass
        return AllPassRules(
            rule=ap.rule,
            forced_dealer=ap.forced == "dealer",
            bid=str(ap.bid),
            redeal_same=ap.redeal == "same-dealer",
            trump=ap.trump,
            failure_multiplier=ap.failure_multiplier,
            stuck_turned_suit=ap.stuck_dealer.turned_suit,
            stuck_no_trump=ap.stuck_dealer.no_trump,
        )


@dataclass(frozen=True)
class LoneRules:
    """Going alone, lone defence, the exchange and dropping out (``alone``), and who leads
    (``leads``)."""

    may_alone: bool
    """A maker may go alone (:func:`.mechanisms.may_go_alone`)."""
    lone_defence: bool
    """Defenders are offered to go alone (:func:`.mechanisms.lone_defence`)."""
    against_any: bool
    """Lone defence against any maker (else a lone maker only)."""
    dealer_left_first: bool
    """Lone defence is offered from the dealer's left (else the maker's)."""
    exchange_cards: int
    """Cards a lone player exchanges with each partner (0: none)."""
    exchange_best: bool
    """The partner gives its best card."""
    maker_exchanges: bool
    defender_exchanges: bool
    exchange_bids: tuple[bool, ...]
    """By bid row (the ladder, then a forced bid's own row, which an order-up's hand keeps):
    a lone maker at it exchanges (:func:`.mechanisms.bid_exchanges`, a bid's ``exchange``)."""
    drop_when_turned_trump: bool
    """Players may drop out of a hand whose trump was turned."""
    maker_leads: bool
    """The maker leads first (else the dealer's left)."""
    lone_left_leads: bool
    """The seat left of a lone maker leads."""
    both_alone: Literal["defender", "maker", "unchanged"]
    """Who leads when both a maker and a defender go alone."""

    @staticmethod
    def of(v: Variant) -> LoneRules:
        a, leads = v.alone, v.leads
        return LoneRules(
            may_alone=has.may_go_alone(v),
            lone_defence=has.lone_defence(v),
            against_any=a.lone_defence_against == "any-maker",
            dealer_left_first=a.lone_defence_order == "dealer-left",
            exchange_cards=a.exchange.cards,
            exchange_best=a.exchange.best,
            maker_exchanges=has.maker_exchanges(v),
            defender_exchanges=has.defender_exchanges(v),
            exchange_bids=(
                *(has.bid_exchanges(v, b) for b in v.making.auction.ladder),
                has.bid_exchanges(v, None),
            ),
            drop_when_turned_trump=a.drop_out.when_turned_trump,
            maker_leads=leads.first == "maker",
            lone_left_leads=leads.alone == "lone-left",
            both_alone=leads.both_alone,
        )


@dataclass(frozen=True)
class ScoreRules:
    """The points of a hand (``scoring``)."""

    made: Points
    made_alone: Points | None
    failed: Failed
    failed_alone_defence: Failed | None
    defenders: Points
    defenders_score: bool
    """Defenders have points (``defenders`` is not all zero)."""
    slam: Slam | None
    alone_multiplier: int
    multiply_failed_alone: bool
    declarations: tuple[Declaration, ...]
    bucked: int | None
    """Points of a maker who takes no trick (None: not scored apart)."""
    no_maker_per_trick: int
    """Points per trick in a hand played without a maker (:func:`.mechanisms.no_maker_per_trick`)."""
    no_maker_minimum: int
    no_maker_short: int

    @staticmethod
    def of(v: Variant) -> ScoreRules:
        sc = v.scoring
        return ScoreRules(
            made=sc.made,
            made_alone=sc.made_alone,
            failed=sc.failed,
            failed_alone_defence=sc.failed_alone_defence,
            defenders=sc.defenders,
            defenders_score=sc.defenders != Points(),
            slam=sc.slam,
            alone_multiplier=sc.alone_multiplier,
            multiply_failed_alone=sc.multiply_failed_alone,
            declarations=sc.declarations,
            bucked=sc.bucked,
            no_maker_per_trick=has.no_maker_per_trick(v),
            no_maker_minimum=sc.no_maker.minimum,
            no_maker_short=sc.no_maker.short,
        )


@dataclass(frozen=True)
class GameRules:
    """The end of a game and of a match (``game``, ``match``)."""

    target: int | None
    deals: int | None
    scale: int
    """The points a score is measured against (``GameEnd.scale``)."""
    tie: Literal["makers", "higher", "play-on"]
    must_bid_out: bool
    win_by_defeat: bool
    lose_at: int | None
    match_wins: int
    """Games a side must win to win the match (0: no match)."""
    shut_out: int
    """The weight of a game won with the losers at nought or below (1: no match)."""
    laps: bool

    @staticmethod
    def of(v: Variant) -> GameRules:
        g, m = v.game, v.match
        return GameRules(
            target=g.target,
            deals=g.deals,
            scale=g.scale,
            tie=g.tie,
            must_bid_out=g.must_bid_out,
            win_by_defeat=g.win_by_defeat,
            lose_at=g.lose_at,
            match_wins=0 if m is None else m.wins,
            shut_out=1 if m is None else m.shut_out,
            laps=m is not None and m.laps,
        )


@dataclass(frozen=True)
class DealRules:
    """The kitty, the weak-hand rules, the dummies and the partnerships (``deal``,
    ``partnerships``, ``making.call``)."""

    kitty: int
    """Cards dealt to the kitty, after the hands."""
    dead_hand: int
    """Cards dealt to nobody after the kitty, out of play (``deal.dead_hand``)."""
    widow: bool
    """The kitty is a widow the maker takes up (and there is one)."""
    widow_cards: int
    """The cards of that widow (0: none)."""
    weak_hands: tuple[WeakHand, ...]
    merged_dummies: int
    """Dummies taken into their controllers' hands (``deal.dummies.play: merged``)."""
    takers: tuple[int, ...]
    """By seat, who takes it into hand as a dummy: -2 none, -1 the maker, else that seat."""
    floating_dummies: int
    """Dummies that play for the maker, hand by hand (``deal.dummies.controller: maker``)."""
    partnered: bool
    """Seats play in fixed partnerships (``partnerships: alternate``)."""
    call_cards: Literal["any", "plain", "best-trump"] | None
    """The cards the maker may call a partner by (None: no partner is called)."""
    call_own: bool
    call_alone: bool
    call_seat: bool
    """The maker names a player for a partner, known to all at once (``making.call.by: seat``)."""
    call_two: int
    """A contract of this many tricks or more has the maker name two partners
    (``making.call.two_partners_from``; 0: one at most)."""

    @staticmethod
    def of(v: Variant) -> DealRules:
        d, call = v.deal, v.calling
        takers = tuple(
            -2
            if not (d.dummies.merged and d.dummies.is_dummy(q))
            else -1
            if d.dummies.floating(q)
            else v.controller_of(q)
            for q in range(v.players)
        )
        return DealRules(
            kitty=d.kitty.size,
            dead_hand=d.dead_hand,
            widow=d.kitty.use == "widow" and d.kitty.size > 0,
            widow_cards=d.kitty.size if d.kitty.use == "widow" else 0,
            weak_hands=d.weak_hands,
            merged_dummies=len(d.dummies.seats) if d.dummies.merged else 0,
            takers=takers,
            floating_dummies=sum(1 for q in d.dummies.seats if d.dummies.floating(q)),
            partnered=v.partnerships == "alternate",
            call_cards=None if call is None else call.cards,
            call_own=call is not None and call.own,
            call_alone=call is not None and call.alone,
            call_seat=call is not None and call.by == "seat",
            call_two=0 if call is None or call.two_partners_from is None else call.two_partners_from,
        )
