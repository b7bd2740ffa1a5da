"""Weak hands: after the deal, before trump is made, a seat dealt a hand that meets one of the
variant's conditions (``deal.weak_hands``) may call a redeal or swap cards with the kitty.

Seats are asked from the dealer's left round to the dealer, each about the first condition its
hand meets. An optional rule is a decision (``0 redeal`` or ``0 swap``, else ``0 pass``); a
rule that is not optional acts at once. A redeal throws the hand in (the phase's exit to
scoring; the same or the next dealer deals again); a swap gives the cards the rule's first test
counts, lowest first, for the kitty's hidden cards, and only one swap is made in a hand.

>>> from hasenpfeffer import Game, load_variant
>>> v = load_variant("euchre").model_copy(update={"deal": load_variant("euchre").deal.model_copy(
...     update={"weak_hands": (WeakHandRule(name="nines and tens", action="redeal",
...                                         when=[{"ranks": ["9", "T"], "at_least": "all"}]),)})})
>>> low = {"dealer": 3, "widow": ["JC", "QC", "KC", "AC"], "hands": [
...     "9C TC 9D TD 9H", "TH 9S TS JD QD", "KD AD JH QH KH", "AH JS QS KS AS"]}
>>> g = Game(v, seed=1, deal=low)
>>> g.phase, g.legal_actions()
(<Phase.WEAK_HAND: 'weak-hand'>, LegalActions(['0 redeal', '0 pass']))
>>> g.apply("0 redeal")[:2]
[Redealt(seat=0, why='nines and tens', forced=False), HandScored(result=HandResult(dealer=3, maker=None, \
bid=None, trump=None, alone=False, defender_alone=False, thrown_in=True, forced=False, tricks=(0, 0), made=None, \
score_change=(0, 0), scores=(0, 0), maker_side=None, partner=None, second_partner=None))]
>>> g.dealer, g.hand_number
(3, 2)
"""

from __future__ import annotations

from ...format.variant import WeakHand as WeakHandRule
from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import CardsSwapped, Passed, Redealt
from ..state import State
from .base import Entry, Exit, PhaseRules, emit, names
from .names import Phase

__all__ = ["WeakHand", "WeakHandRule", "offers"]


def _ranks(s: State, seat: int) -> list[str]:
    faces = s.rules.faces
    return [faces[c].rank for c in s.hands[seat]]


def offers(s: State) -> list[tuple[int, int]]:
    """The seats whose hand meets a condition, from the dealer's left, each with the first
    condition it meets (its place in ``deal.weak_hands``)."""
    rules, n = s.variant.deal.weak_hands, s.plan.n
    out = []
    for k in range(1, n + 1):
        seat = (s.dealer + k) % n
        ranks = _ranks(s, seat)
        met = next((i for i, w in enumerate(rules) if w.met_by(ranks)), None)
        if met is not None:
            out.append((seat, met))
    return out


def _redealt(s: State) -> bool:
    """The hand's last event is a weak hand's redeal."""
    return type(s.events[-1]) is Redealt


def _swapped(s: State) -> bool:
    return any(type(e) is CardsSwapped for e in s.events[s.hand_events :])


class WeakHand(PhaseRules):
    """Phase ``weak-hand``: call a redeal, swap with the kitty, or pass (keep the hand)."""

    name = Phase.WEAK_HAND
    verbs = frozenset({Verb.REDEAL, Verb.SWAP, Verb.PASS})
    leaving = "the hands stand"
    exits = (
        Exit(
            "weak_redeal",
            Phase.SCORING,
            lambda rules: any(w.action == "redeal" for w in rules.variant.deal.weak_hands),
            _redealt,
            "a weak hand, thrown in and dealt again",
        ),
    )

    def used(self, rules: Ruleset) -> bool:
        """Variants with conditions on the dealt hand."""
        return has.weak_hands(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """When some seat's hand meets a condition."""
        return Entry.WANTED

    def wanted(self, s: State) -> bool:
        """Some seat's hand meets a condition."""
        return bool(offers(s))

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        return "a seat is dealt a weak hand"

    def enter(self, s: State) -> None:
        """Ask the first seat with a weak hand (a rule that is not optional acts at once)."""
        s.weak = offers(s)
        self._next(s)

    def _rule(self, s: State) -> WeakHandRule:
        return s.variant.deal.weak_hands[s.weak[0][1]]

    def _next(self, s: State) -> None:
        """Move to the next offer that stands, acting on forced ones; leave when none is left."""
        while s.weak:
            seat, _ = s.weak[0]
            rule = self._rule(s)
            if rule.action == "swap" and _swapped(s):
                s.weak.pop(0)
                continue
            if rule.optional:
                s.to_move = seat
                return
            if self._act(s, seat, rule, forced=True):
                return
        s.course.leave(s)

    def _act(self, s: State, seat: int, rule: WeakHandRule, forced: bool) -> bool:
        """Carry out a rule for a seat; True when the hand is over (a redeal: the phase left)."""
        if rule.action == "redeal":
            emit(s, Redealt(seat, rule.name, forced))
            s.weak = []
            s.redeal_same = rule.dealer == "same-dealer"
            s.course.leave(s)
            return True
        hand, kitty = s.hands[seat], s.kitty
        places = rule.given(_ranks(s, seat))
        first = 0 if s.turned is None else 1
        spots = range(first, first + len(places))
        given, taken = [hand[i] for i in places], [kitty[j] for j in spots]
        for i, j in zip(places, spots, strict=True):
            hand[i], kitty[j] = kitty[j], hand[i]
        hand.sort()  # a hand is kept in card order, as when dealt or given cards
        emit(s, CardsSwapped(seat, names(s, given), names(s, taken), rule.name, forced))
        s.weak.pop(0)
        return False

    def legal(self, s: State) -> LegalActions:
        """The rule's action, or pass."""
        seat = s.to_move
        assert seat is not None
        return LegalActions((Action(seat, self._rule(s).action), s.plan.pass_[seat]))

    def apply(self, s: State, a: Action) -> None:
        """A pass keeps the hand and asks the next seat; a redeal ends the hand; a swap goes on."""
        if a.verb == Verb.PASS:
            emit(s, Passed(a.seat, str(s.phase)))
            s.weak.pop(0)
        elif self._act(s, a.seat, self._rule(s), forced=False):
            return
        self._next(s)

    def why(self, s: State, a: Action) -> str:
        rule = self._rule(s)
        return f"seat {s.weak[0][0]}'s hand is {rule.name}: it may {rule.action} or pass"
