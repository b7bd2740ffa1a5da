"""Building one seat's :class:`~hasenpfeffer.engine.view.View` of a game: only what that seat may know.

The view is a snapshot taken when it is made. The hand's actions and finished tricks are read
from the events once, as they come (the state's :class:`~.state.Ledger`); the other parts that
take work to build are built from the snapshot when first read, so a player that looks only at
the legal actions pays for little else.

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("euchre"), seed=1)
>>> view = game.view(game.to_move)
>>> _ = game.apply(view.legal[0])
>>> view.history, len(view.hand), view == game.view(view.seat)
((), 5, False)
>>> view == View(**{f: getattr(view, f) for f in view.__dataclass_fields__})
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..format.cards import Card
from ..rules.actions import Action, LegalActions
from ..rules.machine import Phase
from ..rules.plan import Plan
from .state import Ledger, State
from .view import HIDDEN_VERBS, Trick, View


def public_history(
    actions: Sequence[Action], seat: int, hidden: Iterable[int] | None = None
) -> tuple[Action, ...]:
    """The actions as ``seat`` saw them: others' discards and gives keep only their verb
    (``hidden``: the places of the discards and gives among ``actions``, when known)."""
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
    side_of = s.plan.side_of
    won = [0] * s.plan.sides
    for q, w in enumerate(s.won):
        won[side_of[q]] += w
    return tuple(won)


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
    """What ``seat`` may know of the game in state ``s`` now (``legal``: the legal actions)."""
    led = ledger(s)
    snapshot = Snapshot(
        seat,
        s.rules.faces,
        s.plan,
        tuple(s.hands[seat]),
        led.actions,
        len(led.actions),
        led.hidden,
        len(led.hidden),
        () if s.phase == Phase.OVER else tuple(s.trick),
        tuple(s.won),
        (s.maker if s.alone else None, s.def_alone),
        tuple(s.out),
        s.widow_taken if seat == s.maker else (),
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
        scores=tuple(s.scores),
        turned=None if turned is None else s.rules.faces[turned],
        legal=tuple(legal) if s.to_move == seat else (),
        variant=s.variant,
        snapshot=snapshot,
    )
    return view
