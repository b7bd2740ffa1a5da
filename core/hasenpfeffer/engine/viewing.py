"""Building one seat's :class:`~hasenpfeffer.engine.view.View` of a game: only what that seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.actions import Action
from .view import Trick, View

if TYPE_CHECKING:
    from .game import Game

HIDDEN_VERBS = frozenset({"discard", "give"})


def public_history(actions: list[Action], seat: int) -> tuple[Action, ...]:
    """The actions as ``seat`` saw them: others' discards and gives keep only their verb."""
    return tuple(Action(a.seat, a.verb) if a.verb in HIDDEN_VERBS and a.seat != seat else a for a in actions)


def make_view(game: Game, seat: int) -> View:
    """What ``seat`` may know of ``game`` now."""
    faces = game.rules.faces
    p = game._p
    on_table = () if game.is_over else game.trick
    tricks = tuple(
        Trick(leader, tuple((s, faces[c]) for s, c in cards), winner) for leader, cards, winner in game.tricks
    )
    won = [0] * p.sides
    for s, w in enumerate(game.won):
        won[p.side_of[s]] += w
    alone = set()
    if game.alone and game.maker is not None:
        alone.add(game.maker)
    if game.def_alone is not None:
        alone.add(game.def_alone)
    widow = tuple(faces[c] for c in game.widow_taken) if seat == game.maker else ()
    return View(
        seat=seat,
        phase=game.phase,
        to_move=game.to_move,
        dealer=game.dealer,
        hand=tuple(faces[c] for c in game.hands[seat]),
        history=public_history(game._actions, seat),
        trick=tuple((s, faces[c]) for s, c in on_table),
        tricks=tricks,
        trump=game.trump,
        maker=game.maker,
        bid=game.bid_name,
        alone=frozenset(alone),
        sitting_out=frozenset(s for s in range(p.n) if game.out[s]),
        tricks_won=tuple(won),
        scores=tuple(game.scores),
        widow=widow,
        turned=None if game.turned is None else faces[game.turned],
        legal=tuple(game.legal_actions()) if game.to_move == seat else (),
        variant=game.variant,
    )
