"""The course of a hand in compiled code (numba), as :mod:`hasenpfeffer.engine.phases.plan`
orders the Python phases and :class:`hasenpfeffer.engine.machine.Course` goes through them: an
id goes to the phase that owns the decision (:func:`legal_ids`, :func:`advance`), and a phase
that is over leads to the next phase of the plan that the variant uses and that is wanted now
(:func:`leave`).

The plan's places (:data:`P_DEAL`...) are the Python plan's, in its order.

>>> [P_DEAL, P_WEAK, P_BID, P_TRUMP, P_ORDER, P_NAME, P_DISCARD, P_CALL, P_EXCHANGE, P_DEFENCE]
[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
>>> [P_DROP, P_DECLARE, P_PLAY]
[10, 11, 12]
"""

from __future__ import annotations

from typing import Any

from ... import jitcache
from . import bidding_compiled as bidding
from . import call_compiled as call
from . import declare_compiled as declare
from . import defence_compiled as defence
from . import discard_compiled as discard
from . import dropout_compiled as dropout
from . import exchange_compiled as exchange
from . import nametrump_compiled as nametrump
from . import orderup_compiled as orderup
from . import play_compiled as play
from . import trump_compiled as trump
from . import weakhand_compiled as weakhand
from .base_compiled import suits
from .layout import (
    BID,
    CALL,
    DECLARE,
    DEFENCE,
    DISCARD,
    DROP,
    EXCHANGE,
    LEAVE,
    NAME,
    ORDER,
    PLAY,
    PLAY_OUT,
    PROPOSE,
    S_HN,
    S_PHASE,
    S_SEAT,
    SUIT,
    TRUMP,
    WEAK,
)

P_DEAL, P_WEAK, P_BID, P_TRUMP, P_ORDER, P_NAME, P_DISCARD, P_CALL, P_EXCHANGE, P_DEFENCE = range(10)
P_DROP, P_DECLARE, P_PLAY = range(10, 13)


@jitcache.bare
def leave(p: Any, g: int, s: Any, hand: Any, cnt: Any, kitty: Any, pv: Any, after: int) -> int:
    """Game ``g`` goes on from the phase at place ``after`` of the plan to the next phase that
    is wanted now (each phase's ``enter`` says): 0 when a decision awaits there, else how the hand
    is thrown in before it (3 or 4: at the deal, :func:`.deal_compiled.deal_hand`)."""
    if after < P_WEAK:
        how = weakhand.enter(p, g, s, hand, cnt, kitty)
        if how != LEAVE:
            return how
    if after < P_BID and bidding.enter(p, g, s):
        return 0
    if after < P_TRUMP and trump.enter(p, g, s):
        return 0
    if after < P_ORDER:
        how = orderup.enter(p, g, s, hand, cnt, pv)
        if how != LEAVE:
            return how
    if after < P_DISCARD and discard.enter(p, g, s, hand, cnt, pv):
        return 0
    if after < P_CALL and call.enter(p, g, s):
        return 0
    if after < P_EXCHANGE and exchange.enter(p, g, s):
        return 0
    if after < P_DEFENCE and defence.enter(p, g, s):
        return 0
    if after < P_DROP and dropout.enter(p, g, s, pv):
        return 0
    if after < P_DECLARE and declare.enter(p, g, s, hand, cnt, pv):
        return 0
    play.enter(p, g, s, cnt, pv)
    return 0


@jitcache.inline
def legal_ids(p: Any, eff: Any, trump_ids: Any, bids: Any, g: int, s: Any, hand: Any, cnt: Any, legal: Any,
              k: Any) -> None:  # fmt: skip
    """List game ``g``'s legal ids at its decision, in the Python engine's order, from the phase
    that owns it."""
    ph, row = s[g, S_PHASE], legal[g]
    if ph == PLAY:
        m = play.legal(p, eff, g, s, hand, cnt, row)
    elif ph in (ORDER, PROPOSE):
        m = orderup.legal(p, g, s, row)
    elif ph == NAME:
        m = nametrump.legal(p, trump_ids, g, s, row)
    elif ph == DISCARD:
        m = discard.legal(p, g, s, hand, cnt, row)
    elif ph == DEFENCE:
        m = defence.legal(p, row)
    elif ph == WEAK:
        m = weakhand.legal(p, g, s, row)
    elif ph == DROP:
        m = dropout.legal(p, row)
    elif ph == DECLARE:
        m = declare.legal(p, g, s, row)
    elif ph == EXCHANGE:
        m = exchange.legal(p, g, s, hand, cnt, row)
    elif ph == BID:
        m = bidding.legal(p, bids, g, s, row)
    elif ph == TRUMP:
        m = trump.legal(p, trump_ids, g, s, row)
    elif ph == CALL:
        m = call.legal(p, eff, g, s, hand, cnt, row)
    else:  # SUIT: the suit to follow a Joker led
        m = suits(p, row)
    k[g] = m


@jitcache.inline
def advance(p: Any, eff: Any, key: Any, trump_ids: Any, bids: Any, hcol: Any, hist: Any, g: int, x: int, s: Any,
            hand: Any, cnt: Any, kitty: Any, pv: Any) -> int:  # fmt: skip
    """Apply id ``x`` (legal) to game ``g`` for its seat to move, the decision kept in the
    history, by the phase that owns it, going on (:func:`leave`) where the phase is over; how the
    hand ended: 0 not, 1 played out, 2 thrown in, 3 or 4 thrown in at the deal, 5 by a set
    declared. Where it ended, :func:`hasenpfeffer.batch.step_compiled.hand_over` scores it and
    deals on; then :func:`legal_ids` lists the next decision's ids."""
    if hcol[x] >= 0 and s[g, S_HN] < hist.shape[1]:
        hist[g, s[g, S_HN], 0], hist[g, s[g, S_HN], 1] = s[g, S_SEAT], x
        s[g, S_HN] += 1
    ph = s[g, S_PHASE]
    if ph in (PLAY, SUIT):
        return play.apply(p, eff, key, g, x, s, hand, cnt, pv)
    if ph in (ORDER, PROPOSE):
        how, after = orderup.apply(p, g, x, s, hand, cnt, pv), P_ORDER
    elif ph == NAME:
        how, after = nametrump.apply(p, trump_ids, g, x, s, pv), P_NAME
    elif ph == BID:
        how, after = bidding.apply(p, bids, g, x, s, hand, cnt, kitty, pv), P_BID
    elif ph == TRUMP:
        how, after = trump.apply(p, trump_ids, g, x, s, pv), P_TRUMP
    elif ph == DISCARD:
        how, after = discard.apply(p, g, x, s, hand, cnt, pv), P_DISCARD
    elif ph == WEAK:
        how, after = weakhand.apply(p, g, x, s, hand, cnt, kitty), P_WEAK
    elif ph == DEFENCE:
        how, after = defence.apply(p, g, x, s, pv), P_DEFENCE
    elif ph == DROP:
        how, after = dropout.apply(p, g, x, s, pv), P_DROP
    elif ph == DECLARE:
        how, after = declare.apply(p, g, x, s, hand, cnt, pv), P_DECLARE
    elif ph == CALL:
        how, after = call.apply(p, g, x, s, hand, cnt), P_CALL
    else:  # EXCHANGE
        how, after = exchange.apply(p, g, x, s, hand, cnt), P_EXCHANGE
    if how == LEAVE:
        return leave(p, g, s, hand, cnt, kitty, pv, after)
    if how == PLAY_OUT:  # everyone passed: straight to the play
        return leave(p, g, s, hand, cnt, kitty, pv, P_DECLARE)
    return how
