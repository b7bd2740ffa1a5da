"""Whole games over the stepped kernel (numba): the batch engine's games played one decision at a
time by :mod:`.step_compiled`, the bots of :mod:`.steppolicy_compiled` deciding, into the rows
of :mod:`.rows`.

Each game is keyed by its own seed, as the Python engine keys it (its first dealer, its deals
and its random bots' draws: :mod:`.draws_compiled`), so the same seed gives the game the
Python engine plays. A game plays hands until a side wins it
(in a match, enough games) or ``max_hands`` are played. Each hand writes a row: its result, and
when recording its deal and the span of its action ids in ``acts``. :func:`arrays` gives the
state of one game in play, which :func:`play` takes as the stepped kernel's tuples.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import step_compiled as sc
from . import steppolicy_compiled as sp
from . import tables as t
from .decide_compiled import A_N, H_N, L_N, OVER, sort_ids
from .draws_compiled import V_GAMES, V_SEED
from .phases import course_compiled as course
from .phases import layout as ly
from .phases.base_compiled import seat_row
from .phases.deal_compiled import deal_hand, pass_deal
from .phases.discard_compiled import taker
from .phases.scoring_compiled import after_hand, hand_change
from .rows import (
    BID_DECLARED,
    BID_ORDER_UP,
    BID_TURNED,
    CALLED_ALONE,
    CALLED_PARTNER,
    CALLED_UNHELD,
    G_COLS,
    G_DEALER,
    G_HANDS,
    G_WINNER,
    H_ACOUNT,
    H_ALONE,
    H_ASTART,
    H_BID,
    H_CALL,
    H_COLS,
    H_DEALER,
    H_DEF_ALONE,
    H_DROPPED,
    H_DUMMIES,
    H_FORCED,
    H_GAME,
    H_MADE,
    H_MAKER,
    H_PARTNER,
    H_PARTNER2,
    H_REDEAL,
    H_SWAP,
    H_THROWN,
    H_TRUMP,
)
from .viewtables import ViewTables


def arrays(
    tables: Any, actions: int, view: ViewTables | None = None
) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """The stepped kernel's tuples (``kt``, ``ko``, ``ka``: :func:`.step_compiled.tuples`) for one
    game in play at a time (``actions``: the size of the variant's action space), with the
    observation's tables ``view`` where a learned bot plays (:mod:`.viewtables`), else with no
    history kept and no view written."""
    p = tables.params
    if view is None:
        at = np.full(ly.O_COLS, -1, dtype=np.int64)
        phase_at = np.full(ly.PHASES, -1, dtype=np.int64)
        bid_obs = np.full((len(tables.bids) + 1, ly.BO_COLS), -1, dtype=np.int64)
        hcol = np.full(actions, -1, dtype=np.int64)  # no decision kept in a history
        view = ViewTables(at, phase_at, bid_obs, hcol, 0)
    a = ly.arrays(p, 1, actions, view.slots)
    a["fobs"] = np.zeros((1, 1), dtype=np.float32)
    return ly.tuples(tables, 0, view.at, view.phase_at, view.bid_obs, view.hcol, a)


@jitcache.bare
def play(kt: Any, ko: Any, ka: Any, pa: Any, seeds: Any, max_hands: int, record: bool, games_out: Any,
         hands_out: Any, acts: Any, lcnt: Any, lbuf: Any, ctr: Any, stop: Any, hr: Any) -> None:  # fmt: skip
    """Play a game from each of ``seeds`` into ``games_out`` and ``hands_out`` (their rows:
    :mod:`.rows`), and when recording each hand's deal into its row and its action ids into
    ``acts``; where the bots log the legal ids (``pa``'s ``lg``), each decision's count into
    ``lcnt`` and the ids into ``lbuf`` (``ctr``: the counts written and whether a buffer
    overflowed: :data:`.decide_compiled.A_N`...). ``stop`` (no seat stops the bots) and ``hr`` (a
    hand's row) are the caller's, so that nothing is allocated here: compiled without reference
    counting, with each game's loop compiled in, a game costs no call."""
    for gi in range(seeds.shape[0]):
        _game(kt, ko, ka, pa, seeds[gi], gi, max_hands, record, stop, hr, games_out, hands_out, acts, lcnt, lbuf,
              ctr)  # fmt: skip


@jitcache.inline
def _game(kt: Any, ko: Any, ka: Any, pa: Any, seed: Any, gi: int, max_hands: int, record: bool, stop: Any,
          hr: Any, games_out: Any, hands_out: Any, acts: Any, lcnt: Any, lbuf: Any, ctr: Any) -> None:  # fmt: skip
    """Game ``gi`` of :func:`play`, keyed by ``seed`` (``hr``: scratch for a hand's row), compiled
    into it: a call would pass every array of the tuples, hundreds of words, at every game."""
    p, deck, suit_of, eff, trump_ids, bids = kt[0], kt[2], kt[5], kt[3], kt[6], kt[7]
    s, st, hand, cnt, kitty, pv, scores, legal, k, dbuf, dn = ka[:11]
    kn, streams, gen, log, ln, lg = pa[2], pa[3], pa[4], pa[7], pa[8], pa[9]
    n, sides = p[t.N], p[t.SIDES]
    known = sp.any_greedy(pa[0])
    st[0, V_SEED], st[0, V_GAMES] = seed, np.uint64(0)
    sc.new_game(p, 0, s, st, scores)
    gen[0] = -1
    sp.rekey(st, streams, gen, 0)
    games_out[gi, G_DEALER] = s[0, ly.S_DEALER]
    winner, played, new = -1, 0, 1
    while played < max_hands:
        dn[0], ln[0] = 0, 0
        if known:
            sp.forget(kn, 0)
        how = deal_hand(p, deck, suit_of, 0, s, st, hand, cnt, kitty, pv, dbuf, dn, new)
        new = 0
        hr[:] = 0
        if record:
            at = H_COLS + 3 * sides
            for i in range(p[t.DECK]):  # element by element: copying a slice would allocate
                hr[at + i] = dbuf[0, 0, ly.D_CARDS + i]
            for q in range(n):  # each hand by card id, as the Python engine holds it
                first, size = at + seat_row(p, q, t.SEAT_FROM), seat_row(p, q, t.SEAT_DEALT)
                sort_ids(hr[first : first + size], size)
        if how == 0:
            course.legal_ids(p, eff, trump_ids, bids, 0, s, hand, cnt, legal, k)
            how = sp.to_stop(kt, ko, ka, pa, 0, stop, -1)
        _row(p, kt[1], bids, kt[8], gi, how, s, pv, hr)
        for x in range(sides):
            scores[0, x] += hr[H_COLS + sides + x]
            hr[H_COLS + 2 * sides + x] = scores[0, x]
        first = ctr[A_N]  # the decisions are counted, and kept when recording
        hr[H_ASTART], hr[H_ACOUNT] = first, ln[0]
        if record:
            if first + ln[0] <= acts.shape[0] and ln[0] <= log.shape[1]:
                for i in range(ln[0]):
                    acts[first + i] = log[0, i, sp.LOG_ID]
                if lg.shape[1] > 0:
                    _legal(lg, ln[0], first, lcnt, lbuf, ctr)
            else:
                ctr[OVER] = 1
        ctr[A_N] = first + ln[0]
        nh = ctr[H_N]
        if nh < hands_out.shape[0]:
            for i in range(hr.shape[0]):
                hands_out[nh, i] = hr[i]
        else:
            ctr[OVER] = 1
        ctr[H_N] = nh + 1
        played += 1
        s[0, ly.S_HANDS] += 1
        if how == 1 or how == 5:
            mside = hr[H_MAKER] % sides if hr[H_MAKER] >= 0 else -1
            winner = after_hand(p, 0, s, scores, mside, hr[H_MADE])  # -1: a game of the match won, or none
            if winner >= 0:
                break
        pass_deal(p, 0, s, how)
    games_out[gi, G_HANDS], games_out[gi, G_WINNER] = played, winner
    for x in range(sides):
        games_out[gi, G_COLS + x] = scores[0, x]


@jitcache.bare
def _legal(lg: Any, count: int, first: int, lcnt: Any, lbuf: Any, ctr: Any) -> None:
    """The legal ids of the hand's ``count`` decisions logged (``lg``) into ``lcnt`` (from
    decision ``first``) and ``lbuf`` (:attr:`.run.Batch.legal_ids`)."""
    for i in range(count):
        m, nl = lg[0, i, 0], ctr[L_N]
        lcnt[first + i] = m
        if nl + m <= lbuf.shape[0]:
            for j in range(m):
                lbuf[nl + j] = lg[0, i, 1 + j]
        else:
            ctr[OVER] = 1
        ctr[L_N] = nl + m


@jitcache.bare
def _row(p: Any, fmult: float, bids: Any, points: Any, gi: int, how: int, s: Any, pv: Any, hr: Any) -> None:
    """The hand that ended (``how``: 1 played out, 2 thrown in after the making, 3 or 4 at the
    deal, 5 ended by a declared set) into ``hr``: its result, tricks and score change by side."""
    sides = p[t.SIDES]
    hr[H_GAME], hr[H_DEALER] = gi, s[0, ly.S_DEALER]
    hr[H_SWAP], hr[H_REDEAL] = s[0, ly.S_SWAP_RULE], s[0, ly.S_REDEAL_RULE]
    hr[H_MAKER], hr[H_BID], hr[H_TRUMP], hr[H_MADE], hr[H_PARTNER], hr[H_PARTNER2] = -1, -1, -1, -1, -1, -1
    if how != 1 and how != 5:
        hr[H_THROWN] = 1
        hr[H_ALONE] = p[t.CALL_BASE] >= 0  # as the Python result says it: no partner, so alone
        return
    hr[H_TRUMP], hr[H_DROPPED] = s[0, ly.S_TI], s[0, ly.S_DROPPED]
    if p[t.DUMMIES]:
        for q in range(p[t.N]):
            hr[H_DUMMIES] += taker(p, 0, s, q) >= 0
    change, tricks = hr[H_COLS + sides : H_COLS + 2 * sides], hr[H_COLS : H_COLS + sides]
    hr[H_MADE] = hand_change(p, fmult, bids, points, 0, how, s, pv, change, tricks)[1]
    if how == 5:
        hr[H_MAKER], hr[H_BID] = s[0, ly.S_SEAT], BID_DECLARED - s[0, ly.S_DSET]
        return
    maker = s[0, ly.S_MAKER]
    hr[H_ALONE], hr[H_DEF_ALONE], hr[H_FORCED] = (
        s[0, ly.S_ALONE],
        s[0, ly.S_DEF_ALONE] >= 0,
        s[0, ly.S_FORCED],
    )
    hr[H_PARTNER], hr[H_PARTNER2] = s[0, ly.S_PARTNER], s[0, ly.S_PARTNER2]
    if p[t.CALL_BASE] >= 0:  # without a partner, alone (the Python result's, with no maker too)
        hr[H_ALONE] = hr[H_ALONE] or s[0, ly.S_PARTNER] < 0
        if maker >= 0 and (s[0, ly.S_CALLED] >= 0 or s[0, ly.S_PARTNER] >= 0):  # a card, or a seat named
            hr[H_CALL] = CALLED_PARTNER if s[0, ly.S_PARTNER] >= 0 else CALLED_UNHELD
        elif maker >= 0 and not s[0, ly.S_LONE_CONTRACT]:
            hr[H_CALL] = CALLED_ALONE
    hr[H_MAKER] = maker
    if s[0, ly.S_BY_TURN]:
        hr[H_BID] = BID_TURNED
    elif maker >= 0:
        hr[H_BID] = s[0, ly.S_B] if p[t.AUCTION] else BID_ORDER_UP
