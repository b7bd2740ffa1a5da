"""Order-up, round two: name a suit (not the turned one where the variant bars it), or pass.

Entered only by round one's exit, when everybody passed on the turned card; when the dealer
passes again, the hand is thrown in (unless the dealer is stuck), or played without a maker
(``all_pass.rule: play``). A stuck dealer alone may name
the turned suit or no-trump where ``all_pass.stuck_dealer`` says so.
"""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import TrumpNamed
from ..state import State
from .base import Entry, Exit, PhaseRules, emit
from .bidding import nobody_made, play_out_exists, play_out_words
from .names import Phase
from .orderup import RESTING, passed, passed_out, passes, stuck, stuck_may_pass, turned_suit
from .takeover import TAKE_OVER, answer, choices, offer, offered
from .trump import makers_words, may_make, set_trump, trump_options, trump_refused

NAMED_ALONE = "round two is for loners only: a suit is named alone (named_alone)"
"""Why a suit named in round two must be named alone (``order_up.named_alone``)."""


class NameTrump(PhaseRules):
    """Phase ``name-trump``: name a suit or pass."""

    name = Phase.NAME_TRUMP
    verbs = frozenset({Verb.TRUMP, Verb.PASS})
    leaving = "trump named"
    exits = (
        Exit(
            "throw_in",
            Phase.SCORING,
            lambda rules: rules.variant.making.all_pass.rule == "throw-in" or stuck_may_pass(rules),
            nobody_made,
            "everyone passed again, thrown in",
        ),
        Exit("play_out", Phase.PLAY, play_out_exists, passed_out, play_out_words),
    )

    def __init__(self, rules: Ruleset | None = None) -> None:
        self.passes = None if rules is None else passes(rules, self.name)
        """Built for a variant: each seat's pass; None: built at each pass."""

    def specialized(self, rules: Ruleset) -> PhaseRules:
        """The phase built for the variant, with its passes (this object itself where a subclass
        changes the phase)."""
        return NameTrump(rules) if type(self) is NameTrump else self

    def used(self, rules: Ruleset) -> bool:
        """Order-up variants with two rounds."""
        return has.two_rounds(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Only round one's exit leads here."""
        return Entry.NEVER

    def enter(self, s: State) -> None:
        """The dealer's left speaks first."""
        s.to_move = s.plan.speaks[s.dealer]

    def legal(self, s: State) -> LegalActions:
        """Trump options, and a pass unless the dealer is stuck."""
        seat = s.to_move
        assert seat is not None
        if offered(s):  # a partner of the maker may take it alone (take_over)
            return choices(s)
        if not may_make(s, seat):  # made trump last hand, or at a place not listed (makers)
            return LegalActions([s.plan.pass_[seat]])
        stuck_now = seat == s.dealer and stuck(s)
        exempt = s.plan.all_pass
        bars = s.plan.ordering.barred and not (stuck_now and exempt.stuck_turned_suit)
        barred = turned_suit(s) if bars else None
        acts = trump_options(
            s,
            seat,
            barred,
            no_trump=stuck_now and exempt.stuck_no_trump,
            alone_only=s.plan.ordering.named_alone,
        )
        if not stuck_now or not acts:
            acts.append(s.plan.pass_[seat])
        return LegalActions(acts)

    def apply(self, s: State, a: Action) -> None:
        """Make the named suit trump, or pass on."""
        if offered(s):
            return answer(s, a, s.course.leave)
        if a.verb == Verb.PASS:
            return passed(s, a.seat, self.passes)
        s.maker, s.bid_name = a.seat, "order-up"
        s.required = s.plan.ordering.tricks_required
        s.forced = a.seat == s.dealer and stuck(s)
        set_trump(s, s.rules.trump_index[a.arg], a.alone)
        emit(s, TrumpNamed(a.seat, a.arg, a.alone))
        if not offer(s, a.seat):  # a partner yet to speak may take it alone first (take_over)
            s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """Stick the dealer, a barred suit, or going alone where it is not allowed."""
        if offered(s):
            return TAKE_OVER if a.verb == Verb.TRUMP and not a.alone else "not allowed here"
        if a.seat == s.resting:
            return RESTING
        if not may_make(s, a.seat):
            return makers_words(s)
        if a.verb == Verb.TRUMP and not a.alone and s.plan.ordering.named_alone:
            return NAMED_ALONE
        if a.verb == Verb.PASS:
            return "the dealer may not pass in the last round (stick the dealer)"
        return trump_refused(s, a, self.legal(s))
