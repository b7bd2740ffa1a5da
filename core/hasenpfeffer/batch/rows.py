"""The rows the compiled games write and the readers read back, declared once: a game's row
(:data:`G_HANDS`...) and a hand's row (:data:`H_GAME`...), plain integers, so that the kernels
(numba takes them in when it compiles: :data:`.freshcache.READ`) and the readers without numba
(:mod:`.run`, :mod:`hasenpfeffer.sim.columns`) use the same columns.

A hand's row is these columns, then per side its tricks, its score change and its score, then
the deal (per seat its cards, then the widow or kitty):

>>> hand_width(2), deal_at(2)
(25, 25)
>>> tricks_at(3), change_at(3), scores_at(3)
(19, 22, 25)
"""

from __future__ import annotations

H_GAME, H_DEALER, H_MAKER, H_BID, H_TRUMP, H_ALONE, H_DEF_ALONE, H_THROWN, H_FORCED = range(9)
H_MADE, H_ASTART, H_ACOUNT, H_SWAP, H_REDEAL, H_DROPPED, H_DUMMIES, H_CALL, H_PARTNER = range(9, 18)
H_PARTNER2 = 18
H_COLS = 19
"""A hand's columns: its game, dealer, maker (-1: none), bid code, trump, whether the maker went
alone and a defender alone, thrown in, forced, made; where its action ids start in the batch's
log and how many; the seat that swapped and the seat that called the redeal (-1: none);
``H_DROPPED`` the seats that dropped out of the hand (``alone.drop_out``), a bit each;
``H_DUMMIES`` the dummies taken into hand (``deal.dummies.play: merged``); ``H_CALL`` how
the maker called a partner (``partnerships: called``; :data:`CALLED_NONE`...), ``H_PARTNER``
the partner (-1: none), ``H_PARTNER2`` the second partner named (-1: none). ``H_COLS`` columns
in all, before the sides'."""
CALLED_NONE, CALLED_PARTNER, CALLED_UNHELD, CALLED_ALONE = 0, 1, 2, 3
"""``H_CALL``: no call, a card held by a partner, a card nobody else held, none called (alone);
the statistics' names of each are :data:`CALLED_KINDS`."""
CALLED_KINDS = ("", "partner", "unheld", "alone")
"""How ``Stats.calls`` names each ``H_CALL``."""
BID_ORDER_UP, BID_TURNED, BID_DECLARED = -2, -3, -4
"""``H_BID`` of a hand made by order-up, by a turned card of a ``turned_trump`` suit, and
(``BID_DECLARED - d``) ended by declaration ``d`` (``-1``: no bid; ``0``...: the bid of the
ladder; its length: the forced bid outside the ladder)."""
G_HANDS, G_WINNER, G_DEALER, G_COLS = range(4)
"""A game's columns: its hands, its winner (-1: none), its first dealer; then its scores by side."""


def tricks_at(sides: int) -> int:
    """A hand row's first column of tricks by side."""
    return H_COLS


def change_at(sides: int) -> int:
    """A hand row's first column of score changes by side."""
    return H_COLS + sides


def scores_at(sides: int) -> int:
    """A hand row's first column of scores by side, after the hand."""
    return H_COLS + 2 * sides


def deal_at(sides: int) -> int:
    """A hand row's first column of the deal (kept with records)."""
    return H_COLS + 3 * sides


def hand_width(sides: int) -> int:
    """A hand row's columns before the deal."""
    return deal_at(sides)
