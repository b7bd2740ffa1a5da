"""Views of a game: what one seat may know (:class:`View`), what every seat may know
(:class:`PublicView`, the view of no seat), and how a game builds them.

The view is a snapshot taken when it is made. The hand's actions and finished tricks are read
from the events once, as they come (the state's :class:`~.state.Ledger`); the other parts that
take work to build are built from the snapshot when first read, so a player that looks only at
the legal actions pays for little else.

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("euchre"), seed=1)
>>> view = game.view(game.to_move)
>>> view
<View seat 2 of euchre: order-up, seat 2 to move; hand 9C TC KC AC AS; turned AH; scores (0, 0)>
>>> _ = game.apply(view.legal[0])
>>> view.history, len(view.hand), view == game.view(view.seat)
((), 5, False)
>>> view == View(**{f: getattr(view, f) for f in view.__dataclass_fields__})
True
>>> game.view()
<PublicView of euchre: discard, seat 1 to move; trump H by seat 2; scores (0, 0)>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..format.cards import Card
from ..format.variant import Variant
from ..rules.actions import Action, LegalActions
from ..rules.plan import Plan
from ..rules.ruleset import compile_variant
from .events import HandResult, Trick
from .phases.names import Phase
from .state import Ledger, State

__all__ = [
    "HIDDEN_VERBS",
    "HandResult",
    "LazyView",
    "PublicView",
    "Trick",
    "View",
    "make_public",
    "make_view",
    "public_history",
]

HIDDEN_VERBS = frozenset({"discard", "give"})
"""The verbs whose card only the seat that acts sees."""


@dataclass(frozen=True)
class PublicView:
    """What every seat may know of the game at this moment: a game's view of no seat,
    ``game.view()``. The actions keep only the verb of every discard and gift."""

    phase: Phase
    to_move: int | None
    dealer: int
    history: tuple[Action, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    trump: str | None
    maker: int | None
    bid: str | None
    forced: bool
    alone: frozenset[int]
    sitting_out: frozenset[int]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    deal: int
    """The game's hands played so far, thrown-in hands not counted, this one counted (none more
    once the game is over): ``game.deals`` ends the game after so many."""
    turned: Card | None
    barred: tuple[str, ...]
    """The suits barred for the rest of the game after failed contracts
    (``making.order_up.failed_suit_barred``), in the pack's order; empty where none is."""
    resting: int | None
    """The seat that made trump in the game's last hand with a maker and may only pass in this
    one (``making.order_up.last_maker_passes``); None where none is."""
    imposed: str | None
    """The only suit this hand may make trump: the suit that won the last trick of the game's
    last hand played (``making.order_up.last_trick_suit``); None for any."""
    shown: tuple[int, tuple[Card, ...]] | None
    """A hand open to every seat (an open contract, once shown): its seat and the cards it holds now."""
    variant: Variant

    @property
    def maker_alone(self) -> bool:
        """The maker plays alone."""
        return self.maker is not None and self.maker in self.alone

    @property
    def actor(self) -> int | None:
        """The player who decides for the seat to move: that seat, or for a dummy
        (``deal.dummies``) its controller; None when nobody moves."""
        return None if self.to_move is None else self.variant.controller_in_hand(self.to_move, self.maker)

    @property
    def defender_alone(self) -> int | None:
        """The seat defending alone against the makers, if any."""
        return next((q for q in self.alone if q != self.maker), None)

    @property
    def proposed(self) -> str | None:
        """The suit the turned card proposes: its own, or a turned Joker's (the variant's
        ``order_up.turned_joker``, or the suit the dealer named first thing in the hand); None
        when there is none (yet).

        >>> from hasenpfeffer import Game, load_variant
        >>> g = Game(load_variant("euchre"), dealer=3, seed=1)
        >>> g.view().turned, g.view().proposed
        (AH, 'H')
        """
        t = self.turned
        if t is None:
            return None
        if t.suit:
            return t.suit
        fixed = self.variant.making.order_up.turned_joker
        if fixed != "dealer-names":
            return fixed
        first = self.history[:1]
        return first[0].arg if first and first[0].verb == "suit" else None

    @property
    def trick_ids(self) -> tuple[tuple[int, int], ...]:
        """The trick on the table as (seat, card id) pairs (places in the variant's compiled
        faces, :attr:`~hasenpfeffer.rules.ruleset.Ruleset.faces`)."""
        cid = compile_variant(self.variant).cid
        return tuple([(s, cid(c)) for s, c in self.trick])

    @property
    def called(self) -> Card | None:
        """The card the maker called for a partner this hand (``partnerships: called``), seen by
        every seat; None before the call, where the maker called none, or without called partners."""
        call = next((a for a in self.history if a.verb == "call"), None)
        return None if call is None or not call.arg or call.arg.isdigit() else Card.parse(call.arg)

    @property
    def partner(self) -> int | None:
        """The maker's called partner as every seat knows it: the seat named (``making.call.by:
        seat``), or the seat that played the called card (None until then, and where nobody holds it)."""
        call = next((a for a in self.history if a.verb == "call"), None)
        if call is None or not call.arg:
            return None
        if call.arg.isdigit():
            return int(call.arg)
        called = Card.parse(call.arg)
        played = [*(x for t in self.tricks for x in t.cards), *self.trick]
        return next((q for q, c in played if c == called and q != self.maker), None)

    @property
    def partners(self) -> tuple[int, ...]:
        """The maker's partners as this view knows them: the seats named, in the order named
        (two after a contract of ``making.call.two_partners_from`` tricks or more), else
        :attr:`partner` where it is known; empty where there is none (yet)."""
        named = tuple([int(a.arg) for a in self.history if a.verb == "call" and a.arg.isdigit()])
        if named:
            return named
        partner = self.partner
        return () if partner is None else (partner,)

    def __repr__(self) -> str:
        return self._line(f"PublicView of {self.variant.name}")

    def _line(self, head: str, *more: str) -> str:
        """The view on one line: ``head``, the phase and who moves, ``more``, trump or the turned card, scores."""
        who = "over" if self.to_move is None else f"seat {self.to_move} to move"
        parts = [f"<{head}: {self.phase}, {who}", *more]
        if self.trump is not None:
            parts.append(f"trump {self.trump} by seat {self.maker}")
        elif self.turned is not None:
            parts.append(f"turned {self.turned}")
        return "; ".join([*parts, f"scores {self.scores}"]) + ">"


@dataclass(frozen=True)
class View(PublicView):
    """What one seat may know of the game at this moment: everything public, and its own cards
    (the widow only for the maker who took it), its own discards and gifts, its legal actions."""

    seat: int
    hand: tuple[Card, ...]
    widow: tuple[Card, ...]
    legal: tuple[Action, ...]
    seen: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Other seats' hands this seat sees now, with deal.dummies: a controller's dummy in play,
    or in a dummy's view (when it moves) its controller's hand. Empty without dummies."""
    took: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """The dummies this seat took into its hand this hand (``deal.dummies.play: merged``): each
    dummy's seat and the cards it brought, which only this seat has seen."""

    @property
    def hand_ids(self) -> tuple[int, ...]:
        """The hand as card ids: places in the variant's compiled faces
        (:attr:`~hasenpfeffer.rules.ruleset.Ruleset.faces`), as the tables of the rules index them."""
        cid = compile_variant(self.variant).cid
        return tuple([cid(c) for c in self.hand])

    @property
    def set_aside(self) -> tuple[Action, ...]:
        """This seat's own discards and gifts of the hand, with their cards: the actions that
        the other seats see only the verb of."""
        seat = self.seat
        return tuple(a for a in self.history if a.seat == seat and a.arg and a.verb in HIDDEN_VERBS)

    @property
    def partner(self) -> int | None:
        """The maker's called partner as this seat knows it: itself when it holds the called card
        (the maker excepted), else the seat that played it (:attr:`PublicView.partner`)."""
        called = self.called
        if called is not None and self.seat != self.maker and called in self.hand:
            return self.seat
        return super().partner

    def __repr__(self) -> str:
        hand = "hand " + (" ".join(self.hand) or "empty")
        return self._line(f"View seat {self.seat} of {self.variant.name}", hand)


def public_history(
    actions: Sequence[Action], seat: int | None, hidden: Iterable[int] | None = None
) -> tuple[Action, ...]:
    """The actions as ``seat`` saw them: others' discards and gives keep only their verb (every
    one for no seat; ``hidden``: the places of the discards and gives among ``actions``, when known)."""
    if hidden is None:
        hidden = [i for i, a in enumerate(actions) if a.verb in HIDDEN_VERBS]
    others = [i for i in hidden if actions[i].seat != seat]
    if not others:
        return tuple(actions)
    seen = list(actions)
    for i in others:
        seen[i] = Action(actions[i].seat, actions[i].verb)
    return tuple(seen)


def ledger(s: State) -> Ledger:
    """The current hand's ledger, brought up to date with the events (only new events are read)."""
    led = s.ledger
    if led is None or led.start != s.hand_events:
        led = s.ledger = Ledger(s.hand_events)
    events = s.events
    if led.read == len(events):
        return led
    actions, hidden = led.actions, led.hidden
    for e in events[led.read :]:
        a = e.action
        if a is not None:
            if a.verb in HIDDEN_VERBS:
                hidden.append(len(actions))
            actions.append(a)
    led.read = len(events)
    tricks = led.tricks
    if len(tricks) < len(s.tricks):
        faces = s.rules.faces
        led.tricks = tricks + tuple(
            [
                Trick(leader, tuple([(q, faces[c]) for q, c in cards]), winner)
                for leader, cards, winner in s.tricks[len(tricks) :]
            ]
        )
    return led


class Snapshot(NamedTuple):
    """What a view's lazily built fields are made from, copied when the view is made."""

    seat: int
    faces: tuple[Card, ...]
    plan: Plan
    hand: tuple[int, ...]
    actions: list[Action]
    """The hand's actions so far: the first ``done`` of the ledger's list, which only grows."""
    done: int
    hidden: list[int]
    """The places of the discards and gifts among the actions: the first ``aside`` of them."""
    aside: int
    trick: tuple[tuple[int, int], ...]
    won: tuple[int, ...]
    alone: tuple[int | None, ...]
    out: tuple[bool, ...]
    widow: tuple[int, ...]
    maker: int | None


def _hand(s: Snapshot) -> tuple[Card, ...]:
    faces = s.faces
    return tuple([faces[c] for c in s.hand])


def _history(s: Snapshot) -> tuple[Action, ...]:
    return public_history(s.actions[: s.done], s.seat, s.hidden[: s.aside])


def _trick(s: Snapshot) -> tuple[tuple[int, Card], ...]:
    faces = s.faces
    return tuple([(q, faces[c]) for q, c in s.trick])


_NOBODY: frozenset[int] = frozenset()


def _alone(s: Snapshot) -> frozenset[int]:
    return frozenset(q for q in s.alone if q is not None)


def _sitting_out(s: Snapshot) -> frozenset[int]:
    if True not in s.out:
        return _NOBODY
    return frozenset([q for q, out in enumerate(s.out) if out])


def _tricks_won(s: Snapshot) -> tuple[int, ...]:
    return _sides(s.plan, s.won, s.maker)


def _sides(plan: Plan, won: Sequence[int], maker: int | None) -> tuple[int, ...]:
    """Tricks won by side, from tricks won by seat (a dummy's for its side in the hand)."""
    side_of = plan.hand_sides(maker)
    by_side = [0] * plan.sides
    for q, w in enumerate(won):
        by_side[side_of[q]] += w
    return tuple(by_side)


def _widow(s: Snapshot) -> tuple[Card, ...]:
    faces = s.faces
    return tuple([faces[c] for c in s.widow])


LAZY = {
    "hand": _hand,
    "history": _history,
    "trick": _trick,
    "alone": _alone,
    "sitting_out": _sitting_out,
    "tricks_won": _tricks_won,
    "widow": _widow,
}
"""The fields a :class:`LazyView` builds when first read, each from the view's snapshot."""


class LazyView(View):
    """A :class:`View` whose costlier fields are built from its snapshot when first read.

    It equals any view with the same fields, whatever their class.
    """

    def __getattr__(self, name: str) -> Any:
        build = LAZY.get(name)
        if build is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        fields = self.__dict__
        value = fields[name] = build(fields["snapshot"])
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in View.__dataclass_fields__)

    @property
    def hand_ids(self) -> tuple[int, ...]:
        """:attr:`View.hand_ids`, the snapshot's own."""
        hand: tuple[int, ...] = self.__dict__["snapshot"].hand
        return hand

    @property
    def trick_ids(self) -> tuple[tuple[int, int], ...]:
        """:attr:`View.trick_ids`, the snapshot's own."""
        trick: tuple[tuple[int, int], ...] = self.__dict__["snapshot"].trick
        return trick

    @property
    def set_aside(self) -> tuple[Action, ...]:
        """:attr:`View.set_aside`, read from the snapshot's hidden actions alone."""
        s: Snapshot = self.__dict__["snapshot"]
        if not s.aside:
            return ()
        actions, seat = s.actions, s.seat
        return tuple([actions[i] for i in s.hidden[: s.aside] if actions[i].seat == seat])

    __hash__ = View.__hash__


def make_view(s: State, seat: int, legal: LegalActions) -> View:
    """What ``seat`` may know of the game in state ``s`` now (``legal``: the legal actions); a
    seat that may not look at its hand (:attr:`State.blind_seat`) sees none of it."""
    led = ledger(s)
    snapshot = Snapshot(
        seat,
        s.rules.faces,
        s.plan,
        () if s.blind_seat == seat else tuple(s.hands[seat]),
        led.actions,
        len(led.actions),
        led.hidden,
        len(led.hidden),
        () if s.phase == Phase.OVER else tuple(s.trick),
        tuple(s.won),
        (s.maker if s.alone else None, s.def_alone),
        tuple(s.out),
        s.widow_taken if seat == s.maker else (),
        s.maker,
    )
    view = LazyView.__new__(LazyView)
    turned = s.turned
    view.__dict__.update(
        seat=seat,
        phase=s.phase,
        to_move=s.to_move,
        dealer=s.dealer,
        tricks=led.tricks,
        trump=None if s.trump_i is None else s.rules.trump_names[s.trump_i],
        maker=s.maker,
        bid=s.bid_name,
        forced=s.forced,
        scores=tuple(s.scores),
        deal=dealt(s),
        turned=None if turned is None else s.rules.faces[turned],
        barred=barred(s),
        resting=resting(s),
        imposed=imposed(s),
        legal=tuple(legal) if s.to_move == seat else (),
        variant=s.variant,
        shown=shown(s),
        seen=seen(s, seat) if True in s.plan.dummy and not s.plan.merged else (),
        took=tuple([(q, tuple([s.rules.faces[c] for c in cards])) for q, by, cards in s.taken if by == seat]),
        snapshot=snapshot,
    )
    return view


def seen(s: State, seat: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The other hands in play that ``seat`` sees by ``deal.dummies``: those of the seats its
    controller decides for (the controller and its dummies), as they are now."""
    p, faces = s.plan, s.rules.faces
    controller = p.controllers(s.maker)
    me = controller[seat]
    return tuple(
        (q, tuple([faces[c] for c in s.hands[q]]))
        for q in range(p.n)
        if q != seat and controller[q] == me and not s.out[q]
    )


def dealt(s: State) -> int:
    """The current game's hands played so far in state ``s`` (thrown-in hands not counted),
    the one in play counted (none more once the game is over)."""
    return s.game_played + (0 if s.phase == Phase.OVER else 1)


def make_public(s: State) -> PublicView:
    """What every seat may know of the game in state ``s`` now."""
    led = ledger(s)
    faces = s.rules.faces
    lone = (s.maker if s.alone else None, s.def_alone)
    return PublicView(
        phase=s.phase,
        to_move=s.to_move,
        dealer=s.dealer,
        history=public_history(led.actions, None, led.hidden),
        trick=() if s.phase == Phase.OVER else tuple([(q, faces[c]) for q, c in s.trick]),
        tricks=led.tricks,
        trump=None if s.trump_i is None else s.rules.trump_names[s.trump_i],
        maker=s.maker,
        bid=s.bid_name,
        forced=s.forced,
        alone=frozenset(q for q in lone if q is not None),
        sitting_out=frozenset(q for q, out in enumerate(s.out) if out),
        tricks_won=_sides(s.plan, s.won, s.maker),
        scores=tuple(s.scores),
        deal=dealt(s),
        turned=None if s.turned is None else faces[s.turned],
        barred=barred(s),
        resting=resting(s),
        imposed=imposed(s),
        shown=shown(s),
        variant=s.variant,
    )


def barred(s: State) -> tuple[str, ...]:
    """The suits barred for the rest of the game in state ``s``, in the pack's order."""
    bars = s.barred
    return tuple([x for i, x in enumerate(s.rules.suits) if bars >> i & 1]) if bars else ()


def resting(s: State) -> int | None:
    """The seat that only passes in this hand, having made trump in the last (None: none)."""
    return None if s.resting < 0 else s.resting


def imposed(s: State) -> str | None:
    """The only suit this hand may make trump (None: any)."""
    return None if s.imposed < 0 else s.rules.suits[s.imposed]


def shown(s: State) -> tuple[int, tuple[Card, ...]] | None:
    """The hand laid open to every seat, as it is now (an open contract), or None."""
    if s.shown is None:
        return None
    faces = s.rules.faces
    return s.shown, tuple([faces[c] for c in s.hands[s.shown]])
