"""Calling a partner (``partnerships: called``): once trump is made and any discard laid away,
the maker calls a card (``0 call AS``, or ``0 call alone`` where ``making.call.alone``). Whoever
holds it is the maker's partner for the hand, known to the others when the card is played; a card nobody holds (in the kitty, or
discarded) leaves the maker alone, as does a contract played alone (``alone: true``: no card is
called). Where ``making.call.by`` is seat, the maker names another player instead (``0 call 2``),
known to all at once, and after a contract of ``making.call.two_partners_from`` tricks or more
a second one (``0 call 4``). The maker and the partners each score the side's points.

>>> from hasenpfeffer import Game, load_variant
>>> v = load_variant("examples/house-rules/five-handed-call-your-partner.yaml")
>>> deal = {"dealer": 4, "widow": ["8H", "8D", "TS"], "hands": ["JH JD AH KH 9C",
...     "AS KS QS 9S 8S", "AC KC QC TC 8C", "AD KD QD TD 9D", "QH TH 9H JC JS"]}
>>> g = Game(v, seed=1, deal=deal)
>>> _ = g.apply("0 order-up"), g.apply("4 discard JC")
>>> g.phase, [str(a) for a in g.legal_actions()[:3]], g.apply("0 call AS")
(<Phase.CALL: 'call'>, ['0 call 8C', '0 call TC', '0 call JC'], [PartnerCalled(seat=0, card=AS, partner=None)])
>>> g.view(1).partner, g.view(2).partner
(1, None)
"""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import PartnerCalled, PartnerRevealed
from ..state import State
from .base import Entry, PhaseRules, emit
from .names import Phase

__all__ = ["CallPartner", "callable_cards", "names_second", "reveal"]


def callable_cards(s: State, maker: int) -> list[int]:
    """The card ids the maker may call, in the pack's order (``making.call.cards`` and ``own``):
    any card, a plain card, or the best trump the maker does not hold (any card at no-trump)."""
    call = s.variant.calling
    assert call is not None
    rules, ti = s.rules, s.trump_i
    assert ti is not None
    held = set(s.hands[maker])
    mine = (lambda c: False) if call.own else held.__contains__
    if call.cards == "best-trump" and ti < rules.ns:
        best = [c for c in rules.trump_orders[ti] if c not in held]
        return best[:1]
    cards = [c for c in range(len(rules.faces)) if not mine(c)]
    if call.cards == "plain" and ti < rules.ns:
        cards = [c for c in cards if not rules.is_trump(c, ti)]
    return cards


def names_second(s: State) -> bool:
    """The maker has named one partner and names a second: the contract is for
    ``making.call.two_partners_from`` tricks or more."""
    two = s.plan.dealing.call_two
    return bool(two) and s.partner is not None and s.second_partner is None and s.required >= two


def reveal(s: State, seat: int) -> None:
    """The partner is known to all: ``seat`` has played the called card."""
    assert s.called is not None and s.maker is not None
    emit(s, PartnerRevealed(seat, s.rules.faces[s.called], s.maker))


class CallPartner(PhaseRules):
    """Phase ``call``: the maker calls the card whose holder is the partner for the hand."""

    name = Phase.CALL
    verbs = frozenset({Verb.CALL})
    leaving = "partner called"

    def used(self, rules: Ruleset) -> bool:
        """Variants where the maker calls a partner."""
        return has.calls_partner(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Once trump is made (after the discard, if any)."""
        return Entry.WANTED

    def wanted(self, s: State) -> bool:
        """A maker made trump (not a hand played when all pass, nor a set declared) on a
        contract played with a partner: one played alone (``alone: true``, a misère) calls none."""
        lone = s.contract is not None and s.contract.alone
        return s.maker is not None and s.trump_i is not None and not lone

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        return "trump made, the maker calls a card"

    def enter(self, s: State) -> None:
        """The maker calls."""
        s.to_move = s.maker

    def legal(self, s: State) -> LegalActions:
        """A call of each card the maker may call (of each other seat, where the maker calls by
        seat); ``call alone`` where the maker may call none, or has no card it may call (the
        best trump it lacks, where it holds every trump). A second partner is any seat not
        named yet, and must be named."""
        seat = s.to_move
        assert seat is not None
        table = s.plan.call[seat]
        if s.partner is not None:  # the second of two partners
            return LegalActions([table[q] for q in range(s.plan.n) if q != seat and q != s.partner])
        if s.plan.dealing.call_seat:
            acts = [table[q] for q in range(s.plan.n) if q != seat]
        else:
            acts = [table[c] for c in callable_cards(s, seat)]
        if s.plan.dealing.call_alone or not acts:  # no card to call: the maker plays alone
            acts.append(table[-1])
        return LegalActions(acts)

    def apply(self, s: State, a: Action) -> None:
        """The holder of the called card (another seat), or the seat named, is the partner; then
        play begins, or the maker names a second partner (:func:`names_second`)."""
        maker = a.seat
        if a.alone:
            s.called = s.partner = None
            emit(s, PartnerCalled(maker, None))
        elif a.arg.isdigit():  # a seat named: a partner, known to all at once
            if s.partner is None:
                s.called, s.partner = None, int(a.arg)
            else:
                s.second_partner = int(a.arg)
            emit(s, PartnerCalled(maker, None, int(a.arg)))
            if names_second(s):
                return
        else:
            c = s.rules.card_id[a.arg]
            s.called = c
            holders = [(maker + k) % s.plan.n for k in range(1, s.plan.n)]
            s.partner = next((q for q in holders if c in s.hands[q]), None)
            emit(s, PartnerCalled(maker, s.rules.faces[c]))
        s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """The card may not be called."""
        call = s.variant.calling
        assert call is not None
        if s.partner is not None:
            what = "alone" if a.alone else a.arg or "that"
            return f"{what} may not be called: the maker names a second partner, a seat not named yet"
        if a.alone:
            what = "another player" if s.plan.dealing.call_seat else "a card"
            return f"the maker may not call alone: call {what} (making.call.alone is false)"
        if s.plan.dealing.call_seat:
            return f"{a.arg or 'that'} may not be called: the maker names another player by seat (making.call.by is seat)"
        rule = {
            "any": "any card" + ("" if call.own else " the maker does not hold"),
            "plain": "a card that is not a trump" + ("" if call.own else ", not held"),
            "best-trump": "the best trump the maker does not hold",
        }[call.cards]
        return f"{a.arg} may not be called: the maker calls {rule}"
