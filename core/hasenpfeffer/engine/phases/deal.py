"""The deal: a step, not a decision. The next given deal, or a shuffle, then the making of trump.

Entered when a game starts and by scoring's exit to the next hand; the hand then goes on.
"""

from __future__ import annotations

from ...rules.ruleset import Ruleset
from ..dealing import shuffled_deal
from ..events import HandDealt
from ..state import State
from .base import Entry, PhaseRules
from .names import Phase


class Deal(PhaseRules):
    """Phase ``deal``: deal the cards, clear the last hand, go on."""

    name = Phase.DEAL
    leaving = "cards dealt"

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Only scoring's exit leads back here (and the start of the game)."""
        return Entry.NEVER

    def enter(self, s: State) -> None:
        """Deal (or take the next given deal), clear the hand's state, and go on."""
        p = s.plan
        if s.deals:
            dealer, fixed, widow = s.deals.pop(0)
            if dealer is not None:
                s.dealer = dealer
            hands, kitty = [h[:] for h in fixed], widow[:]
        else:
            hands, kitty = shuffled_deal(s)
        s.hands, s.kitty = hands, kitty
        s.hand_events = len(s.events)
        s.turned = kitty[0] if kitty and not p.auction else None
        s.proposed = None
        s.widow_taken = ()
        s.discards = []
        s.high, s.high_seat = -1, None
        s.passed = [False] * p.n
        s.redeal_same = False
        s.spoken = 0
        s.maker = s.bid_name = s.contract = s.shown = None
        s.calling = False
        s.called = s.partner = s.second_partner = None
        s.required = s.multiplier = 1
        s.forced = s.alone = False
        s.trump_i = s.def_alone = None
        s.out = [False] * p.n
        s.discards_left = 0
        s.lay_away, s.taken = [], ()
        s.exch, s.offer, s.weak, s.declares = [], [], [], []
        s.trick, s.tricks = [], []
        s.won = [0] * p.n
        s.leader = -1
        s.led = 0
        s.next = []
        s.eff = []
        s.active = p.n
        faces = s.rules.faces
        s.events.append(
            HandDealt(
                len(s.hand_results) + 1,
                s.dealer,
                tuple([tuple([faces[c] for c in h]) for h in hands]),
                tuple([faces[c] for c in kitty]),
                None if s.turned is None else faces[s.turned],
            )
        )
        s.course.leave(s)
