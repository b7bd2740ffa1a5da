"""The compiled stepwise kernel (numba): N games of a covered variant, one decision at a time.

Each game stops at its next decision, with its legal ids listed, until it is given an action
id (:func:`step`, or the bots of :mod:`.steppolicy_compiled`). The phases are the Python
engine's, a module for each in :mod:`.phases` (the deal, weak hands, the auction and naming
trump, order-up, the discard, the exchange, lone defence, dropping out, declarations, the
tricks and the scoring), gone through in the Python plan's order by
:mod:`.phases.course_compiled`. Here a hand that ended is scored and the game goes on or ends
(:func:`hand_over`); a finished game (won, or at the cap of hands) starts again at once with a
new dealer, drawn from the game's own generator.

:mod:`hasenpfeffer.rl.vector` drives it; the state is a handful of arrays, one row per game
(:func:`.phases.layout.arrays`). A game is stepped one decision at a time by
:func:`.phases.course_compiled.advance`, then :func:`hand_over` where the hand ended, then
:func:`.phases.course_compiled.legal_ids`: :mod:`.steppolicy_compiled` loops over them with bots
deciding, for :mod:`hasenpfeffer.rl.seatvector`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import tables as t
from .draws_compiled import V_GAMES, V_SEED, draw, restart
from .phases.base_compiled import seat_row
from .phases.course_compiled import advance, legal_ids
from .phases.deal_compiled import deal_hand, pass_deal
from .phases.layout import O_HAND, S_BARRED, S_DEALER, S_HANDS, S_IMPOSED, S_PLAYED, S_RESTING, S_SEAT, S_WON
from .phases.scoring_compiled import after_hand, hand_change
from .view_compiled import observe_seat


@jitcache.bare
def new_game(p: Any, g: int, s: Any, st: Any, scores: Any) -> None:
    """Start game ``g`` again: its key (:func:`.draws_compiled.restart`), scores 0, a random dealer."""
    scores[g, :] = 0
    s[g, S_HANDS], s[g, S_PLAYED], s[g, S_BARRED], s[g, S_RESTING], s[g, S_IMPOSED] = 0, 0, 0, 0, 0
    s[g, S_WON : S_WON + p[t.SIDES]] = 0
    s[g, S_DEALER] = seat_row(p, restart(st[g], p[t.N]), t.SEAT_FIRST_DEALER)


@jitcache.counted
def hand_over(p: Any, fmult: float, deck: Any, suit_of: Any, bids: Any, points: Any, max_hands: int,
               g: int, how: int, s: Any, st: Any, hand: Any, cnt: Any, kitty: Any, pv: Any, scores: Any,
               dbuf: Any, dn: Any, rew: Any, term: Any, trunc: Any, fin: Any, at: Any, phase_at: Any,
               fobs: Any, hend: Any, bid_obs: Any, hcol: Any, hist: Any, me: int, every: bool) -> None:  # fmt: skip
    """Score game ``g``'s hand (``how``: 1 played out, 2 thrown in after the making, 3 thrown in
    at the deal and dealt again by the same dealer, 4 by the next, 5 ended by a declared set),
    end or go on with the game, and deal until a decision awaits. A game's end writes ``term``, ``trunc``, ``fin`` and its last view into ``fobs``, seen by the seat that
    moved last; with ``me`` a seat, only the first end of the call does, ``fobs`` is ``me``'s
    view of its finished hand (no card held, as :mod:`hasenpfeffer.rl.handend`), and with
    ``every`` it is written for the first hand of the call whether or not the game ends."""
    n, sides = p[t.N], p[t.SIDES]
    kept = False
    while True:
        change = np.zeros(2 * sides, dtype=np.int64)  # and the tricks
        winner = -1
        if how == 1 or how == 5:
            mside, made = hand_change(p, fmult, bids, points, g, how, s, pv, change, change[sides:])
            for x in range(sides):
                scores[g, x] += change[x]
            winner = after_hand(p, g, s, scores, mside, made)  # -1: a game of the match won, or none
        for q in range(n):
            rew[g, q] += change[q % sides]
        hend[g] += 1
        s[g, S_HANDS] += 1
        new = 0
        ends = winner >= 0 or s[g, S_HANDS] >= max_hands
        if ends and (me < 0 or not (term[g] or trunc[g])):
            term[g], trunc[g] = winner >= 0, winner < 0
            fin[g, 0], fin[g, 1] = winner, s[g, S_HANDS]
            fin[g, 2 : 2 + sides] = scores[g]
        if (me < 0 and ends) or (me >= 0 and not kept and (every or ends)):
            fobs[g, :] = 0
            observe_seat(p, at, phase_at, bid_obs, hcol, hist, g, s[g, S_SEAT] if me < 0 else me, True, s, hand,
                         cnt, kitty, pv, scores, fobs[g])  # fmt: skip
            if me >= 0:
                fobs[g, at[O_HAND] : at[O_HAND] + p[t.C]] = 0
            kept = True
        if ends:
            new_game(p, g, s, st, scores)
            new = 1
        else:
            pass_deal(p, g, s, how)
        how = deal_hand(p, deck, suit_of, g, s, st, hand, cnt, kitty, pv, dbuf, dn, new)
        if how == 0:
            return


@jitcache.counted
def reset(p: Any, deck: Any, suit_of: Any, eff: Any, trump_ids: Any, seeds: Any, s: Any, st: Any,
          hand: Any, cnt: Any, kitty: Any, pv: Any, scores: Any, legal: Any, k: Any, dbuf: Any, dn: Any,
          rew: Any, term: Any, trunc: Any, fin: Any, fmult: float, bids: Any, points: Any,
          max_hands: int, at: Any, phase_at: Any, fobs: Any, hend: Any, bid_obs: Any, hcol: Any,
          hist: Any) -> None:  # fmt: skip
    """Key every game by ``seeds``, draw its dealer and deal until its first decision."""
    dn[:] = 0
    for g in range(seeds.shape[0]):
        st[g, V_SEED], st[g, V_GAMES] = np.uint64(seeds[g]), np.uint64(0)
        new_game(p, g, s, st, scores)
        how = deal_hand(p, deck, suit_of, g, s, st, hand, cnt, kitty, pv, dbuf, dn, 1)
        if how:
            hand_over(p, fmult, deck, suit_of, bids, points, max_hands, g, how, s, st, hand, cnt, kitty, pv,
                       scores, dbuf, dn, rew, term, trunc, fin, at, phase_at, fobs, hend, bid_obs, hcol, hist, -1,
                       False)  # fmt: skip
        legal_ids(p, eff, trump_ids, bids, g, s, hand, cnt, legal, k)
    rew[:] = 0
    hend[:] = 0
    term[:] = False
    trunc[:] = False


@jitcache.counted
def step(p: Any, fmult: float, deck: Any, eff: Any, key: Any, suit_of: Any, trump_ids: Any, bids: Any,
         points: Any, max_hands: int, actions: Any, s: Any, st: Any, hand: Any, cnt: Any, kitty: Any,
         pv: Any, scores: Any, legal: Any, k: Any, dbuf: Any, dn: Any, rew: Any, term: Any, trunc: Any,
         fin: Any, at: Any, phase_at: Any, fobs: Any, hend: Any, bid_obs: Any, hcol: Any,
         hist: Any) -> None:  # fmt: skip
    """Apply one (legal: checked by the caller) action id per game; rewards, ends, next decisions."""
    dn[:] = 0
    hend[:] = 0
    rew[:] = 0
    term[:] = False
    trunc[:] = False
    for g in range(actions.shape[0]):
        how = advance(p, eff, key, trump_ids, bids, hcol, hist, g, actions[g], s, hand, cnt, kitty, pv)
        if how:
            hand_over(p, fmult, deck, suit_of, bids, points, max_hands, g, how, s, st, hand, cnt, kitty, pv, scores,
                      dbuf, dn, rew, term, trunc, fin, at, phase_at, fobs, hend, bid_obs, hcol, hist, -1,
                      False)  # fmt: skip
        legal_ids(p, eff, trump_ids, bids, g, s, hand, cnt, legal, k)


@jitcache.counted
def end_hand(kt: Any, ko: Any, ka: Any, g: int, how: int, me: int, every: bool) -> None:
    """:func:`hand_over` of game ``g``, from the tuples of :func:`tuples`."""
    p, fmult, deck, suit_of, bids, points, max_hands = kt[0], kt[1], kt[2], kt[5], kt[7], kt[8], kt[9]
    at, phase_at, bid_obs, hcol = ko
    s, st, hand, cnt, kitty, pv, scores = ka[0], ka[1], ka[2], ka[3], ka[4], ka[5], ka[6]
    dbuf, dn, rew, term, trunc, fin, fobs, hend, hist = ka[9:]
    hand_over(p, fmult, deck, suit_of, bids, points, max_hands, g, how, s, st, hand, cnt, kitty, pv, scores, dbuf,
              dn, rew, term, trunc, fin, at, phase_at, fobs, hend, bid_obs, hcol, hist, me, every)  # fmt: skip


@jitcache.counted
def seed(st: Any, value: int) -> None:
    """Key the sampler ``st`` (two uint64: its key, the words drawn) by ``value``."""
    st[0], st[1] = np.uint64(value), np.uint64(0)


@jitcache.counted
def sample(st: Any, legal: Any, k: Any, out: Any) -> None:
    """A uniformly random legal id per game into ``out``, drawn from the sampler ``st``."""
    for g in range(k.shape[0]):
        out[g] = legal[g, draw(st, 0, k[g])]
