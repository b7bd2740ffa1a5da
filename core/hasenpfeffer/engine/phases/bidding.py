"""The auction: bids and passes round the table, from the dealer's left.

The ladder and the style (``until-passes`` or ``one-round``) come from the variant. When all
pass, the variant's all-pass rule forces a maker (the dealer, or the Joker's holder), throws
the hand in (an exit to scoring) or has it played without a maker (an exit to play).
"""

from __future__ import annotations

from ...format.variant import Bid
from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.plan import Plan
from ...rules.ruleset import Ruleset
from ..events import BidMade, MakerForced, Passed, PassedOut
from ..state import State
from .base import Exit, PhaseRules, emit
from .names import Phase
from .trump import set_trump

BIDDING = str(Phase.BIDDING)
"""The phase's name as the text of a pass in it (``Passed.phase``)."""


def _throw_in_exists(rules: Ruleset) -> bool:
    ap = rules.variant.making.all_pass
    return ap.rule == "throw-in" or (
        ap.rule == "forced" and ap.forced == "joker-holder"
    )  # the Joker may lie in the widow


def _throw_in_words(rules: Ruleset) -> str:
    if rules.variant.making.all_pass.rule == "throw-in":
        return "everyone passed, thrown in"
    return "everyone passed and the Joker is in the widow, thrown in"


def nobody_made(s: State) -> bool:
    """Nobody has made trump: the hand is thrown in."""
    return s.maker is None and s.trump_i is None


def play_out(s: State) -> None:
    """Everyone passed: the hand is played without a maker at ``making.all_pass.trump``."""
    trump = s.plan.all_pass.trump
    set_trump(s, s.rules.trump_index[trump], alone=False)
    emit(s, PassedOut(trump))


def play_out_exists(rules: Ruleset) -> bool:
    """A hand is played when everyone passes (``making.all_pass.rule: play``)."""
    return has.plays_out(rules.variant)


def play_out_words(rules: Ruleset) -> str:
    """The play-out exit in words."""
    ap = rules.variant.making.all_pass
    trump = "no-trump" if ap.trump == "NT" else f"trump {ap.trump}"
    return f"everyone passed, played at {trump} without a maker"


def played_out(s: State) -> bool:
    """Everyone passed and the hand is played without a maker."""
    return s.maker is None and s.trump_i is not None


class Bidding(PhaseRules):
    """Phase ``bidding``: pass, or bid higher than the current high bid."""

    name = Phase.BIDDING
    verbs = frozenset({Verb.BID, Verb.PASS})
    exits = (
        Exit("throw_in", Phase.SCORING, _throw_in_exists, nobody_made, _throw_in_words),
        Exit("play_out", Phase.PLAY, play_out_exists, played_out, play_out_words),
    )

    def __init__(self, rules: Ruleset | None = None) -> None:
        seats = range(0 if rules is None else rules.variant.players)
        ladder = () if rules is None else rules.variant.making.auction.ladder
        self.bids = None if rules is None else tuple(tuple(BidMade(q, b.name) for b in ladder) for q in seats)
        """Built for a variant: per seat, the event of each bid of the ladder, by its index (an
        event is a value, so one object serves every game); None: built at each bid."""
        self.passes = None if rules is None else tuple(Passed(q, BIDDING) for q in seats)
        """Built for a variant: each seat's pass; None: built at each pass."""

    def specialized(self, rules: Ruleset) -> PhaseRules:
        """The phase built for the variant, with its events (this object itself where a
        subclass changes the phase)."""
        return Bidding(rules) if type(self) is Bidding else self

    def used(self, rules: Ruleset) -> bool:
        """Auction variants."""
        return has.auction(rules.variant)

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        return "cards dealt"

    def enter(self, s: State) -> None:
        """The dealer's left speaks first."""
        s.to_move = s.plan.left[s.dealer]

    def legal(self, s: State) -> LegalActions:
        """Pass, or any bid above the high bid that the seat may make (some bids are open only to
        some places, only over a given bid, or only over a bid of fewer tricks); a stuck dealer
        (everyone else passed, nobody bid: ``making.auction.stuck_dealer``) may not pass where
        some bid is open to it."""
        p, seat = s.plan, s.to_move
        assert seat is not None
        if not p.restricted:
            bids = p.bid[seat][s.high + 1 :]
        else:
            place = _place(p, seat, s.dealer)
            bids = tuple(
                p.bid[seat][i] for i in range(s.high + 1, len(p.ladder)) if _open(p, i, place, s.high)
            )
        if bids and _stuck(s):
            return LegalActions(bids)
        return LegalActions((p.pass_[seat], *bids))

    def apply(self, s: State, a: Action) -> None:
        """Record the bid or pass; the next seat speaks, or the auction ends."""
        if a.verb == Verb.BID:
            s.high = i = s.plan.bid_index[a.arg]
            s.high_seat = a.seat
            if not s.plan.pass_final:  # everyone may speak again
                s.passed = [False] * s.plan.n
            bids = self.bids
            emit(s, BidMade(a.seat, a.arg) if bids is None else bids[a.seat][i])
        else:
            s.passed[a.seat] = True
            passes = self.passes
            emit(s, Passed(a.seat, BIDDING) if passes is None else passes[a.seat])
        self._next(s, a.seat)

    def why(self, s: State, a: Action) -> str:
        """A bid that is not in the ladder, or not higher."""
        p = s.plan
        if a.verb == Verb.BID and a.arg not in p.bid_index:
            names = " ".join(b.name for b in p.ladder)
            return f"{a.arg!r} is not a bid of this variant (bids: {names})"
        if a.verb == Verb.BID:
            i = p.bid_index[a.arg]
            high = p.ladder[s.high].name if s.high >= 0 else "none"
            if i <= s.high:
                return f"a bid must be higher than {high}"
            places = p.bid_places[i]
            if places is not None and _place(p, a.seat, s.dealer) not in places:
                return f"{a.arg} may be bid only from places {', '.join(map(str, sorted(places)))} after the dealer"
            if s.high < p.bid_over[i]:
                return f"{a.arg} may be bid only over {p.ladder[p.bid_over[i]].name} or higher (the high bid is {high})"
            return f"{a.arg} is not for more tricks than {high}: only more tricks overcall (the suits do not rank)"
        if a.verb == Verb.PASS and _stuck(s):
            return "the dealer may not pass: every other player has passed (making.auction.stuck_dealer); bid"
        return "not allowed here"

    @staticmethod
    def _next(s: State, seat: int) -> None:
        p = s.plan
        s.spoken += 1
        if s.high != len(p.ladder) - 1:
            if p.one_round:
                if s.spoken < p.n:
                    s.to_move = p.left[seat]
                    return
            else:
                active = p.n - sum(s.passed)
                if active > 1 or (active == 1 and s.high_seat is None):
                    nxt = p.left[seat]
                    final = p.pass_final
                    while final and s.passed[nxt]:
                        nxt = p.left[nxt]
                    s.to_move = nxt
                    return
        if s.high_seat is None:
            _all_passed(s)
        else:
            make(s, s.high_seat, p.ladder[s.high], forced=False)
        s.course.leave(s)


def _stuck(s: State) -> bool:
    """The dealer is stuck: every other seat has passed and nobody has bid, where the variant
    sticks the dealer (``making.auction.stuck_dealer``)."""
    return s.plan.stuck_dealer and s.high < 0 and s.spoken == s.plan.n - 1


def _place(p: Plan, seat: int, dealer: int) -> int:
    """``seat``'s place from the dealer's left (1: the dealer's left; the number of players: the
    dealer), as a bid's ``positions`` counts it."""
    return (seat - dealer - 1) % p.n + 1


def _open(p: Plan, i: int, place: int, high: int) -> bool:
    """Whether bid ``i`` is open to the seat at ``place`` over the high bid ``high``."""
    places = p.bid_places[i]
    return (places is None or place in places) and high >= p.bid_over[i] and _more_tricks(p, i, high)


def _more_tricks(p: Plan, i: int, high: int) -> bool:
    """Whether bid ``i`` ranks over the high bid by its tricks, where the bids rank by tricks
    alone (``making.auction.rank: tricks``; a bid to take no trick, or over one, by the ladder)."""
    if not p.rank_tricks or high < 0:
        return True
    bid, over = p.ladder[i], p.ladder[high]
    return bid.objective == "none" or over.objective == "none" or bid.tricks > over.tricks


def make(s: State, maker: int, bid: Bid, forced: bool) -> None:
    """The auction is over: ``maker`` must make ``bid`` (its contract)."""
    s.maker, s.bid_name, s.required, s.contract = maker, bid.name, bid.tricks, bid
    s.multiplier, s.forced = bid.multiplier, forced
    if forced:
        emit(s, MakerForced(maker, bid.name))


def _all_passed(s: State) -> None:
    """Nobody bid: force a maker by the all-pass rule, or leave nobody (thrown in)."""
    ap = s.plan.all_pass
    if ap.rule == "throw-in":
        return
    if ap.rule == "play":
        play_out(s)
        return
    p = s.plan
    maker: int | None = s.dealer
    if not ap.forced_dealer:
        maker = None
        seat = p.left[s.dealer]
        for _ in range(p.n):
            if s.rules.joker in s.hands[seat]:
                maker = seat
                break
            seat = p.left[seat]
        if maker is None:
            return
    assert maker is not None
    name = ap.bid
    i = p.bid_index.get(name)
    bid = p.ladder[i] if i is not None else Bid(name=name, tricks=int(name) if name.isdigit() else 1)
    make(s, maker, bid, forced=True)
