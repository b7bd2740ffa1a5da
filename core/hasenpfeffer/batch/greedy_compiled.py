"""The ``greedy`` bot compiled (numba): its choice at each decision of the compiled kernel.

Each function here is one of :class:`~hasenpfeffer.bots.greedy.GreedyBot`'s choices, step by
step as the bot takes it from its view: the cards a seat has not seen
(:func:`_unseen`, as ``Evaluator.unseen``), the hand estimates of the compiled twin of
:mod:`hasenpfeffer.bots.handeval` (the same functions, so the same numbers to the bit), a
contract's expected score from the variant's own scoring (a row of the outcome values that
:mod:`.greedytables` works out with ``Evaluator.outcome_values``), ties broken as the bot's
first-best over the Python engine's legal order (cards by id). The twin tests replay compiled
greedy games through the Python engine and ask the Python bot at every decision.

``g`` is :attr:`.greedytables.Greedy.arrays`: ``(eff, power, every, trumping, ruff, ov, rows,
counts0, gi, gf, gw, memo, dists)``, the last three written here: scratch (the unseen cards of
:func:`unseen_of`, which the next call overwrites, and a decision's own) and the memo of a
seat's bidding estimates, which stay the same through an auction.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import jitcache
from ..bots.handeval_compiled import bidding, card_chances, distribution, naming_alone, ordering, strengths
from ..bots.holdings import FRIEND_DEALS, I_DEAL, OTHER_DEALS
from . import misere_compiled as mc
from . import tables as t
from .greedytables import (
    GF_LONG,
    GF_MARGIN,
    GF_PARTNER,
    GF_SURE,
    GI_CONTRACTS,
    GI_DEFENDERS,
    GI_HS,
    GI_ORDER_ROW,
    GI_PARTNERS,
    GI_TRICKS,
    GI_WIDOW,
    M_ALONE,
    M_BEST,
    M_COLS,
    M_FULL,
    M_HAND,
    M_OPTIONS,
    M_TOP,
    R_ALONE,
    R_MISERE,
    R_NAMED,
    R_NEED,
    R_OPEN,
    R_SHOWN,
    R_SHOWN_LEAD,
    R_TRUMP,
)

_jit = jitcache.jit(nogil=True)
_inline = jitcache.jit(nogil=True, inline="always")
"""For the choices taken most often and the small kernels they call: compiled into their
callers, so that the arrays they take (``g``'s among them) cost no reference counting at each call."""

NOT_SURE = -1e9
"""The value of going alone short of sure (``GreedyBot._trump_value``)."""


@_jit
def _round2(x: float) -> int:
    """``round(x, 2) * 100`` as Python rounds (the decimal value of ``x``, half to even), as
    a whole number: ``x`` lies between 0 and 1."""
    y = x * 100.0
    f = math.floor(y)
    d = y - f
    if abs(d - 0.5) > 1e-6:
        return int(f) + (1 if d > 0.5 else 0)
    m, e = math.frexp(x)  # x = m * 2**e exactly, m in [0.5, 1): compare 100 x with f + 1/2 exactly
    mant = np.int64(math.ldexp(m, 53))
    shift = 53 - e  # x = mant / 2**shift
    lhs = mant * 200  # 200 x * 2**shift
    rhs = (2 * np.int64(f) + 1) << shift  # (2 f + 1) * 2**shift
    if lhs > rhs:
        return int(f) + 1
    if lhs < rhs:
        return int(f)
    return int(f) + (int(f) & 1)


@_jit
def _sorted(hand: Any, cnt: Any, seat: int) -> Any:
    """The seat's hand as the Python view gives it: card ids from the lowest."""
    return np.sort(hand[seat, : cnt[seat]])


@_inline
def _unseen(g: Any, gone: Any, aside: Any, mine: bool, held: Any) -> Any:
    """``Evaluator.unseen``: the pack's copies of each card less those played this hand
    (``gone``), those ``held`` and, for the seat that laid them away (``mine``), ``aside``; in
    the scratch ``g[11]``, which the next call overwrites."""
    counts0 = g[7]
    faces = len(counts0)
    u = g[11][1 : 1 + faces]
    for c in range(faces):
        x = counts0[c] - gone[c] - (aside[c] if mine else 0)
        u[c] = x if x > 0 else 0
    for c in held:
        if u[c] > 0:
            u[c] -= 1
    return u


@_inline
def _scratch(p: Any, g: Any) -> tuple[Any, Any, Any, Any]:
    """A decision's scratch after the unseen cards: room for a hand, then three counts by suit."""
    gw, suits = g[11], p[t.NS] + 1
    at = 1 + len(g[7])
    end = len(gw) - 3 * suits
    return gw[at:end], gw[end : end + suits], gw[end + suits : end + 2 * suits], gw[end + 2 * suits :]


@_inline
def _share(unseen: Any, partners: int, hs: int) -> float:
    """``Evaluator._share``: the partners' part of the unseen cards."""
    total = 0
    for x in unseen:
        total += x
    return partners * hs / total if total else 0.0


@_inline
def _ev(dist: Any, ov: Any, row: int, alone: int, dalone: int) -> float:
    """``Evaluator.contract_ev``: the makers' expected score difference, added up as Python adds it."""
    values = ov[row, alone, dalone]
    total = 0.0
    for i in range(min(len(dist), len(values))):
        total += dist[i] * values[i]
    return total


@_inline
def _tail(dist: Any, need: int) -> float:
    total = 0.0
    for i in range(need, len(dist)):
        total += dist[i]
    return total


@_jit
def _dist(p: Any, g: Any, hand: Any, ti: int, unseen: Any, share: float, widow: int, extra: Any) -> Any:
    """``Evaluator.distribution`` with the partners' ``share`` given."""
    eff, power, every, _, ruff, _, _, _, gi, gf = g[:10]
    return distribution(eff[ti], power[ti], every[ti], ti, p[t.NS], ruff, hand, unseen, share, gf[GF_PARTNER],
                        widow, extra, gi[GI_TRICKS], gf[GF_LONG])  # fmt: skip


@_inline
def _pass_or(p: Any, legal: Any, k: int, found: bool, value: float, x: int, margin: float) -> int:
    """``_best_or_pass``: ``x`` if it promises more than the margin, else a pass where one is legal."""
    has_pass = False
    for i in range(k):
        if legal[i] == p[t.PASS_ID]:
            has_pass = True
    if not found or (has_pass and value <= margin):
        return int(p[t.PASS_ID]) if has_pass else int(legal[0])
    return x


@_inline
def _bidding(p: Any, g: Any, hand: Any, unseen: Any, options: Any, count: int, lone: bool) -> int:
    """The memo row holding ``bidding``'s trumps and distributions for these inputs, worked
    out and kept there (over the row filled longest ago) when none holds them."""
    eff, power, every, ruff, gi, gf, gw, memo, kept = g[0], g[1], g[2], g[4], g[8], g[9], g[11], g[12], g[13]
    n, m, options_all, faces = len(hand), len(options), eff.shape[0], eff.shape[1]
    at_options = memo.shape[1] - 2 * options_all - faces
    at_unseen, at_top = at_options + options_all, at_options + options_all + faces
    for e in range(memo.shape[0]):  # (indexed, not viewed: a view of a row costs its reference count)
        if not (memo[e, M_FULL] and memo[e, M_HAND] == n and memo[e, M_OPTIONS] == m and memo[e, M_BEST] == count
                and memo[e, M_ALONE] == lone):  # fmt: skip
            continue
        same = True
        for i in range(n):
            if memo[e, M_COLS + i] != hand[i]:
                same = False
                break
        if same:
            for i in range(m):
                if memo[e, at_options + i] != options[i]:
                    same = False
                    break
        if same:
            for c in range(faces):
                if memo[e, at_unseen + c] != unseen[c]:
                    same = False
                    break
        if same:
            return e
    share = _share(unseen, gi[GI_PARTNERS], gi[GI_HS])
    chosen, dists = bidding(eff, power, every, p[t.NS], ruff, hand, unseen, options, count, share,
                            gf[GF_PARTNER], gi[GI_WIDOW], lone, gi[GI_TRICKS], gf[GF_LONG])  # fmt: skip
    e = gw[0]
    gw[0] = (e + 1) % memo.shape[0]
    row = memo[e]
    row[M_FULL], row[M_HAND], row[M_OPTIONS], row[M_BEST], row[M_ALONE] = 1, n, m, count, lone
    row[M_TOP] = len(chosen)
    for i in range(n):
        row[M_COLS + i] = hand[i]
    for i in range(m):
        row[at_options + i] = options[i]
    for c in range(faces):
        row[at_unseen + c] = unseen[c]
    for i in range(len(chosen)):
        row[at_top + i] = chosen[i]
        kept[e, i] = dists[i]
    return int(e)


@_inline
def _best_bid(p: Any, g: Any, hand: Any, unseen: Any, cand: Any, nc: int, options: Any, count: int,
              lone: bool) -> tuple[bool, float, int]:  # fmt: skip
    """``GreedyBot._best_bid``: the best of the bids ``cand[:nc]`` (ladder places) over the
    ``count`` strongest trumps of ``options``; (found, value, place)."""
    ov, rows, memo, dists = g[5], g[6], g[12], g[13]
    e = _bidding(p, g, hand, unseen, options, count, lone)
    at_top = memo.shape[1] - g[0].shape[0]
    found, best, at = False, 0.0, -1
    for i in range(memo[e, M_TOP]):
        ti = memo[e, at_top + i]
        for j in range(nc):
            b = cand[j]
            if rows[b, R_TRUMP] >= 0 and rows[b, R_TRUMP] != ti:
                continue
            alone = rows[b, R_ALONE]
            value = 0.0  # _ev of the kept distribution, indexed in place
            for x in range(min(dists.shape[3], ov.shape[3])):
                value += dists[e, i, 1 if alone else 0, x] * ov[b, alone, 0, x]
            if not found or value > best:
                found, best, at = True, value, b
    return found, best, at


@_inline
def bid(p: Any, g: Any, hand: Any, unseen: Any, legal: Any, k: int) -> int:
    """``GreedyBot.bid``: the bid with the best expected score, or a pass."""
    _, _, _, _, _, _, rows, _, gi, gf = g[:10]
    ns = p[t.NS]
    options = np.arange(ns + 1 if p[t.NO_TRUMP] else ns)
    cand = np.empty(k, dtype=np.int64)
    nc = 0
    for i in range(k):
        if legal[i] != p[t.PASS_ID]:
            cand[nc] = legal[i] - p[t.BID_BASE]
            nc += 1
    if not gi[GI_CONTRACTS]:
        found, value, b = _best_bid(p, g, hand, unseen, cand, nc, options, 2, False)
    else:
        lone = False
        for j in range(nc):
            if rows[cand[j], R_ALONE]:
                lone = True
        opened = np.empty(nc, dtype=np.int64)
        no = 0
        named = np.empty(nc, dtype=np.int64)
        nn = 0
        for j in range(nc):
            if rows[cand[j], R_OPEN]:
                opened[no] = cand[j]
                no += 1
            elif rows[cand[j], R_NAMED]:
                named[nn] = cand[j]
                nn += 1
        found, value, b = False, 0.0, -1
        if no:
            found, value, b = _best_bid(p, g, hand, unseen, opened, no, options, 2, lone)
        if nn:
            mask = np.zeros(p[t.OPTIONS], dtype=np.bool_)
            lone2 = False
            for j in range(nn):
                mask[rows[named[j], R_TRUMP]] = True
                if rows[named[j], R_ALONE]:
                    lone2 = True
            trumps = np.nonzero(mask)[0].astype(np.int64)
            f2, v2, b2 = _best_bid(p, g, hand, unseen, named, nn, trumps, len(trumps), lone2)
            if f2 and (not found or v2 > value):
                found, value, b = True, v2, b2
        for j in range(nc):  # contracts to take no trick, by the chance of none
            if rows[cand[j], R_MISERE]:
                v3 = misere_value(p, g, hand, unseen, cand[j])
                if not found or v3 > value:
                    found, value, b = True, v3, cand[j]
    return _pass_or(p, legal, k, found, value, int(p[t.BID_BASE] + b), gf[GF_MARGIN])


@_inline
def _sure(dist: Any, lone: Any, need: int, sure: float) -> bool:
    return bool(_tail(dist, need) >= sure and _tail(lone, need) >= sure)


@_jit
def name_trump(p: Any, g: Any, trump_ids: Any, hand: Any, unseen: Any, legal: Any, k: int, row: int) -> int:
    """``GreedyBot.name_trump``: the trump (alone or not) with the best expected score, or a
    pass where it is open and none pays."""
    eff, power, every, _, ruff, ov, rows, _, gi, gf = g[:10]
    ns = p[t.NS]
    opt = np.full(k, -1, dtype=np.int64)
    lone = np.zeros(k, dtype=np.bool_)
    seen = np.zeros(ns + 1, dtype=np.bool_)
    options = np.empty(k, dtype=np.int64)
    nopt = 0
    for i in range(k):
        for o in range(ns + 1):
            if legal[i] == trump_ids[o, 0] or legal[i] == trump_ids[o, 1]:
                opt[i], lone[i] = o, legal[i] == trump_ids[o, 1]
        if opt[i] >= 0 and not seen[opt[i]]:
            seen[opt[i]] = True
            options[nopt] = opt[i]
            nopt += 1
    options = options[:nopt]
    if rows[row, R_MISERE]:
        return _misere_trump(p, g, hand, unseen, legal, k, opt, lone, row)
    share = _share(unseen, gi[GI_PARTNERS], gi[GI_HS])
    need, lone_contract = rows[row, R_NEED], rows[row, R_ALONE] == 1
    asked = lone_contract  # any alone: the distributions alone too
    for i in range(k):
        asked = asked or lone[i]
    _, dists, alone_dists = naming_alone(eff, power, every, ns, ruff, hand, unseen, options, gi[GI_TRICKS],
                                         share, gf[GF_PARTNER], gi[GI_TRICKS], gf[GF_LONG], asked)  # fmt: skip
    found, best, x = False, 0.0, -1
    for i in range(k):
        o = opt[i]
        if o < 0:
            continue
        j = 0
        while options[j] != o:
            j += 1
        dist = dists[j]
        if lone[i] or lone_contract:
            alone_dist = alone_dists[j]
            if lone[i] and not _sure(dist, alone_dist, need, gf[GF_SURE]):
                value = NOT_SURE
            else:
                value = _ev(alone_dist, ov, row, 1, 0)
        else:
            value = _ev(dist, ov, row, 0, 0)
        if not found or value > best:
            found, best, x = True, value, int(legal[i])
    return _pass_or(p, legal, k, found, best, x, gf[GF_MARGIN])


@_jit
def order_up(p: Any, g: Any, hand: Any, unseen: Any, legal: Any, k: int, seat: int, dealer: int,
             turned: int, ts: int) -> int:  # fmt: skip
    """``GreedyBot.order_up``: order the turned card up (alone where sure) when it promises a
    positive expected score."""
    eff, power, every, _, ruff, ov, rows, _, gi, gf = g[:10]
    row = gi[GI_ORDER_ROW]
    u = unseen.copy()
    u[turned] = max(0, u[turned] - 1)
    sides = p[t.SIDES]
    who = (
        I_DEAL
        if dealer == seat
        else FRIEND_DEALS
        if (p[t.PARTNERED] and dealer % sides == seat % sides)
        else OTHER_DEALS
    )
    share = _share(u, gi[GI_PARTNERS], gi[GI_HS])
    mine, dist = ordering(eff[ts], power[ts], every[ts], ts, p[t.NS], ruff, hand, turned, u, who,
                          gi[GI_TRICKS], share, gf[GF_PARTNER], gi[GI_TRICKS], gf[GF_LONG])  # fmt: skip
    need = rows[row, R_NEED]
    none = np.zeros(0, dtype=np.float64)
    alone_dist = none
    worked = False
    found, best, x = False, 0.0, -1
    for i in range(k):
        a = legal[i]
        if a == p[t.PASS_ID]:
            continue
        alone = a == p[t.ORDER_BASE] + 1
        if alone:
            if _tail(dist, need) < gf[GF_SURE]:
                continue
            if not worked:
                alone_dist, worked = _dist(p, g, mine, ts, u, 0.0, 0, none), True
            if _tail(alone_dist, need) < gf[GF_SURE]:
                continue
            value = _ev(alone_dist, ov, row, 1, 0)
        else:
            value = _ev(dist, ov, row, 0, 0)
        if not found or value > best:
            found, best, x = True, value, int(a)
    return _pass_or(p, legal, k, found, best, x, gf[GF_MARGIN])


@_jit
def name_turned(p: Any, g: Any, hand: Any, unseen: Any, legal: Any, k: int, turned: int) -> int:
    """``GreedyBot.name_turned``: the suit a turned Joker proposes, the dealer's best as maker."""
    eff, power, every, _, ruff, ov, _, _, gi, gf = g[:10]
    u = unseen.copy()
    u[turned] = max(0, u[turned] - 1)
    share = _share(u, gi[GI_PARTNERS], gi[GI_HS])
    found, best, x = False, 0.0, -1
    for i in range(k):
        s = legal[i] - p[t.SUIT_BASE]
        _, dist = ordering(eff[s], power[s], every[s], s, p[t.NS], ruff, hand, turned, u, I_DEAL,
                           gi[GI_TRICKS], share, gf[GF_PARTNER], gi[GI_TRICKS], gf[GF_LONG])  # fmt: skip
        value = _ev(dist, ov, gi[GI_ORDER_ROW], 0, 0)
        if not found or value > best:
            found, best, x = True, value, int(legal[i])
    return x


@_jit
def defend(p: Any, g: Any, hand: Any, unseen: Any, ti: int, row: int) -> bool:
    """``GreedyBot.defend``: whether to defend alone (it must promise a quarter point more)."""
    _, _, _, _, _, ov, rows, _, gi, _ = g[:10]
    if rows[row, R_MISERE]:  # against a contract to take no trick, never alone
        return False
    n = gi[GI_TRICKS]
    none = np.zeros(0, dtype=np.float64)
    values = np.zeros(2, dtype=np.float64)
    for lone in range(2):
        share = _share(unseen, 0 if lone else gi[GI_PARTNERS], gi[GI_HS])
        mine = _dist(p, g, hand, ti, unseen, share, 0, none)
        maker = np.empty(n + 1, dtype=np.float64)
        for tr in range(n + 1):
            maker[tr] = mine[n - tr]
        values[lone] = -_ev(maker, ov, row, 1, lone)
    return bool(values[1] > values[0] + 0.25)


@_jit
def weak(p: Any, g: Any, hand: Any, unseen: Any) -> bool:
    """``GreedyBot.weak_hand``: whether to call the redeal (or swap), the hand worth less, in
    its best trump, than a fair share of the tricks."""
    eff, power, every, _, ruff, _, _, _, gi, _ = g[:10]
    sums = strengths(eff, power, every, p[t.NS], ruff, hand, unseen, np.arange(p[t.NS]))
    return bool(sums.max() < gi[GI_TRICKS] / p[t.N])


@_jit
def shed(p: Any, g: Any, hand: Any, unseen: Any, ti: int, legal: Any, k: int, base: int) -> int:
    """``GreedyBot.shed``: discard the weakest card (the lowest rounded chance of a trick,
    then the shortest suit, then the lowest power), the lowest id first between equals."""
    eff, power, every, _, ruff, _, _, _, _, _ = g[:10]
    eff = eff[ti]
    ch = card_chances(eff, power[ti], every[ti], ti, p[t.NS], ruff, hand, unseen)
    length = np.zeros(p[t.NS] + 1, dtype=np.int64)
    for c in hand:
        length[eff[c]] += 1
    cands = np.sort(legal[:k])
    best, x = (1 << 60, 0, 0), -1
    for i in range(k):
        c = cands[i] - base
        key = (_round2(_chance_of(hand, ch, c)), length[eff[c]], power[ti][c])
        if x < 0 or key < best:
            best, x = key, int(cands[i])
    return x


@_inline
def _friend(p: Any, seat: int, maker: int, q: int, ally: int) -> bool:
    """``policy.friends``: whether ``q`` plays on ``seat``'s side this hand (its team; without
    partnerships, every defender together against the maker; with called partners, the maker
    and the partners as ``seat`` knows them, ``ally``, a bit by seat (0 while unknown), against
    the others)."""
    sides = p[t.SIDES]
    if p[t.CALL_BASE] >= 0 and maker >= 0:
        return (seat == maker or (ally >> seat) & 1 == 1) == (q == maker or (ally >> q) & 1 == 1)
    if p[t.PARTNERED]:
        return bool(q % sides == seat % sides)
    if maker >= 0 and seat != maker:
        return q != maker
    return q == seat


@_inline
def _outside(eff: Any, power: Any, unseen: Any, left: Any, top: Any) -> None:
    """``policy._outside``: the unseen cards' count and highest power by effective suit, into
    ``left`` and ``top``."""
    for s in range(len(left)):
        left[s] = 0
        top[s] = -1
    for c in range(len(unseen)):
        if unseen[c]:
            e = eff[c]
            left[e] += unseen[c]
            if power[c] > top[e]:
                top[e] = power[c]


@_inline
def play(p: Any, g: Any, hand: Any, unseen: Any, legal: Any, k: int, seat: int, maker: int, ti: int,
         trick: Any, seats: Any, nt: int, taken: int, key: Any, ally: int) -> int:  # fmt: skip
    """``GreedyBot.play``: the card of ``policy.play`` (lead strong, take tricks as cheaply as
    possible, never overtake a friend), or a side short of the tricks it must take in a hand
    without a maker leads its strongest (``short_lead``; ``taken``: its tricks so far;
    ``ally``: the called partners as the seat knows them, a bit by seat)."""
    base = p[t.PLAY_BASE]
    room, left, top, length = _scratch(p, g)
    cards = room[:k]
    for i in range(k):  # the legal cards from the lowest id (an insertion sort)
        c = legal[i] - base
        at = i
        while at > 0 and cards[at - 1] > c:
            cards[at] = cards[at - 1]
            at -= 1
        cards[at] = c
    pw, ef, tr = g[1][ti], g[0][ti], g[3][ti]
    if nt == 0 and maker < 0 and p[t.NM_MIN] and taken < p[t.NM_MIN]:
        x = 0
        for i in range(1, k):
            if pw[cards[i]] > pw[cards[x]]:
                x = i
        return int(cards[x] + base)
    _outside(ef, pw, unseen, left, top)
    if nt == 0:
        return int(_lead(p, ti, ef, pw, left, top, length, cards, seat, maker, ally) + base)
    row = key[ti, ef[trick[0]]]
    best, high = 0, row[trick[0]]
    for j in range(1, nt):
        if row[trick[j]] > high:
            best, high = j, row[trick[j]]
    if not _friend(p, seat, maker, seats[best], ally):
        x = -1
        for i in range(k):  # the cheapest card that takes the trick
            c = cards[i]
            if row[c] > high and (x < 0 or pw[c] < pw[x]):
                x = c
        if x >= 0:
            return int(x + base)
    x, low = -1, (True, True, 0)
    for i in range(k):  # the cheapest to give up: not a trump, not a boss, low
        c = cards[i]
        mark = (tr[c], pw[c] >= top[ef[c]], pw[c])
        if x < 0 or mark < low:
            x, low = c, mark
    return int(x + base)


@_inline
def _lead(p: Any, ti: int, ef: Any, pw: Any, left: Any, top: Any, length: Any, cards: Any, seat: int,
          maker: int, ally: int) -> int:  # fmt: skip
    """``policy._lead``: draw trumps when making; else cash a boss card (from the suit with
    most cards out); else lead low from the shortest suit (``length``: scratch by suit)."""
    trump = ti if ti < p[t.NS] else -1
    ntr = 0
    hi = -1
    for c in cards:
        if ef[c] == trump:
            ntr += 1
            if hi < 0 or pw[c] > pw[hi]:
                hi = c
    makers = maker >= 0 and _friend(p, seat, maker, maker, ally)
    if ntr and makers and left[ti] and trump >= 0 and (pw[hi] >= top[trump] or (maker == seat and ntr >= 2)):
        return int(hi)
    x, mark = -1, (0, 0)
    for c in cards:
        if ef[c] != trump and pw[c] >= top[ef[c]]:
            m = (left[ef[c]], pw[c])
            if x < 0 or m > mark:
                x, mark = c, m
    if x >= 0:
        return int(x)
    for s in range(len(length)):
        length[s] = 0
    for c in cards:
        if ef[c] != trump:
            length[ef[c]] += 1
    for c in cards:
        if ef[c] != trump:
            m = (length[ef[c]], pw[c])
            if x < 0 or m < mark:
                x, mark = c, m
    if x >= 0:
        return int(x)
    for c in cards:
        if x < 0 or pw[c] < pw[x]:
            x = c
    return int(x)


@_jit
def name_suit(p: Any, g: Any, hand: Any, unseen: Any, ti: int) -> int:
    """``policy.name_suit``: after leading the Joker in no-trump, the suit to follow: the
    longest, of equal ones the one with most cards out, then the stronger holding."""
    eff, power, _, _, _, _, _, _, _, _ = g[:10]
    ef, pw = eff[ti], power[ti]
    ns = p[t.NS]
    length = np.zeros(ns + 1, dtype=np.int64)
    strength = np.zeros(ns + 1, dtype=np.int64)
    for c in hand:
        length[ef[c]] += 1
        strength[ef[c]] += pw[c]
    _, left, top, _ = _scratch(p, g)
    _outside(ef, pw, unseen, left, top)
    x, mark = -1, (0, 0, 0)
    for s in range(ns):
        m = (length[s], left[s], strength[s])
        if x < 0 or m > mark:
            x, mark = s, m
    return int(p[t.SUIT_BASE] + x)


@_inline
def unseen_of(g: Any, kn: Any, seat: int, mine: Any) -> Any:
    """The cards ``seat`` has not seen (``mine``: its hand; ``kn``: the copies of each card
    played this hand, row 0, and those each seat laid away or gave, row 5 + seat)."""
    return _unseen(g, kn[0], kn[5 + seat], True, mine)


@_inline
def unseen_of_hand(g: Any, mine: Any) -> Any:
    """The cards a seat has not seen before any is played or laid away: all but its hand (in
    the scratch that the next call overwrites)."""
    counts0 = g[7]
    u = g[11][1 : 1 + len(counts0)]
    for c in range(len(counts0)):
        u[c] = counts0[c]
    for c in mine:
        if u[c] > 0:
            u[c] -= 1
    return u


@_jit
def misere_value(p: Any, g: Any, hand: Any, unseen: Any, b: int) -> float:
    """``GreedyBot._misere_value``: the expected score of bid ``b``, a contract to take no
    trick, in its trump (the best for it where it leaves trump to be named)."""
    _, _, _, _, _, ov, rows, _, gi, _, m = g[:11]
    alone = rows[b, R_ALONE]
    partners = 0 if alone else gi[GI_PARTNERS]
    last = p[t.NS] + 1 if p[t.NO_TRUMP] else p[t.NS]
    first = rows[b, R_TRUMP] if rows[b, R_TRUMP] >= 0 else 0
    stop = rows[b, R_TRUMP] + 1 if rows[b, R_TRUMP] >= 0 else last
    best = 0.0
    for ti in range(first, stop):
        dist = mc.no_trick_dist(m, hand, ti, unseen, gi[GI_HS], gi[GI_DEFENDERS], gi[GI_WIDOW],
                                rows[b, R_SHOWN] == 1, partners, -1, gi[GI_TRICKS])  # fmt: skip
        value = _ev(dist, ov, b, alone, 0)
        best = value if ti == first else max(best, value)
    return best


@_jit
def _misere_trump(p: Any, g: Any, hand: Any, unseen: Any, legal: Any, k: int, opt: Any, lone: Any,
                  row: int) -> int:  # fmt: skip
    """``GreedyBot._misere_ranking``: the trump of a contract to take no trick by the chance
    the hand's safest cards take none (never alone unless the contract is)."""
    _, _, _, _, _, ov, rows, _, gi, gf, m = g[:11]
    alone = rows[row, R_ALONE]
    partners = 0 if alone else gi[GI_PARTNERS]
    found, best, x = False, 0.0, -1
    for i in range(k):
        if opt[i] < 0 or (lone[i] and not alone):
            continue
        dist = mc.no_trick_dist(m, hand, opt[i], unseen, gi[GI_HS], gi[GI_DEFENDERS], 0, rows[row, R_SHOWN] == 1,
                                partners, gi[GI_TRICKS], gi[GI_TRICKS])  # fmt: skip
        value = _ev(dist, ov, row, alone, 0)
        if not found or value > best:
            found, best, x = True, value, int(legal[i])
    return _pass_or(p, legal, k, found, best, x, gf[GF_MARGIN])


@_jit
def _chance_of(hand: Any, chances: Any, card: int) -> float:
    """``dict(zip(hand, chances)).get(card, 0.0)``: the chance of ``card`` (its last copy's)."""
    found = 0.0
    for j in range(len(hand)):
        if hand[j] == card:
            found = chances[j]
    return found


@_jit
def _friends(p: Any, seat: int, maker: int, ally: int) -> Any:
    """:func:`_friend` of every seat, as a mask by seat."""
    friends = np.zeros(p[t.N], dtype=np.bool_)
    for q in range(p[t.N]):
        friends[q] = _friend(p, seat, maker, q, ally)
    return friends


@_jit
def give_best(p: Any, g: Any, hand: Any, unseen: Any, ti: int, legal: Any, k: int, base: int) -> int:
    """``GreedyBot.shed_ranking`` of a partner sitting out: it gives the lone player its best
    card (the highest power plus ten times its chance of a trick), the lowest id between equals."""
    eff, power, every, _, ruff, _, _, _, _, _, _ = g[:11]
    ch = card_chances(eff[ti], power[ti], every[ti], ti, p[t.NS], ruff, hand, unseen)
    cands = np.sort(legal[:k])
    x, best = -1, 0.0
    for i in range(k):
        c = cands[i] - base
        key = -power[ti][c] - 10 * _chance_of(hand, ch, c)
        if x < 0 or key < best:
            x, best = int(cands[i]), key
    return x


@_jit
def misere_shed(p: Any, g: Any, hand: Any, unseen: Any, ti: int, legal: Any, k: int, base: int) -> int:
    """``GreedyBot._riskiest``: a misère maker lays away the card likeliest to take a trick."""
    _, _, _, _, _, _, _, _, gi, _, m = g[:11]
    cards = np.sort(legal[:k]) - base
    share = mc.share(gi[GI_HS], unseen)
    return int(mc.riskiest(m, hand, ti, unseen, share, gi[GI_DEFENDERS], cards)[0] + base)


@_jit
def misere_play(p: Any, g: Any, hand: Any, unseen: Any, legal: Any, k: int, seat: int, maker: int, ti: int,
                b: int, trick: Any, seats: Any, nt: int, hist: Any, active: int, shown: Any, ally: int) -> int:  # fmt: skip
    """``policy.play`` in a contract to take no trick (``misereplay.play``): the table as the
    seat sees it, with the maker's hand where it is open (``shown``: its cards, or none) and
    the suits the maker has shown it holds none of (``hist``: the seats, cards and count of the
    cards played this hand)."""
    m = g[10]
    base = p[t.PLAY_BASE]
    friends = _friends(p, seat, maker, ally)
    played = hist[2, 1]
    starts = np.arange(0, played + active, active)
    starts[-1] = min(starts[-1], played)
    voids = mc.shown_void(m, ti, hist[4, :played], hist[3, :played], starts, maker)
    shown_seat = maker if len(shown) else -1
    cards = np.sort(legal[:k]) - base
    x = mc.play(
        m, ti, maker, friends, seats[:nt], trick[:nt], hand, unseen, active, shown_seat, shown, voids, cards
    )
    return int(x + base)


@_jit
def misere_suit(p: Any, g: Any, unseen: Any, seat: int, maker: int, ti: int, shown: Any, ally: int) -> int:
    """``misereplay.name_suit``: the suit a defender names after leading the Joker against a
    contract to take no trick."""
    m = g[10]
    friends = _friends(p, seat, maker, ally)
    shown_seat = maker if len(shown) else -1
    s = mc.name_suit(m, ti, friends, unseen, shown_seat, shown, np.arange(p[t.NS]))
    return int(p[t.SUIT_BASE] + s)


@_jit
def call_partner(p: Any, g: Any, hand: Any, ti: int, legal: Any, k: int) -> int:
    """``GreedyBot.call_partner``: call the strongest card the hand lacks (a trump before a
    plain card, the highest first, then of the suit the hand holds fewest of), the first of
    the legal ids between equals; never alone where a card may be called."""
    eff, power, tr = g[0][ti], g[1][ti], g[3][ti]
    base, x = p[t.CALL_BASE], -1
    mark = (False, 0, 0)
    for i in range(k):
        c = legal[i] - base
        if c >= p[t.CALL_N]:
            continue  # call alone
        held = 0
        for h in hand:
            held += eff[h] == eff[c]
        m = (bool(tr[c]), int(power[c]), -held)
        if x < 0 or m > mark:
            x, mark = i, m
    return int(legal[0] if x < 0 else legal[x])


@_jit
def is_misere(g: Any, b: int) -> bool:
    """Whether bid ``b`` (a ladder place) is a contract to take no trick."""
    return bool(g[6][b, R_MISERE] == 1)


@_jit
def shown_now(g: Any, b: int, tricks_done: int) -> bool:
    """Whether the maker's hand lies open: a contract played open, after the first trick (or
    from the lead)."""
    rows = g[6]
    return bool(rows[b, R_SHOWN] == 1 and (tricks_done > 0 or rows[b, R_SHOWN_LEAD] == 1))
