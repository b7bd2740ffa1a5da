"""A hand's scoring in compiled code (numba), as the Python ``scoring`` phase scores a hand
(:mod:`hasenpfeffer.engine.phases.scoring`, over :mod:`hasenpfeffer.engine.scoring`): the
score change by side (``score_hand``; a declared set, a hand without a maker), and the end of
a game and of a match (``game_winner``, ``match_won``)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ... import jitcache
from .. import tables as t
from .layout import (
    PV_WON,
    S_ALONE,
    S_B,
    S_BARRED,
    S_DEF_ALONE,
    S_DHOLD,
    S_DROPPED,
    S_DSET,
    S_FORCED,
    S_IMPOSED,
    S_LAST_SUIT,
    S_MAKER,
    S_PARTNER,
    S_PARTNER2,
    S_PLAYED,
    S_REQUIRED,
    S_RESTING,
    S_SEAT,
    S_TI,
    S_WON,
)


@jitcache.bare
def _value(points: Any, kind: int, tricks: int, bid: int, hs: int) -> int:
    """``Points.value``: the table's entry for ``tricks`` tricks, else the formula."""
    if points[kind, t.P_TABLE + tricks]:
        return int(points[kind, t.P_TABLE + hs + 1 + tricks])
    return int(points[kind, t.P_FIXED] + points[kind, t.P_TRICK] * tricks + points[kind, t.P_BID] * bid)


@jitcache.bare
def score_hand(p: Any, fmult: float, bids: Any, points: Any, b: int, mside: int, tricks: Any, required: int,
           alone: bool, def_alone: bool, forced: bool, change: Any, out: int, sides: int) -> int:  # fmt: skip
    """``score_hand``: the score change of ``sides`` sides into ``change``; 1 when made, else
    0. ``out``: the sides that dropped out (a bit each), which score nothing; a side that stayed
    in and took no trick scores ``scoring.bucked`` where the variant has it."""
    hs = p[t.HS]
    taken = tricks[mside]
    none = bids[b, t.B_NONE] == 1
    made = taken == 0 if none else taken >= required
    mult = bids[b, t.B_MULT]
    fixed = bids[b, t.B_HAS_POINTS] == 1
    if made:
        slam = not none and taken == hs
        if fixed:
            pts = bids[b, t.B_POINTS]
        elif alone and p[t.HAS_MADE_ALONE]:
            pts = _value(points, t.MADE_ALONE, taken, required, hs) * mult
        else:
            pts = _value(points, t.MADE, taken, required, hs) * (p[t.ALONE_MULT] if alone else 1) * mult
        if slam and p[t.HAS_SLAM]:
            if p[t.SLAM_RULE] == 0:
                pts = max(pts, p[t.SLAM_PTS])
            elif p[t.SLAM_RULE] == 1:
                pts = p[t.SLAM_PTS]
            else:
                pts = pts + p[t.SLAM_PTS]
        change[mside] += pts
    else:
        kind = t.FAILED_DEF if def_alone and p[t.HAS_FAD] else t.FAILED
        if fixed:
            pts = bids[b, t.B_FAILED] if bids[b, t.B_HAS_FAILED] else bids[b, t.B_POINTS]
        else:
            raw = float(_value(points, kind, taken, required, hs) * mult)
            if alone and p[t.MULT_FAILED_ALONE]:
                raw *= p[t.ALONE_MULT]
            if forced:
                raw *= fmult
            pts = math.floor(abs(raw) + 0.5) * (1 if raw >= 0 else -1)
        to = points[kind, t.P_TO] if bids[b, t.B_FAILED_TO] < 0 else bids[b, t.B_FAILED_TO]
        if to == 0:
            change[mside] -= pts
        else:
            for side in range(sides):
                if side != mside and not (out >> side) & 1:
                    change[side] += pts
    if p[t.HAS_DEF] and bids[b, t.B_DEF_SCORE]:
        for side in range(sides):
            if side != mside and not (out >> side) & 1:
                change[side] += _value(points, t.DEFENDERS, tricks[side], required, hs)
    if p[t.HAS_BUCKED]:
        for side in range(sides):
            if tricks[side] == 0 and not (out >> side) & 1:
                change[side] = p[t.BUCKED]
    return 1 if made else 0


@jitcache.bare
def game_winner(p: Any, scores: Any, mside: int, made: int, dealt: int) -> int:
    """``game_winner``: the side that won after a hand, or -1 to play on (``dealt``: the
    game's hands played so far, this one counted; ``made``: -1 for a hand without a maker)."""
    won = _reached(p, scores, mside, made)
    if won >= 0 or p[t.DEALS] == 0 or dealt < p[t.DEALS]:
        return won
    best, top, count = highest(p, scores)  # the game's deals are dealt: the higher score wins
    if count == 1:
        return top
    if p[t.TIE] == 0 and mside >= 0 and scores[mside] == best:
        return mside
    return -1


@jitcache.bare
def highest(p: Any, scores: Any) -> tuple[int, int, int]:
    """The highest score, the first side with it, and how many sides have it."""
    best, top, count = scores[0], 0, 0
    for side in range(p[t.SIDES]):
        if scores[side] > best:
            best, top = scores[side], side
    for side in range(p[t.SIDES]):
        count += scores[side] == best
    return best, top, count


@jitcache.bare
def _reached(p: Any, scores: Any, mside: int, made: int) -> int:
    """The side that won by ``game.lose_at`` or ``game.target`` after a hand, or -1."""
    sides = p[t.SIDES]
    low = scores[0]
    for side in range(1, sides):
        low = min(low, scores[side])
    if p[t.HAS_LOSE] and low <= p[t.LOSE_AT]:
        best, top, alive = -(1 << 60), -1, 0
        for side in range(sides):
            if scores[side] > p[t.LOSE_AT]:
                alive += 1
        for side in range(sides):
            if (alive == 0 or scores[side] > p[t.LOSE_AT]) and scores[side] > best:
                best, top = scores[side], side
        if mside >= 0 and scores[mside] == best and (alive == 0 or scores[mside] > p[t.LOSE_AT]):
            return mside
        return top
    defeated = p[t.WIN_BY_DEFEAT] and made == 0
    count, first, best, nbest, top = 0, -1, -(1 << 60), 0, -1
    maker_in = False
    for side in range(sides):
        if scores[side] >= p[t.TARGET] and (
            not p[t.MUST_BID_OUT] or (side == mside and made == 1) or (defeated and side != mside)
        ):
            count += 1
            if first < 0:
                first = side
            if side == mside:
                maker_in = True
            if scores[side] > best:
                best, nbest, top = scores[side], 1, side
            elif scores[side] == best:
                nbest += 1
    if count == 0:
        return -1
    if count == 1:
        return first
    if p[t.TIE] == 0 and maker_in:
        return mside
    if p[t.TIE] == 2:
        return -1
    return top if nbest == 1 else -1


@jitcache.bare
def match_won(p: Any, scores: Any, won: Any, side: int) -> bool:
    """``match_winner``: ``side`` won a game; whether it won the match (a single game is a match
    of one), else the next game starts from 0 (the winner keeps its points beyond the target
    where laps carry)."""
    if p[t.MATCH_WINS] == 0:
        return True
    shut = True
    for s in range(p[t.SIDES]):
        if s != side and scores[s] > 0:
            shut = False
    won[side] += p[t.SHUT_OUT] if shut else 1
    if won[side] >= p[t.MATCH_WINS]:
        return True
    carry = max(0, scores[side] - p[t.TARGET]) if p[t.LAPS] else 0
    scores[:] = 0
    scores[side] = carry
    return False


@jitcache.bare
def after_hand(p: Any, g: int, s: Any, scores: Any, mside: int, made: int) -> int:
    """A played hand counted into game ``g``: the side that won the match, or -1 to play on (a
    game of the match won, the next starts), as the Python ``scoring`` phase decides it: the
    game's end by :func:`game_winner` or by a set declared that wins it (the maker remembered
    where the last maker only passes, the last trick's suit where it imposes the next trump),
    then the suits barred after a failed contract (:func:`barred_winner`), then
    :func:`match_won`."""
    s[g, S_PLAYED] += 1
    if p[t.LAST_MAKER] and s[g, S_MAKER] >= 0:  # only passes in the next hand
        s[g, S_RESTING] = s[g, S_MAKER] + 1
    if p[t.LAST_TRICK] and s[g, S_LAST_SUIT] > 0:  # the only trump of the next hand (none: any)
        s[g, S_IMPOSED] = s[g, S_LAST_SUIT] if s[g, S_LAST_SUIT] <= p[t.NS] else 0
    winner = game_winner(p, scores[g], mside, made, s[g, S_PLAYED])
    if s[g, S_DHOLD] > 0 and p[p[t.DECL_AT] + s[g, S_DSET] * p[t.DECL_W] + t.DC_WINS]:
        winner = mside  # a set declared that wins the game outright
    if p[t.BAR_FAILED]:
        winner = barred_winner(p, g, s, scores[g], made, winner)
    if winner >= 0 and not match_won(p, scores[g], s[g, S_WON : S_WON + p[t.SIDES]], winner):
        winner, s[g, S_PLAYED], s[g, S_BARRED], s[g, S_RESTING], s[g, S_IMPOSED] = -1, 0, 0, 0, 0
    return winner


@jitcache.bare
def barred_winner(p: Any, g: int, s: Any, scores: Any, made: int, winner: int) -> int:
    """``barred_outcome``: a suit made trump by makers who failed is barred for the game; once
    every suit is (and no other rule ended the game, ``winner``), the higher score wins, and
    level scores lift the bars (-1: play on)."""
    ti, ns = s[g, S_TI], p[t.NS]
    if made == 0 and 0 <= ti < ns:
        s[g, S_BARRED] |= 1 << ti
    if winner >= 0 or s[g, S_BARRED] != (1 << ns) - 1:
        return winner
    _, top, count = highest(p, scores)
    if count == 1:
        return top
    s[g, S_BARRED] = 0
    return -1


@jitcache.bare
def hand_change(p: Any, fmult: float, bids: Any, points: Any, g: int, how: int, s: Any, pv: Any,
                 change: Any, tricks: Any) -> tuple[int, int]:  # fmt: skip
    """Game ``g``'s hand scored into ``change`` by side (``how``: 1 played out, 5 ended by a
    declared set), and when played out its tricks by side into ``tricks``; the maker's side (-1:
    none) and whether made (1, 0; -1: no maker)."""
    n, sides = p[t.N], p[t.SIDES]
    if how == 5:  # a declared set: its points to its holder's side, made
        mside = s[g, S_SEAT] % sides
        change[mside] = p[p[t.DECL_AT] + s[g, S_DSET] * p[t.DECL_W] + t.DC_POINTS]
        return mside, 1
    for x in range(sides):
        tricks[x] = 0
    gone = 0  # the sides of the seats that dropped out, which score nothing
    for q in range(n):
        tricks[q % sides] += pv[g, PV_WON, q]
        if (s[g, S_DROPPED] >> q) & 1:
            gone |= 1 << (q % sides)
    maker = s[g, S_MAKER]
    if maker < 0:
        for x in range(sides):
            change[x] = p[t.NM_PER] * tricks[x] - p[t.NM_SHORT] * max(0, p[t.NM_MIN] - tricks[x])
        return -1, -1
    if p[t.CALL_BASE] >= 0:
        return maker, called_change(p, fmult, bids, points, g, s, tricks, change)
    made = score_hand(p, fmult, bids, points, s[g, S_B], maker % sides, tricks, s[g, S_REQUIRED],
                      s[g, S_ALONE] == 1, s[g, S_DEF_ALONE] >= 0, s[g, S_FORCED] == 1, change, gone,
                      sides)  # fmt: skip
    return maker % sides, made


@jitcache.counted
def called_change(
    p: Any, fmult: float, bids: Any, points: Any, g: int, s: Any, tricks: Any, change: Any
) -> int:
    """``called_change``: game ``g``'s hand with a called partner scored into ``change`` by
    seat (``tricks``: by seat), the maker and the partners against the others as two sides of
    :func:`score_hand`, each player of a side scoring the side's points (a maker without a
    partner plays alone); 1 when made, else 0."""
    maker, partner, second = s[g, S_MAKER], s[g, S_PARTNER], s[g, S_PARTNER2]
    two, ours = np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64)
    for q in range(p[t.N]):
        two[0 if q == maker or q == partner or q == second else 1] += tricks[q]  # noqa: SIM109 - numba
    lone = s[g, S_ALONE] == 1 or partner < 0
    made = score_hand(p, fmult, bids, points, s[g, S_B], 0, two, s[g, S_REQUIRED], lone, False,
                      s[g, S_FORCED] == 1, ours, 0, 2)  # fmt: skip
    for q in range(p[t.N]):
        change[q] = ours[0] if q == maker or q == partner or q == second else ours[1]  # noqa: SIM109 - numba
    return made
