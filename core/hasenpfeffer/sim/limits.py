"""The cap of hands a simulated game plays, and what a run says when its games reach it.

A game still running after :data:`MAX_HANDS` hands (or a run's ``max_hands``) is stopped
without a winner and counted as unfinished; its hands still count in every figure, so a run
whose games reach the cap says so (:func:`cap_warning`).

>>> cap_warning(0, 20, 1000) is None
True
>>> cap_warning(20, 20, 1000)
'20 of 20 games stopped at the 1,000-hand cap without a winner: the figures describe unfinished games'
>>> cap_warning(3, 200, 50)
'3 of 200 games stopped at the 50-hand cap without a winner: the figures include those unfinished games'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..engine.events import Event, HandScored
from ..format.variant import HAND_CAP, Variant

MAX_HANDS = HAND_CAP
"""A game still running after this many hands is stopped and counted as unfinished."""


class Played(Protocol):
    """What the statistics read of a game: a :class:`~hasenpfeffer.engine.game.Game`, or one
    cut at the hand cap (:func:`capped`)."""

    @property
    def variant(self) -> Variant: ...

    @property
    def events(self) -> list[Event]: ...

    @property
    def winner(self) -> int | None: ...


@dataclass(frozen=True)
class Cut:
    """A game's events up to the hand cap, unfinished there."""

    variant: Variant
    events: list[Event]
    winner: int | None = None


def capped(game: Played, max_hands: int) -> Played:
    """``game`` as far as its ``max_hands``-th hand, unfinished, where it played more: one
    action can bring many hands thrown in at once (a weak hand redealt as dealt), so a game
    played until the cap may pass it, and is counted as the compiled engine, which stops at
    the cap, counts it. Otherwise ``game`` itself.

    >>> import random
    >>> from hasenpfeffer import Game, load_variant
    >>> g, rng = Game(load_variant("euchre"), seed=1), random.Random(1)
    >>> while len(g.hand_results) < 3:
    ...     _ = g.apply(rng.choice(g.legal_actions()))
    >>> cut = capped(g, 2)
    >>> sum(type(e) is HandScored for e in cut.events), cut.winner, capped(g, 3) is g
    (2, None, True)
    """
    scored = [i for i, e in enumerate(game.events) if type(e) is HandScored]
    if len(scored) <= max_hands:
        return game
    return Cut(game.variant, game.events[: scored[max_hands - 1] + 1])


def cap_warning(unfinished: int, games: int, max_hands: int = MAX_HANDS) -> str | None:
    """What a run of ``games`` games, ``unfinished`` of them stopped at the cap, must say (None: nothing)."""
    if unfinished <= 0:
        return None
    which = "describe unfinished games" if unfinished >= games else "include those unfinished games"
    return (
        f"{unfinished:,} of {games:,} games stopped at the {max_hands:,}-hand cap without a winner:"
        f" the figures {which}"
    )


def check_max_hands(max_hands: int) -> int:
    """``max_hands`` when it is a whole number of hands from 1 to :data:`MAX_HANDS`; else ValueError.

    >>> check_max_hands(10)
    10
    """
    if isinstance(max_hands, bool) or not isinstance(max_hands, int) or not 1 <= max_hands <= MAX_HANDS:
        raise ValueError(f"max_hands must be a whole number from 1 to {MAX_HANDS:,}, read {max_hands!r}")
    return max_hands
