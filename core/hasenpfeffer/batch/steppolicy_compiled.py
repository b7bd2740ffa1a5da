"""The bots of the stepped kernel (numba): a seat's choice at a stepped game's decision, and the
loop that lets them play until some other seat is to move.

:mod:`.step_compiled` keeps N games, each at its next decision. Here the seats that ``pol``
gives a bot (:data:`RANDOM`, :data:`GREEDY`, :data:`LEARNED`) decide in compiled code, as the
Python bots decide:

- the random bot draws among the legal ids, in the Python engine's order (cards by id), from
  its seat's stream of the game's key, ``stream(key, BOT, seat)``
  (:mod:`hasenpfeffer.engine.draws`), the next word at each choice of two or more;
- the greedy bot is :mod:`.greedy_compiled`, the twin of the Python greedy bot, from what its
  seat knows: its hand, the trick on the table, the contract, and the cards played and laid
  away this hand, which :func:`run_bots` keeps in ``kn`` for every seat's action where a seat
  plays greedy (:func:`know`);
- the learned bot is :mod:`.learned_compiled`, its seat's observation scored by its policy
  network (``pa``'s last tables).

:func:`play_until` is the loop: the bots play until a seat of a given set is to move or a hand
ends (after applying another player's id first, where given); a whole game is that loop with
no seat to stop at. It is two parts, which a caller looping over many games calls itself:
:func:`to_stop` (:func:`run_bots`, every decision but the greedy bot's weighing of other than a
card, and :func:`weigh`, that weighing) and :func:`after_hand`. The state is a handful of arrays
(:func:`arrays`), which the functions take as one tuple ``pa``; the kernel's tables, its
observation tables and its state are tuples too (``kt``, ``ko``, ``ka``:
:func:`.step_compiled.tuples`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import greedy_compiled as gc
from . import learned_compiled as lc
from . import step_compiled as sc
from . import tables as t
from .decide_compiled import sort_ids
from .draws_compiled import BOT, V_GAMES, V_KEY, below, word
from .drop_compiled import drops
from .greedytables import R_MISERE
from .phases import course_compiled as course
from .phases import layout as ly
from .phases.base_compiled import next_seat
from .phases.call_compiled import known_partners

RANDOM, GREEDY, LEARNED = range(3)
"""A seat's bot in ``pol`` (a seat no bot plays is never asked)."""
LOG_SEAT, LOG_ID, LOG_GAME, LOG_COLS = range(4)
"""A row of the log: the seat that decided (-1: a mark of the caller's), the id, and the count
of games the row's game was (``V_GAMES``: 1 its first)."""


def arrays(p: Any, games: int, actions: int, log: int = 0, legal: bool = False) -> dict[str, Any]:
    """The bots' state for ``games`` games of a variant with parameters ``p``: ``pol`` by seat,
    what each game's seats know (``kn``), each seat's random stream (key, words drawn) and the
    game it is keyed for (``gen``), scratch, and a log of ``log`` decisions per game and call;
    with ``legal``, each logged decision's legal ids too (``lg``: how many, then the ids in the
    Python engine's order)."""
    n, width = int(p[t.N]), max(int(p[t.C]), int(p[t.DECK]))
    return {
        "pol": np.zeros(n, dtype=np.int64),
        "kn": np.zeros((games, 5 + n, width), dtype=np.int64),
        "bots": np.zeros((games, n, 2), dtype=np.uint64),
        "gen": np.full(games, -1, dtype=np.int64),
        "ids": np.zeros(max(1, actions), dtype=np.int64),
        "trick": np.zeros((2, n), dtype=np.int64),
        "log": np.zeros((games, log, LOG_COLS), dtype=np.int64),
        "ln": np.zeros(games, dtype=np.int64),
        "lg": np.zeros((games, log if legal else 0, actions + 1), dtype=np.int64),
    }


def bots(
    b: dict[str, Any], greedy: tuple[Any, ...] | None, learned: tuple[Any, ...] | None = None
) -> tuple[Any, ...]:
    """The bots' state (:func:`arrays`), the greedy tables (:attr:`.greedytables.Greedy.arrays`;
    None where no seat plays greedy) and the learned bots' networks
    (:func:`.learnedtables.learned_tables`; None where no seat is learned) as the tuple ``pa``."""
    pol = b["pol"]
    return (
        pol,
        greedy,
        b["kn"],
        b["bots"],
        b["gen"],
        b["ids"],
        b["trick"],
        b["log"],
        b["ln"],
        b["lg"],
        learned,
    )


@jitcache.bare
def rekey(st: Any, streams: Any, gen: Any, g: int) -> None:
    """Key game ``g``'s random bots for the game it plays, unless they are already."""
    if gen[g] != np.int64(st[g, V_GAMES]):
        gen[g] = np.int64(st[g, V_GAMES])
        keys = word(st[g, V_KEY], BOT)
        for q in range(streams.shape[1]):
            streams[g, q, 0], streams[g, q, 1] = word(keys, q), np.uint64(0)


WEIGH = -1
"""What :func:`run_bots` returns for a greedy decision other than a card: :func:`weigh` takes it."""


@jitcache.counted
def play_until(
    kt: Any, ko: Any, ka: Any, pa: Any, g: int, stop: Any, me: int, every: bool, first: int
) -> int:
    """Apply id ``first`` to game ``g`` (-1: none), then let the bots play until a seat of
    ``stop`` (a flag by seat) is to move: 0; or until a hand ends: how it ended (1 played out, 2
    thrown in; the next is dealt, :func:`after_hand` with ``me`` and ``every``). Every action is
    logged, and where a seat plays greedy kept in what the seats know, whoever took it; the
    bots are rekeyed when a game starts. (A caller that loops over many games calls
    :func:`to_stop` and :func:`after_hand` itself, binding the tuples once: numba counts the
    references of the arrays a compiled function binds.)"""
    how = to_stop(kt, ko, ka, pa, g, stop, first)
    if how:
        after_hand(kt, ko, ka, pa, g, how, me, every)
    return how


@jitcache.inline
def to_stop(kt: Any, ko: Any, ka: Any, pa: Any, g: int, stop: Any, first: int) -> int:
    """Apply id ``first`` to game ``g`` (-1: none), then let the bots decide, the greedy bot
    weighing where it must (:func:`run_bots`, :func:`weigh`), until a seat of ``stop`` is to move
    (0) or the hand ends (how, before it is scored). Inlined into its callers, with
    :func:`run_bots`: a call passes every array of the tuples, hundreds of words, at every hand."""
    x = first
    while True:
        how = run_bots(kt, ko, ka, pa, g, stop, x)
        if how != WEIGH:
            return how
        x = weigh(kt[0], kt[6], pa[1], g, ka[0], ka[2], ka[3], ka[5], pa[2], pa[5], pa[6], ka[8][g])


@jitcache.bare
def forget(kn: Any, g: int) -> None:
    """Nothing played nor laid away in game ``g``'s hand, as a hand starts (``kn``: what its
    seats know; the cards seen by seat are kept)."""
    kn[g, 0, :] = 0
    kn[g, 5:, :] = 0
    kn[g, 2, 1] = 0


@jitcache.counted
def after_hand(kt: Any, ko: Any, ka: Any, pa: Any, g: int, how: int, me: int, every: bool) -> None:
    """Game ``g``'s hand ended (``how``): scored and the next dealt
    (:func:`.step_compiled.hand_over`, with ``me`` and ``every``), nothing played nor laid away
    (as a hand starts), the bots rekeyed if a game started, the next
    decision's legal ids listed."""
    sc.end_hand(kt, ko, ka, g, how, me, every)
    forget(pa[2], g)
    rekey(ka[1], pa[3], pa[4], g)
    course.legal_ids(kt[0], kt[3], kt[6], kt[7], g, ka[0], ka[2], ka[3], ka[7], ka[8])


@jitcache.inline
def run_bots(kt: Any, ko: Any, ka: Any, pa: Any, g: int, stop: Any, first: int) -> int:
    """:func:`play_until`'s loop up to what allocates (and so needs numba's reference counting,
    which would cost more than a decision): apply ``first`` (-1: none), then the bots' ids, until
    a seat of ``stop`` is to move (0), a greedy seat is to choose other than a card
    (:data:`WEIGH`: the legal ids sorted in ``ids``), or the hand ends (how, before it is scored).
    Where the bots' state keeps them (``lg``), each logged decision's legal ids are logged too."""
    p, eff, key, trump_ids, bids = kt[0], kt[3], kt[4], kt[6], kt[7]
    s, st, hand, cnt, kitty, pv, legal, k, hist = (
        ka[0],
        ka[1],
        ka[2],
        ka[3],
        ka[4],
        ka[5],
        ka[7],
        ka[8],
        ka[17],
    )
    pol, kn, streams, ids, log, ln, lg = pa[0], pa[2], pa[3], pa[5], pa[7], pa[8], pa[9]
    keeps = lg.shape[1] > 0  # the legal ids of each decision logged
    known = any_greedy(pol)
    x = first
    while True:
        seat, ph = s[g, ly.S_SEAT], s[g, ly.S_PHASE]
        if x < 0 and stop[seat]:
            return 0
        m = k[g]
        cards = ph == ly.PLAY or ph == ly.DISCARD or ph == ly.EXCHANGE  # listed as held, not by id
        if keeps and ln[g] < lg.shape[1]:  # in the Python engine's order: cards by id
            lg[g, ln[g], 0] = m
            for i in range(m):
                lg[g, ln[g], 1 + i] = legal[g, i] if not cards else nth(legal, g, m, i)
        if x < 0:
            if m == 1:  # nothing drawn, nothing weighed
                x = legal[g, 0]
            elif pol[seat] == RANDOM:  # draws_compiled.draw on the seat's stream
                y, w = below(streams[g, seat, 0], np.int64(streams[g, seat, 1]), m)
                streams[g, seat, 1] = np.uint64(w)
                x = legal[g, y] if not cards else nth(legal, g, m, y)
            elif pol[seat] == LEARNED:
                x = lc.choose(pa[10], p, ko, hist, g, seat, s, hand, cnt, kitty, pv, ka[6], legal, m, cards)
            else:
                for i in range(m):
                    ids[i] = legal[g, i]
                if cards:  # cards by id, as the Python engine lists them
                    sort_ids(ids, m)
                x = (
                    _greedy_play(p, key, pa[1], g, s, hand, cnt, pv, kn, ids, m, pa[6])
                    if ph == ly.PLAY
                    else WEIGH
                )
                if x == WEIGH:
                    return WEIGH
        note(log, ln, g, seat, x, int(st[g, V_GAMES]))
        if known:
            know(p, kn, g, seat, ph, x)
        how = course.advance(p, eff, key, trump_ids, bids, ko[3], hist, g, x, s, hand, cnt, kitty, pv)
        if how:
            return int(how)
        course.legal_ids(p, eff, trump_ids, bids, g, s, hand, cnt, legal, k)
        x = -1


@jitcache.counted
def advise(kt: Any, ka: Any, pa: Any, out: Any) -> None:
    """The greedy bot's id at each game's decision, whoever is to move, chosen as
    :func:`run_bots` chooses for a greedy seat, from what that seat knows (kept while any seat
    plays greedy, ``pa``'s greedy tables built): a teacher's move for the learner's seat."""
    p, key, trump_ids = kt[0], kt[4], kt[6]
    s, hand, cnt, pv, legal, k = ka[0], ka[2], ka[3], ka[5], ka[7], ka[8]
    gr, kn, ids, trick = pa[1], pa[2], pa[5], pa[6]
    for g in range(out.shape[0]):
        m = k[g]
        if m <= 1:
            out[g] = legal[g, 0]
            continue
        ph = s[g, ly.S_PHASE]
        for i in range(m):
            ids[i] = legal[g, i]
        if ph == ly.PLAY or ph == ly.DISCARD or ph == ly.EXCHANGE:
            sort_ids(ids, m)
        x = _greedy_play(p, key, gr, g, s, hand, cnt, pv, kn, ids, m, trick) if ph == ly.PLAY else WEIGH
        if x == WEIGH:
            x = weigh(p, trump_ids, gr, g, s, hand, cnt, pv, kn, ids, trick, m)
        out[g] = x


_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_LOWEST = np.zeros(64, dtype=np.int64)
_LOWEST[[((1 << b) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58 for b in range(64)]] = np.arange(64)
"""The place of a word's one bit ``b`` by ``b * _DE_BRUIJN >> 58`` (a de Bruijn sequence)."""


@jitcache.inline
def nth(legal: Any, g: int, m: int, y: int) -> int:
    """The ``y``-th smallest of game ``g``'s ``m`` legal ids (distinct, and less than 64 apart:
    a hand's cards), as the ``y``-th of them in the Python engine's order, found without
    sorting: the ids are bits of a word above the least, the ``y`` lowest bits are cleared, and
    the lowest bit left is the id (a random seat's card: the Python engine lists a hand's cards
    by id, the kernel as held).

    >>> import numpy as np
    >>> nth(np.array([[12, 3, 40, 7]]), 0, 4, 2)
    12
    """
    lo = legal[g, 0]
    for i in range(1, m):
        lo = min(lo, legal[g, i])
    bits = np.uint64(0)
    for i in range(m):
        bits |= np.uint64(1) << np.uint64(legal[g, i] - lo)
    for _ in range(y):
        bits &= bits - np.uint64(1)
    return int(lo + _LOWEST[((bits & (np.uint64(0) - bits)) * _DE_BRUIJN) >> np.uint64(58)])


@jitcache.inline
def any_greedy(pol: Any) -> bool:
    """Whether a seat of ``pol`` plays greedy: only then is what the seats know kept (``kn``)."""
    for q in range(pol.shape[0]):  # noqa: SIM110 - a loop numba compiles
        if pol[q] == GREEDY:
            return True
    return False


@jitcache.inline
def know(p: Any, kn: Any, g: int, seat: int, ph: int, x: int) -> None:
    """Keep ``seat``'s id ``x`` (of phase ``ph``) in what game ``g``'s seats know: a card played, in
    play order with its seat, or laid away by its seat (a gift counts as laid away by the giver)."""
    if ph == ly.PLAY:
        c = x - p[t.PLAY_BASE]
        kn[g, 0, c] += 1
        i = kn[g, 2, 1]
        kn[g, 3, i], kn[g, 4, i] = c, seat
        kn[g, 2, 1] = i + 1
    elif ph == ly.DISCARD:
        kn[g, 5 + seat, x - p[t.DISCARD_BASE]] += 1
    elif ph == ly.EXCHANGE:
        kn[g, 5 + seat, x - p[t.GIVE_BASE]] += 1


@jitcache.inline
def note(log: Any, ln: Any, g: int, seat: int, x: int, game: int) -> None:
    """Write a row into game ``g``'s log, where there is room (its count goes on)."""
    i = ln[g]
    if i < log.shape[1]:
        log[g, i, LOG_SEAT], log[g, i, LOG_ID], log[g, i, LOG_GAME] = seat, x, game
    ln[g] = i + 1


@jitcache.bare
def _trick(g: int, s: Any, pv: Any, trick: Any) -> int:
    """The trick on the table in play order: its cards into ``trick[0]``, their seats into
    ``trick[1]``; how many."""
    n = pv.shape[2]
    q = s[g, ly.S_LEADER]
    for j in range(s[g, ly.S_J]):
        trick[0, j], trick[1, j] = pv[g, ly.PV_TRICK, q], q
        q = next_seat(pv, g, q, n)
    return int(s[g, ly.S_J])


@jitcache.bare
def _greedy_play(p: Any, key: Any, gr: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any, kn: Any, ids: Any,
                 m: int, trick: Any) -> int:  # fmt: skip
    """The greedy bot's card among the ``m`` legal ``ids`` of game ``g`` (``kn``: what every
    game's seats know), as the Python bot chooses it; :data:`WEIGH` in a misère
    contract (:func:`weigh` plays it), or where there is no greedy bot (``gr`` None: numba then
    compiles none of it, and a game of random seats compiles without the greedy bot)."""
    if gr is None:
        return WEIGH
    if s[g, ly.S_MAKER] >= 0 and gr[6][s[g, ly.S_B], R_MISERE] == 1:
        return WEIGH
    n, sides = p[t.N], p[t.SIDES]
    seat = s[g, ly.S_SEAT]
    mine = hand[g, seat, : cnt[g, seat]]  # the order of the hand does not matter here
    unseen = gc.unseen_of(gr, kn[g], seat, mine)
    nt = _trick(g, s, pv, trick)
    taken = 0
    for q in range(n):
        if q % sides == seat % sides:
            taken += pv[g, ly.PV_WON, q]
    return gc.play(p, gr, mine, unseen, ids, m, seat, s[g, ly.S_MAKER], s[g, ly.S_TI], trick[0], trick[1], nt,
                   taken, key, known_partners(g, s, seat))  # fmt: skip


@jitcache.counted
def weigh(p: Any, trump_ids: Any, gr: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any, kn: Any, ids: Any,
          trick: Any, m: int) -> int:  # fmt: skip
    """The greedy bot's choice at game ``g``'s decision among the ``m`` legal ids sorted in ``ids``
    (:func:`run_bots`), each phase as the Python bot chooses (a card of a contract to take
    tricks: :func:`_greedy_play`), from what the game's seats know (``kn``). ``gr`` None: no
    greedy bot plays (never asked; numba compiles none of it)."""
    if gr is None:
        return WEIGH
    known = kn[g]
    sides = p[t.SIDES]
    seat, ph, dealer = s[g, ly.S_SEAT], s[g, ly.S_PHASE], s[g, ly.S_DEALER]
    maker, ti, b = s[g, ly.S_MAKER], s[g, ly.S_TI], s[g, ly.S_B]
    misere = maker >= 0 and gc.is_misere(gr, b)
    mine = np.sort(hand[g, seat, : cnt[g, seat]])
    unseen = gc.unseen_of(gr, known, seat, mine)
    if ph == ly.WEAK:
        swaps = p[p[t.WEAK_AT] + s[g, ly.S_WRULE] * t.W_WIDTH + t.W_SWAP] == 1
        call = gc.weak(p, gr, mine, gc.unseen_of_hand(gr, mine))
        return int((p[t.SWAP_ID] if swaps else p[t.REDEAL_ID]) if call else p[t.PASS_ID])
    if ph == ly.PROPOSE:
        if p[t.TJ_BLIND]:  # named before looking at the hand: the first suit offered
            first = ids[0]
            for i in range(1, m):
                first = min(first, ids[i])
            return int(first)
        return gc.name_turned(p, gr, mine, unseen, ids, m, s[g, ly.S_TURNED])
    if ph == ly.ORDER:
        return gc.order_up(p, gr, mine, unseen, ids, m, seat, dealer, s[g, ly.S_TURNED], s[g, ly.S_TS])
    if ph == ly.NAME:
        return gc.name_trump(p, gr, trump_ids, mine, unseen, ids, m, p[t.L] + 1)
    if ph == ly.BID:
        return gc.bid(p, gr, mine, unseen, ids, m)
    if ph == ly.TRUMP:
        return gc.name_trump(p, gr, trump_ids, mine, unseen, ids, m, b)
    if ph == ly.DISCARD:
        if seat == maker and p[t.AUCTION] != 0 and gc.is_misere(gr, b):
            return gc.misere_shed(p, gr, mine, unseen, ti, ids, m, p[t.DISCARD_BASE])
        return gc.shed(p, gr, mine, unseen, ti, ids, m, p[t.DISCARD_BASE])
    if ph == ly.DROP:
        return int(p[t.DROP_ID] if drops(p, gr, mine, unseen, ti) else p[t.PASS_ID])
    if ph == ly.DECLARE:  # a set shown scores more than the hand could make by play
        return int(p[t.DECLARE_BASE] + s[g, ly.S_DSET])
    if ph == ly.EXCHANGE:
        if seat != s[g, ly.S_XLONE]:  # a partner who sits out gives its best
            return gc.give_best(p, gr, mine, unseen, ti, ids, m, p[t.GIVE_BASE])
        if misere and not s[g, ly.S_XDEF] and p[t.AUCTION] != 0:
            return gc.misere_shed(p, gr, mine, unseen, ti, ids, m, p[t.GIVE_BASE])
        return gc.shed(p, gr, mine, unseen, ti, ids, m, p[t.GIVE_BASE])
    if ph == ly.DEFENCE:
        row = b if p[t.AUCTION] else p[t.L] + 1  # a bid, or the order-up's contract
        return int(p[t.ALONE_ID] if gc.defend(p, gr, mine, unseen, ti, row) else p[t.PASS_ID])
    if ph == ly.CALL:
        if p[t.CALL_SEAT]:  # the seat to the maker's right, playing last to its leads (then the next)
            for k in range(1, p[t.N]):
                q = (seat + p[t.N] - k) % p[t.N]
                if q != s[g, ly.S_PARTNER]:
                    return int(p[t.CALL_BASE] + q)
        return gc.call_partner(p, gr, mine, ti, ids, m)
    none = known[0, :0]  # no hand shown
    shown = (
        np.sort(hand[g, maker, : cnt[g, maker]])
        if misere and gc.shown_now(gr, b, s[g, ly.S_TRICKS])
        else none
    )
    if ph == ly.SUIT:
        if misere and maker % sides != seat % sides:
            return gc.misere_suit(p, gr, unseen, seat, maker, ti, shown, known_partners(g, s, seat))
        return gc.name_suit(p, gr, mine, unseen, ti)
    nt = _trick(g, s, pv, trick)
    return gc.misere_play(p, gr, mine, unseen, ids, m, seat, maker, ti, b, trick[0], trick[1], nt, known,
                          int(s[g, ly.S_ACTIVE]), shown, known_partners(g, s, seat))  # fmt: skip
