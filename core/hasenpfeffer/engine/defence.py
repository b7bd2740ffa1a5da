"""Lone defence: defenders are offered, in turn, to go alone against the makers."""

from __future__ import annotations

from ..rules.actions import Action, LegalActions, Verb
from .events import DefendedAlone, Passed
from .flow import emit, start_play
from .state import State


class Defence:
    """Phase ``defence``: go alone, or pass the offer on."""

    verbs = frozenset({Verb.ALONE, Verb.PASS})

    def legal(self, s: State) -> LegalActions:
        """Alone or pass."""
        seat = s.to_move
        assert seat is not None
        return LegalActions((s.plan.alone[seat], s.plan.pass_[seat]))

    def apply(self, s: State, a: Action) -> None:
        """A lone defender's partners sit out (and may exchange); a pass offers the next defender."""
        if a.verb == Verb.PASS:
            emit(s, Passed(a.seat, s.phase))
            s.offer.pop(0)
            if s.offer:
                s.to_move = s.offer[0]
                return
            start_play(s)
            return
        s.def_alone = seat = a.seat
        emit(s, DefendedAlone(seat))
        partners = s.plan.partners[seat]
        for q in partners:
            s.out[q] = True
        ex = s.variant.alone.exchange
        if ex.cards and ex.lone_defender:
            queue = [(q, seat) for q in partners for _ in range(ex.cards)]
            queue += [(seat, q) for q in partners for _ in range(ex.cards)]
            s.exch = queue
            s.go("to_exchange")
            s.to_move = queue[0][0]
            return
        start_play(s)

    def why(self, s: State, a: Action) -> str:
        """Nothing else is possible here."""
        return "not allowed here"
