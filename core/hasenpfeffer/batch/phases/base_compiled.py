"""What the compiled phases share (numba), as :mod:`hasenpfeffer.engine.phases.base` holds the
Python phases' helpers: the next seat in play, trump made by a maker (a lone maker's
partners sitting out), and a hand played out when everyone passed."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from .layout import PLAY_OUT, PV_OUT, S_ALONE, S_DEALER, S_FORCED, S_MAKER, S_REQUIRED, S_RESTING, S_TI


@jitcache.inline
def next_seat(pv: Any, g: int, seat: int, n: int) -> int:
    """The next seat to the left that is not sitting out."""
    seat = left_of(seat, n)  # not ``% n``: a division at every card
    while pv[g, PV_OUT, seat]:
        seat = left_of(seat, n)
    return seat


@jitcache.inline
def left_of(seat: int, n: int) -> int:
    """The seat to the left of ``seat``, of ``n`` (without the division ``% n`` would take)."""
    return seat + 1 if seat + 1 < n else 0


@jitcache.inline
def seat_row(p: Any, seat: int, col: int) -> int:
    """Column ``col`` of ``seat``'s row in the parameters (:data:`..tables.SEAT_DEALT`...: the
    plan's tables by seat)."""
    return int(p[p[t.SEATS_AT] + seat * t.SEAT_W + col])


@jitcache.inline
def may_make(p: Any, g: int, s: Any, seat: int) -> bool:
    """``may_make``: not the last hand's maker who may not make trump twice running, and at a
    place from the dealer's left that ``makers`` lists (none listed: any)."""
    if s[g, S_RESTING] == seat + 1:
        return False
    return bool(p[t.MAKERS] == 0 or (p[t.MAKERS] >> ((seat - s[g, S_DEALER] - 1) % p[t.N])) & 1 == 1)


@jitcache.inline
def side_of(p: Any, seat: int) -> int:
    """The side ``seat`` plays for (sides numbered by seat: the seat modulo the sides)."""
    return seat_row(p, seat, t.SEAT_SIDE)


@jitcache.inline
def speaks(p: Any, seat: int) -> int:
    """The next seat to ``seat``'s left that speaks (passing over dummies: the plan's ``speaks``)."""
    return seat_row(p, seat, t.SEAT_SPEAKS)


@jitcache.inline
def or_pass(p: Any, x: int, row: Any) -> int:
    """The legal ids of a yes-or-no decision: id ``x`` (go alone, drop out, declare, a weak
    hand's action), or pass."""
    row[0], row[1] = x, p[t.PASS_ID]
    return 2


@jitcache.bare
def sit_out(p: Any, g: int, pv: Any, seat: int) -> None:
    """The partners of ``seat``, who plays alone, sit out."""
    for q in range(p[t.N]):
        if q != seat and side_of(p, q) == side_of(p, seat):
            pv[g, PV_OUT, q] = 1


@jitcache.bare
def made(p: Any, g: int, s: Any, pv: Any, seat: int, forced: bool) -> None:
    """Trump made by ``seat`` (order-up, naming trump, a turned trump): the maker, the tricks it
    needs, whether it was forced; a lone maker's partners sit out."""
    s[g, S_MAKER], s[g, S_REQUIRED], s[g, S_FORCED] = seat, p[t.TR_REQ], forced
    if s[g, S_ALONE]:
        sit_out(p, g, pv, seat)


@jitcache.inline
def suits(p: Any, row: Any) -> int:
    """The suits one may name (a turned Joker's suit, the suit to follow a Joker led), as ids."""
    for x in range(p[t.NS]):
        row[x] = p[t.SUIT_BASE] + x
    return int(p[t.NS])


@jitcache.inline
def all_passed(p: Any, g: int, s: Any) -> int:
    """Everyone passed, the last round over: the hand played without a maker at
    ``making.all_pass.trump`` (:data:`.layout.PLAY_OUT`), else thrown in (2)."""
    if p[t.AP_RULE] != 2:
        return 2
    s[g, S_TI] = p[t.AP_TRUMP]
    return PLAY_OUT
