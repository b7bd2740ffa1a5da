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

    def __init__(self, rules: Ruleset | None = None) -> None:
        seats = range(0 if rules is None else rules.variant.players)
        faces = () if rules is None else rules.faces
        self.laid = (
            None if rules is None else tuple(tuple(CardsDiscarded(q, (f,)) for f in faces) for q in seats)
        )
        """Built for a variant: per seat, the event of laying away each card, by id (an event is
        a value, so one object serves every game); None: built at each discard."""

    def specialized(self, rules: Ruleset) -> PhaseRules:
        """The phase built for the variant, with its events (this object itself where a
        subclass changes the phase)."""
        return Discard(rules) if type(self) is Discard else self

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
        laid = self.laid
        emit(s, CardsDiscarded(a.seat, (s.rules.faces[c],)) if laid is None else laid[a.seat][c])
        if not s.discards_left:
            s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held."""
        return not_held(s, a) or "not allowed here"
