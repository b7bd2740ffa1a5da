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

from ..format.variant import HAND_CAP

MAX_HANDS = HAND_CAP
"""A game still running after this many hands is stopped and counted as unfinished."""


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
