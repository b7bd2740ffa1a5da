"""Order-up, round one: order up the turned card's suit (the dealer takes the card), or pass.

The rounds, stick-the-dealer, the dealer's discard and the Canadian loner come from the
variant's ``making.order_up`` and ``all_pass``. When the dealer passes too, the hand goes to
round two (:mod:`.nametrump`) or is thrown in; a turned Joker that proposes no suit throws the
hand in at once, and the same dealer deals again; where the dealer names a turned Joker's suit
(``turned_joker: dealer-names``), that comes first. A turned card of a ``turned_trump`` suit
(dirty clubs) makes trump at once: the dealer is the maker, or the hand is played without one,
and nobody speaks.
"""

from __future__ import annotations

from ...format.cards import RANKS
from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import OrderedUp, Passed, PassedOut, TrumpTurned, TurnedSuitNamed
from ..state import State
from .base import Exit, PhaseRules, emit
from .bidding import nobody_made, play_out, play_out_exists, play_out_words
from .names import Phase
from .takeover import TAKE_OVER, answer, choices, offer, offered
from .trump import closed, closed_words, makers_words, may_make, places_words, set_trump

DEALER_NAMES = "dealer-names"
"""``order_up.turned_joker``: the dealer names the suit a turned Joker proposes."""
RESTING = "this player made trump in the last hand and may not make it twice running (last_maker_passes)"
"""Why the last hand's maker may only pass (``order_up.last_maker_passes``)."""
TURNED_TRUMP = "turned-trump"
"""The bid of a hand whose turned card made its suit trump at once (``order_up.turned_trump``)."""


def turned_suit(s: State) -> int | None:
    """The suit the turned card proposes (None: no card, a Joker that proposes none, or one whose
    suit the dealer has yet to name)."""
    t, rules = s.turned, s.rules
    if t is None:
        return None
    if t == rules.joker:
        suit = s.variant.making.order_up.turned_joker
        if suit == DEALER_NAMES:
            return s.proposed
        return None if suit is None else rules.suits.index(suit)
    return rules.suit_of[t]


def trump_at_once(s: State) -> bool:
    """The turned card's suit is trump at once (``turned_trump``; a turned Joker's, in the suit it
    proposes, where ``JK`` is listed): the dealer is made maker (or nobody is,
    ``turned_trump_maker: nobody``), takes the card, and the hand goes on."""
    if not s.plan.turns_trump:
        return False
    ti = turned_suit(s)
    ou = s.plan.ordering
    joker = ou.turned_trump_joker and s.turned == s.rules.joker
    if ti is None or not (ou.turned_trump >> ti & 1 or joker):
        return False
    s.bid_name, s.required = TURNED_TRUMP, ou.tricks_required
    if ou.turned_trump_by_dealer:
        s.maker, s.forced = s.dealer, ou.turned_trump_forced
    set_trump(s, ti, False)
    emit(s, TrumpTurned(s.dealer, s.rules.trump_names[ti]))
    take_up(s)
    s.course.leave(s)
    return True


def take_up(s: State) -> None:
    """The dealer takes the turned card into the hand (and owes a discard), where the variant says."""
    if s.plan.ordering.dealer_discards and s.turned is not None:
        s.kitty.remove(s.turned)
        s.hands[s.dealer].append(s.turned)
        s.hands[s.dealer].sort()
        s.discards_left = 1


def stuck(s: State) -> bool:
    """Stick the dealer: the dealer may not pass in the last round."""
    return s.plan.all_pass.rule == "forced"


def passes(rules: Ruleset, phase: Phase) -> tuple[Passed, ...]:
    """Each seat's pass in a phase, built once for a variant (an event is a value, so one object
    serves every game)."""
    return tuple(Passed(q, str(phase)) for q in range(rules.variant.players))


def passed(s: State, seat: int, events: tuple[Passed, ...] | None = None) -> None:
    """A pass in a round of order-up (its event from ``events``, built for the variant, where
    given): the next seat speaks, or after the dealer the round is over; after the last round
    the hand is played without a maker where the variant says (``making.all_pass.rule: play``)."""
    emit(s, Passed(seat, str(s.phase)) if events is None else events[seat])
    if seat != s.dealer:
        s.to_move = s.plan.speaks[seat]
        return
    last = s.phase == Phase.NAME_TRUMP or s.plan.ordering.rounds == 1
    if last and s.plan.all_pass.rule == "play":
        play_out(s)
    s.course.leave(s)


def passed_out(s: State) -> bool:
    """Everyone passed in the last round and the hand is played without a maker (the turned
    suit made trump at once without one is not this: the dealer still takes the card)."""
    return s.maker is None and bool(s.events) and type(s.events[-1]) is PassedOut


def _last_round_plays_out(rules: Ruleset) -> bool:
    return _one_round(rules) and play_out_exists(rules)


def must_order(s: State) -> tuple[int, bool]:
    """The places from the dealer's left (a mask, bit 0 the dealer's left) of the players who
    must order up the turned card (``making.order_up.must_order``: the first entry it meets),
    and whether they go alone; 0 where anyone may order up or pass."""
    t = s.turned
    if t is None:
        return 0, False
    ti = turned_suit(s)
    rank = -1 if t == s.rules.joker else RANKS.index(s.rules.faces[t].rank)
    for suits, ranks, places, alone in s.plan.ordering.must_order:
        if (not suits or (ti is not None and suits >> ti & 1)) and (
            not ranks or (rank >= 0 and ranks >> rank & 1)
        ):
            return places, bool(alone)
    return 0, False


def order_or_pass(s: State) -> LegalActions:
    """Order up (alone where allowed) or pass; the dealer may be stuck; where the turned card
    must be ordered up (``must_order``), only the players named may (alone, where the entry
    says), and the last of them must; a turned card whose suit is barred
    (``failed_suit_barred``), or of another suit than the last hand's last trick imposed
    (``last_trick_suit``), is only passed, and so is every turned card by the last hand's maker
    (``last_maker_passes``) and by the players at places not listed by ``makers``."""
    p, seat = s.plan, s.to_move
    assert seat is not None
    if offered(s):  # a partner of the maker may take it alone (take_over)
        return choices(s)
    if (bars := closed(s)) and (ti := turned_suit(s)) is not None and bars >> ti & 1:
        return LegalActions([p.pass_[seat]])  # barred after a failed contract, or not imposed
    if not may_make(s, seat):
        return LegalActions([p.pass_[seat]])  # made trump last hand, or at a place not listed
    if p.ordering.must_order and (found := must_order(s))[0]:
        must, alone = found
        bit = 1 << (seat - s.dealer - 1) % p.n
        if not must & bit:
            return LegalActions([p.pass_[seat]])
        last = must < bit << 1 and turned_suit(s) is not None  # the last of them to speak
        ordered = order_or_pass_open(s, seat)
        kept = [
            a
            for a in ordered
            if not (last and a.verb == Verb.PASS) and not (alone and a.verb != Verb.PASS and not a.alone)
        ]
        return LegalActions(kept or list(ordered))
    return order_or_pass_open(s, seat)


def order_or_pass_open(s: State, seat: int) -> LegalActions:
    """Order up (alone where allowed) or pass, for a seat free to choose; the dealer may be stuck."""
    p = s.plan
    ou = p.ordering
    acts: list[Action] = []
    if turned_suit(s) is not None:
        partner_alone = ou.dealer_partner_alone and seat in p.partners[s.dealer]
        may_alone = p.lone.may_alone  # the partners sit out, or the maker's dummy is left untaken
        if not partner_alone or not may_alone:
            acts.append(p.order_up[seat][0])
        if may_alone:
            acts.append(p.order_up[seat][1])
    if not (seat == s.dealer and ou.rounds == 1 and stuck(s)) or not acts:
        acts.append(p.pass_[seat])
    return LegalActions(acts)


def order_up(s: State, a: Action) -> None:
    """Make the turned suit trump (the dealer takes the card where the variant says)."""
    ti = turned_suit(s)
    assert ti is not None and s.turned is not None
    ou = s.plan.ordering
    s.maker, s.bid_name, s.required = a.seat, "order-up", ou.tricks_required
    s.forced = a.seat == s.dealer and ou.rounds == 1 and stuck(s)
    set_trump(s, ti, a.alone)
    emit(s, OrderedUp(a.seat, s.rules.trump_names[ti], a.alone))
    if not offer(s, a.seat):  # a partner yet to speak may take it alone first (take_over)
        ordered(s)
    return None


def ordered(s: State) -> None:
    """The order-up stands: the dealer takes the turned card, and the phase is over."""
    take_up(s)
    s.course.leave(s)


def _joker_may_turn(rules: Ruleset) -> bool:
    v = rules.variant
    return v.pack.jokers > 0 and v.making.order_up.turned_joker is None and v.deal.kitty.size > 0


def _one_round(rules: Ruleset) -> bool:
    return rules.variant.making.order_up.rounds == 1


def _throw_in_exists(rules: Ruleset) -> bool:
    v = rules.variant
    passed_out = v.making.all_pass.rule == "throw-in" or v.deal.kitty.size == 0
    return (_one_round(rules) and (passed_out or stuck_may_pass(rules))) or _joker_may_turn(rules)


def stuck_may_pass(rules: Ruleset) -> bool:
    """A stuck dealer may be left nothing to make but a pass, and the hand is thrown in: the
    turned suit barred for the game or not the one imposed (``failed_suit_barred``,
    ``last_trick_suit``), or the dealer not named to order it up (``must_order``)."""
    ou, v = rules.variant.making.order_up, rules.variant
    memory = ou.failed_suit_barred or ou.last_trick_suit or bool(ou.must_order)
    return v.making.all_pass.rule == "forced" and memory


def _thrown_in(s: State) -> bool:
    """Nobody ordered up and there is no round two, or a turned Joker proposes no suit."""
    joker = s.turned is not None and turned_suit(s) is None
    return nobody_made(s) and (joker or s.variant.making.order_up.rounds == 1)


def _throw_in_words(rules: Ruleset) -> str:
    reasons = []
    if _one_round(rules) and rules.variant.making.all_pass.rule == "throw-in":
        reasons.append("everyone passed")
    if _joker_may_turn(rules):
        reasons.append("the Joker turned up")
    if rules.variant.deal.kitty.size == 0:
        reasons.append("no card to turn up")
    if _one_round(rules) and stuck_may_pass(rules):
        reasons.append("the stuck dealer had nothing to order up")
    return " or ".join(reasons) + ", thrown in"


class OrderUp(PhaseRules):
    """Phase ``order-up``: order up (alone where allowed) or pass; the dealer may be stuck."""

    name = Phase.ORDER_UP
    verbs = frozenset({Verb.ORDER_UP, Verb.PASS, Verb.SUIT})
    leaving = "card ordered up"
    exits = (
        Exit("throw_in", Phase.SCORING, _throw_in_exists, _thrown_in, _throw_in_words),
        Exit("play_out", Phase.PLAY, _last_round_plays_out, passed_out, play_out_words),
        Exit(
            "turn_down",
            Phase.NAME_TRUMP,
            lambda rules: not _one_round(rules),
            nobody_made,
            "nobody ordered up, the card turned down",
        ),
    )

    def used(self, rules: Ruleset) -> bool:
        """Order-up variants."""
        return not has.auction(rules.variant)

    def leaving_words(self, rules: Ruleset) -> str:
        """A card ordered up, or (dirty clubs) its suit trump at once."""
        at_once = rules.variant.making.order_up.turned_trump
        return self.leaving + (", or the turned suit trump at once" if at_once else "")

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        return "cards dealt, a card turned up" if rules.variant.deal.kitty.size > 0 else "cards dealt"

    def __init__(self, rules: Ruleset | None = None) -> None:
        self.passes = None if rules is None else passes(rules, self.name)
        """Built for a variant: each seat's pass (:func:`passes`); None: built at each pass."""

    def specialized(self, rules: Ruleset) -> PhaseRules:
        """:class:`PlainOrderUp` for a variant where the dealer names no turned Joker's suit and
        no turned suit is trump at once, else this class built for the variant (this object
        itself where a subclass changes the phase)."""
        v = rules.variant
        if type(self) is not OrderUp:
            return self
        if has.dealer_names_joker(v) or has.turned_trump(v):
            return OrderUp(rules)
        return PlainOrderUp(rules)

    def enter(self, s: State) -> None:
        """The dealer's left speaks first; a turned Joker that proposes no suit throws the hand in
        (the same dealer deals again), one whose suit the dealer names waits for the dealer; a
        turned card of a ``turned_trump`` suit makes trump at once."""
        if s.naming_joker:
            s.to_move = s.dealer
            return
        s.to_move = s.plan.speaks[s.dealer]
        if s.turned is not None and turned_suit(s) is None:
            s.redeal_same = True
            s.course.leave(s)
        else:
            trump_at_once(s)

    def legal(self, s: State) -> LegalActions:
        """Order up or pass; the dealer names a turned Joker's suit first where the variant says."""
        if s.naming_joker:
            seat = s.to_move
            assert seat is not None
            return LegalActions(list(s.plan.suit[seat]))
        return order_or_pass(s)

    def apply(self, s: State, a: Action) -> None:
        """Make the turned suit trump (the dealer takes the card where the variant says), or pass
        on; the dealer's naming of a turned Joker's suit."""
        if offered(s):
            return answer(s, a, ordered)
        if a.verb == Verb.SUIT:
            s.proposed = s.rules.suits.index(a.arg)
            emit(s, TurnedSuitNamed(a.seat, a.arg))
            s.to_move = s.plan.speaks[s.dealer]
            trump_at_once(s)
            return None
        if a.verb == Verb.PASS:
            return passed(s, a.seat, self.passes)
        return order_up(s, a)

    def why(self, s: State, a: Action) -> str:
        """Stick the dealer, or going alone where it is not allowed."""
        if s.naming_joker:
            return "the dealer names the suit the turned Joker proposes"
        if offered(s):
            return TAKE_OVER if a.verb == Verb.ORDER_UP else "not allowed here"
        turned = s.rules.names[s.turned or 0]
        ti = turned_suit(s)
        if ti is not None and closed(s) >> ti & 1:
            return closed_words(s, ti, f"the turned {turned}'s suit")
        if a.seat == s.resting:
            return RESTING
        if not may_make(s, a.seat):
            return makers_words(s)
        must, alone = must_order(s)
        if must and a.verb == Verb.PASS:
            who = places_words(must, s.plan.n)
            return f"the turned {turned} must be ordered up by {who}, and this is the last of them to speak (must_order)"
        if must and not must >> (a.seat - s.dealer - 1) % s.plan.n & 1:
            return (
                f"the turned {turned} may be ordered up only by {places_words(must, s.plan.n)} (must_order)"
            )
        if must and alone and not a.alone:
            return f"the turned {turned} is ordered up alone (must_order)"
        if a.verb == Verb.PASS:
            return "the dealer may not pass in the last round (stick the dealer)"
        if a.alone:
            return "going alone is not allowed here"
        return "not allowed here"


class PlainOrderUp(OrderUp):
    """Phase ``order-up`` of a variant where the dealer names no turned Joker's suit and no turned
    suit is trump at once: the same rules as :class:`OrderUp`, without checking for those."""

    legal = staticmethod(order_or_pass)

    def apply(self, s: State, a: Action) -> None:
        """Make the turned suit trump (the dealer takes the card where the variant says), or pass on."""
        if offered(s):
            return answer(s, a, ordered)
        if a.verb == Verb.PASS:
            return passed(s, a.seat, self.passes)
        return order_up(s, a)

    def enter(self, s: State) -> None:
        """The dealer's left speaks first; a turned Joker that proposes no suit throws the hand in
        (the same dealer deals again)."""
        s.to_move = s.plan.speaks[s.dealer]
        if s.turned is not None and turned_suit(s) is None:
            s.redeal_same = True
            s.course.leave(s)
