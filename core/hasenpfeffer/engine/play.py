"""Playing the tricks: follow the effective suit led if you can; the highest card under the
trump's table wins; the winner leads next."""

from __future__ import annotations

from ..rules.actions import Action, LegalActions, Verb
from .events import CardPlayed, TrickWon
from .flow import score
from .phase import not_held
from .state import State


class Play:
    """Phase ``play``."""

    verbs = frozenset({Verb.PLAY})

    def legal(self, s: State) -> LegalActions:
        """The cards that follow the suit led, or any card when none does."""
        seat = s.to_move
        assert seat is not None
        hand = s.hands[seat]
        if s.trick:
            led, eff = s.led, s.eff
            follow = [c for c in hand if eff[c] == led]
            if follow:
                hand = follow
        acts = s.plan.play[seat]
        if s.plan.copies:
            return LegalActions([acts[c] for c in dict.fromkeys(hand)])
        return LegalActions([acts[c] for c in hand])

    def apply(self, s: State, a: Action) -> None:
        """Play the card; the last card of a trick decides it, the last trick scores the hand."""
        seat, _, arg, _ = a
        c = s.rules.card_id[arg]
        s.hands[seat].remove(c)
        trick = s.trick
        trick.append((seat, c))
        s.events.append(CardPlayed(seat, arg))
        if len(trick) == 1:
            s.led = s.eff[c]
        if len(trick) < s.active:
            s.to_move = s.next[seat]
            return
        ti = s.trump_i
        assert ti is not None
        best, card = trick[s.rules.winner_index([c for _, c in trick], ti)]
        s.won[best] += 1
        done = tuple(trick)
        s.tricks.append((s.leader, done, best))
        names = s.rules.names
        reason = s.rules.reasons[ti][card]
        s.events.append(
            TrickWon(best, names[card], reason, s.leader, tuple([(q, names[x]) for q, x in done]))
        )
        s.trick = []
        s.leader = s.to_move = best
        if not s.hands[best]:
            score(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held, or the seat must follow the suit led."""
        return not_held(s, a) or f"seat {a.seat} must follow the suit led"
