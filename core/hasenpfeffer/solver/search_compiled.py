"""The compiled twin of :mod:`.search`: its alpha-beta compiled by numba (the optional extra
``fast``), the same values, several times faster.

:class:`Compiled` has the interface of :class:`~.search.Search` (``run`` and ``exact``), and
the :class:`~.solve.Solver` uses it where :mod:`hasenpfeffer.accel` says the compiled twins
run and the pack fits in 62 bits. This module is imported only then (numba loads with it). The
search is the same: a transposition table of positions at trick boundaries (an array that
keeps the newest entry of each slot), equivalent cards searched once, the lowest winning card
and then the lowest cards first, sure tricks as bounds, misère, the suit named after a Joker
lead. Tests compare it with the plain minimax like the pure-Python search.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> from .position import from_cards
>>> rules = compile_variant(Variant(name="x"))
>>> p = from_cards(rules, "H", [["JK", "9S"], ["AS", "KS"], ["JH", "9C"], ["AD", "TS"]], leader=1)
>>> Compiled(p, side=0).exact(p)
2
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from .. import jitcache
from . import layout
from .layout import Layout
from .position import Position
from .search import RELATIVE, Searcher, roles

# the fields of a frame of the search's stack (one row per depth), and the steps of its loop
SEAT, COUNT, LED, WS, WK, TRICK, LIVE, LEFT, ALPHA, BETA = range(10)
A0, B0, LO, HI, BM, SLOT, H, NM, AT, BEST, MOVE, ADD = range(10, 22)
FIELDS = 22
ENTER, NEXT, RETURN, FINISH = range(4)


class Compiled(Searcher):
    """The compiled searcher of one deal under one trump, for one side (see :class:`~.search.Search`)."""

    def __init__(self, p: Position, side: int, slots: int | None = None) -> None:
        if p.layout.size > layout.MAX_BITS:
            raise ValueError(f"the compiled search takes a pack of at most {layout.MAX_BITS} cards")
        self.side = side
        self.tables = _tables(p.layout)
        n = len(p.hands)
        self.nxt = np.array(p.next, dtype=np.int64)
        counts, self.is_max = roles(p, side)
        self.roles = (
            np.array(counts, dtype=np.bool_),
            np.array(self.is_max, dtype=np.bool_),
            p.misere >= 0,
        )
        self.active = p.active
        large = p.live.bit_count() > RELATIVE
        if slots is None:
            slots = 1 << 18 if large else 1 << 12
        self.relative = large and not p.layout.copies
        """Whether leads are keyed by relative ranks (large deals without two of a card: with
        copies, which cards tie is more than their order tells)."""
        self.tt_key = np.full((slots, n + 1), -1, dtype=np.int64)
        self.tt_val = np.zeros((slots, 3), dtype=np.int64)
        self.hands = np.zeros(n, dtype=np.int64)
        size, ns = p.layout.size, p.layout.rules.ns
        self.buf = np.zeros((size + 2, size + ns + 1), dtype=np.int64)
        self.named = np.zeros((size + 2, size + ns + 1), dtype=np.int64)
        """The suit named with each lead of ``buf`` (-1: none, the card's own)."""
        self.frames = np.zeros((size + 2, FIELDS), dtype=np.int64)
        self.kbuf = np.zeros((size + 2, n + 1), dtype=np.int64)
        """The table key of the lead at each depth."""

    def run(self, p: Position, alpha: int, beta: int) -> int:
        """The tricks the side takes from ``p`` on (fail-soft: a bound outside the window)."""
        if p.calling:
            return self.calling(p, alpha, beta)
        hands = self.hands
        held = 0
        for i, h in enumerate(p.hands):
            hands[i] = h
            held |= h
        trick = p.live & ~held if p.count else 0
        search: Any = _search
        return int(
            search(
                *self.tables,
                self.nxt,
                *self.roles,
                self.active,
                self.tt_key,
                self.tt_val,
                self.relative,
                hands,
                self.buf,
                self.named,
                self.kbuf,
                self.frames,
                p.seat,
                p.count,
                p.led,
                p.win_seat,
                p.win_key,
                trick,
                p.live,
                p.left,
                alpha,
                beta,
            )
        )


@functools.lru_cache(maxsize=256)
def _tables(lay: Layout) -> tuple[Any, ...]:
    """The layout as arrays indexed by bit number: suit masks, keys by suit led, suit, the
    cards above, the copies, the strength for ordering, the plain suits, trumps, copies, the
    Joker's bits where leading it names a suit, and the number of suits."""
    size = lay.size
    key = np.zeros((lay.suits, size), dtype=np.int64)
    suit_of = np.zeros(size, dtype=np.int64)
    above = np.zeros(size, dtype=np.int64)
    same = np.zeros(size, dtype=np.int64)
    power = np.zeros(size, dtype=np.int64)
    for b in lay.face_of:
        i = b.bit_length() - 1
        suit_of[i] = lay.suit_of[b]
        above[i] = lay.above[b]
        same[i] = lay.same[b]
        power[i] = lay.power[b]
        for led in range(lay.suits):
            key[led, i] = lay.key[led][b]
    suit_mask = np.array(lay.suit_mask, dtype=np.int64)
    plain = np.array([m for m in lay.suit_mask if m and not m & lay.trumps], dtype=np.int64)
    return (
        suit_mask,
        key,
        suit_of,
        above,
        same,
        power,
        plain,
        lay.trumps,
        lay.copies,
        lay.jokers,
        lay.rules.ns,
    )


_jit = jitcache.jit(nogil=True)


@_jit
def _ix(x: int) -> int:
    """The number of the single set bit of ``x``."""
    i = 0
    if x >= 1 << 32:
        x >>= 32
        i += 32
    if x >= 1 << 16:
        x >>= 16
        i += 16
    if x >= 1 << 8:
        x >>= 8
        i += 8
    if x >= 1 << 4:
        x >>= 4
        i += 4
    if x >= 1 << 2:
        x >>= 2
        i += 2
    if x >= 2:
        i += 1
    return i


@_jit
def _upto(x: int) -> int:
    """Every bit at or below the highest bit of ``x`` (0 for 0)."""
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return x


@_jit
def _count(x: int) -> int:
    """The set bits of ``x`` (at most 62 of them), counted in parallel."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@_jit
def _key(hands: Any, seat: int, live: int, suit_mask: Any, relative: bool, out: Any) -> int:
    """The table key of a lead into ``out`` (the leader, then a word per hand), and its slot's
    hash. Relative: each hand as the places of its cards among the live ones, with the live
    cards of each suit counted, so that positions alike but for which lower cards are gone
    share an entry; else the leader and the hands themselves."""
    n = hands.shape[0]
    head = seat
    if relative:
        shift = 4
        for m in suit_mask:
            head |= _count(live & m) << shift
            shift += 6
    out[0] = head
    h = (head + 1) * 0x1E3779B97F4A7C15
    for i in range(n):
        x = hands[i]
        if relative:
            rel = 0
            m = x
            while m:
                b = m & -m
                m ^= b
                rel |= 1 << _count(live & (b - 1))
            x = rel
        out[i + 1] = x
        h = (h ^ x) * 0x100000001B3
        h ^= h >> 29
    return h


@_jit
def _place(live: int, x: int) -> int:
    """The place of card ``x`` among the live cards, from 1 (0 for none): a best lead kept so
    that positions alike by relative ranks share it."""
    return _count(live & (x - 1)) + 1 if x else 0


@_jit
def _at_place(live: int, i: int) -> int:
    """The live card at place ``i`` (from 1; 0 for none)."""
    if i <= 0:
        return 0
    m = live
    for _ in range(i - 1):
        m &= m - 1
    return m & -m


@_jit
def _moves(h: int, m: int, live: int, above: Any, same: Any, copies: bool, out: Any) -> int:
    """One card of ``m`` per run of equivalent cards, weakest first, into ``out``; the count."""
    if not m & (m - 1):
        out[0] = m
        return 1
    n = 0
    while m:
        x = m & -m
        m ^= x
        ix = _ix(x)
        a = live & above[ix]
        y = a & -a
        if y & h:
            if not copies:
                continue
            sx, sy = same[ix], same[_ix(y)]
            if sx == sy or not (sx | sy) & live & ~h:
                continue
        out[n] = x
        n += 1
    return n


@_jit
def _sort(out: Any, n: int, power: Any) -> None:
    """Insertion sort of ``out[:n]`` by strength."""
    for i in range(1, n):
        x = out[i]
        px = power[_ix(x)]
        j = i - 1
        while j >= 0 and power[_ix(out[j])] > px:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x


@_jit
def _to_front(out: Any, i: int) -> None:
    """Move ``out[i]`` to the front, the cards before it one place on."""
    x = out[i]
    for j in range(i, 0, -1):
        out[j] = out[j - 1]
    out[0] = x


@_jit
def _losers_first(out: Any, scratch: Any, n: int, keys: Any, wk: int) -> None:
    """Reorder ``out[:n]`` (weakest first): the cards that do not beat ``wk``, strongest first,
    then those that do, weakest first."""
    k = 0
    for i in range(n - 1, -1, -1):
        if keys[_ix(out[i])] <= wk:
            scratch[k] = out[i]
            k += 1
    for i in range(n):
        if keys[_ix(out[i])] > wk:
            scratch[k] = out[i]
            k += 1
    for i in range(n):
        out[i] = scratch[i]


@_jit
def _name_suits(out: Any, nms: Any, n: int, jokers: int, others: int, suit_mask: Any, ns: int) -> int:
    """Lead the Joker of ``out[:n]`` once for each suit worth naming (each suit the others
    hold, and one they do not), in its place: the suits into ``nms``; the new count."""
    for j in range(n):
        if out[j] & jokers:
            x = out[j]
            k = 0
            spare = False
            for s in range(ns):
                if suit_mask[s] & others or not spare:
                    if not suit_mask[s] & others:
                        spare = True
                    k += 1
            for i in range(n - 1, j, -1):  # make room for k - 1 more
                out[i + k - 1] = out[i]
                nms[i + k - 1] = nms[i]
            t = j
            spare = False
            for s in range(ns):
                if suit_mask[s] & others or not spare:
                    if not suit_mask[s] & others:
                        spare = True
                    out[t] = x
                    nms[t] = s
                    t += 1
            return n + k - 1
    return n


@_jit
def _search(
    suit_mask: Any,
    key: Any,
    suit_of: Any,
    above: Any,
    same: Any,
    power: Any,
    plain: Any,
    trumps: int,
    copies: bool,
    jokers: int,
    ns: int,
    nxt: Any,
    counts: Any,
    is_max: Any,
    low: bool,
    active: int,
    tt_key: Any,
    tt_val: Any,
    relative: bool,
    hands: Any,
    buf: Any,
    named: Any,
    kbuf: Any,
    fr: Any,
    seat: int,
    count: int,
    led: int,
    ws: int,
    wk: int,
    trick: int,
    live: int,
    left: int,
    alpha: int,
    beta: int,
) -> int:
    """The alpha-beta of :mod:`.search` as a loop over an explicit stack ``fr`` (numba
    caches no recursive function safely): the tricks the side takes, fail-soft."""
    n = hands.shape[0]
    slots = tt_key.shape[0]
    d = 0
    fr[0, SEAT], fr[0, COUNT], fr[0, LED], fr[0, WS], fr[0, WK] = seat, count, led, ws, wk
    fr[0, TRICK], fr[0, LIVE], fr[0, LEFT], fr[0, ALPHA], fr[0, BETA] = trick, live, left, alpha, beta
    mode = ENTER
    ret = 0
    while True:
        if mode == ENTER:
            f = fr[d]
            seat, count, left, live = f[SEAT], f[COUNT], f[LEFT], f[LIVE]
            alpha, beta = f[ALPHA], f[BETA]
            out = buf[d]
            h = hands[seat]
            f[H] = h
            mx = is_max[seat]
            f[BEST] = -1 if mx else left + 1
            f[MOVE] = 0
            f[AT] = 0
            mode = NEXT
            if count == 0:  # a lead
                f[SLOT] = -1
                if left == 1:
                    ld = suit_of[_ix(h)]
                    w, best_k = seat, key[ld, _ix(h)]
                    q = nxt[seat]
                    while q != seat:
                        kq = key[ld, _ix(hands[q])]
                        if kq > best_k:
                            w, best_k = q, kq
                        q = nxt[q]
                    ret = 1 if counts[w] else 0
                    mode = RETURN
                    continue
                if alpha >= left:
                    ret = left
                    mode = RETURN
                    continue
                if beta <= 0:
                    ret = 0
                    mode = RETURN
                    continue
                kd = kbuf[d]
                slot = _key(hands, seat, live, suit_mask, relative, kd) & (slots - 1)
                hit = True
                for i in range(n + 1):
                    if tt_key[slot, i] != kd[i]:
                        hit = False
                        break
                lo, hi, bm = 0, left, 0
                if hit:
                    lo, hi, bm = tt_val[slot, 0], tt_val[slot, 1], _at_place(live, tt_val[slot, 2])
                    if lo >= beta:
                        ret = lo
                        mode = RETURN
                        continue
                    if hi <= alpha:
                        ret = hi
                        mode = RETURN
                        continue
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                others = live & ~h
                floor, ceiling = 0, left
                if not low:  # (in misère nobody plays for sure tricks of its own)
                    theirs = others & trumps
                    if theirs:
                        sure = _count(h & trumps & ~_upto(theirs))
                    else:
                        sure = _count(h & trumps)
                        for m in plain:
                            sure += _count(h & m & ~_upto(others & m))
                    if sure > left:
                        sure = left
                    if mx:
                        floor = sure
                    else:
                        ceiling = left - sure
                t = live & trumps
                if t:  # the hand with the highest trump wins a trick with each of its top trumps
                    u = _upto(t)
                    top = u ^ (u >> 1)
                    q = seat
                    while not hands[q] & top:
                        q = nxt[q]
                    if q != seat or low:
                        mine = hands[q] & t
                        theirs = t & ~mine
                        below = 0
                        if theirs:
                            u = _upto(theirs)
                            below = same[_ix(u ^ (u >> 1))]
                        run = _count(mine & ~_upto(below))
                        if counts[q]:
                            if run > floor:
                                floor = run
                        elif left - run < ceiling:
                            ceiling = left - run
                if floor >= beta:
                    ret = floor
                    mode = RETURN
                    continue
                if ceiling <= alpha:
                    ret = ceiling
                    mode = RETURN
                    continue
                if floor > alpha:
                    alpha = floor
                if ceiling < beta:
                    beta = ceiling
                f[ALPHA], f[BETA], f[A0], f[B0] = alpha, beta, alpha, beta
                f[SLOT], f[LO], f[HI], f[BM] = slot, lo, hi, bm
                nm = _moves(h, h, live, above, same, copies, out)
                if nm > 1:
                    _sort(out, nm, power)
                    if not low:  # the cards nothing live beats first, strongest first; then the rest
                        order = buf[d + 1]
                        k = 0
                        for i in range(nm - 1, -1, -1):
                            if not live & above[_ix(out[i])]:
                                order[k] = out[i]
                                k += 1
                        for i in range(nm):
                            if live & above[_ix(out[i])]:
                                order[k] = out[i]
                                k += 1
                        for i in range(nm):
                            out[i] = order[i]
                    if bm:
                        for i in range(nm):
                            if out[i] == bm:
                                _to_front(out, i)
                                break
                nms = named[d]
                for i in range(nm):
                    nms[i] = -1
                if h & jokers:
                    nm = _name_suits(out, nms, nm, jokers, others, suit_mask, ns)
                f[NM] = nm
            else:  # a card to a trick
                led, ws, wk = f[LED], f[WS], f[WK]
                fl = h & suit_mask[led]
                nm = _moves(h, fl if fl else h, live, above, same, copies, out)
                if nm > 1:
                    if not fl:
                        _sort(out, nm, power)
                    if low:  # the highest card that does not win first, then the lowest
                        _losers_first(out, buf[d + 1], nm, key[led], wk)
                    elif is_max[ws] != mx:  # the lowest card that wins the trick so far first
                        for i in range(nm):
                            if key[led, _ix(out[i])] > wk:
                                _to_front(out, i)
                                break
                f[NM] = nm
        elif mode == NEXT:  # play the next card of frame d, or finish it
            f = fr[d]
            i = f[AT]
            if i >= f[NM]:
                mode = FINISH
                continue
            seat = f[SEAT]
            x = buf[d, i]
            hands[seat] = f[H] ^ x
            c = fr[d + 1]
            ix = _ix(x)
            count, left = f[COUNT], f[LEFT]
            c[ALPHA], c[BETA], c[LEFT], c[LIVE] = f[ALPHA], f[BETA], left, f[LIVE]
            f[ADD] = 0
            if count == 0:
                led = named[d, i]
                if led < 0:
                    led = suit_of[ix]
                c[SEAT], c[COUNT], c[LED], c[WS], c[WK], c[TRICK] = (
                    nxt[seat],
                    1,
                    led,
                    seat,
                    key[led, ix],
                    x,
                )
            else:
                led, ws, wk = f[LED], f[WS], f[WK]
                kx = key[led, ix]
                if count + 1 == active:  # the trick is complete: its winner leads
                    w = seat if kx > wk else ws
                    c[SEAT], c[COUNT], c[LED], c[WS], c[WK], c[TRICK] = w, 0, 0, w, -1, 0
                    c[LIVE] = f[LIVE] ^ f[TRICK] ^ x
                    c[LEFT] = left - 1
                    if counts[w]:
                        f[ADD] = 1
                        c[ALPHA] -= 1
                        c[BETA] -= 1
                else:
                    c[SEAT], c[COUNT], c[LED], c[TRICK] = nxt[seat], count + 1, led, f[TRICK] | x
                    if kx > wk:
                        c[WS], c[WK] = seat, kx
                    else:
                        c[WS], c[WK] = ws, wk
            d += 1
            mode = ENTER
        elif mode == RETURN:  # frame d's value is ret: back to its parent
            if d == 0:
                return ret
            d -= 1
            f = fr[d]
            v = ret + f[ADD]
            mode = NEXT
            if is_max[f[SEAT]]:
                if v > f[BEST]:
                    f[BEST], f[MOVE] = v, buf[d, f[AT]]
                    if v >= f[BETA]:
                        mode = FINISH
                    elif v > f[ALPHA]:
                        f[ALPHA] = v
            elif v < f[BEST]:
                f[BEST], f[MOVE] = v, buf[d, f[AT]]
                if v <= f[ALPHA]:
                    mode = FINISH
                elif v < f[BETA]:
                    f[BETA] = v
            f[AT] += 1
        else:  # FINISH: every card of frame d tried (or a cut): keep a lead in the table
            f = fr[d]
            seat = f[SEAT]
            hands[seat] = f[H]
            best = f[BEST]
            slot = f[SLOT]
            if f[COUNT] == 0 and slot >= 0:
                kd = kbuf[d]
                for i in range(n + 1):
                    tt_key[slot, i] = kd[i]
                lo, hi, live = f[LO], f[HI], f[LIVE]
                if best <= f[A0]:
                    tt_val[slot, 0], tt_val[slot, 1] = lo, min(best, hi)
                    tt_val[slot, 2] = _place(live, f[BM])
                elif best >= f[B0]:
                    tt_val[slot, 0], tt_val[slot, 1] = max(best, lo), hi
                    tt_val[slot, 2] = _place(live, f[MOVE])
                else:
                    tt_val[slot, 0], tt_val[slot, 1] = best, best
                    tt_val[slot, 2] = _place(live, f[MOVE])
            ret = best
            mode = RETURN
