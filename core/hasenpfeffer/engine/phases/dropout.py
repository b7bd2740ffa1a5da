"""Dropping out: once trump is made (and the dealer has discarded), each player other than the
maker, from the maker's left round to the maker's right, stays in (``0 pass``) or drops out
for the hand (``0 drop``, ``alone.drop_out``). A dropped player sits out as a lone maker's
partner does: its cards are out of play and it scores nothing for the hand. Where trump was
turned at once (dirty clubs) nobody may drop out, unless ``drop_out.when_turned_trump``.

>>> from hasenpfeffer import Game, load_variant
>>> deal = {"dealer": 3, "widow": ["9H", "TC", "JC", "QC"], "hands": [
...     "JH AH KH 9C TS", "JD QH TH AS KS", "AD KD QD 9D TD", "9S QS AC KC JS"]}
>>> g = Game(load_variant("buck-euchre"), seed=1, deal=deal)
>>> g.apply("0 order-up")[-1], g.apply("3 discard 9S")[-1]
(OrderedUp(seat=0, trump='H', alone=False), CardsDiscarded(seat=3, cards=(9S,)))
>>> g.phase, g.legal_actions()
(<Phase.DROP_OUT: 'drop-out'>, LegalActions(['1 drop', '1 pass']))
>>> g.apply("1 drop"), g.apply("2 pass"), g.apply("3 pass"), g.phase
([DroppedOut(seat=1)], [Passed(seat=2, phase='drop-out')], [Passed(seat=3, phase='drop-out')], <Phase.PLAY: 'play'>)
"""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import DroppedOut, Passed, TrumpTurned
from ..state import State
from .base import Entry, PhaseRules, emit
from .names import Phase

__all__ = ["DropOut", "dropped", "offer"]


def dropped(s: State) -> frozenset[int]:
    """The seats that dropped out of the hand being played."""
    return frozenset(e.seat for e in s.events[s.hand_events :] if type(e) is DroppedOut)


def offer(s: State) -> list[int]:
    """The seats asked, in turn: every seat but the maker's, from the maker's left (none where
    trump was turned at once and the variant bars dropping out then)."""
    p, maker = s.plan, s.maker
    if maker is None or s.trump_i is None:
        return []
    if not s.plan.lone.drop_when_turned_trump and any(
        type(e) is TrumpTurned for e in s.events[s.hand_events :]
    ):
        return []
    seats = [(maker + k) % p.n for k in range(1, p.n)]
    return [q for q in seats if not s.out[q]]


class DropOut(PhaseRules):
    """Phase ``drop-out``: each player but the maker stays in or drops out."""

    name = Phase.DROP_OUT
    verbs = frozenset({Verb.DROP, Verb.PASS})
    leaving = "everyone in or out"

    def used(self, rules: Ruleset) -> bool:
        """Variants where players may drop out."""
        return has.drops_out(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Once trump is made, where some player may drop out."""
        return Entry.WANTED

    def wanted(self, s: State) -> bool:
        """A maker was made (not a hand played when all pass) and dropping out is open."""
        return bool(offer(s))

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        return "trump made, players may drop out"

    def enter(self, s: State) -> None:
        """The maker's left answers first."""
        s.offer = offer(s)
        s.to_move = s.offer[0]

    def legal(self, s: State) -> LegalActions:
        """Drop out, or pass (stay in)."""
        seat = s.to_move
        assert seat is not None
        return LegalActions((Action(seat, Verb.DROP), s.plan.pass_[seat]))

    def apply(self, s: State, a: Action) -> None:
        """A dropped seat sits out; then the next seat answers, or play begins."""
        if a.verb == Verb.DROP:
            s.out[a.seat] = True
            emit(s, DroppedOut(a.seat))
        else:
            emit(s, Passed(a.seat, str(s.phase)))
        s.offer.pop(0)
        if s.offer:
            s.to_move = s.offer[0]
            return
        s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        return f"seat {s.offer[0]} stays in (pass) or drops out (drop) first"
