"""Order-up: round one orders up the turned card's suit; round two names another suit.

The rounds, the barred suit, stick-the-dealer, the dealer's discard and the Canadian loner
come from the variant's ``making.order_up`` and ``all_pass``.
"""

from __future__ import annotations

from ..rules.actions import Action, LegalActions, Verb
from ..rules.machine import Phase
from .auction import trump_options, trump_refused
from .events import OrderedUp, Passed, TrumpNamed
from .flow import after_discard, emit, set_trump, stuck, throw_in, turned_suit
from .state import State


class OrderUp:
    """Phase ``order-up``: order up (alone where allowed) or pass; the dealer may be stuck."""

    verbs = frozenset({Verb.ORDER_UP, Verb.PASS})

    def legal(self, s: State) -> LegalActions:
        """Order up or pass."""
        p, seat = s.plan, s.to_move
        assert seat is not None
        ou = s.variant.making.order_up
        acts: list[Action] = []
        if turned_suit(s) is not None:
            partner_alone = ou.dealer_partner_alone and seat in p.partners[s.dealer]
            may_alone = s.variant.alone.allowed == "maker" and bool(p.partners[seat])
            if not partner_alone or not may_alone:
                acts.append(p.order_up[seat][0])
            if may_alone:
                acts.append(p.order_up[seat][1])
        if not (seat == s.dealer and ou.rounds == 1 and stuck(s)) or not acts:
            acts.append(p.pass_[seat])
        return LegalActions(acts)

    def apply(self, s: State, a: Action) -> None:
        """Make the turned suit trump (the dealer takes the card), or pass on."""
        if a.verb == Verb.PASS:
            emit(s, Passed(a.seat, s.phase))
            return _pass(s, a.seat, last=s.variant.making.order_up.rounds == 1)
        ti = turned_suit(s)
        assert ti is not None and s.turned is not None
        ou = s.variant.making.order_up
        s.maker, s.bid_name, s.required = a.seat, "order-up", ou.tricks_required
        s.forced = a.seat == s.dealer and ou.rounds == 1 and stuck(s)
        set_trump(s, ti, a.alone)
        emit(s, OrderedUp(a.seat, s.rules.trump_names[ti], a.alone))
        if ou.dealer_discards and Phase.DISCARD in s.plan.states:
            s.kitty.remove(s.turned)
            s.hands[s.dealer].append(s.turned)
            s.hands[s.dealer].sort()
            s.discards_left = 1
            s.go("to_discard")
            s.to_move = s.dealer
            return None
        return after_discard(s)

    def why(self, s: State, a: Action) -> str:
        """Stick the dealer, or going alone where it is not allowed."""
        if a.verb == Verb.PASS:
            return "the dealer may not pass in the last round (stick the dealer)"
        if a.alone:
            return "going alone is not allowed here"
        return "not allowed here"


def _pass(s: State, seat: int, last: bool) -> None:
    p = s.plan
    if seat != s.dealer:
        s.to_move = p.left[seat]
        return None
    if not last:
        s.go("turn_down")
        s.to_move = p.left[seat]
        return None
    return throw_in(s)


class NameTrump:
    """Phase ``name-trump`` (round two): name a suit (not the turned one where barred) or pass."""

    verbs = frozenset({Verb.TRUMP, Verb.PASS})

    def legal(self, s: State) -> LegalActions:
        """Trump options, and a pass unless the dealer is stuck."""
        seat = s.to_move
        assert seat is not None
        barred = turned_suit(s) if s.variant.making.order_up.turned_suit_barred else None
        acts = trump_options(s, seat, barred)
        if not (seat == s.dealer and stuck(s)) or not acts:
            acts.append(s.plan.pass_[seat])
        return LegalActions(acts)

    def apply(self, s: State, a: Action) -> None:
        """Make the named suit trump, or pass on."""
        if a.verb == Verb.PASS:
            emit(s, Passed(a.seat, s.phase))
            return _pass(s, a.seat, last=True)
        s.maker, s.bid_name = a.seat, "order-up"
        s.required = s.variant.making.order_up.tricks_required
        s.forced = a.seat == s.dealer and stuck(s)
        set_trump(s, s.rules.trump_index[a.arg], a.alone)
        emit(s, TrumpNamed(a.seat, a.arg, a.alone))
        return after_discard(s)

    def why(self, s: State, a: Action) -> str:
        """Stick the dealer, a barred suit, or going alone where it is not allowed."""
        if a.verb == Verb.PASS:
            return "the dealer may not pass in the last round (stick the dealer)"
        return trump_refused(s, a, self.legal(s))
