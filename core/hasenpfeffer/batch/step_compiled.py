"""The compiled stepwise kernel (numba): N games of a covered variant, one decision at a time.

Each game stops at its next decision, with its legal ids listed, until it is given an action
id (:func:`step`, or the bots of :mod:`.steppolicy_compiled`). The phases are the Python
engine's: the auction (the contract, the
forced bid, a hand thrown in or played without a maker) and the widow, or the turned card
ordered up (or a trump named in round two); the trump named, the discard, lone defence, the
tricks (with the suit named after a Joker led at no-trump) and the scoring, which it shares
(``score_compiled.score_hand``, ``game_winner``). A finished game (won, or at the cap of hands)
starts again at once with a new dealer, drawn from the game's own generator.

:mod:`hasenpfeffer.rl.vector` drives it; the state is a handful of arrays, one row per game
(:func:`arrays`). A game is stepped one decision at a time by :func:`advance`, then
:func:`hand_over` where the hand ended, then :func:`legal_ids`: :mod:`.steppolicy_compiled`
loops over them with bots deciding, for :mod:`hasenpfeffer.rl.seatvector`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import tables as t
from .decide_compiled import distinct, remove, sort_ids
from .draws_compiled import V_COLS, V_GAMES, V_KEY, V_SEED, draw, hand_key, restart, shuffle
from .exchange_compiled import gifts
from .orderup_compiled import order_ups, trump_names
from .play_compiled import first_leader
from .score_compiled import game_winner, match_won, score_hand
from .weak_compiled import met, swap

# phases (the Python engine's: order-up, name-trump, discard, defence, play, bidding, trump;
# SUIT: the leader of a Joker at no-trump names the suit to follow, in the play phase; PROPOSE:
# the dealer names the suit a turned Joker proposes, in the order-up phase)
ORDER, NAME, DISCARD, DEFENCE, PLAY, SUIT, BID, TRUMP, PROPOSE, WEAK, EXCHANGE, DECLARE, DROP = range(13)
PHASES = DROP + 1
PHASE_NAMES: tuple[str, ...] = (
    "order-up",
    "name-trump",
    "discard",
    "defence",
    "play",
    "play",
    "bidding",
    "trump",
    "order-up",
)
PHASE_NAMES += ("weak-hand", "exchange", "declare", "drop-out")
# a game's scalars: the columns of ``s``
(S_PHASE, S_SEAT, S_DEALER, S_MAKER, S_TI, S_ALONE, S_DEF_ALONE, S_FORCED, S_REQUIRED) = range(9)
(S_TS, S_TURNED, S_LEADER, S_LED, S_J, S_TRICKS, S_NTRICKS, S_HANDS, S_DISCARDS) = range(9, 18)
(S_DEFJ, S_ACTIVE, S_NAMED, S_HIGH, S_HIGH_SEAT, S_SPOKEN, S_PASSED, S_B, S_DISCARDER) = range(18, 27)
(S_TOOK, S_LONE_CONTRACT, S_HN, S_WK, S_WRULE, S_SWAP_RULE, S_XLONE, S_XI, S_XDEF) = range(27, 36)
(S_DK, S_DSET, S_DROPK, S_DROPPED, S_BY_TURN, S_WON) = range(36, 42)
S_REDEAL_RULE = S_WON + 8
S_COLS = S_WON + 9
"""(``S_WON``: the games each side won in the match, a column by side, eight at most; ``S_WK``:
the seat asked about a weak hand, its place from the dealer's left, ``S_WRULE`` the rule its
hand meets; ``S_XLONE``: the lone player who exchanges with the partners, ``S_XI`` the gifts
made, ``S_XDEF`` 1 for a lone defender;
``S_DK``: the seat asked about a declaration, its place from the dealer's left, ``S_DSET`` the
set it holds; ``S_DROPK``: the seat asked to drop out, its place from the maker's left,
``S_DROPPED`` the seats that dropped out, a bit each, ``S_BY_TURN`` 1 where the turned card
made trump at once; ``S_SWAP_RULE`` and ``S_REDEAL_RULE``: the weak-hand rule that swapped with
the kitty (one swap a hand) and that threw the hand in, its place + 1, 0 for none.)"""
# the rows of ``pv`` (by seat): sitting out, tricks won, the card on the table (-1), cards played (bits)
PV_OUT, PV_WON, PV_TRICK, PV_PLAYED, PV_ROWS = 0, 1, 2, 3, 7
"""(``PV_PLAYED``: a row of bits by copy of the card, for packs of up to four copies: a card's
first copy played sets its bit in the first row, the second in the next...)"""
# offsets of the observation's pieces (-1: absent): the columns of ``at``
(O_TO_MOVE, O_PHASE, O_DEALER, O_HAND, O_PLAYED, O_TRICK, O_LEADER, O_NAMED, O_CALLING) = range(9)
(O_TRUMP, O_MAKER, O_ALONE, O_SITTING_OUT, O_TURNED, O_TRICKS_WON, O_SCORES, O_CONTRACT) = range(9, 17)
(O_TERMS, O_WIDOW, O_SHOWN, O_HISTORY, O_PROPOSED, O_HIST_WIDTH, O_HIST_HIDDEN, O_HIST_GIVE) = range(17, 25)
O_COLS = 25
"""(``O_HIST_WIDTH``: a ``history`` row's width; ``O_HIST_HIDDEN`` and ``O_HIST_GIVE``: the
columns of another seat's discard and gift, -1 where there is none.)"""
# a bid's row of ``bid_obs`` (the ladder, then the forced bid): its place in the ``contract``
# piece, of its terms in ``terms`` (-1: none), and when its hand is shown (0 never, 1 after the
# first trick, 2 from the lead)
BO_CONTRACT, BO_MISERE, BO_OPEN_TERM, BO_OPEN, BO_COLS = range(5)
# a recorded deal: dealer, 1 when the first of a game, then the hands by seat (as dealt, not
# sorted), then the kitty
D_DEALER, D_NEW, D_CARDS = range(3)
DEALS_KEPT = 8
"""Deals kept per game and step (a step deals one hand, more only after throw-ins at the deal)."""


def arrays(p: Any, games: int, actions: int, slots: int) -> dict[str, Any]:
    """The zeroed state of ``games`` games of a variant with parameters ``p`` (``slots``: the
    decisions the ``history`` piece keeps)."""
    n, sides = int(p[t.N]), int(p[t.SIDES])
    hk = int(p[t.HS] + p[t.KS] + p[t.EX_CARDS] * n)  # room for a lone player's exchange
    width = D_CARDS + max(n * int(p[t.HS]) + int(p[t.KS]), int(p[t.DECK]))  # and the pack shuffled
    return {
        "s": np.zeros((games, S_COLS), dtype=np.int64),
        "st": np.zeros((games, V_COLS), dtype=np.uint64),
        "hand": np.zeros((games, n, hk), dtype=np.int64),
        "cnt": np.zeros((games, n), dtype=np.int64),
        "kitty": np.zeros((games, max(1, int(p[t.KS]))), dtype=np.int64),
        "pv": np.zeros((games, PV_ROWS, n), dtype=np.int64),
        "scores": np.zeros((games, sides), dtype=np.int64),
        "legal": np.zeros((games, actions), dtype=np.int64),
        "k": np.zeros(games, dtype=np.int64),
        "dbuf": np.zeros((games, DEALS_KEPT, width), dtype=np.int64),
        "dn": np.zeros(games, dtype=np.int64),
        "rew": np.zeros((games, n), dtype=np.float32),
        "term": np.zeros(games, dtype=np.bool_),
        "trunc": np.zeros(games, dtype=np.bool_),
        "fin": np.zeros((games, sides + 2), dtype=np.int64),
        "hend": np.zeros(games, dtype=np.int64),
        "hist": np.zeros((games, max(1, slots), 2), dtype=np.int64),
    }


STATE: tuple[str, ...] = (
    "s",
    "st",
    "hand",
    "cnt",
    "kitty",
    "pv",
    "scores",
    "legal",
    "k",
    "dbuf",
    "dn",
    "rew",
)
STATE += ("term", "trunc", "fin", "fobs", "hend", "hist")
"""The state of :func:`arrays` (and ``fobs``, the final views) in the order of the tuple ``ka``."""


def tuples(
    tb: Any, max_hands: int, at: Any, phase_at: Any, bid_obs: Any, hcol: Any, a: dict[str, Any]
) -> tuple[Any, ...]:
    """The tables (a :class:`.tables.Tables` and the cap of hands), the observation's tables and
    the state (:func:`arrays`, with ``fobs``) as the tuples ``kt``, ``ko`` and ``ka`` (for a
    loop over the steps, :mod:`.steppolicy_compiled`)."""
    kt = (tb.params, tb.failure_multiplier, tb.deck, tb.eff, tb.key, tb.suit_of, tb.trump_ids, tb.bids, tb.points,
          max_hands)  # fmt: skip
    return kt, (at, phase_at, bid_obs, hcol), tuple(a[name] for name in STATE)


@jitcache.bare
def deal_hand(p: Any, deck: Any, suit_of: Any, g: int, s: Any, st: Any, hand: Any, cnt: Any, kitty: Any,
          pv: Any, dbuf: Any, dn: Any, new: int) -> int:  # fmt: skip
    """Shuffle and deal game ``g``'s hand: 0 when a decision awaits, else how it is thrown in at
    once (3: the same dealer deals again, a turned Joker that proposes no suit or a weak hand's
    redeal; 4: the next dealer, a weak hand's redeal)."""
    n, hs, ks, nd = p[t.N], p[t.HS], p[t.KS], p[t.DECK]
    row = dbuf[g, dn[g] % dbuf.shape[1]]
    dk = row[D_CARDS : D_CARDS + nd]  # the pack shuffled where the deal is then kept (nothing allocated)
    for i in range(nd):
        dk[i] = deck[i]
    shuffle(dk, nd, hand_key(st[g, V_KEY], s[g, S_HANDS]))
    dealer = s[g, S_DEALER]
    seat, at = (dealer + 1) % n, p[t.DEAL_AT]
    for _ in range(n):  # the variant's packets
        for j in range(hs):
            hand[g, seat, j] = dk[p[at + j]]
        at += hs
        cnt[g, seat] = hs
        seat = (seat + 1) % n
    for j in range(ks):
        kitty[g, j] = dk[n * hs + j]
    row[D_DEALER], row[D_NEW] = dealer, new
    at = D_CARDS
    for q in range(n):  # each hand in order, as dealt (a reader sorts them: nothing here needs it)
        for j in range(hs):
            row[at + j] = hand[g, q, j]
        at += hs
    for j in range(ks):
        row[at + j] = kitty[g, j]
    dn[g] += 1
    pv[g, :, :] = 0
    pv[g, PV_TRICK, :] = -1
    turned = kitty[g, 0]
    s[g, S_TURNED] = turned
    s[g, S_TS] = suit_of[turned] if turned != p[t.JOKER] else p[t.TURNED_JOKER]
    s[g, S_MAKER], s[g, S_TI], s[g, S_ALONE], s[g, S_DEF_ALONE], s[g, S_FORCED] = -1, -1, 0, -1, 0
    s[g, S_LEADER], s[g, S_LED], s[g, S_J], s[g, S_TRICKS], s[g, S_DISCARDS], s[g, S_NAMED] = (
        -1,
        -1,
        0,
        0,
        0,
        -1,
    )
    s[g, S_B], s[g, S_DISCARDER], s[g, S_TOOK], s[g, S_LONE_CONTRACT], s[g, S_HN] = p[t.L], dealer, 0, 0, 0
    s[g, S_DROPPED], s[g, S_BY_TURN] = 0, 0
    s[g, S_SWAP_RULE], s[g, S_REDEAL_RULE] = 0, 0
    if p[t.WEAK_N] > 0:
        return _weak_hands(p, g, s, hand, cnt, kitty, pv, 1)
    return _begin(p, g, s, hand, cnt, pv)


@jitcache.bare
def _begin(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """The making begins (the hands stand): 0, or 3 where a turned Joker proposes no suit."""
    n, dealer, turned = p[t.N], s[g, S_DEALER], s[g, S_TURNED]
    s[g, S_PHASE], s[g, S_SEAT] = ORDER, (dealer + 1) % n
    if p[t.AUCTION]:
        s[g, S_PHASE], s[g, S_TS] = BID, 0
        s[g, S_HIGH], s[g, S_HIGH_SEAT], s[g, S_SPOKEN], s[g, S_PASSED] = -1, -1, 0, 0
    elif turned == p[t.JOKER] and p[t.TJ_NAMED]:
        s[g, S_PHASE], s[g, S_SEAT] = PROPOSE, dealer
        return 0
    elif s[g, S_TS] >= 0:
        _turned_suit(p, g, s, hand, cnt, pv)
    return 0 if s[g, S_TS] >= 0 else 3


@jitcache.bare
def _weak_hands(p: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any, pv: Any, k0: int) -> int:
    """Ask the seats from the ``k0``-th from the dealer's left about the first weak-hand rule
    each hand meets (:mod:`.weak_compiled`): an optional rule waits for the seat's decision, one
    that is not acts at once; when none is left, the making begins (:func:`_begin`). 0, or how
    the hand is thrown in (:func:`deal_hand`)."""
    n, dealer = p[t.N], s[g, S_DEALER]
    for k in range(k0, n + 1):
        seat = (dealer + k) % n
        w = -1
        for i in range(p[t.WEAK_N]):
            if met(p, hand[g], cnt[g], seat, i):
                w = i
                break
        if w < 0:
            continue
        at = p[t.WEAK_AT] + w * t.W_WIDTH
        if p[at + t.W_SWAP] == 1 and s[g, S_SWAP_RULE] > 0:
            continue  # one swap a hand
        if p[at + t.W_OPTIONAL]:
            s[g, S_PHASE], s[g, S_SEAT], s[g, S_WK], s[g, S_WRULE] = WEAK, seat, k, w
            return 0
        how = _weak_act(p, g, s, hand, cnt, kitty, seat, w)
        if how:
            return how
    return _begin(p, g, s, hand, cnt, pv)


@jitcache.bare
def _weak_act(p: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any, seat: int, w: int) -> int:
    """Rule ``w`` acts for ``seat``: a redeal throws the hand in (3: by the same dealer, 4: by the
    next), a swap gives the counted cards for the kitty's hidden ones (0)."""
    at = p[t.WEAK_AT] + w * t.W_WIDTH
    if p[at + t.W_SWAP] != 1:
        s[g, S_REDEAL_RULE] = w + 1
        return 3 if p[at + t.W_SAME] else 4
    sort_ids(hand[g, seat], cnt[g, seat])  # as held, in the Python engine's order: by card id
    swap(p, hand[g], cnt[g], seat, w, kitty[g])
    s[g, S_SWAP_RULE] = w + 1
    return 0


@jitcache.bare
def _turned_suit(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> None:
    """The turned card proposes its suit: trump at once where it is a ``turned_trump`` suit (dirty
    clubs: the dealer made maker, or nobody), else the first round of order-up goes on."""
    if not (p[t.TT_SUITS] >> s[g, S_TS]) & 1:
        return
    dealer = s[g, S_DEALER]
    s[g, S_TI], s[g, S_BY_TURN] = s[g, S_TS], 1
    if p[t.DEALER_DISCARDS]:
        hand[g, dealer, cnt[g, dealer]] = s[g, S_TURNED]
        cnt[g, dealer] += 1
        s[g, S_DISCARDS] = 1
    if p[t.TT_DEALER]:  # the dealer made maker, forced or not
        _made(p, g, s, hand, cnt, pv, dealer, 0, p[t.TT_FORCED] == 1)
    elif s[g, S_DISCARDS] > 0:  # played without a maker, the dealer discarding first
        s[g, S_PHASE], s[g, S_SEAT] = DISCARD, dealer
    else:
        _start_play(p, g, s, hand, cnt, pv)


@jitcache.inline
def legal_ids(p: Any, eff: Any, trump_ids: Any, bids: Any, g: int, s: Any, hand: Any, cnt: Any, legal: Any,
           k: Any) -> None:  # fmt: skip
    """List game ``g``'s legal ids at its decision."""
    if s[g, S_PHASE] == PLAY:
        k[g] = _cards(p, eff, g, s, hand, cnt, legal[g])
    else:
        k[g] = _calls(p, trump_ids, bids, g, s, hand, cnt, legal[g])


@jitcache.inline
def _calls(p: Any, trump_ids: Any, bids: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """Game ``g``'s legal ids at a decision other than a card to play into ``row``; how many."""
    n, ns = p[t.N], p[t.NS]
    ph, seat, dealer = s[g, S_PHASE], s[g, S_SEAT], s[g, S_DEALER]
    stuck = p[t.AP_RULE] == 1
    may_alone = p[t.MAY_ALONE] == 1 and n > 2
    m = 0
    if ph == ORDER:
        partner_alone = p[t.DPA] == 1 and seat != dealer and seat % p[t.SIDES] == dealer % p[t.SIDES]
        m = order_ups(p, partner_alone, may_alone, seat == dealer and p[t.ROUNDS] == 1 and stuck, row, m)
    elif ph == NAME:
        m = trump_names(p, trump_ids, s[g, S_TS], seat == dealer and stuck, may_alone, row, m)
    elif ph == DISCARD:
        for i in range(cnt[g, seat]):
            row[m] = hand[g, seat, i] + p[t.DISCARD_BASE]
            m += 1
    elif ph == DEFENCE:
        row[0], row[1] = p[t.ALONE_ID], p[t.PASS_ID]
        m = 2
    elif ph == WEAK:
        swaps = p[p[t.WEAK_AT] + s[g, S_WRULE] * t.W_WIDTH + t.W_SWAP] == 1
        row[0], row[1] = p[t.SWAP_ID] if swaps else p[t.REDEAL_ID], p[t.PASS_ID]
        m = 2
    elif ph == DROP:
        row[0], row[1] = p[t.DROP_ID], p[t.PASS_ID]
        m = 2
    elif ph == DECLARE:
        row[0], row[1] = p[t.DECLARE_BASE] + s[g, S_DSET], p[t.PASS_ID]
        m = 2
    elif ph == EXCHANGE:  # any held card; a partner who must give their best, only the highest
        best = seat != s[g, S_XLONE] and p[t.EX_BEST] == 1
        m = gifts(p, seat, best, s[g, S_TI], hand[g], cnt[g], row)
    elif ph == BID:
        row[0] = p[t.PASS_ID]
        m = 1
        high = s[g, S_HIGH]
        place = (seat - dealer - 1) % n + 1
        for i in range(high + 1, p[t.L]):
            if (bids[i, t.B_PLACES] >> (place - 1)) & 1 and high >= bids[i, t.B_OVER]:
                row[m] = p[t.BID_BASE] + i
                m += 1
    elif ph == TRUMP:
        last = ns + 1 if p[t.NO_TRUMP] else ns
        for o in range(last):
            row[m] = trump_ids[o, 0]
            m += 1
            if p[t.MAY_ALONE] and n > 2 and not s[g, S_LONE_CONTRACT]:
                row[m] = trump_ids[o, 1]
                m += 1
    else:  # SUIT or PROPOSE
        for x in range(ns):
            row[m] = p[t.SUIT_BASE] + x
            m += 1
    if ph in (DISCARD, EXCHANGE):
        m = distinct(p, row, m)  # one action for each distinct card held (pack.copies)
    return m


@jitcache.inline
def _cards(p: Any, eff: Any, g: int, s: Any, hand: Any, cnt: Any, row: Any) -> int:
    """Game ``g``'s legal cards to play into ``row``: those that follow the suit led, else any;
    one id for each distinct card held (``pack.copies``). How many."""
    seat, m = s[g, S_SEAT], 0
    effs = eff[s[g, S_TI]]
    if s[g, S_J] > 0:
        for i in range(cnt[g, seat]):
            if effs[hand[g, seat, i]] == s[g, S_LED]:
                row[m] = hand[g, seat, i] + p[t.PLAY_BASE]
                m += 1
    if m == 0:
        for i in range(cnt[g, seat]):
            row[m] = hand[g, seat, i] + p[t.PLAY_BASE]
            m += 1
    return distinct(p, row, m)


@jitcache.bare
def weight(p: Any, c: int) -> float:
    """One over the copies of card ``c`` in the pack (``pack.copies`` of each suited card, one
    Joker): the observation counts a card's copies as a fraction of them."""
    if c == p[t.JOKER] or not p[t.COPIES]:
        return 1.0
    jokers = 1 if p[t.JOKER] >= 0 else 0
    return float((p[t.C] - jokers) / (p[t.DECK] - jokers))


@jitcache.inline
def _next_seat(pv: Any, g: int, seat: int, n: int) -> int:
    """The next seat to the left that is not sitting out."""
    seat = (seat + 1) % n
    while pv[g, PV_OUT, seat]:
        seat = (seat + 1) % n
    return seat


@jitcache.bare
def _start_play(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> None:
    """Before the first lead, the drop-outs (``alone.drop_out``), the declarations
    (``scoring.declarations``), then the play."""
    drops = p[t.DROP_ID] >= 0 and s[g, S_MAKER] >= 0 and (not s[g, S_BY_TURN] or p[t.DROP_TT])
    if not (drops and _offer_drop(p, g, s, pv, 1)):
        _after_drops(p, g, s, hand, cnt, pv)


@jitcache.bare
def _offer_drop(p: Any, g: int, s: Any, pv: Any, k0: int) -> bool:
    """Ask the seats in play but the maker, from the ``k0``-th from the maker's left, to drop out
    or stay in (as :mod:`.drop_compiled`): whether one is to answer."""
    n, maker = p[t.N], s[g, S_MAKER]
    for k in range(k0, n):
        q = (maker + k) % n
        if not pv[g, PV_OUT, q]:
            s[g, S_PHASE], s[g, S_SEAT], s[g, S_DROPK] = DROP, q, k
            return True
    return False


@jitcache.bare
def _after_drops(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> None:
    """The declarations, then the play."""
    if p[t.DECL_N] == 0 or not _offer_declaration(p, g, s, hand, cnt, pv, 1):
        _lead(p, g, s, cnt, pv)


@jitcache.bare
def _offer_declaration(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any, k0: int) -> bool:
    """Ask the seats in play from the ``k0``-th from the dealer's left, each about the first set
    its hand holds (as the Python ``declare`` phase asks them): whether one is to answer."""
    n, width, ti = p[t.N], p[t.NS] + 2, s[g, S_TI]
    for k in range(k0, n + 1):
        seat = (s[g, S_DEALER] + k) % n
        if pv[g, PV_OUT, seat]:
            continue
        held = 0
        for i in range(cnt[g, seat]):
            held |= 1 << hand[g, seat, i]
        for d in range(p[t.DECL_N]):
            want = p[p[t.DECL_AT] + d * width + 1 + ti]
            if want >= 0 and (held & want) == want:
                s[g, S_PHASE], s[g, S_SEAT], s[g, S_DK], s[g, S_DSET] = DECLARE, seat, k, d
                return True
    return False


@jitcache.bare
def _lead(p: Any, g: int, s: Any, cnt: Any, pv: Any) -> None:
    """Lead the first trick (its leader: ``play_compiled.first_leader``)."""
    n, maker, dealer = p[t.N], s[g, S_MAKER], s[g, S_DEALER]
    leader = first_leader(p, maker, dealer, s[g, S_ALONE] == 1, s[g, S_DEF_ALONE], pv[g, PV_OUT])
    s[g, S_ACTIVE] = n - pv[g, PV_OUT, :n].sum()
    s[g, S_NTRICKS] = cnt[g, leader]
    s[g, S_PHASE], s[g, S_SEAT], s[g, S_LEADER], s[g, S_J], s[g, S_TRICKS] = PLAY, leader, leader, 0, 0


@jitcache.bare
def _offer_defence(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any, j0: int) -> None:
    """Offer lone defence from the ``j0``-th seat on (the maker's side skipped), else play."""
    n, maker = p[t.N], s[g, S_MAKER]
    first = s[g, S_DEALER] if p[t.LD_DEALER] else maker
    for j in range(j0, n + 1):
        q = (first + j) % n
        if q % p[t.SIDES] != maker % p[t.SIDES]:
            s[g, S_PHASE], s[g, S_SEAT], s[g, S_DEFJ] = DEFENCE, q, j
            return
    _start_play(p, g, s, hand, cnt, pv)


@jitcache.bare
def _after_discard(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> None:
    """The lone maker's exchange with the partners (``alone.exchange``), lone defence where it
    is offered, then the play."""
    if p[t.EX_MAKER] and s[g, S_ALONE] == 1 and s[g, S_MAKER] >= 0:
        _start_exchange(p, g, s, s[g, S_MAKER], 0)
    else:
        _defence_or_play(p, g, s, hand, cnt, pv)


@jitcache.bare
def _start_exchange(p: Any, g: int, s: Any, lone: int, defender: int) -> None:
    """The lone player ``lone`` exchanges (as :mod:`.exchange_compiled`): each partner from the
    lone player's left gives ``alone.exchange.cards`` cards, then the lone player gives as many
    back to each."""
    s[g, S_PHASE], s[g, S_XLONE], s[g, S_XI], s[g, S_XDEF] = EXCHANGE, lone, 0, defender
    s[g, S_SEAT] = _gift(p, s[g, S_XLONE], 0)[0]


@jitcache.bare
def _gift(p: Any, lone: int, i: int) -> tuple[int, int]:
    """The ``i``-th gift of the lone player ``lone``'s exchange: (giver, taker)."""
    n, cards = p[t.N], p[t.EX_CARDS]
    half = (n // 2 - 1) * cards
    if i < half:
        return (lone + 2 * (1 + i // cards)) % n, lone
    return lone, (lone + 2 * (1 + (i - half) // cards)) % n


@jitcache.bare
def _defence_or_play(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> None:
    """Lone defence where it is offered, then the play."""
    if p[t.LONE_DEF] and s[g, S_MAKER] >= 0 and (s[g, S_ALONE] == 1 or p[t.LD_ANY]) and p[t.N] > 2:
        _offer_defence(p, g, s, hand, cnt, pv, 1)
    else:
        _start_play(p, g, s, hand, cnt, pv)


@jitcache.bare
def _made(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any, seat: int, x: int, forced: bool) -> None:
    """Trump made by ``seat`` with id ``x``: partners out, the dealer's discard, and on."""
    n = p[t.N]
    s[g, S_MAKER], s[g, S_REQUIRED], s[g, S_FORCED] = seat, p[t.TR_REQ], forced
    if s[g, S_ALONE]:
        for q in range(n):
            if q != seat and q % p[t.SIDES] == seat % p[t.SIDES]:
                pv[g, PV_OUT, q] = 1
    if s[g, S_DISCARDS] > 0:
        s[g, S_PHASE], s[g, S_SEAT] = DISCARD, s[g, S_DISCARDER]
    else:
        _after_discard(p, g, s, hand, cnt, pv)


@jitcache.bare
def _auction_over(p: Any, bids: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any, pv: Any) -> int:
    """The auction is over (as the Python ``bidding`` phase ends it): the contract, the forced bid,
    a hand thrown in (2) or played without a maker; the widow taken, trump named."""
    n, dealer, joker = p[t.N], s[g, S_DEALER], p[t.JOKER]
    maker, b = -1, p[t.L]
    forced = False
    if s[g, S_HIGH_SEAT] >= 0:
        maker, b = s[g, S_HIGH_SEAT], s[g, S_HIGH]
    elif p[t.AP_RULE] == 0:
        return 2
    elif p[t.AP_RULE] == 2:
        s[g, S_TI] = p[t.AP_TRUMP]
        _start_play(p, g, s, hand, cnt, pv)
        return 0
    else:
        maker = dealer
        if not p[t.AP_DEALER]:
            maker = -1
            q = (dealer + 1) % n
            for _ in range(n):
                held = False
                for j in range(cnt[g, q]):
                    if hand[g, q, j] == joker:
                        held = True
                if held:
                    maker = q
                    break
                q = (q + 1) % n
        if maker < 0:
            return 2
        b = p[t.AP_BID]
        forced = True
    s[g, S_MAKER], s[g, S_B], s[g, S_REQUIRED], s[g, S_FORCED] = maker, b, bids[b, t.B_TRICKS], forced
    s[g, S_DISCARDER] = maker
    lone_contract = bids[b, t.B_ALONE] == 1
    s[g, S_LONE_CONTRACT] = lone_contract
    if p[t.WIDOW]:
        for j in range(p[t.KS]):
            hand[g, maker, cnt[g, maker]] = kitty[g, j]
            cnt[g, maker] += 1
        s[g, S_DISCARDS], s[g, S_TOOK] = p[t.KS], 1
    if bids[b, t.B_TRUMP] >= 0:
        s[g, S_TI], s[g, S_ALONE] = bids[b, t.B_TRUMP], lone_contract
        _trump_made(p, g, s, hand, cnt, pv)
    else:
        s[g, S_PHASE], s[g, S_SEAT] = TRUMP, maker
    return 0


@jitcache.bare
def _trump_made(p: Any, g: int, s: Any, hand: Any, cnt: Any, pv: Any) -> None:
    """An auction's trump made: partners of a lone maker out, the maker's discard, and on."""
    maker = s[g, S_MAKER]
    if s[g, S_ALONE]:
        for q in range(p[t.N]):
            if q != maker and q % p[t.SIDES] == maker % p[t.SIDES]:
                pv[g, PV_OUT, q] = 1
    if s[g, S_DISCARDS] > 0:
        s[g, S_PHASE], s[g, S_SEAT] = DISCARD, maker
    else:
        _after_discard(p, g, s, hand, cnt, pv)


@jitcache.inline
def _apply(p: Any, trump_ids: Any, bids: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, kitty: Any,
           pv: Any) -> int:  # fmt: skip
    """Apply id ``x`` of a phase before the play to game ``g``; 0, or how the hand ended
    (:func:`advance`; 3 or 4: thrown in for a weak hand, :func:`deal_hand`; 5: by a set declared)."""
    n, ns = p[t.N], p[t.NS]
    ph, seat, dealer = s[g, S_PHASE], s[g, S_SEAT], s[g, S_DEALER]
    stuck = p[t.AP_RULE] == 1
    if ph == ORDER:
        if x != p[t.PASS_ID]:
            s[g, S_TI], s[g, S_ALONE] = s[g, S_TS], x == p[t.ORDER_BASE] + 1
            if p[t.DEALER_DISCARDS]:
                hand[g, dealer, cnt[g, dealer]] = s[g, S_TURNED]
                cnt[g, dealer] += 1
                s[g, S_DISCARDS] = 1
            _made(p, g, s, hand, cnt, pv, seat, x, seat == dealer and p[t.ROUNDS] == 1 and stuck)
        elif seat == dealer:
            if p[t.ROUNDS] == 1:
                return 2
            s[g, S_PHASE], s[g, S_SEAT] = NAME, (dealer + 1) % n
        else:
            s[g, S_SEAT] = (seat + 1) % n
    elif ph == NAME:
        if x != p[t.PASS_ID]:
            for o in range(ns + 1):
                if x == trump_ids[o, 0] or x == trump_ids[o, 1]:
                    s[g, S_TI], s[g, S_ALONE] = o, x == trump_ids[o, 1]
            _made(p, g, s, hand, cnt, pv, seat, x, seat == dealer and stuck)
        elif seat == dealer:
            return 2
        else:
            s[g, S_SEAT] = (seat + 1) % n
    elif ph == BID:
        if x == p[t.PASS_ID]:
            s[g, S_PASSED] |= 1 << seat
        else:
            s[g, S_HIGH], s[g, S_HIGH_SEAT] = x - p[t.BID_BASE], seat
            if not p[t.PASS_FINAL]:
                s[g, S_PASSED] = 0
        s[g, S_SPOKEN] += 1
        if s[g, S_HIGH] != p[t.L] - 1:
            if p[t.ONE_ROUND]:
                if s[g, S_SPOKEN] < n:
                    s[g, S_SEAT] = (seat + 1) % n
                    return 0
            else:
                active = 0
                for q in range(n):
                    if not (s[g, S_PASSED] >> q) & 1:
                        active += 1
                if active > 1 or (active == 1 and s[g, S_HIGH_SEAT] < 0):
                    q = (seat + 1) % n
                    while p[t.PASS_FINAL] and (s[g, S_PASSED] >> q) & 1:
                        q = (q + 1) % n
                    s[g, S_SEAT] = q
                    return 0
        return _auction_over(p, bids, g, s, hand, cnt, kitty, pv)
    elif ph == TRUMP:
        for o in range(ns + 1):
            if x == trump_ids[o, 0] or x == trump_ids[o, 1]:
                s[g, S_TI] = o
                s[g, S_ALONE] = x == trump_ids[o, 1] or s[g, S_LONE_CONTRACT] == 1
        _trump_made(p, g, s, hand, cnt, pv)
    elif ph == DISCARD:
        remove(hand[g], cnt[g], seat, x - p[t.DISCARD_BASE])
        s[g, S_DISCARDS] -= 1
        if s[g, S_DISCARDS] == 0:
            _after_discard(p, g, s, hand, cnt, pv)
    elif ph == WEAK:
        if x != p[t.PASS_ID]:
            how = _weak_act(p, g, s, hand, cnt, kitty, seat, s[g, S_WRULE])
            if how:
                return how
        return _weak_hands(p, g, s, hand, cnt, kitty, pv, s[g, S_WK] + 1)
    elif ph == PROPOSE:
        s[g, S_TS] = x - p[t.SUIT_BASE]
        s[g, S_PHASE], s[g, S_SEAT] = ORDER, (dealer + 1) % n
        _turned_suit(p, g, s, hand, cnt, pv)
    elif ph == DEFENCE:
        if x == p[t.ALONE_ID]:
            s[g, S_DEF_ALONE] = seat
            for r in range(n):
                if r != seat and r % p[t.SIDES] == seat % p[t.SIDES]:
                    pv[g, PV_OUT, r] = 1
            if p[t.EX_DEF]:
                _start_exchange(p, g, s, seat, 1)
            else:
                _start_play(p, g, s, hand, cnt, pv)
        else:
            _offer_defence(p, g, s, hand, cnt, pv, s[g, S_DEFJ] + 1)
    elif ph == DROP:
        if x == p[t.DROP_ID]:
            pv[g, PV_OUT, seat] = 1
            s[g, S_DROPPED] |= 1 << seat
        if not _offer_drop(p, g, s, pv, s[g, S_DROPK] + 1):
            _after_drops(p, g, s, hand, cnt, pv)
    elif ph == DECLARE:
        if x != p[t.PASS_ID]:
            return 5  # the set declared ends the hand, made by its holder
        if not _offer_declaration(p, g, s, hand, cnt, pv, s[g, S_DK] + 1):
            _lead(p, g, s, cnt, pv)
    else:  # EXCHANGE (the play is applied by :func:`_play`)
        c = x - p[t.GIVE_BASE]
        giver, taker = _gift(p, s[g, S_XLONE], s[g, S_XI])
        remove(hand[g], cnt[g], giver, c)
        hand[g, taker, cnt[g, taker]] = c
        cnt[g, taker] += 1
        s[g, S_XI] += 1
        if s[g, S_XI] < 2 * (n // 2 - 1) * p[t.EX_CARDS]:
            s[g, S_SEAT] = _gift(p, s[g, S_XLONE], s[g, S_XI])[0]
        elif s[g, S_XDEF]:
            _start_play(p, g, s, hand, cnt, pv)
        else:
            _defence_or_play(p, g, s, hand, cnt, pv)
    return 0


@jitcache.inline
def _play(p: Any, eff: Any, key: Any, g: int, x: int, s: Any, hand: Any, cnt: Any, pv: Any) -> int:
    """Apply id ``x`` of the play (a card, or the suit named after a Joker led) to game ``g``; 1
    when the last trick is complete."""
    n, ns, seat = p[t.N], p[t.NS], s[g, S_SEAT]
    if s[g, S_PHASE] == SUIT:
        s[g, S_LED], s[g, S_NAMED] = x - p[t.SUIT_BASE], x - p[t.SUIT_BASE]
    else:
        c = x - p[t.PLAY_BASE]
        remove(hand[g], cnt[g], seat, c)
        pv[g, PV_TRICK, seat] = c
        row = PV_PLAYED
        while (pv[g, row, seat] >> c) & 1:  # another copy of the card already played
            row += 1
        pv[g, row, seat] |= 1 << c
        if s[g, S_J] == 0:
            s[g, S_LED] = eff[s[g, S_TI], c]
            if c == p[t.JOKER] and s[g, S_TI] == ns and p[t.JOKER_NAMES]:
                s[g, S_PHASE] = SUIT
                return 0
    s[g, S_PHASE] = PLAY
    s[g, S_J] += 1
    if s[g, S_J] < s[g, S_ACTIVE]:
        s[g, S_SEAT] = _next_seat(pv, g, seat, n)
        return 0
    # the trick is complete: its winner leads the next
    ti, leader = s[g, S_TI], s[g, S_LEADER]
    row = key[ti, eff[ti, pv[g, PV_TRICK, leader]]]
    q, best, top = leader, leader, -(1 << 60)
    for _ in range(s[g, S_ACTIVE]):
        if row[pv[g, PV_TRICK, q]] > top:
            best, top = q, row[pv[g, PV_TRICK, q]]
        q = _next_seat(pv, g, q, n)
    pv[g, PV_WON, best] += 1
    pv[g, PV_TRICK, :] = -1
    s[g, S_TRICKS] += 1
    s[g, S_NAMED], s[g, S_J] = -1, 0
    if s[g, S_TRICKS] == s[g, S_NTRICKS]:
        return 1  # the seat that played the last card stays the seat to move (the final view's)
    s[g, S_SEAT], s[g, S_LEADER] = best, best
    return 0


@jitcache.bare
def new_game(p: Any, g: int, s: Any, st: Any, scores: Any) -> None:
    """Start game ``g`` again: its key (:func:`.draws_compiled.restart`), scores 0, a random dealer."""
    scores[g, :] = 0
    s[g, S_HANDS] = 0
    s[g, S_WON : S_WON + p[t.SIDES]] = 0
    s[g, S_DEALER] = restart(st[g], p[t.N])


@jitcache.bare
def hand_change(p: Any, fmult: float, bids: Any, points: Any, g: int, how: int, s: Any, pv: Any,
                 change: Any, tricks: Any) -> tuple[int, int]:  # fmt: skip
    """Game ``g``'s hand scored into ``change`` by side (``how``: 1 played out, 5 ended by a
    declared set), and when played out its tricks by side into ``tricks``; the maker's side (-1:
    none) and whether made (1, 0; -1: no maker)."""
    n, sides = p[t.N], p[t.SIDES]
    if how == 5:  # a declared set: its points to its holder's side, made
        mside = s[g, S_SEAT] % sides
        change[mside] = p[p[t.DECL_AT] + s[g, S_DSET] * (p[t.NS] + 2)]
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
    made = score_hand(p, fmult, bids, points, s[g, S_B], maker % sides, tricks, s[g, S_REQUIRED],
                      s[g, S_ALONE] == 1, s[g, S_DEF_ALONE] >= 0, s[g, S_FORCED] == 1, change, gone)  # fmt: skip
    return maker % sides, made


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
            winner = game_winner(p, scores[g], mside, made)
            if winner >= 0 and not match_won(p, scores[g], s[g, S_WON : S_WON + sides], winner):
                winner = -1  # a game of the match won: the next starts, the dealer passing on
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
        elif not (how == 3 or (how == 2 and p[t.AP_REDEAL_SAME])):
            s[g, S_DEALER] = (s[g, S_DEALER] + p[t.STEP]) % n
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


@jitcache.inline
def advance(p: Any, eff: Any, key: Any, trump_ids: Any, bids: Any, hcol: Any, hist: Any, g: int, x: int, s: Any,
            hand: Any, cnt: Any, kitty: Any, pv: Any) -> int:  # fmt: skip
    """Apply id ``x`` (legal) to game ``g`` for its seat to move, the decision kept in the
    history; how the hand ended: 0 not, 1 played out, 2 thrown in. Where it ended,
    :func:`hand_over` scores it and deals on; then :func:`legal_ids` lists the next decision's ids."""
    if hcol[x] >= 0 and s[g, S_HN] < hist.shape[1]:
        hist[g, s[g, S_HN], 0], hist[g, s[g, S_HN], 1] = s[g, S_SEAT], x
        s[g, S_HN] += 1
    ph = s[g, S_PHASE]
    if ph in (PLAY, SUIT):
        return _play(p, eff, key, g, x, s, hand, cnt, pv)
    return _apply(p, trump_ids, bids, g, x, s, hand, cnt, kitty, pv)


@jitcache.bare
def observe_seat(p: Any, at: Any, phase_at: Any, bid_obs: Any, hcol: Any, hist: Any, g: int, me: int, final: bool,
             s: Any, hand: Any, cnt: Any, kitty: Any, pv: Any, scores: Any, o: Any) -> None:  # fmt: skip
    """Write game ``g`` as seat ``me`` sees it into ``o`` (zeroed); ``final``: the game is over
    (no seat to move, no phase)."""
    n, c, sides, hs = p[t.N], p[t.C], p[t.SIDES], p[t.HS]
    ph = s[g, S_PHASE]
    if not final:
        o[at[O_TO_MOVE] + (s[g, S_SEAT] - me) % n] = 1
        if phase_at[ph] >= 0:
            o[at[O_PHASE] + phase_at[ph]] = 1
    o[at[O_DEALER] + (s[g, S_DEALER] - me) % n] = 1
    for i in range(cnt[g, me]):
        o[at[O_HAND] + hand[g, me, i]] += weight(p, hand[g, me, i])
    for q in range(n):
        r = (q - me) % n
        for row in range(PV_PLAYED, PV_ROWS):
            bits = pv[g, row, q]
            if bits:
                for x in range(c):
                    if (bits >> x) & 1:
                        o[at[O_PLAYED] + r * c + x] += weight(p, x)
        if pv[g, PV_TRICK, q] >= 0:
            o[at[O_TRICK] + r * c + pv[g, PV_TRICK, q]] = 1
    if s[g, S_J] > 0 or ph == SUIT:
        o[at[O_LEADER] + (s[g, S_LEADER] - me) % n] = 1
    if at[O_NAMED] >= 0:
        if s[g, S_NAMED] >= 0:
            o[at[O_NAMED] + s[g, S_NAMED]] = 1
        if ph == SUIT:
            o[at[O_CALLING]] = 1
    for j in range(s[g, S_HN]):
        seat, x = hist[g, j, 0], hist[g, j, 1]
        row = at[O_HISTORY] + j * at[O_HIST_WIDTH]
        o[row + (seat - me) % n] = 1
        col = hcol[x]  # another seat's discard or gift: its verb without the card
        if seat != me and at[O_HIST_HIDDEN] >= 0 and p[t.DISCARD_BASE] <= x < p[t.DISCARD_BASE] + c:
            col = at[O_HIST_HIDDEN]
        elif seat != me and at[O_HIST_GIVE] >= 0 and p[t.GIVE_BASE] <= x < p[t.GIVE_BASE] + c:
            col = at[O_HIST_GIVE]
        o[row + n + col] = 1
    if s[g, S_TI] >= 0:
        o[at[O_TRUMP] + s[g, S_TI]] = 1
    maker = s[g, S_MAKER]
    if maker >= 0:
        o[at[O_MAKER] + (maker - me) % n] = 1
    if at[O_ALONE] >= 0 and (s[g, S_ALONE] or s[g, S_DEF_ALONE] >= 0):
        if s[g, S_ALONE]:
            o[at[O_ALONE] + (maker - me) % n] = 1
        if s[g, S_DEF_ALONE] >= 0:
            o[at[O_ALONE] + (s[g, S_DEF_ALONE] - me) % n] = 1
        for q in range(n):
            if pv[g, PV_OUT, q]:
                o[at[O_SITTING_OUT] + (q - me) % n] = 1
    if at[O_TURNED] >= 0:
        o[at[O_TURNED] + s[g, S_TURNED]] = 1
    if at[O_PROPOSED] >= 0 and s[g, S_TURNED] == p[t.JOKER] and ph != PROPOSE and s[g, S_TS] >= 0:
        o[at[O_PROPOSED] + s[g, S_TS]] = 1  # the suit the dealer named for the turned Joker
    b = s[g, S_B]
    if maker >= 0 and at[O_CONTRACT] >= 0 and bid_obs[b, BO_CONTRACT] >= 0:
        o[at[O_CONTRACT] + bid_obs[b, BO_CONTRACT]] = 1
        if bid_obs[b, BO_MISERE] >= 0:
            o[at[O_TERMS] + bid_obs[b, BO_MISERE]] = 1
        if bid_obs[b, BO_OPEN_TERM] >= 0:
            o[at[O_TERMS] + bid_obs[b, BO_OPEN_TERM]] = 1
    if at[O_WIDOW] >= 0 and s[g, S_TOOK] and me == maker:
        for j in range(p[t.KS]):
            o[at[O_WIDOW] + kitty[g, j]] += weight(p, kitty[g, j])
    in_play = PLAY <= ph <= SUIT
    shown = (bid_obs[b, BO_OPEN] == 2 and in_play) or (bid_obs[b, BO_OPEN] == 1 and s[g, S_TRICKS] >= 1)
    if at[O_SHOWN] >= 0 and maker >= 0 and shown:
        for i in range(cnt[g, maker]):
            o[at[O_SHOWN] + hand[g, maker, i]] += weight(p, hand[g, maker, i])
    for side in range(sides):
        won = 0
        for q in range(side, n, sides):
            won += pv[g, PV_WON, q]
        rel = (side - me) % sides
        o[at[O_TRICKS_WON] + rel] = won / hs
        o[at[O_SCORES] + rel] = min(4.0, max(-4.0, scores[g, side] / float(p[t.TARGET])))


@jitcache.counted
def observe(p: Any, at: Any, phase_at: Any, bid_obs: Any, hcol: Any, hist: Any, s: Any, hand: Any, cnt: Any,
            kitty: Any, pv: Any, scores: Any, legal: Any, k: Any, obs: Any, mask: Any) -> None:  # fmt: skip
    """Write each game's observation (from the seat to move) and action mask."""
    obs[:] = 0
    mask[:] = 0
    for g in range(obs.shape[0]):
        observe_seat(p, at, phase_at, bid_obs, hcol, hist, g, s[g, S_SEAT], False, s, hand, cnt, kitty, pv,
                     scores, obs[g])  # fmt: skip
        for i in range(k[g]):
            mask[g, legal[g, i]] = 1


@jitcache.counted
def seed(st: Any, value: int) -> None:
    """Key the sampler ``st`` (two uint64: its key, the words drawn) by ``value``."""
    st[0], st[1] = np.uint64(value), np.uint64(0)


@jitcache.counted
def sample(st: Any, legal: Any, k: Any, out: Any) -> None:
    """A uniformly random legal id per game into ``out``, drawn from the sampler ``st``."""
    for g in range(k.shape[0]):
        out[g] = legal[g, draw(st, 0, k[g])]
