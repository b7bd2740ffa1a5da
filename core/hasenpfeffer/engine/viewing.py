"""Building one seat's :class:`~hasenpfeffer.engine.view.View` of a game: only what that seat may know."""

from __future__ import annotations

from ..rules.actions import Action, LegalActions
from ..rules.machine import Phase
from .events import Event
from .state import State
from .view import Trick, View

HIDDEN_VERBS = frozenset({"discard", "give"})


def public_history(actions: list[Action], seat: int) -> tuple[Action, ...]:
    """The actions as ``seat`` saw them: others' discards and gives keep only their verb."""
    return tuple(Action(a.seat, a.verb) if a.verb in HIDDEN_VERBS and a.seat != seat else a for a in actions)


def hand_actions(events: list[Event], start: int) -> list[Action]:
    """The actions of the hand whose events start at ``start``."""
    return [a for e in events[start:] if (a := e.action) is not None]


def make_view(s: State, seat: int, legal: LegalActions) -> View:
    """What ``seat`` may know of the game in state ``s`` now (``legal``: the legal actions)."""
    faces = s.rules.faces
    p = s.plan
    over = s.phase == Phase.OVER
    on_table = () if over else s.trick
    tricks = tuple(
        Trick(leader, tuple((q, faces[c]) for q, c in cards), winner) for leader, cards, winner in s.tricks
    )
    won = [0] * p.sides
    for q, w in enumerate(s.won):
        won[p.side_of[q]] += w
    alone = set()
    if s.alone and s.maker is not None:
        alone.add(s.maker)
    if s.def_alone is not None:
        alone.add(s.def_alone)
    widow = tuple(faces[c] for c in s.widow_taken) if seat == s.maker else ()
    return View(
        seat=seat,
        phase=s.phase,
        to_move=s.to_move,
        dealer=s.dealer,
        hand=tuple(faces[c] for c in s.hands[seat]),
        history=public_history(hand_actions(s.events, s.hand_events), seat),
        trick=tuple((q, faces[c]) for q, c in on_table),
        tricks=tricks,
        trump=None if s.trump_i is None else s.rules.trump_names[s.trump_i],
        maker=s.maker,
        bid=s.bid_name,
        alone=frozenset(alone),
        sitting_out=frozenset(q for q in range(p.n) if s.out[q]),
        tricks_won=tuple(won),
        scores=tuple(s.scores),
        widow=widow,
        turned=None if s.turned is None else faces[s.turned],
        legal=tuple(legal) if s.to_move == seat else (),
        variant=s.variant,
    )
