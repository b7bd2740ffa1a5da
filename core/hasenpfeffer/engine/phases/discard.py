"""The discard: the maker lays away as many cards as the widow brought, or the dealer who took
the turned card lays away one; with ``deal.dummies.play: merged``, each dummy is first taken
into its taker's hand (the maker's, or its side's player's), who lays away as many cards."""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import CardsDiscarded, DummyTaken
from ..state import State
from .base import Entry, PhaseRules, cards_legal, emit, names, not_held
from .names import Phase
from .trump import trump_words


def kept_turned(s: State, seat: int) -> bool:
    """``seat`` is the dealer who took the turned card and keeps it
    (``making.order_up.dealer_keeps_turned``; a pack of one copy of each card, by the checks)."""
    return (
        s.plan.ordering.keeps_turned
        and seat == s.dealer
        and s.turned is not None
        and s.turned in s.hands[seat]
    )


def take_dummies(s: State) -> list[tuple[int, int]]:
    """Each dummy the rules name is taken into its taker's hand (its seat then sits out the
    play): the discards this owes, (taker, cards), in seat order."""
    owed: list[tuple[int, int]] = []
    taken = []
    for dummy, by in s.variant.dummy_takers(s.maker, s.alone):
        cards = tuple(s.hands[dummy])
        s.hands[by].extend(cards)
        s.hands[by].sort()
        s.hands[dummy] = []
        s.out[dummy] = True
        taken.append((dummy, by, cards))
        owed.append((by, len(cards)))
        emit(s, DummyTaken(dummy, by, names(s, cards)))
    s.taken = tuple(taken)
    return owed


class Discard(PhaseRules):
    """Phase ``discard``: any held card, one action per card laid away."""

    name = Phase.DISCARD
    verbs = frozenset({Verb.DISCARD})
    leaving = "discarded"

    def __init__(self, rules: Ruleset | None = None) -> None:
        seats = range(0 if rules is None else rules.variant.players)
        faces = () if rules is None else rules.faces
        self.laid = (
            None if rules is None else tuple(tuple(CardsDiscarded(q, (f,)) for f in faces) for q in seats)
        )
        """Built for a variant: per seat, the event of laying away each card, by id (an event is
        a value, so one object serves every game); None: built at each discard."""

    def specialized(self, rules: Ruleset) -> PhaseRules:
        """The phase built for the variant, with its events (this object itself where a
        subclass changes the phase)."""
        return Discard(rules) if type(self) is Discard else self

    def used(self, rules: Ruleset) -> bool:
        """A widow taken after the auction, the turned card taken by the dealer, or dummies
        taken into hand."""
        return has.lays_away(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Always after the widow is taken (naming trump) or the turned card ordered up; with
        dummies taken into hand, after trump is made in either round of order-up (a hand with
        nothing to discard goes on at once)."""
        if source in (Phase.TRUMP, Phase.ORDER_UP):
            return Entry.ALWAYS
        return (
            Entry.ALWAYS if source == Phase.NAME_TRUMP and has.merges_dummies(rules.variant) else Entry.NEVER
        )

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        if has.merges_dummies(rules.variant) and source in (Phase.ORDER_UP, Phase.NAME_TRUMP):
            return "trump made, the dummies are taken into hand and as many cards discarded"
        if source == Phase.ORDER_UP:
            return "ordered up, the dealer takes the card and discards one"
        n = rules.variant.deal.kitty.size
        return f"{trump_words(rules)}, the maker discards {n} card{'s' * (n > 1)}"

    def enter(self, s: State) -> None:
        """The maker who took the widow discards; after an order-up, the dealer; then each
        taker of a dummy as many cards as it took (nobody: the hand goes on)."""
        owed: list[tuple[int, int]] = []
        if s.discards_left:
            owed.append((s.maker if s.widow_taken and s.maker is not None else s.dealer, s.discards_left))
        if s.plan.merged:
            for seat, n in take_dummies(s):
                if owed and owed[-1][0] == seat:
                    owed[-1] = (seat, owed[-1][1] + n)
                elif owed and owed[0][0] == seat:
                    owed[0] = (seat, owed[0][1] + n)
                else:
                    owed.append((seat, n))
        if not owed:
            s.course.leave(s)
            return
        (s.to_move, s.discards_left), s.lay_away = owed[0], owed[1:]

    def legal(self, s: State) -> LegalActions:
        """Every card of the hand, but the turned card the dealer took where the dealer keeps it
        (``making.order_up.dealer_keeps_turned``)."""
        seat = s.to_move
        assert seat is not None
        hand = s.hands[seat]
        if kept_turned(s, seat):
            hand = [c for c in hand if c != s.turned]
        return cards_legal(s, s.plan.discard, hand)

    def apply(self, s: State, a: Action) -> None:
        """Lay the card away; after the last one of this seat, the next seat owing discards, or
        the hand goes on."""
        c = s.rules.card_id[a.arg]
        s.hands[a.seat].remove(c)
        s.discards.append((a.seat, c))
        s.discards_left -= 1
        laid = self.laid
        emit(s, CardsDiscarded(a.seat, (s.rules.faces[c],)) if laid is None else laid[a.seat][c])
        if not s.discards_left:
            if s.lay_away:
                s.to_move, s.discards_left = s.lay_away.pop(0)
            else:
                s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """The card is not held, or it is the turned card the dealer keeps."""
        held = not_held(s, a)
        if held is None and kept_turned(s, a.seat) and s.rules.card_id[a.arg] == s.turned:
            return "the dealer keeps the turned card (making.order_up.dealer_keeps_turned)"
        return held or "not allowed here"
