"""Playing the tricks: follow the effective suit led if you can; the highest card under the
trump's table wins; the winner leads next. The first lead follows the variant's ``leads``."""

from __future__ import annotations

from ...rules.actions import Action, LegalActions, Verb
from ..events import CardPlayed, TrickWon
from ..state import State
from .base import PhaseRules, not_held
from .names import Phase


class Play(PhaseRules):
    """Phase ``play``."""

    name = Phase.PLAY
    verbs = frozenset({Verb.PLAY})
    leaving = "last trick played"

    def enter(self, s: State) -> None:
        """The first lead, by the variant's ``leads`` rules, passing over those who sit out."""
        p, leads = s.plan, s.variant.leads
        out, maker = s.out, s.maker
        assert maker is not None
        lone = [maker] if s.alone else []
        if s.def_alone is not None:
            lone.append(s.def_alone)
        if len(lone) == 2 and leads.both_alone != "unchanged":
            leader = lone[1] if leads.both_alone == "defender" else maker
        elif len(lone) == 1 and leads.alone == "lone-left":
            leader = p.left[lone[0]]
        elif leads.first == "maker":
            leader = maker
        else:
            leader = p.left[s.dealer]
        while out[leader]:
            leader = p.left[leader]
        nxt = []
        for seat in range(p.n):
            q = p.left[seat]
            while out[q]:
                q = p.left[q]
            nxt.append(q)
        s.next = nxt
        s.active = p.n - sum(out)
        s.leader = s.to_move = leader

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
        """Play the card; the last card of a trick decides it; after the last trick the hand goes on."""
        seat, _, arg, _ = a
        c = s.rules.card_id[arg]
        s.hands[seat].remove(c)
        trick = s.trick
        trick.append((seat, c))
        s.events.append(CardPlayed(seat, s.rules.faces[c]))
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
        faces = s.rules.faces
        reason = s.rules.reasons[ti][card]
        s.events.append(
            TrickWon(best, faces[card], reason, s.leader, tuple([(q, faces[x]) for q, x in done]))
        )
        s.trick = []
        s.leader = s.to_move = best
        if not s.hands[best]:
            s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held, or the seat must follow the suit led."""
        return not_held(s, a) or f"seat {a.seat} must follow the suit led"
