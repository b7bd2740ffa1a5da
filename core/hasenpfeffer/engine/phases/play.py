"""Playing the tricks: follow the effective suit led if you can; the highest card under the
trump's table wins; the winner leads next. The first lead follows the variant's ``leads``.

:class:`Play` knows every mechanism of the play phase (a suit named for a Joker led at
no-trump, a called partner shown by the called card, an open contract's hand laid open); a
variant that has none of them is played by :class:`PlainPlay`, which checks for none:

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> [type(Play().specialized(compile_variant(load_variant(v)))).__name__ for v in ("euchre", "five-hundred")]
['PlainPlay', 'Play']
"""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import CardPlayed, DummyPlayed, HandShown, SuitNamed, TrickWon
from ..state import State
from .base import PhaseRules, not_held
from .call import reveal
from .names import Phase


def show(s: State) -> None:
    """Lay the maker's hand open to every seat (an open contract)."""
    maker = s.maker
    assert maker is not None
    s.shown = maker
    faces = s.rules.faces
    s.events.append(HandShown(maker, tuple([faces[x] for x in s.hands[maker]])))


def take_dummies(s: State) -> None:
    """Each dummy in play is taken by its controller; an exposed one is laid face up to all."""
    p, faces = s.plan, s.rules.faces
    exposed = s.variant.deal.dummies.exposed
    for seat in range(p.n):
        if p.dummy[seat] and not s.out[seat]:
            cards = tuple([faces[c] for c in s.hands[seat]]) if exposed else ()
            if exposed:
                s.shown = seat
            s.events.append(DummyPlayed(seat, p.controllers(s.maker)[seat], cards))


def take_trick(s: State) -> int:
    """The trick on the table is full: its winner takes it and leads next (the winner's seat)."""
    rules, trick, ti = s.rules, s.trick, s.trump_i
    assert ti is not None
    best, card = trick[rules.winner_index([c for _, c in trick], ti)]
    s.won[best] += 1
    done = tuple(trick)
    s.tricks.append((s.leader, done, best))
    faces = rules.faces
    reason = rules.reasons[ti][card]
    s.events.append(TrickWon(best, faces[card], reason, s.leader, tuple([(q, faces[x]) for q, x in done])))
    s.trick = []
    s.leader = s.to_move = best
    return best


def card_events(rules: Ruleset) -> tuple[tuple[CardPlayed, ...], ...]:
    """Per seat, the event of playing each card, by id: built once for a variant, as an event
    is a value (one object serves every game)."""
    faces = rules.faces
    return tuple(tuple(CardPlayed(q, f) for f in faces) for q in range(rules.variant.players))


class Play(PhaseRules):
    """Phase ``play``. Built for a variant (``rules``), it holds the events of the cards played
    (:func:`card_events`); the plan's own object builds each event as a card is played."""

    name = Phase.PLAY
    verbs = frozenset({Verb.PLAY, Verb.SUIT})
    leaving = "last trick played"

    def __init__(self, rules: Ruleset | None = None) -> None:
        self.played = None if rules is None else card_events(rules)

    def specialized(self, rules: Ruleset) -> PhaseRules:
        """:class:`PlainPlay` for a variant with no suit named for a led Joker, no called
        partner and no open contract, else this class built for the variant (this object
        itself where a subclass changes the phase)."""
        v = rules.variant
        if type(self) is not Play:
            return self
        if has.joker_names_suit(v) or has.calls_partner(v) or has.open_contracts(v):
            return Play(rules)
        return PlainPlay(rules)

    def enter(self, s: State) -> None:
        """The first lead, by the variant's ``leads`` rules, passing over those who sit out."""
        p, leads = s.plan, s.variant.leads
        out, maker = s.out, s.maker
        if p.merged:  # a dummy taken into hand, or left untaken, sits out the play
            for seat in range(p.n):
                out[seat] = out[seat] or p.dummy[seat]
        lone = [maker] if s.alone and maker is not None else []
        if s.def_alone is not None:
            lone.append(s.def_alone)
        if maker is None:  # played when all pass: the dealer's left leads
            leader = p.left[s.dealer]
        elif len(lone) == 2 and leads.both_alone != "unchanged":
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
        contract = s.contract
        if contract is not None and contract.open and contract.open_from == "lead":
            show(s)
        if True in p.dummy and not p.merged:
            take_dummies(s)

    def legal(self, s: State) -> LegalActions:
        """The cards that follow the suit led, or any card when none does; the suit to follow
        after leading the Joker in no-trump where the leader names it."""
        seat = s.to_move
        assert seat is not None
        if s.calling:
            return LegalActions(s.plan.suit[seat])
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
        seat, verb, arg, _ = a
        rules = s.rules
        if verb == Verb.SUIT:
            s.led = rules.suits.index(arg)
            s.calling = False
            s.events.append(SuitNamed(seat, arg))
            s.to_move = s.next[seat]
            return
        c = rules.card_id[arg]
        s.hands[seat].remove(c)
        trick = s.trick
        trick.append((seat, c))
        played = self.played
        s.events.append(CardPlayed(seat, rules.faces[c]) if played is None else played[seat][c])
        if c == s.called and seat == s.partner:
            reveal(s, seat)  # the partner shows itself by playing the called card
        n = len(trick)
        if n == 1:
            s.led = s.eff[c]
            if c == rules.joker and (s.trump_i or 0) >= rules.ns and s.plan.joker_names_suit:
                s.calling = True  # the leader names the suit to follow
                return
        if n < s.active:
            s.to_move = s.next[seat]
            return
        best = take_trick(s)
        if s.shown is None and s.contract is not None and s.contract.open:
            show(s)
        if not s.hands[best]:
            s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held, the seat must follow the suit led, or name the suit to follow."""
        if s.calling:
            return f"seat {a.seat} led the Joker in no-trump and names the suit to follow first"
        if a.verb == Verb.SUIT:
            return "a suit is named only after leading the Joker in no-trump"
        return not_held(s, a) or f"seat {a.seat} must follow the suit led"


class PlainPlay(Play):
    """Phase ``play`` of a variant with no suit named for a led Joker, no called partner and no
    open contract: the same rules as :class:`Play`, without checking for those."""

    def __init__(self, rules: Ruleset) -> None:
        self.played = self.events_of = card_events(rules)
        """Per seat, the event of playing each card, by id (:attr:`played`, never None here)."""

    def apply(self, s: State, a: Action) -> None:
        """Play the card; the last card of a trick decides it; after the last trick the hand goes on."""
        seat, _, arg, _ = a
        rules = s.rules
        c = rules.card_id[arg]
        s.hands[seat].remove(c)
        trick = s.trick
        trick.append((seat, c))
        s.events.append(self.events_of[seat][c])
        n = len(trick)
        if n == 1:
            s.led = s.eff[c]
        if n < s.active:
            s.to_move = s.next[seat]
            return
        best = take_trick(s)
        if not s.hands[best]:
            s.course.leave(s)
