"""The auction: bids and passes round the table, then the high bidder names trump.

The ladder and the style (``until-passes`` or ``one-round``) come from the variant; when all
pass, :func:`~hasenpfeffer.engine.flow.all_passed` applies the variant's all-pass rule.
"""

from __future__ import annotations

from ..rules.actions import Action, LegalActions, Verb
from .events import BidMade, Passed, TrumpNamed
from .flow import after_discard, all_passed, emit, make, set_trump
from .state import State


class Bidding:
    """Phase ``bidding``: pass, or bid higher than the current high bid."""

    verbs = frozenset({Verb.BID, Verb.PASS})

    def legal(self, s: State) -> LegalActions:
        """Pass, or any bid above the high bid."""
        p, seat = s.plan, s.to_move
        assert seat is not None
        return LegalActions((p.pass_[seat], *p.bid[seat][s.high + 1 :]))

    def apply(self, s: State, a: Action) -> None:
        """Record the bid or pass; the next seat speaks, or the auction ends."""
        if a.verb == Verb.BID:
            s.high = s.plan.bid_index[a.arg]
            s.high_seat = a.seat
            emit(s, BidMade(a.seat, a.arg))
        else:
            s.passed[a.seat] = True
            emit(s, Passed(a.seat, s.phase))
        self._next(s, a.seat)

    def why(self, s: State, a: Action) -> str:
        """A bid that is not in the ladder, or not higher."""
        p = s.plan
        if a.verb == Verb.BID and a.arg not in p.bid_index:
            names = " ".join(b.name for b in p.ladder)
            return f"{a.arg!r} is not a bid of this variant (bids: {names})"
        if a.verb == Verb.BID:
            high = p.ladder[s.high].name if s.high >= 0 else "none"
            return f"a bid must be higher than {high}"
        return "not allowed here"

    @staticmethod
    def _next(s: State, seat: int) -> None:
        p = s.plan
        s.spoken += 1
        if s.high == len(p.ladder) - 1:
            return _won(s)
        if s.variant.making.auction.style == "one-round":
            if s.spoken < p.n:
                s.to_move = p.left[seat]
                return None
        else:
            active = p.n - sum(s.passed)
            if active > 1 or (active == 1 and s.high_seat is None):
                nxt = p.left[seat]
                while s.passed[nxt]:
                    nxt = p.left[nxt]
                s.to_move = nxt
                return None
        if s.high_seat is None:
            return all_passed(s)
        return _won(s)


def _won(s: State) -> None:
    assert s.high_seat is not None
    bid = s.plan.ladder[s.high]
    make(s, s.high_seat, bid.name, bid.tricks, bid.multiplier, forced=False)


def trump_options(s: State, seat: int, barred: int | None) -> list[Action]:
    """Every trump a seat may name (suits, no-trump where allowed), alone where allowed."""
    p, rules = s.plan, s.rules
    acts = p.trump[seat]
    may_alone = s.variant.alone.allowed == "maker" and bool(p.partners[seat])
    out = []
    last = rules.ns + 1 if s.variant.making.no_trump else rules.ns
    for ti in range(last):
        if ti == barred:
            continue
        out.append(acts[ti][0])
        if may_alone:
            out.append(acts[ti][1])
    return out


def trump_refused(s: State, a: Action, legal: LegalActions) -> str:
    """Why a ``trump`` action is refused."""
    if a.alone and not any(x.alone for x in legal if x.verb == Verb.TRUMP):
        return "going alone is not allowed here"
    return f"trump {a.arg} may not be named here"


class NamingTrump:
    """Phase ``trump``: the maker (with the widow in hand) names trump, alone where allowed."""

    verbs = frozenset({Verb.TRUMP})

    def legal(self, s: State) -> LegalActions:
        """Every trump option."""
        assert s.to_move is not None
        return LegalActions(trump_options(s, s.to_move, barred=None))

    def apply(self, s: State, a: Action) -> None:
        """Set trump; the maker then discards what the widow brought."""
        set_trump(s, s.rules.trump_index[a.arg], a.alone)
        emit(s, TrumpNamed(a.seat, a.arg, a.alone))
        if s.widow_taken:
            s.discards_left = len(s.widow_taken)
            s.go("to_discard")
            return
        after_discard(s)

    def why(self, s: State, a: Action) -> str:
        """Going alone or a trump option that is not allowed."""
        return trump_refused(s, a, self.legal(s))
