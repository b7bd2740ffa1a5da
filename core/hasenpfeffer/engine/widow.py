"""Discarding: the maker lays away as many cards as the widow brought (or the dealer, one,
after taking the turned card)."""

from __future__ import annotations

from ..rules.actions import Action, LegalActions, Verb
from .events import CardsDiscarded
from .flow import after_discard, emit
from .phase import cards_legal, not_held
from .state import State


class Discard:
    """Phase ``discard``: any held card, one action per card laid away."""

    verbs = frozenset({Verb.DISCARD})

    def legal(self, s: State) -> LegalActions:
        """Every card of the hand."""
        assert s.to_move is not None
        return cards_legal(s, s.plan.discard, s.hands[s.to_move])

    def apply(self, s: State, a: Action) -> None:
        """Lay the card away; after the last one, on to the exchange, defence or play."""
        c = s.rules.card_id[a.arg]
        s.hands[a.seat].remove(c)
        s.discards.append((a.seat, c))
        s.discards_left -= 1
        emit(s, CardsDiscarded(a.seat, (a.arg,)))
        if not s.discards_left:
            after_discard(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held."""
        return not_held(s, a) or "not allowed here"
