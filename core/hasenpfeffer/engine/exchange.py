"""The lone player's exchange: partners give cards to the lone player, then the lone player gives back.

``alone.exchange`` sets how many cards, whether partners must give their best, and whether
a lone defender exchanges too.
"""

from __future__ import annotations

from ..rules.actions import Action, LegalActions, Verb
from .events import CardsGiven
from .flow import after_exchange, emit
from .phase import cards_legal, not_held
from .state import State


class Exchange:
    """Phase ``exchange``: the next giver in the queue gives one card."""

    verbs = frozenset({Verb.GIVE})

    def legal(self, s: State) -> LegalActions:
        """Any held card; a partner who must give their best, only the highest in trump order."""
        seat = s.to_move
        assert seat is not None and s.trump_i is not None
        hand = s.hands[seat]
        lone = s.maker if s.def_alone is None else s.def_alone
        if seat != lone and s.variant.alone.exchange.best:
            hand = s.rules.best_cards(hand, s.trump_i)
        return cards_legal(s, s.plan.give, hand)

    def apply(self, s: State, a: Action) -> None:
        """Pass the card; when the queue is empty, on to lone defence or play."""
        c = s.rules.card_id[a.arg]
        giver, taker = s.exch.pop(0)
        s.hands[giver].remove(c)
        s.hands[taker].append(c)
        s.hands[taker].sort()
        emit(s, CardsGiven(giver, taker, (a.arg,)))
        if s.exch:
            s.to_move = s.exch[0][0]
            return
        after_exchange(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held, or is not the giver's best."""
        return not_held(s, a) or f"seat {a.seat} must give their best card"
