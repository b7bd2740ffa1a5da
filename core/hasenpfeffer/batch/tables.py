"""A covered variant as numpy tables for the compiled kernel.

Card ids, effective suits and trick keys per trump option come from the compiled ruleset
(:mod:`hasenpfeffer.rules.ruleset`), action ids from the variant's action space
(:mod:`hasenpfeffer.rules.actionspace`), and the rest of the rules are whole numbers in one
parameter vector, indexed by the names below.

>>> from hasenpfeffer import load_variant
>>> t = build(load_variant("euchre"))
>>> int(t.params[N]), int(t.params[HS]), int(t.params[KS]), int(t.params[PASS_ID])
(4, 5, 4, 48)
>>> t.bid_names[t.params[L]], t.points.shape
('', (5, 16))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..engine.dealing import deal_order
from ..format.cards import RANKS
from ..format.variant import Points, Variant, WeakHand
from ..rules import mechanisms as has
from ..rules.actionspace import action_space
from ..rules.plan import Plan, plan_for
from ..rules.ruleset import NT, compile_variant
from .coverage import refusal

(N, SIDES, C, DECK, HS, KS, NS, JOKER, AUCTION, WIDOW, PLAY_BASE, DISCARD_BASE, BID_BASE, PASS_ID) = range(14)
(ORDER_BASE, ALONE_ID, SUIT_BASE, STEP, L, ONE_ROUND, PASS_FINAL, AP_RULE, AP_DEALER, AP_BID) = range(14, 24)
(AP_REDEAL_SAME, AP_TRUMP, NM_PER, NM_MIN, NM_SHORT, ROUNDS, BARRED, DEALER_DISCARDS, DPA) = range(24, 33)
(TR_REQ, TURNED_JOKER, NO_TRUMP, STUCK_TS, STUCK_NT, MAY_ALONE, LONE_DEF, LD_ANY, LD_DEALER) = range(33, 42)
(LEAD_MAKER, LEAD_ALONE_LEFT, BOTH, JOKER_NAMES, ALONE_MULT, MULT_FAILED_ALONE, HAS_MADE_ALONE) = range(
    42, 49
)
(HAS_FAD, HAS_DEF, HAS_SLAM, SLAM_PTS, SLAM_RULE, TARGET, TIE, MUST_BID_OUT, WIN_BY_DEFEAT) = range(49, 58)
(HAS_LOSE, LOSE_AT, MATCH_WINS, SHUT_OUT, LAPS, TT_SUITS, TT_DEALER, TT_FORCED, TJ_NAMED) = range(58, 67)
(WEAK_N, WEAK_AT, RANK_AT, REDEAL_ID, SWAP_ID, DECL_N, DECL_AT, DECLARE_BASE) = range(67, 75)
(EX_CARDS, EX_BEST, EX_MAKER, EX_DEF, GIVE_BASE, POWER_AT, COPIES) = range(75, 82)
(DROP_ID, DROP_TT, HAS_BUCKED, BUCKED, DEAL_AT, SEATS_AT, DUMMIES, PARTNERED) = range(82, 90)
(CALL_BASE, CALL_CARDS, CALL_OWN, CALL_ALONE, DEALS, SCALE, KEEP_TURNED, EXB_AT) = range(90, 98)
PARAMS = 98
"""Indexes of :attr:`Tables.params`; ``PARAMS`` is the length of its fixed part, which the
weak-hand rules (``WEAK_N`` rows of ``W_WIDTH`` from ``WEAK_AT``), each card's rank (its
place in ``RANKS``, the Joker after them, from ``RANK_AT``), the declarations (``DECL_N``
rows from ``DECL_AT``: points, then by trump option the set's cards as a mask, -1 where the
option has too few trumps), each card's power by trump option (from ``POWER_AT``: a lone
player's partner giving the best), where each seat's cards lie in the shuffled pack, by dealer
then by seat (from ``DEAL_AT``: the variant's packets, :func:`hasenpfeffer.engine.dealing.deal_order`)
a row of ``SEAT_W`` by seat (from ``SEATS_AT``: :data:`SEAT_DEALT`...) and, by bid row (the
ladder, then the forced bid's own row, which an order-up's hand keeps), 1 where a lone maker at
it exchanges with the partners (from ``EXB_AT``: a bid's ``exchange``) follow. ``DUMMIES``:
the dummies taken into hand (``deal.dummies.play: merged``), 0 for none; ``PARTNERED``: 1 where
seats play in partnerships (``partnerships: alternate``). ``CALL_BASE``: the id of ``call``
the first card (``partnerships: called``; -1: no partner is called), ``call alone`` after the
cards; ``CALL_CARDS`` the cards that may be called (``making.call.cards``: 0 any, 1 plain, 2
the best trump), ``CALL_OWN`` 1 where the maker may call its own, ``CALL_ALONE`` 1 where it may
call none. ``TARGET``: ``game.target`` (beyond any score where there is none), ``DEALS``:
``game.deals`` (0 for none), ``SCALE``: the points a score is measured against in an
observation (``GameEnd.scale``); ``KEEP_TURNED``: 1 where the dealer who took the turned
card may not lay it away (``making.order_up.dealer_keeps_turned``)."""

# a seat's row (from ``SEATS_AT``), from the plan (:class:`hasenpfeffer.rules.plan.Plan`): the
# cards dealt to it, where they start in a deal kept (after the seats before it), the next seat
# to speak, the next dealer after it, the first dealer where the draw falls on it, and who takes
# it into hand as a dummy (-2: no dummy taken; -1: the maker; else that seat)
SEAT_DEALT, SEAT_FROM, SEAT_SPEAKS, SEAT_NEXT_DEALER, SEAT_FIRST_DEALER, SEAT_TAKER, SEAT_W = range(7)

# a weak-hand rule's row (``deal.weak_hands``), then its tests, ``T_WIDTH`` each
W_SWAP, W_OPTIONAL, W_CARDS, W_SAME, W_TESTS, W_TEST0 = range(6)
T_RANKS, T_LEAST, T_MOST, T_ONE_RANK, T_WIDTH = range(5)
W_WIDTH = W_TEST0 + 8 * T_WIDTH

# columns of a bid's row (the ladder, then the bid a forced player is made to make)
(B_TRICKS, B_MULT, B_TRUMP, B_NONE, B_HAS_POINTS, B_POINTS, B_HAS_FAILED, B_FAILED) = range(8)
(B_FAILED_TO, B_ALONE, B_DEF_SCORE, B_PLACES, B_OVER, BID_COLS) = range(8, 14)
# points kinds, and the columns of a points row (then has-table and table by tricks)
MADE, MADE_ALONE, FAILED, FAILED_DEF, DEFENDERS = range(5)
P_FIXED, P_TRICK, P_BID, P_TO, P_TABLE = range(5)


@dataclass(frozen=True)
class Tables:
    """The arrays the kernel plays a variant from."""

    params: NDArray[np.int64]
    failure_multiplier: float
    deck: NDArray[np.int64]
    eff: NDArray[np.int64]
    """By trump option (suits, then no-trump) and card: the card's effective suit."""
    key: NDArray[np.int64]
    """By trump option, effective suit led and card: the card's strength in the trick."""
    suit_of: NDArray[np.int64]
    trump_ids: NDArray[np.int64]
    """By trump option and alone (0, 1): the action id of ``trump X`` (-1: not an action)."""
    bids: NDArray[np.int64]
    points: NDArray[np.int64]
    bid_names: tuple[str, ...]
    """The ladder's names, then the forced bid's name where it is not in the ladder ("")."""


def room_per_hand(p: NDArray[np.int64]) -> int:
    """Room for one hand's decisions (action ids) in a log, from the parameters ``p``: every
    card, a few calls per seat, the kitty's discards and some to spare.

    >>> from hasenpfeffer import load_variant
    >>> room_per_hand(build(load_variant("euchre")).params)
    52
    """
    return int(p[N] * p[HS] + 5 * p[N] + p[KS] + 8)


def _points(p: Points | None, hs: int, to: str = "makers") -> list[int]:
    if p is None:
        return [0] * (P_TABLE + 2 * (hs + 1))
    has_t = [int(t in p.table) for t in range(hs + 1)]
    tab = [p.table.get(t, 0) for t in range(hs + 1)]
    return [p.fixed, p.per_trick, p.per_bid_trick, int(to == "opponents"), *has_t, *tab]


def _bids(v: Variant) -> tuple[list[list[int]], tuple[str, ...]]:
    ladder = v.making.auction.ladder
    index = {b.name: i for i, b in enumerate(ladder)}
    ns = len(v.pack.suits)
    trumps = {s: i for i, s in enumerate(v.pack.suits)} | {NT: ns}
    rows = []
    for b in ladder:
        places = sum(1 << (q - 1) for q in b.positions) if b.positions is not None else (1 << 8) - 1
        rows.append(
            [
                b.tricks,
                b.multiplier,
                -1 if b.trump is None else trumps[b.trump],
                int(b.objective == "none"),
                int(b.points is not None),
                b.points or 0,
                int(b.failed_points is not None),
                b.failed_points or 0,
                -1 if b.failed_to is None else int(b.failed_to == "opponents"),
                int(b.alone),
                int(b.defenders_score),
                places,
                -1 if b.only_over is None else index[b.only_over],
            ]
        )
    forced = str(v.making.all_pass.bid)
    tricks = int(forced) if forced.isdigit() else 1
    rows.append([tricks, 1, -1, 0, 0, 0, 0, 0, -1, 0, 1, (1 << 8) - 1, -1])
    return rows, (*(b.name for b in ladder), "" if forced in index else forced)


def _seats(v: Variant, plan: Plan) -> list[int]:
    """Each seat's row (:data:`SEAT_DEALT`...), from the plan."""
    rows: list[int] = []
    dummies = v.deal.dummies
    for q in range(v.players):
        taker = -2
        if dummies.merged and dummies.is_dummy(q):
            taker = -1 if dummies.floating(q) else v.controller_of(q)
        row = [
            plan.dealt[q],
            sum(plan.dealt[:q]),
            plan.speaks[q],
            plan.next_dealer[q],
            plan.first_dealer[q],
            taker,
        ]
        rows += row
    return rows


def _rank(r: str) -> int:
    return RANKS.index(r) if r in RANKS else len(RANKS)


def _weak(w: WeakHand) -> list[int]:
    """A weak-hand rule's row: its action, its tests (ranks as a mask; -1: all, or no most)."""
    row = [int(w.action == "swap"), int(w.optional), w.cards, int(w.dealer == "same-dealer"), len(w.when)]
    for test in w.when:
        mask = sum(1 << _rank(r) for r in set(test.ranks))
        least = -1 if test.at_least == "all" else test.at_least
        row += [mask, least, -1 if test.at_most is None else test.at_most, int(test.one_rank)]
    return row + [0] * (W_WIDTH - len(row))


@functools.lru_cache(maxsize=64)
def build(v: Variant) -> Tables:
    """The (cached) tables of a covered variant (ValueError, in one line, for one not covered)."""
    why = refusal(v)
    if why is not None:
        raise ValueError(why)
    rules, space = compile_variant(v), action_space(v)
    ns, hs, mk = rules.ns, v.hand_size, v.making
    start = {g.name: g.start for g in space.groups}
    ladder = mk.auction.ladder
    ap, ou, al, sc, ga = mk.all_pass, mk.order_up, v.alone, v.scoring, v.game
    trump_ids = np.full((ns + 1, 2), -1, dtype=np.int64)
    for ti, name in enumerate(rules.trump_names):
        for lone in (0, 1):
            key = ("trump", name, bool(lone))
            if key in space.keys:
                trump_ids[ti, lone] = space.keys.index(key)
    joker_turn = (
        ou.turned_joker if isinstance(ou.turned_joker, str) and ou.turned_joker in v.pack.suits else None
    )
    bid_index = {b.name: i for i, b in enumerate(ladder)}
    call = v.calling
    p = [0] * PARAMS
    values = {
        N: v.players,
        SIDES: len(v.teams),
        C: len(rules.faces),
        DECK: len(rules.deck),
        HS: hs,
        KS: v.deal.kitty.size,
        NS: ns,
        JOKER: -1 if rules.joker is None else rules.joker,
        AUCTION: int(has.auction(v)),
        WIDOW: int(v.deal.kitty.use == "widow" and v.deal.kitty.size > 0),
        PLAY_BASE: start["play"],
        DISCARD_BASE: start.get("discard", -1),
        BID_BASE: start.get("bid", -1),
        PASS_ID: start["pass"],
        ORDER_BASE: start.get("order-up", -1),
        ALONE_ID: start.get("alone", -1),
        SUIT_BASE: start.get("suit", -1),
        STEP: 1 if v.deal.dealer_rotation == "left" else v.players - 1,
        L: len(ladder),
        ONE_ROUND: int(mk.auction.style == "one-round"),
        PASS_FINAL: int(mk.auction.pass_final),
        AP_RULE: ("throw-in", "forced", "play").index(ap.rule),
        AP_DEALER: int(ap.forced == "dealer"),
        AP_BID: bid_index.get(str(ap.bid), len(ladder)),
        AP_REDEAL_SAME: int(ap.redeal == "same-dealer"),
        AP_TRUMP: rules.trump_index[ap.trump],
        NM_PER: ap.per_trick if sc.no_maker.per_trick is None else sc.no_maker.per_trick,
        NM_MIN: sc.no_maker.minimum,
        NM_SHORT: sc.no_maker.short,
        ROUNDS: ou.rounds,
        BARRED: int(ou.turned_suit_barred),
        DEALER_DISCARDS: int(has.discards(v) and not has.auction(v)),
        DPA: int(ou.dealer_partner_alone),
        TR_REQ: ou.tricks_required,
        TURNED_JOKER: -1 if joker_turn is None else v.pack.suits.index(joker_turn),
        NO_TRUMP: int(mk.no_trump),
        STUCK_TS: int(ap.stuck_dealer.turned_suit),
        STUCK_NT: int(ap.stuck_dealer.no_trump),
        MAY_ALONE: int(al.allowed == "maker" and has.may_go_alone(v)),  # partners to sit out
        LONE_DEF: int(has.lone_defence(v)),
        LD_ANY: int(al.lone_defence_against == "any-maker"),
        LD_DEALER: int(al.lone_defence_order == "dealer-left"),
        LEAD_MAKER: int(v.leads.first == "maker"),
        LEAD_ALONE_LEFT: int(v.leads.alone == "lone-left"),
        BOTH: ("defender", "maker", "unchanged").index(v.leads.both_alone),
        JOKER_NAMES: int(has.joker_names_suit(v)),
        ALONE_MULT: sc.alone_multiplier,
        MULT_FAILED_ALONE: int(sc.multiply_failed_alone),
        HAS_MADE_ALONE: int(sc.made_alone is not None),
        HAS_FAD: int(sc.failed_alone_defence is not None),
        HAS_DEF: int(sc.defenders != Points()),
        HAS_SLAM: int(sc.slam is not None),
        SLAM_PTS: 0 if sc.slam is None else sc.slam.points,
        SLAM_RULE: 0 if sc.slam is None else ("floor", "fixed", "bonus").index(sc.slam.rule),
        TARGET: (1 << 62) if ga.target is None else ga.target,
        DEALS: ga.deals or 0,
        SCALE: ga.scale,
        KEEP_TURNED: int(ou.dealer_keeps_turned and mk.method == "order-up"),
        TIE: ("makers", "higher", "play-on").index(ga.tie),
        MUST_BID_OUT: int(ga.must_bid_out),
        WIN_BY_DEFEAT: int(ga.win_by_defeat),
        HAS_LOSE: int(ga.lose_at is not None),
        LOSE_AT: ga.lose_at or 0,
        MATCH_WINS: 0 if v.match is None else v.match.wins,
        SHUT_OUT: 1 if v.match is None else v.match.shut_out,
        LAPS: int(v.match is not None and v.match.laps),
        TT_SUITS: sum(1 << v.pack.suits.index(x) for x in ou.turned_trump if x in v.pack.suits),
        TT_DEALER: int(ou.turned_trump_maker == "dealer"),
        TT_FORCED: int(ou.turned_trump_forced),
        TJ_NAMED: int(has.dealer_names_joker(v)),
        WEAK_N: len(v.deal.weak_hands),
        WEAK_AT: PARAMS,
        RANK_AT: PARAMS + W_WIDTH * len(v.deal.weak_hands),
        REDEAL_ID: start.get("redeal", -1),
        SWAP_ID: start.get("swap", -1),
        DECL_N: len(sc.declarations),
        DECL_AT: PARAMS + W_WIDTH * len(v.deal.weak_hands) + len(rules.faces),
        DECLARE_BASE: start.get("declare", -1),
        EX_CARDS: al.exchange.cards,
        EX_BEST: int(al.exchange.best),
        EX_MAKER: int(has.maker_exchanges(v)),
        EX_DEF: int(has.defender_exchanges(v)),
        GIVE_BASE: start.get("give", -1),
        COPIES: int(v.pack.copies > 1),
        DROP_ID: start.get("drop", -1),  # -1: nobody drops out
        DROP_TT: int(al.drop_out.when_turned_trump),
        HAS_BUCKED: int(sc.bucked is not None),
        BUCKED: sc.bucked or 0,
        POWER_AT: PARAMS
        + W_WIDTH * len(v.deal.weak_hands)
        + len(rules.faces)
        + (ns + 2) * len(sc.declarations),
        DEAL_AT: PARAMS
        + W_WIDTH * len(v.deal.weak_hands)
        + len(rules.faces)
        + (ns + 2) * len(sc.declarations)
        + (ns + 1) * len(rules.faces),
        DUMMIES: sum(1 for q in v.deal.dummies.seats if v.deal.dummies.merged),
        PARTNERED: int(v.partnerships == "alternate"),
        CALL_BASE: start.get("call", -1),
        CALL_CARDS: 0 if call is None else ("any", "plain", "best-trump").index(call.cards),
        CALL_OWN: int(call is not None and call.own),
        CALL_ALONE: int(call is not None and call.alone),
    }
    plan = plan_for(rules)
    values[SEATS_AT] = values[DEAL_AT] + v.players * sum(plan.dealt)
    values[EXB_AT] = values[SEATS_AT] + SEAT_W * v.players
    for i, x in values.items():
        p[i] = x
    for w in v.deal.weak_hands:
        p += _weak(w)
    p += [_rank(f.rank) for f in rules.faces]
    for d in sc.declarations:
        tops = [rules.top_trumps(ti, d.cards) for ti in range(ns + 1)]
        p += [d.points, *(sum(1 << c for c in top) if len(top) == d.cards else -1 for top in tops)]
    assert len(p) == values[POWER_AT]
    for ti in range(ns + 1):
        p += [int(rules.power[ti][c]) for c in range(len(rules.faces))]
    assert len(p) == values[DEAL_AT]
    for dealer in range(v.players):
        for at in deal_order(plan, dealer):
            p += at
    assert len(p) == values[SEATS_AT]
    p += _seats(v, plan)
    assert len(p) == values[EXB_AT]
    p += [int(has.bid_exchanges(v, b)) for b in ladder] + [int(has.bid_exchanges(v, None))]
    fad = sc.failed_alone_defence
    points = [
        _points(sc.made, hs),
        _points(sc.made_alone, hs),
        _points(sc.failed, hs, sc.failed.to),
        _points(fad, hs, "makers" if fad is None else fad.to),
        _points(sc.defenders, hs),
    ]
    rows, names = _bids(v)
    suit_of = [-1 if f.is_joker else rules.suits.index(f.suit) for f in rules.faces]
    return Tables(
        params=np.array(p, dtype=np.int64),
        failure_multiplier=float(ap.failure_multiplier),
        deck=np.array(rules.deck, dtype=np.int64),
        eff=np.array(rules.eff, dtype=np.int64),
        key=np.array(rules.key, dtype=np.int64),
        suit_of=np.array(suit_of, dtype=np.int64),
        trump_ids=trump_ids,
        bids=np.array(rows, dtype=np.int64),
        points=np.array(points, dtype=np.int64),
        bid_names=names,
    )
