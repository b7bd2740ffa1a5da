"""Lone defence: defenders are offered, in turn, to go alone against the makers.

Offered after the discard and the maker's exchange, from the maker's or the dealer's left, to
each defender who has partners, against a lone maker or any maker (``alone.lone_defence*``). A
lone defender's partners sit out; where the variant says, they exchange with the lone defender
(the phase's exit to the exchange).
"""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import DefendedAlone, Passed
from ..state import State
from .base import Entry, Exit, PhaseRules, emit
from .names import Phase


def offer(s: State) -> list[int]:
    """The defenders offered to go alone, in turn (none without a maker, after one has, or
    against a maker who is not alone where only a lone maker is defended alone)."""
    p, maker, a = s.plan, s.maker, s.variant.alone
    if maker is None or s.def_alone is not None or not (s.alone or a.lone_defence_against == "any-maker"):
        return []
    side = p.side_of[maker]
    first = maker if a.lone_defence_order == "maker-left" else s.dealer
    seats = [(first + k) % p.n for k in range(1, p.n + 1)]
    return [q for q in seats if p.side_of[q] != side and p.partners[q]]


class Defence(PhaseRules):
    """Phase ``defence``: go alone, or pass the offer on."""

    name = Phase.DEFENCE
    verbs = frozenset({Verb.ALONE, Verb.PASS})
    leaving = "defenders answered"
    exits = (
        Exit(
            "to_exchange",
            Phase.EXCHANGE,
            lambda rules: has.defender_exchanges(rules.variant),
            lambda s: s.def_alone is not None,
            "a defender goes alone, exchanges with the partner",
        ),
    )

    def used(self, rules: Ruleset) -> bool:
        """Variants that offer lone defence."""
        return has.lone_defence(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """When some defender is offered."""
        return Entry.WANTED

    def wanted(self, s: State) -> bool:
        """Some defender is offered to go alone."""
        if not s.alone and not s.plan.lone.against_any:
            return False  # the common case, answered before any list is made
        return bool(offer(s))

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        if rules.variant.alone.lone_defence_against == "lone-maker" and source != Phase.EXCHANGE:
            return "the maker goes alone, a defender may too"
        return "a defender may go alone"

    def enter(self, s: State) -> None:
        """The first defender offered answers first."""
        s.offer = offer(s)
        s.to_move = s.offer[0]

    def legal(self, s: State) -> LegalActions:
        """Alone or pass."""
        seat = s.to_move
        assert seat is not None
        return LegalActions((s.plan.alone[seat], s.plan.pass_[seat]))

    def apply(self, s: State, a: Action) -> None:
        """A lone defender's partners sit out; a pass offers the next defender."""
        if a.verb == Verb.PASS:
            emit(s, Passed(a.seat, str(s.phase)))
            s.offer.pop(0)
            if s.offer:
                s.to_move = s.offer[0]
                return
        else:
            s.def_alone = a.seat
            emit(s, DefendedAlone(a.seat))
            for q in s.plan.partners[a.seat]:
                s.out[q] = True
        s.course.leave(s)
