"""The compiled kernel's parts shared by its hand and game loops (numba): a random decision
written to the output buffers, the tricks of a hand (:func:`_play`, as the Python ``play``
phase), and the scoring of a hand and of the game, as :mod:`hasenpfeffer.engine.scoring` does
it (``score_hand``, ``game_winner``)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import jitcache
from . import greedy_compiled as gc
from . import tables as t
from .draws_compiled import bot_draw

_jit = jitcache.jit(nogil=True)
_leaf = jitcache.jit(nogil=True, _nrt=False)
"""For the helpers of every decision and hand, which allocate nothing: compiled without numba's
reference counting, a call takes its arrays at no cost (counted, each array taken cost two atomic
operations a call, and the whole-game kernel spent more on them than on its draws)."""
_inline = jitcache.jit(nogil=True, inline="always")
"""For :func:`_play`, inlined into its one caller (the hand), which passes it some twenty arrays."""

# a hand's row: these columns, then tricks, score change and scores by side, then the deal
H_GAME, H_DEALER, H_MAKER, H_BID, H_TRUMP, H_ALONE, H_DEF_ALONE, H_THROWN, H_FORCED = range(9)
H_MADE, H_ASTART, H_ACOUNT, H_SWAP, H_REDEAL, H_DROPPED, H_COLS = range(9, 16)
"""``H_DROPPED``: the seats that dropped out of the hand (``alone.drop_out``), a bit each."""
BID_ORDER_UP, BID_TURNED, BID_DECLARED = -2, -3, -4
"""``H_BID`` of a hand made by order-up, by a turned card of a ``turned_trump`` suit, and
(``BID_DECLARED - d``) ended by declaration ``d`` (``-1``: no bid; ``L``: the forced bid outside
the ladder)."""
# counters: actions written, legal ids written, hand rows written, overflow
A_N, L_N, H_N, OVER = range(4)


@_leaf
def _holds(hand: Any, cnt: Any, seat: int, card: int) -> bool:
    """Whether ``seat`` holds ``card``."""
    for j in range(cnt[seat]):  # noqa: SIM110 - a loop numba compiles
        if hand[seat, j] == card:
            return True
    return False


@_leaf
def _remove(hand: Any, cnt: Any, seat: int, card: int) -> None:
    """Take ``card`` out of ``seat``'s hand (the last card takes its place)."""
    last = cnt[seat] - 1
    for j in range(last + 1):
        if hand[seat, j] == card:
            hand[seat, j] = hand[seat, last]
            cnt[seat] = last
            return


@_leaf
def _distinct(p: Any, legal: Any, k: int) -> int:
    """With two copies of each card (``pack.copies``), keep one id of each card among the first
    ``k`` legal ids (the first of each, in order: the Python engine's one action per distinct
    card); how many are left."""
    if not p[t.COPIES]:
        return k
    m = 0
    for i in range(k):
        seen = False
        for j in range(m):
            if legal[j] == legal[i]:
                seen = True
                break
        if not seen:
            legal[m] = legal[i]
            m += 1
    return m


@_leaf
def _decide(st: Any, seat: int, legal: Any, k: int, acts: Any, ctr: Any, lcnt: Any, lbuf: Any, record: bool,
            debug: bool) -> int:  # fmt: skip
    """The random bot at ``seat`` draws one of the ``k`` legal ids (:mod:`.draws_compiled`), and
    writes it (and in debug the legal ids) when recording."""
    return _write(int(legal[bot_draw(st, seat, k)]), legal, k, acts, ctr, lcnt, lbuf, record, debug)


@_leaf
def _sort_ids(legal: Any, k: int) -> None:
    """Put the first ``k`` legal ids in order (a hand's cards: the Python engine's order)."""
    for i in range(1, k):
        x = legal[i]
        j = i - 1
        while j >= 0 and legal[j] > x:
            legal[j + 1] = legal[j]
            j -= 1
        legal[j + 1] = x


@_leaf
def _write(x: int, legal: Any, k: int, acts: Any, ctr: Any, lcnt: Any, lbuf: Any, record: bool,
           debug: bool) -> int:  # fmt: skip
    """Take ``x``, one of the ``k`` legal ids: write it (and in debug the legal ids) when recording."""
    if record:
        na = ctr[A_N]
        if na < acts.shape[0]:
            acts[na] = x
            if debug:
                lcnt[na] = k
                nl = ctr[L_N]
                if nl + k <= lbuf.shape[0]:
                    for i in range(k):
                        lbuf[nl + i] = legal[i]
                else:
                    ctr[OVER] = 1
                ctr[L_N] = nl + k
        else:
            ctr[OVER] = 1
    ctr[A_N] += 1
    return int(x)


@_leaf
def _value(points: Any, kind: int, tricks: int, bid: int, hs: int) -> int:
    """``Points.value``: the table's entry for ``tricks`` tricks, else the formula."""
    if points[kind, t.P_TABLE + tricks]:
        return int(points[kind, t.P_TABLE + hs + 1 + tricks])
    return int(points[kind, t.P_FIXED] + points[kind, t.P_TRICK] * tricks + points[kind, t.P_BID] * bid)


@_leaf
def _score(p: Any, fmult: float, bids: Any, points: Any, b: int, mside: int, tricks: Any, required: int,
           alone: bool, def_alone: bool, forced: bool, change: Any, out: int) -> int:  # fmt: skip
    """``score_hand``: the score change by side into ``change``; 1 when made, else 0. ``out``:
    the sides that dropped out (a bit each), which score nothing; a side that stayed in and
    took no trick scores ``scoring.bucked`` where the variant has it."""
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
            for side in range(p[t.SIDES]):
                if side != mside and not (out >> side) & 1:
                    change[side] += pts
    if p[t.HAS_DEF] and bids[b, t.B_DEF_SCORE]:
        for side in range(p[t.SIDES]):
            if side != mside and not (out >> side) & 1:
                change[side] += _value(points, t.DEFENDERS, tricks[side], required, hs)
    if p[t.HAS_BUCKED]:
        for side in range(p[t.SIDES]):
            if tricks[side] == 0 and not (out >> side) & 1:
                change[side] = p[t.BUCKED]
    return 1 if made else 0


@_leaf
def _winner(p: Any, scores: Any, mside: int, made: int) -> int:
    """``game_winner``: the side that won after a hand, or -1 to play on."""
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


@_leaf
def _first_leader(p: Any, maker: int, dealer: int, alone: bool, def_alone: int, out: Any) -> int:
    """The seat that leads the first trick: the dealer's left, the maker, or beside a lone
    player, as the variant says, passing over the seats that sit out (``out``)."""
    n = p[t.N]
    if maker < 0:
        leader = (dealer + 1) % n
    elif alone and def_alone >= 0 and p[t.BOTH] != 2:
        leader = def_alone if p[t.BOTH] == 0 else maker
    elif (alone or def_alone >= 0) and p[t.LEAD_ALONE_LEFT] and not (alone and def_alone >= 0):
        leader = ((maker if alone else def_alone) + 1) % n
    elif p[t.LEAD_MAKER]:
        leader = maker
    else:
        leader = (dealer + 1) % n
    while out[leader]:
        leader = (leader + 1) % n
    return int(leader)


@_leaf
def _order_ups(p: Any, partner_alone: bool, may_alone: bool, stuck_now: bool, legal: Any, k: int) -> int:
    """List from ``legal[k]`` the answers to a turned card: order it up (not where the dealer's
    partner must go alone), alone where allowed, and the pass unless the dealer is stuck now
    (or nothing else is open); the new count."""
    first = k
    if not partner_alone or not may_alone:
        legal[k] = p[t.ORDER_BASE]
        k += 1
    if may_alone:
        legal[k] = p[t.ORDER_BASE] + 1
        k += 1
    if not stuck_now or k == first:
        legal[k] = p[t.PASS_ID]
        k += 1
    return k


@_leaf
def _trump_names(
    p: Any, trump_ids: Any, turned: int, stuck_now: bool, may_alone: bool, legal: Any, k: int
) -> int:
    """List from ``legal[k]`` the trumps a player may name after the turned card (``turned``) is
    refused, each alone too where allowed, and the pass where it is open; the new count."""
    ns = p[t.NS]
    barred = turned if p[t.BARRED] and not (stuck_now and p[t.STUCK_TS]) else -1
    last = ns + 1 if p[t.NO_TRUMP] or (stuck_now and p[t.STUCK_NT]) else ns
    for o in range(last):
        if o != barred:
            legal[k] = trump_ids[o, 0]
            k += 1
            if may_alone:
                legal[k] = trump_ids[o, 1]
                k += 1
    if not stuck_now or k == 0:
        legal[k] = p[t.PASS_ID]
        k += 1
    return k


@_inline
def _play(p: Any, fmult: float, eff: Any, key: Any, bids: Any, points: Any, dealer: int, maker: int,
          b: int, ti: int, alone: bool, def_alone: int, forced: bool, required: int, hand: Any, cnt: Any,
          ws: Any, st: Any, legal: Any, hr: Any, acts: Any, ctr: Any, lcnt: Any, lbuf: Any, record: bool,
          debug: bool, pol: Any, g: Any, kn: Any) -> int:  # fmt: skip
    """The tricks and the scoring of a hand whose trump is made; 0 (the deal passes on). Seats
    whose ``pol`` is 1 play greedy (:mod:`.greedy_compiled`, ``g`` its tables, ``kn`` the cards
    played and laid away this hand), the others at random."""
    n, ns, joker, sides, base = p[t.N], p[t.NS], p[t.JOKER], p[t.SIDES], p[t.PLAY_BASE]
    out, won, cards, seats = ws[1], ws[2], ws[3], ws[4]
    leader = _first_leader(p, maker, dealer, alone, def_alone, out)
    active = n - out[:n].sum()
    won[:n] = 0
    effs = eff[ti]
    misere = False
    if pol is not None:
        misere = maker >= 0 and gc.is_misere(g, b)
    none = kn[0, :0]  # no hand shown (a view: nothing allocated)
    for done in range(cnt[leader]):
        seat, led = leader, -1
        for j in range(active):
            k = 0
            held = hand[seat]
            if j > 0:
                for i in range(cnt[seat]):
                    if effs[held[i]] == led:
                        legal[k] = held[i] + base
                        k += 1
            if k == 0:
                k = cnt[seat]
                for i in range(k):
                    legal[i] = held[i] + base
            _sort_ids(legal, k)
            k = _distinct(p, legal, k)
            if pol is not None and pol[seat] and k > 1:
                mine = (
                    np.sort(hand[seat, : cnt[seat]]) if misere else hand[seat, : cnt[seat]]
                )  # order: misère's
                unseen = gc.unseen_of(g, kn, seat, mine)
                if misere:
                    shown = np.sort(hand[maker, : cnt[maker]]) if gc.shown_now(g, b, done) else none
                    x = gc.misere_play(p, g, mine, unseen, legal, k, seat, maker, ti, b, cards, seats, j, kn,
                                       active, shown)  # fmt: skip
                else:
                    taken = 0
                    for q in range(n):
                        if q % sides == seat % sides:
                            taken += won[q]
                    x = gc.play(p, g, mine, unseen, legal, k, seat, maker, ti, cards, seats, j, taken, key)
                c = _write(x, legal, k, acts, ctr, lcnt, lbuf, record, debug) - base
            else:
                c = _decide(st, seat, legal, k, acts, ctr, lcnt, lbuf, record, debug) - base
            _remove(hand, cnt, seat, c)
            if pol is not None:
                kn[0, c] += 1
                kn[3, kn[2, 1]], kn[4, kn[2, 1]] = c, seat  # the hand's cards in play order, and their seats
                kn[2, 1] += 1
            cards[j], seats[j] = c, seat
            if j == 0:
                led = effs[c]
                if c == joker and ti == ns and p[t.JOKER_NAMES]:
                    for s in range(ns):
                        legal[s] = p[t.SUIT_BASE] + s
                    if pol is not None and pol[seat]:
                        mine = np.sort(hand[seat, : cnt[seat]])
                        unseen = gc.unseen_of(g, kn, seat, mine)
                        if misere and maker % sides != seat % sides:
                            shown = np.sort(hand[maker, : cnt[maker]]) if gc.shown_now(g, b, done) else none
                            x = gc.misere_suit(p, g, unseen, seat, maker, ti, shown)
                        else:
                            x = gc.name_suit(p, g, mine, unseen, ti)
                        led = _write(x, legal, ns, acts, ctr, lcnt, lbuf, record, debug) - p[t.SUIT_BASE]
                    else:
                        led = (
                            _decide(st, seat, legal, ns, acts, ctr, lcnt, lbuf, record, debug)
                            - p[t.SUIT_BASE]
                        )
            seat = (seat + 1) % n
            while out[seat]:
                seat = (seat + 1) % n
        row = key[ti, effs[cards[0]]]
        best, top = 0, row[cards[0]]
        for j in range(1, active):
            if row[cards[j]] > top:
                best, top = j, row[cards[j]]
        winner = leader
        for _ in range(best):
            winner = (winner + 1) % n
            while out[winner]:
                winner = (winner + 1) % n
        won[winner] += 1
        leader = winner
    tricks = hr[H_COLS : H_COLS + sides]
    change = hr[H_COLS + sides : H_COLS + 2 * sides]
    for q in range(n):
        tricks[q % sides] += won[q]
    hr[H_ALONE], hr[H_DEF_ALONE], hr[H_FORCED] = alone, def_alone >= 0, forced
    if maker < 0:
        for s in range(sides):
            change[s] = p[t.NM_PER] * tricks[s] - p[t.NM_SHORT] * max(0, p[t.NM_MIN] - tricks[s])
        hr[H_MADE] = -1
    else:
        gone = 0  # the sides of the seats that dropped out
        for q in range(n):
            if (hr[H_DROPPED] >> q) & 1:
                gone |= 1 << (q % sides)
        hr[H_MADE] = _score(p, fmult, bids, points, b, maker % sides, tricks, required, alone, def_alone >= 0,
                            forced, change, gone)  # fmt: skip
    return 0
