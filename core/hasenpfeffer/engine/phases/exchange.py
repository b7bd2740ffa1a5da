"""The lone player's exchange: the partners who sit out give cards to the lone player, then the
lone player gives as many back.

``alone.exchange`` sets how many cards, whether partners must give their best, and whether a
lone defender exchanges too (then :mod:`.defence` leads here by its exit); a bid's own
``exchange`` says whether its lone maker exchanges.
"""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import CardsGiven
from ..state import State
from .base import Entry, PhaseRules, cards_legal, emit, not_held
from .names import Phase


class Exchange(PhaseRules):
    """Phase ``exchange``: the next giver in the queue gives one card."""

    name = Phase.EXCHANGE
    verbs = frozenset({Verb.GIVE})
    leaving = "cards exchanged"

    def used(self, rules: Ruleset) -> bool:
        """A lone maker, or a lone defender, exchanges."""
        return has.exchanges(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """When the maker goes alone (where a lone maker exchanges)."""
        return Entry.WANTED if has.maker_exchanges(rules.variant) else Entry.NEVER

    def wanted(self, s: State) -> bool:
        """The maker goes alone, at a bid whose lone maker exchanges (``exchange``)."""
        return s.alone and s.def_alone is None and has.bid_exchanges(s.variant, s.contract)

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        return "the maker goes alone, exchanges with the partner"

    def enter(self, s: State) -> None:
        """Queue the gifts: each partner of the lone player gives, then the lone player gives back."""
        lone = s.maker if s.def_alone is None else s.def_alone
        assert lone is not None
        cards = s.plan.lone.exchange_cards
        partners = s.plan.partners[lone]
        queue = [(q, lone) for q in partners for _ in range(cards)]
        queue += [(lone, q) for q in partners for _ in range(cards)]
        s.exch = queue
        s.to_move = queue[0][0]

    def legal(self, s: State) -> LegalActions:
        """Any held card; a partner who must give their best, only the highest in trump order."""
        seat = s.to_move
        assert seat is not None and s.trump_i is not None
        hand = s.hands[seat]
        lone = s.maker if s.def_alone is None else s.def_alone
        if seat != lone and s.plan.lone.exchange_best:
            hand = s.rules.best_cards(hand, s.trump_i)
        return cards_legal(s, s.plan.give, hand)

    def apply(self, s: State, a: Action) -> None:
        """Pass the card; when the queue is empty, the hand goes on."""
        c = s.rules.card_id[a.arg]
        giver, taker = s.exch.pop(0)
        s.hands[giver].remove(c)
        s.hands[taker].append(c)
        s.hands[taker].sort()
        emit(s, CardsGiven(giver, taker, (s.rules.faces[c],)))
        if s.exch:
            s.to_move = s.exch[0][0]
            return
        s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held, or is not the giver's best."""
        return not_held(s, a) or f"seat {a.seat} must give their best card"
