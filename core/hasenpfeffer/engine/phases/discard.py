"""The discard: the maker lays away as many cards as the widow brought, or the dealer who took
the turned card lays away one."""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import CardsDiscarded
from ..state import State
from .base import Entry, PhaseRules, cards_legal, emit, not_held
from .names import Phase
from .trump import trump_words


class Discard(PhaseRules):
    """Phase ``discard``: any held card, one action per card laid away."""

    name = Phase.DISCARD
    verbs = frozenset({Verb.DISCARD})
    leaving = "discarded"

    def used(self, rules: Ruleset) -> bool:
        """A widow taken after the auction, or the turned card taken by the dealer."""
        return has.discards(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Always after the widow is taken (naming trump) or the turned card ordered up."""
        return Entry.ALWAYS if source in (Phase.TRUMP, Phase.ORDER_UP) else Entry.NEVER

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        if source == Phase.ORDER_UP:
            return "ordered up, the dealer takes the card and discards one"
        n = rules.variant.deal.kitty.size
        return f"{trump_words(rules)}, the maker discards {n} card{'s' * (n > 1)}"

    def enter(self, s: State) -> None:
        """The maker who took the widow discards; after an order-up, the dealer."""
        s.to_move = s.maker if s.widow_taken else s.dealer

    def legal(self, s: State) -> LegalActions:
        """Every card of the hand."""
        assert s.to_move is not None
        return cards_legal(s, s.plan.discard, s.hands[s.to_move])

    def apply(self, s: State, a: Action) -> None:
        """Lay the card away; after the last one, the hand goes on."""
        c = s.rules.card_id[a.arg]
        s.hands[a.seat].remove(c)
        s.discards.append((a.seat, c))
        s.discards_left -= 1
        emit(s, CardsDiscarded(a.seat, (s.rules.faces[c],)))
        if not s.discards_left:
            s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held."""
        return not_held(s, a) or "not allowed here"
