"""The compiled kernel's parameter vector, declared once: each parameter's index, source and doc.

Every parameter is one :func:`param` call, in index order: its name (the module-level int the
kernels read, as ``t.N``), a getter reading the compiled rules (:class:`Source`: the ruleset,
its plan and the action space, never the variant's fields) and a short doc. ``PARAMS`` is the
length of this fixed part; the variable-length sections (:data:`SECTIONS`) follow it, their
offsets (``WEAK_AT``...) computed from their lengths.

>>> DECLARED[N].name, DECLARED[PASS_ID].doc, PARAMS == len(DECLARED)
('N', 'the id of pass', True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from ..format.cards import RANKS
from ..rules.actionspace import ActionSpace
from ..rules.plan import Plan
from ..rules.ruleset import Ruleset

# a seat's row (from ``SEATS_AT``), from the plan (:class:`hasenpfeffer.rules.plan.Plan`): the
# cards dealt to it, where they start in a deal kept (after the seats before it), the next seat
# to speak, the next dealer after it, the first dealer where the draw falls on it, and who takes
# it into hand as a dummy (-2: no dummy taken; -1: the maker; else that seat), and its side
# (the seat modulo the sides: read where a division would cost more than the read)
SEAT_DEALT, SEAT_FROM, SEAT_SPEAKS, SEAT_NEXT_DEALER, SEAT_FIRST_DEALER, SEAT_TAKER, SEAT_SIDE, SEAT_W = (
    range(8)
)

# a weak-hand rule's row (``deal.weak_hands``), then its tests, ``T_WIDTH`` each
W_SWAP, W_OPTIONAL, W_CARDS, W_SAME, W_TESTS, W_TEST0 = range(6)
T_RANKS, T_LEAST, T_MOST, T_ONE_RANK, T_WIDTH = range(5)
W_WIDTH = W_TEST0 + 8 * T_WIDTH

RANK_KINDS = len(RANKS) + 1
"""The ranks a card may have, as each card's rank (section ``rank``) reads them: the places
of ``RANKS``, then the Joker's."""

# a declaration's row (``scoring.declarations``): its points, 1 for a pattern of ranks, 1 where
# it wins the game, its groups (largest first, 0 after the last), then by trump option the top
# trumps' mask
DC_POINTS, DC_RANKS, DC_WINS, DC_GROUP0 = range(4)
DC_GROUPS = 6
DC_MASK0 = DC_GROUP0 + DC_GROUPS


@dataclass(frozen=True)
class Source:
    """What a parameter is read from: a variant's compiled rules."""

    rules: Ruleset
    plan: Plan
    space: ActionSpace

    def start(self, group: str) -> int:
        """The first action id of a group of the action space (-1: the variant has none)."""
        return next((g.start for g in self.space.groups if g.name == group), -1)

    @functools.cached_property
    def at(self) -> dict[str, int]:
        """Each variable-length section's offset in the vector (after the fixed part), and its
        end (``"end"``)."""
        at, where = {}, PARAMS
        for name, length in SECTIONS:
            at[name] = where
            where += length(self)
        return at | {"end": where}


SECTIONS: tuple[tuple[str, Callable[[Source], int]], ...] = (
    ("weak", lambda s: W_WIDTH * len(s.plan.dealing.weak_hands)),
    ("rank", lambda s: len(s.rules.faces)),
    ("decl", lambda s: (s.rules.options + DC_MASK0) * len(s.plan.score.declarations)),
    ("power", lambda s: s.rules.options * len(s.rules.faces)),
    ("deal", lambda s: s.plan.n * sum(s.plan.dealt)),
    ("seats", lambda s: SEAT_W * s.plan.n),
    ("exb", lambda s: len(s.plan.lone.exchange_bids)),
    ("must", lambda s: 4 * len(s.plan.ordering.must_order)),
)
"""The sections after the fixed part, in order, with their lengths: the weak-hand rules
(``WEAK_N`` rows of ``W_WIDTH``), each card's rank (its place in ``RANKS``, the Joker after
them), the declarations (``DECL_N`` rows of ``DECL_W``: points, 1 for a pattern of ranks, its
groups, then by trump option the top trumps' cards as a mask, -1 where the option has too few
trumps or the set is a pattern of ranks), each card's power by trump option (a lone
player's partner giving the best), where each seat's cards lie in the shuffled pack, by dealer
then by seat (the variant's packets, :func:`hasenpfeffer.engine.dealing.deal_order`), and a row
of ``SEAT_W`` by seat (:data:`SEAT_DEALT`...), and by bid row (the ladder, then the forced
bid's own row) 1 where a lone maker at it exchanges with the partners (a bid's ``exchange``),
and the turned cards that must be ordered up (``MUST_N`` rows of four: suits,
ranks, places, alone)."""


@dataclass(frozen=True)
class Param:
    """One declared parameter."""

    name: str
    index: int
    get: Callable[[Source], int]
    doc: str


DECLARED: list[Param] = []
"""Every parameter, by index."""


def param(name: str, get: Callable[[Source], int], doc: str) -> int:
    """Declare the next parameter; its index."""
    DECLARED.append(Param(name, len(DECLARED), get, doc))
    return len(DECLARED) - 1


def fixed(src: Source) -> list[int]:
    """The fixed part of the vector: every declared parameter's value, by index."""
    return [int(p.get(src)) for p in DECLARED]


# fmt: off
N = param("N", lambda s: s.plan.n, "players")
SIDES = param("SIDES", lambda s: s.plan.sides, "sides (teams, or players without partnerships)")
C = param("C", lambda s: len(s.rules.faces), "distinct cards (faces)")
DECK = param("DECK", lambda s: len(s.rules.deck), "cards in the pack")
HS = param("HS", lambda s: s.plan.hand_size, "cards in a hand")
KS = param("KS", lambda s: s.plan.dealing.kitty, "cards left over (the kitty)")
NS = param("NS", lambda s: s.rules.ns, "suits")
OPTIONS = param("OPTIONS", lambda s: s.rules.options, "trump options: the suits, no-trump, low no-trump where a bid names it")
JOKER = param("JOKER", lambda s: -1 if s.rules.joker is None else s.rules.joker, "the Joker's id (-1: none)")
AUCTION = param("AUCTION", lambda s: s.plan.auction, "trump is made by an auction (else order-up)")
WIDOW = param("WIDOW", lambda s: s.plan.dealing.widow, "the maker takes up a widow")
PLAY_BASE = param("PLAY_BASE", lambda s: s.start("play"), "the id of play the first card")
DISCARD_BASE = param("DISCARD_BASE", lambda s: s.start("discard"), "the id of discard the first card")
BID_BASE = param("BID_BASE", lambda s: s.start("bid"), "the id of the ladder's first bid")
PASS_ID = param("PASS_ID", lambda s: s.start("pass"), "the id of pass")
ORDER_BASE = param("ORDER_BASE", lambda s: s.start("order-up"), "the id of order-up (then alone)")
ALONE_ID = param("ALONE_ID", lambda s: s.start("alone"), "the id of a defender's alone")
SUIT_BASE = param("SUIT_BASE", lambda s: s.start("suit"), "the id of naming the first suit")
STEP = param("STEP", lambda s: s.plan.dealer_step, "the step from a dealer to the next (1: left)")
L = param("L", lambda s: len(s.plan.ladder), "bids in the ladder")
ONE_ROUND = param("ONE_ROUND", lambda s: s.plan.one_round, "the auction goes round once")
RANK_TRICKS = param("RANK_TRICKS", lambda s: s.plan.rank_tricks, "a bid overcalls only a bid of fewer tricks")
PASS_FINAL = param("PASS_FINAL", lambda s: s.plan.pass_final, "a seat that passes speaks no more")
STUCK_AUCTION = param("STUCK_AUCTION", lambda s: s.plan.stuck_dealer,
                      "the dealer may not pass when all the others have and nobody bid")
AP_RULE = param("AP_RULE", lambda s: ("throw-in", "forced", "play").index(s.plan.all_pass.rule),
                "all pass: 0 throw in, 1 a player is forced, 2 play without a maker")
AP_DEALER = param("AP_DEALER", lambda s: s.plan.all_pass.forced_dealer, "the dealer is forced (else the Joker's holder)")
AP_BID = param("AP_BID", lambda s: s.plan.bid_index.get(s.plan.all_pass.bid, len(s.plan.ladder)),
               "the forced bid's row (``L``: its own row after the ladder)")
AP_REDEAL_SAME = param("AP_REDEAL_SAME", lambda s: s.plan.all_pass.redeal_same, "a thrown-in hand's dealer deals again")
AP_TRUMP = param("AP_TRUMP", lambda s: s.rules.trump_index[s.plan.all_pass.trump], "the trump of a hand without a maker")
NM_PER = param("NM_PER", lambda s: s.plan.score.no_maker_per_trick, "points per trick without a maker")
NM_MIN = param("NM_MIN", lambda s: s.plan.score.no_maker_minimum, "tricks each side must take without a maker")
NM_SHORT = param("NM_SHORT", lambda s: s.plan.score.no_maker_short, "points lost per trick short of that")
ROUNDS = param("ROUNDS", lambda s: s.plan.ordering.rounds, "order-up rounds")
BARRED = param("BARRED", lambda s: s.plan.ordering.barred, "the turned-down suit is barred")
DEALER_DISCARDS = param("DEALER_DISCARDS", lambda s: s.plan.discards and not s.plan.auction,
                        "the dealer takes the turned card and discards")
DPA = param("DPA", lambda s: s.plan.ordering.dealer_partner_alone, "the dealer's partner ordering up goes alone")
TR_REQ = param("TR_REQ", lambda s: s.plan.ordering.tricks_required, "tricks an order-up's makers need")
TURNED_JOKER = param("TURNED_JOKER", lambda s: s.plan.ordering.turned_joker, "the suit a turned Joker proposes (-1: none)")
NO_TRUMP = param("NO_TRUMP", lambda s: s.plan.no_trump, "any maker may name no-trump")
STUCK_TS = param("STUCK_TS", lambda s: s.plan.all_pass.stuck_turned_suit, "a stuck dealer may name the turned suit")
STUCK_NT = param("STUCK_NT", lambda s: s.plan.all_pass.stuck_no_trump, "a stuck dealer alone may name no-trump")
MAY_ALONE = param("MAY_ALONE", lambda s: s.plan.lone.may_alone, "a maker may go alone (the partners sit out)")
LONE_DEF = param("LONE_DEF", lambda s: s.plan.lone.lone_defence, "defenders are offered to go alone")
LD_ANY = param("LD_ANY", lambda s: s.plan.lone.against_any, "lone defence against any maker")
LD_DEALER = param("LD_DEALER", lambda s: s.plan.lone.dealer_left_first, "lone defence offered from the dealer's left")
LEAD_MAKER = param("LEAD_MAKER", lambda s: s.plan.lone.maker_leads, "the maker leads first")
LEAD_ALONE_LEFT = param("LEAD_ALONE_LEFT", lambda s: s.plan.lone.lone_left_leads, "the seat left of a lone maker leads")
BOTH = param("BOTH", lambda s: ("defender", "maker", "unchanged").index(s.plan.lone.both_alone),
             "who leads when both go alone: 0 the defender, 1 the maker, 2 unchanged")
JOKER_NAMES = param("JOKER_NAMES", lambda s: s.plan.joker_names_suit, "the leader of the Joker in no-trump names a suit")
ALONE_MULT = param("ALONE_MULT", lambda s: s.plan.score.alone_multiplier, "a lone maker's multiplier")
MULT_FAILED_ALONE = param("MULT_FAILED_ALONE", lambda s: s.plan.score.multiply_failed_alone,
                          "the multiplier applies to a lone maker who fails")
HAS_MADE_ALONE = param("HAS_MADE_ALONE", lambda s: s.plan.score.made_alone is not None, "a lone maker has points of its own")
HAS_FAD = param("HAS_FAD", lambda s: s.plan.score.failed_alone_defence is not None,
                "makers failing against a lone defender have points of their own")
HAS_DEF = param("HAS_DEF", lambda s: s.plan.score.defenders_score, "defenders score points")
HAS_SLAM = param("HAS_SLAM", lambda s: s.plan.score.slam is not None, "a slam scores")
SLAM_PTS = param("SLAM_PTS", lambda s: 0 if s.plan.score.slam is None else s.plan.score.slam.points, "a slam's points")
SLAM_RULE = param("SLAM_RULE", lambda s: 0 if s.plan.score.slam is None else ("floor", "fixed", "bonus").index(s.plan.score.slam.rule),
                  "a slam's rule: 0 floor, 1 fixed, 2 bonus")
TARGET = param("TARGET", lambda s: (1 << 62) if s.plan.end.target is None else s.plan.end.target,
               "``game.target`` (beyond any score where there is none)")
TIE = param("TIE", lambda s: ("makers", "higher", "play-on").index(s.plan.end.tie), "sides at the target: 0 makers, 1 higher, 2 play on")
MUST_BID_OUT = param("MUST_BID_OUT", lambda s: s.plan.end.must_bid_out, "the target is reached on a bid made")
WIN_BY_DEFEAT = param("WIN_BY_DEFEAT", lambda s: s.plan.end.win_by_defeat, "or by setting the makers")
HAS_LOSE = param("HAS_LOSE", lambda s: s.plan.end.lose_at is not None, "a side at ``LOSE_AT`` loses")
LOSE_AT = param("LOSE_AT", lambda s: s.plan.end.lose_at or 0, "``game.lose_at``")
MATCH_WINS = param("MATCH_WINS", lambda s: s.plan.end.match_wins, "games to win a match (0: none)")
SHUT_OUT = param("SHUT_OUT", lambda s: s.plan.end.shut_out, "a shut-out game's weight")
LAPS = param("LAPS", lambda s: s.plan.end.laps, "points past the target carry over")
TT_SUITS = param("TT_SUITS", lambda s: s.plan.ordering.turned_trump, "suits trump at once when turned (a mask)")
TT_JOKER = param("TT_JOKER", lambda s: s.plan.ordering.turned_trump_joker, "a turned Joker too, in its suit")
TT_DEALER = param("TT_DEALER", lambda s: s.plan.ordering.turned_trump_by_dealer, "that makes the dealer maker")
TT_FORCED = param("TT_FORCED", lambda s: s.plan.ordering.turned_trump_forced, "that dealer is forced")
TJ_NAMED = param("TJ_NAMED", lambda s: s.plan.names_turned_joker, "the dealer names a turned Joker's suit")
TJ_BLIND = param("TJ_BLIND", lambda s: s.plan.names_joker_blind, "before looking at the hand")
WEAK_N = param("WEAK_N", lambda s: len(s.plan.dealing.weak_hands), "weak-hand rules")
WEAK_AT = param("WEAK_AT", lambda s: s.at["weak"], "where the weak-hand rows start")
RANK_AT = param("RANK_AT", lambda s: s.at["rank"], "where each card's rank starts")
REDEAL_ID = param("REDEAL_ID", lambda s: s.start("redeal"), "the id of redeal")
SWAP_ID = param("SWAP_ID", lambda s: s.start("swap"), "the id of swap")
DECL_N = param("DECL_N", lambda s: len(s.plan.score.declarations), "declarations")
DECL_AT = param("DECL_AT", lambda s: s.at["decl"], "where the declarations' rows start")
DECL_W = param("DECL_W", lambda s: s.rules.options + DC_MASK0, "a declaration's row")
DECLARE_BASE = param("DECLARE_BASE", lambda s: s.start("declare"), "the id of the first declaration")
EX_CARDS = param("EX_CARDS", lambda s: s.plan.lone.exchange_cards, "cards a lone player exchanges")
EX_BEST = param("EX_BEST", lambda s: s.plan.lone.exchange_best, "the partner gives its best")
EX_MAKER = param("EX_MAKER", lambda s: s.plan.lone.maker_exchanges, "a lone maker exchanges")
EX_DEF = param("EX_DEF", lambda s: s.plan.lone.defender_exchanges, "a lone defender exchanges")
GIVE_BASE = param("GIVE_BASE", lambda s: s.start("give"), "the id of give the first card")
POWER_AT = param("POWER_AT", lambda s: s.at["power"], "where the cards' powers start")
COPIES = param("COPIES", lambda s: s.plan.copies, "the pack holds copies of cards")
DROP_ID = param("DROP_ID", lambda s: s.start("drop"), "the id of drop (-1: nobody drops out)")
DROP_TT = param("DROP_TT", lambda s: s.plan.lone.drop_when_turned_trump, "players drop out of a turned trump's hand")
HAS_BUCKED = param("HAS_BUCKED", lambda s: s.plan.score.bucked is not None, "a maker taking no trick scores apart")
BUCKED = param("BUCKED", lambda s: s.plan.score.bucked or 0, "its points")
DEAL_AT = param("DEAL_AT", lambda s: s.at["deal"], "where the deal's order starts")
SEATS_AT = param("SEATS_AT", lambda s: s.at["seats"], "where the seats' rows start")
DUMMIES = param("DUMMIES", lambda s: s.plan.dealing.merged_dummies,
                "the dummies taken into hand (``deal.dummies.play: merged``), 0 for none")
PARTNERED = param("PARTNERED", lambda s: s.plan.dealing.partnered, "seats play in partnerships (``partnerships: alternate``)")
CALL_BASE = param("CALL_BASE", lambda s: s.start("call"),
                  "the id of call the first card or seat (-1: no partner is called), call alone after them")
CALL_CARDS = param("CALL_CARDS", lambda s: ("any", "plain", "best-trump").index(s.plan.dealing.call_cards or "any"),
                   "the cards that may be called (``making.call.cards``): 0 any, 1 plain, 2 the best trump")
CALL_OWN = param("CALL_OWN", lambda s: s.plan.dealing.call_own, "the maker may call its own card")
CALL_ALONE = param("CALL_ALONE", lambda s: s.plan.dealing.call_alone, "the maker may call none")
CALL_SEAT = param("CALL_SEAT", lambda s: s.plan.dealing.call_seat,
                  "the maker names a seat for a partner, known at once (``making.call.by: seat``)")
CALL_N = param("CALL_N", lambda s: s.plan.n if s.plan.dealing.call_seat else len(s.rules.names),
               "the call ids before call alone: one a seat, or one a distinct card")
CALL_TWO = param("CALL_TWO", lambda s: s.plan.dealing.call_two,
                 "a contract of this many tricks or more names two partners (0: one at most)")
DEALS = param("DEALS", lambda s: s.plan.end.deals or 0, "``game.deals`` (0 for none)")
SCALE = param("SCALE", lambda s: s.plan.end.scale, "the points a score is measured against in an observation")
BAR_FAILED = param("BAR_FAILED", lambda s: s.plan.ordering.failed_barred,
                   "a suit made trump by makers who failed is barred for the game")
LAST_MAKER = param("LAST_MAKER", lambda s: s.plan.ordering.last_maker_passes,
                   "the maker of the game's last hand with one only passes in the next")
NAMED_ALONE = param("NAMED_ALONE", lambda s: s.plan.ordering.named_alone, "a suit named in round two is named alone")
MAKERS = param("MAKERS", lambda s: s.plan.ordering.makers,
               "the places from the dealer's left that may make trump, a bit each (0: any)")
LAST_TRICK = param("LAST_TRICK", lambda s: s.plan.ordering.last_trick_suit,
                   "the suit that won the last hand's last trick is the only trump of the next")
TAKE_OVER = param("TAKE_OVER", lambda s: s.plan.ordering.take_over,
                  "a partner yet to speak may take the contract just made and play it alone")
MUST_N = param("MUST_N", lambda s: len(s.plan.ordering.must_order), "turned cards that must be ordered up (entries)")
MUST_AT = param("MUST_AT", lambda s: s.at["must"],
                "where their rows start: suits, ranks (masks, 0 any), places from the dealer's left (a mask) and 1 to go alone")
KEEP_TURNED = param("KEEP_TURNED", lambda s: s.plan.ordering.keeps_turned,
                    "the dealer who took the turned card may not lay it away")
DEALT = param("DEALT", lambda s: sum(s.plan.dealt), "cards dealt to the seats (the kitty follows, then a dead hand)")
EXB_AT = param("EXB_AT", lambda s: s.at["exb"], "where the bids' exchange row starts (by bid row: 1 where a lone maker exchanges)")
# fmt: on
PARAMS = len(DECLARED)
"""The length of the fixed part of :attr:`.tables.Tables.params`."""
