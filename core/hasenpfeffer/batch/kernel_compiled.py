"""The compiled kernel: whole games of random and greedy seats (numba).

Imported only when compiled games are played (numba loads with it): :mod:`.run` calls
:func:`play` with a variant's :mod:`.tables`. Each game is keyed by its own seed (its draws:
:mod:`.draws_compiled`, as the Python engine's), starts with a random dealer and plays hands (``hand_compiled.play_hand``) until a side wins the game (in
a match, enough games: :func:`.score_compiled.match_won`) or ``max_hands`` are played; each hand writes a row
(see :mod:`.rows`: its result, and when recording its deal and the span of its
action ids), each game a row of its own (hands, winner, first dealer, scores).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import numba
import numba.core.event
import numpy as np

from .. import jitcache
from .decide_compiled import A_N, H_N, OVER
from .draws_compiled import ST_HAND, ST_SEATS, start
from .hand_compiled import play_hand
from .rows import (
    G_COLS,
    G_DEALER,
    G_HANDS,
    G_WINNER,
    H_ACOUNT,
    H_ASTART,
    H_COLS,
    H_DEALER,
    H_GAME,
    H_MADE,
    H_MAKER,
    H_THROWN,
)
from .score_compiled import game_winner, match_won
from .tables import (
    AP_REDEAL_SAME,
    DECK,
    EX_CARDS,
    HS,
    KS,
    NS,
    SIDES,
    STEP,
    C,
    L,
    N,
)

_jit = jitcache.jit(nogil=True)


def row_width(params: Any) -> int:
    """The width of a hand's row for a variant's parameters."""
    return int(H_COLS + 3 * params[SIDES] + params[N] * params[HS] + params[KS])


def play(p: Any, fmult: float, deck: Any, eff: Any, key: Any, suit_of: Any, trump_ids: Any, bids: Any,
         points: Any, seeds: Any, max_hands: int, record: bool, debug: bool, games_out: Any,
         hands_out: Any, acts: Any, lcnt: Any, lbuf: Any, ctr: Any, pol: Any, g: Any) -> None:  # fmt: skip
    """Play a game from each of ``seeds`` into the output arrays (``ctr``: the counts written
    and whether a buffer overflowed, :mod:`.score_compiled`); ``pol``: each seat's player, 0
    random or 1 greedy (``g``: its tables), or None when every seat is random, which numba
    compiles apart, without the greedy bot's bookkeeping. Each mode is its own compiled
    loop (constant flags, compiled on first use): playing without recording writes nothing
    per decision."""
    mode = _debug if debug else _record if record else _bulk
    mode(p, fmult, deck, eff, key, suit_of, trump_ids, bids, points, seeds, max_hands, games_out,
         hands_out, acts, lcnt, lbuf, ctr, pol, g)  # fmt: skip


@_jit
def _bulk(p: Any, fmult: float, deck: Any, eff: Any, key: Any, suit_of: Any, trump_ids: Any, bids: Any,
          points: Any, seeds: Any, max_hands: int, games_out: Any, hands_out: Any, acts: Any,
          lcnt: Any, lbuf: Any, ctr: Any, pol: Any, g: Any) -> None:  # fmt: skip
    """:func:`play` without recording."""
    _games(p, fmult, deck, eff, key, suit_of, trump_ids, bids, points, seeds, max_hands, False, False,
           games_out, hands_out, acts, lcnt, lbuf, ctr, pol, g)  # fmt: skip


@_jit
def _record(p: Any, fmult: float, deck: Any, eff: Any, key: Any, suit_of: Any, trump_ids: Any, bids: Any,
            points: Any, seeds: Any, max_hands: int, games_out: Any, hands_out: Any, acts: Any,
            lcnt: Any, lbuf: Any, ctr: Any, pol: Any, g: Any) -> None:  # fmt: skip
    """:func:`play` recording deals and actions."""
    _games(p, fmult, deck, eff, key, suit_of, trump_ids, bids, points, seeds, max_hands, True, False,
           games_out, hands_out, acts, lcnt, lbuf, ctr, pol, g)  # fmt: skip


@_jit
def _debug(p: Any, fmult: float, deck: Any, eff: Any, key: Any, suit_of: Any, trump_ids: Any, bids: Any,
           points: Any, seeds: Any, max_hands: int, games_out: Any, hands_out: Any, acts: Any,
           lcnt: Any, lbuf: Any, ctr: Any, pol: Any, g: Any) -> None:  # fmt: skip
    """:func:`play` recording deals, actions and every decision's legal ids."""
    _games(p, fmult, deck, eff, key, suit_of, trump_ids, bids, points, seeds, max_hands, True, True,
           games_out, hands_out, acts, lcnt, lbuf, ctr, pol, g)  # fmt: skip


@_jit
def _games(p: Any, fmult: float, deck: Any, eff: Any, key: Any, suit_of: Any, trump_ids: Any, bids: Any,
           points: Any, seeds: Any, max_hands: int, record: bool, debug: bool, games_out: Any,
           hands_out: Any, acts: Any, lcnt: Any, lbuf: Any, ctr: Any, pol: Any, g: Any) -> None:  # fmt: skip
    """The loop of :func:`play`, in one mode."""
    n, sides = p[N], p[SIDES]
    st = np.zeros(ST_SEATS + 2 * n, dtype=np.uint64)
    hand = np.zeros((n, p[HS] + p[KS] + p[EX_CARDS] * n), dtype=np.int64)  # a lone player's exchange
    cnt = np.zeros(n, dtype=np.int64)
    ws = np.zeros((5, max(p[DECK], n)), dtype=np.int64)
    legal = np.zeros(2 * p[C] + p[L] + 2 * (p[NS] + 1) + 8, dtype=np.int64)
    hr = np.zeros(hands_out.shape[1], dtype=np.int64)
    scores = np.zeros(sides, dtype=np.int64)
    won = np.zeros(sides, dtype=np.int64)
    kn = np.zeros((5 + n, max(p[C], p[DECK])), dtype=np.int64)  # see hand_compiled.play_hand
    for gi in range(seeds.shape[0]):
        dealer = start(st, seeds[gi], n)
        scores[:] = 0
        won[:] = 0
        games_out[gi, G_DEALER] = dealer
        winner, played = -1, 0
        while played < max_hands:
            first = ctr[A_N]
            st[ST_HAND] = played
            same = play_hand(p, fmult, deck, eff, key, suit_of, trump_ids, bids, points, dealer, hand, cnt,
                         ws, st, legal, hr, acts, ctr, lcnt, lbuf, record, debug, pol, g, kn)  # fmt: skip
            played += 1
            hr[H_GAME], hr[H_DEALER], hr[H_ASTART], hr[H_ACOUNT] = gi, dealer, first, ctr[A_N] - first
            change = hr[H_COLS + sides : H_COLS + 2 * sides]
            for s in range(sides):
                scores[s] += change[s]
            hr[H_COLS + 2 * sides : H_COLS + 3 * sides] = scores
            thrown = hr[H_THROWN] == 1
            if not thrown:
                mside = hr[H_MAKER] % sides if hr[H_MAKER] >= 0 else -1
                winner = game_winner(p, scores, mside, hr[H_MADE])
            nh = ctr[H_N]
            if nh < hands_out.shape[0]:
                hands_out[nh, :] = hr
            else:
                ctr[OVER] = 1
            ctr[H_N] = nh + 1
            if winner >= 0:
                if match_won(p, scores, won, winner):
                    break
                winner = -1
            if not (thrown and (same == 1 or (same == 0 and p[AP_REDEAL_SAME]))):
                dealer = (dealer + p[STEP]) % n
        games_out[gi, G_HANDS], games_out[gi, G_WINNER] = played, winner
        games_out[gi, G_COLS : G_COLS + sides] = scores


@contextlib.contextmanager
def compiling(notice: Callable[[], None] | None = None) -> Iterator[list[bool]]:
    """Within the block, call ``notice`` once when numba starts compiling (numba's event API);
    the list yielded is not empty afterwards when it compiled."""
    seen: list[bool] = []

    class Listener(numba.core.event.Listener):
        def on_start(self, event: Any) -> None:
            if not seen and notice is not None:
                notice()
            seen.append(True)

        def on_end(self, event: Any) -> None:
            pass

    with numba.core.event.install_listener("numba:compile", Listener()):
        yield seen
