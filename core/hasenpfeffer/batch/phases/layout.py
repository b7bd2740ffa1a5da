"""The layout of the compiled phases' state, declared once: the phases' ids, a game's columns,
the seats' rows, a recorded deal's and an observation's columns, and the arrays that hold N
games (:func:`arrays`), read by every module of :mod:`hasenpfeffer.batch.phases` and by the
kernel's callers. numba takes these constants into the machine code when it compiles
(:data:`hasenpfeffer.batch.freshcache.READ`).

>>> PHASE_NAMES[PLAY], PHASE_NAMES[SUIT], len(PHASE_NAMES) == PHASES
('play', 'play', True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import tables as t
from ..draws_compiled import V_COLS

LEAVE = -1
"""What a phase's ``apply`` (or ``enter``) returns when the phase is over and the hand goes on
to the next phase of the course that is wanted now (:func:`.course_compiled.leave`); 0 means a
decision awaits in the phase, and a positive value how the hand ended (:func:`.course_compiled.advance`)."""
PLAY_OUT = -2
"""What a phase's ``apply`` returns when everyone passed and the hand is played without a maker
(``making.all_pass.rule: play``): it goes straight to the play, as the Python phases' ``play_out``
exit does."""

# phases (the Python engine's: order-up, name-trump, discard, defence, play, bidding, trump;
# SUIT: the leader of a Joker at no-trump names the suit to follow, in the play phase; PROPOSE:
# the dealer names the suit a turned Joker proposes, in the order-up phase)
ORDER, NAME, DISCARD, DEFENCE, PLAY, SUIT, BID, TRUMP, PROPOSE, WEAK, EXCHANGE, DECLARE, DROP = range(13)
CALL = 13
PHASES = CALL + 1
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
PHASE_NAMES += ("weak-hand", "exchange", "declare", "drop-out", "call")
# a game's scalars: the columns of ``s``
(S_PHASE, S_SEAT, S_DEALER, S_MAKER, S_TI, S_ALONE, S_DEF_ALONE, S_FORCED, S_REQUIRED) = range(9)
(S_TS, S_TURNED, S_LEADER, S_LED, S_J, S_TRICKS, S_NTRICKS, S_HANDS, S_DISCARDS) = range(9, 18)
(S_DEFJ, S_ACTIVE, S_NAMED, S_HIGH, S_HIGH_SEAT, S_SPOKEN, S_PASSED, S_B, S_DISCARDER) = range(18, 27)
(S_TOOK, S_LONE_CONTRACT, S_HN, S_WK, S_WRULE, S_SWAP_RULE, S_XLONE, S_XI, S_XDEF) = range(27, 36)
(S_DK, S_DSET, S_DROPK, S_DROPPED, S_BY_TURN, S_WON) = range(36, 42)
S_REDEAL_RULE, S_CALLED, S_PARTNER, S_SHOWN_PARTNER = S_WON + 8, S_WON + 9, S_WON + 10, S_WON + 11
S_PLAYED, S_PARTNER2, S_BARRED, S_RESTING = S_WON + 12, S_WON + 13, S_WON + 14, S_WON + 15
S_IMPOSED, S_LAST_SUIT, S_DBEST, S_DHOLD = S_WON + 16, S_WON + 17, S_WON + 18, S_WON + 19
S_COLS = S_WON + 20
"""(``S_WON``: the games each side won in the match, a column by side, eight at most; ``S_WK``:
the seat asked about a weak hand, its place from the dealer's left, ``S_WRULE`` the rule its
hand meets; ``S_XLONE``: the lone player who exchanges with the partners, ``S_XI`` the gifts
made, ``S_XDEF`` 1 for a lone defender;
``S_DK``: the seat asked about a declaration, its place from the dealer's left, ``S_DSET`` the
set it holds, ``S_DBEST`` how high the highest set declared stands (0: none yet;
:func:`.declare_compiled.strength`) and ``S_DHOLD`` its holder + 1; ``S_DROPK``: the seat asked to drop out, its place from the maker's left,
``S_DROPPED`` the seats that dropped out, a bit each, ``S_BY_TURN`` 1 where the turned card
made trump at once; ``S_SWAP_RULE`` and ``S_REDEAL_RULE``: the weak-hand rule that swapped with
the kitty (one swap a hand) and that threw the hand in, its place + 1, 0 for none;
``S_CALLED``: the card the maker called for a partner (-1: none yet, or none called),
``S_PARTNER`` its holder, the maker's partner (-1: none), ``S_SHOWN_PARTNER`` 1 once the
partner has played the called card, ``S_PARTNER2`` the second partner the maker named (-1:
none); ``S_PLAYED`` the hands of the game played, not thrown in (``game.deals``);
``S_BARRED`` the suits barred for the rest of the game after failed contracts, a bit by suit
(``making.order_up.failed_suit_barred``); ``S_RESTING`` the seat + 1 that made trump in the
game's last hand with a maker and only passes in this one, 0 for none
(``making.order_up.last_maker_passes``); ``S_IMPOSED`` the suit + 1 of the only trump the
hand may make, 0 for any (``making.order_up.last_trick_suit``), and ``S_LAST_SUIT`` the
effective suit + 1 of the card that won the hand's last trick so far, 0 before the first.)"""
# the rows of ``pv`` (by seat): sitting out, tricks won, the card on the table (-1), cards owed, cards played (bits)
PV_OUT, PV_WON, PV_TRICK, PV_OWED, PV_PLAYED, PV_ROWS = 0, 1, 2, 3, 4, 8
"""(``PV_OWED``: the cards a seat has yet to lay away, having taken a dummy into hand;
``PV_PLAYED``: a row of bits by copy of the card, for packs of up to four copies, the last
rows: a card's first copy played sets its bit in the first row, the second in the next...)"""
# offsets of the observation's pieces (-1: absent): the columns of ``at``
(O_TO_MOVE, O_PHASE, O_DEALER, O_HAND, O_PLAYED, O_TRICK, O_LEADER, O_NAMED, O_CALLING) = range(9)
(O_TRUMP, O_MAKER, O_ALONE, O_SITTING_OUT, O_TURNED, O_TRICKS_WON, O_SCORES, O_CONTRACT) = range(9, 17)
(O_TERMS, O_WIDOW, O_SHOWN, O_HISTORY, O_PROPOSED, O_CALLED, O_PARTNER, O_DEAL) = range(17, 25)
O_BARRED, O_RESTING, O_IMPOSED = 25, 26, 27
(O_HIST_WIDTH, O_HIST_HIDDEN, O_HIST_GIVE) = range(28, 31)
O_COLS = 31
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
    rows = [p[p[t.SEATS_AT] + q * t.SEAT_W :][: t.SEAT_W] for q in range(n)]
    own = max(int(r[t.SEAT_DEALT]) for r in rows if r[t.SEAT_TAKER] == -2)
    taken = sum(int(r[t.SEAT_DEALT]) for r in rows if r[t.SEAT_TAKER] != -2)  # every dummy, by one maker
    hk = own + taken + int(p[t.KS] + p[t.EX_CARDS] * n)  # and the widow, a lone player's exchange
    width = D_CARDS + int(p[t.DECK])  # the pack shuffled, then kept as dealt
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
    """The tables (a :class:`..tables.Tables` and the cap of hands), the observation's tables and
    the state (:func:`arrays`, with ``fobs``) as the tuples ``kt``, ``ko`` and ``ka`` (for a
    loop over the steps, :mod:`..steppolicy_compiled`)."""
    kt = (tb.params, tb.failure_multiplier, tb.deck, tb.eff, tb.key, tb.suit_of, tb.trump_ids, tb.bids, tb.points,
          max_hands)  # fmt: skip
    return kt, (at, phase_at, bid_obs, hcol), tuple(a[name] for name in STATE)
