"""A seat's view of a stepped game in compiled code (numba), as :mod:`hasenpfeffer.engine.view`
gives it and :mod:`hasenpfeffer.observe.observation` lays it out: the observation's pieces at the
offsets ``at`` (:data:`.phases.layout.O_TO_MOVE`..., from the variant's layout,
:mod:`hasenpfeffer.observe.layout`), written for one seat (:func:`observe_seat`) or for the seat to
move in each game with the action masks (:func:`observe`)."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from . import tables as t
from .phases.call_compiled import known_partners
from .phases.layout import (
    BO_CONTRACT,
    BO_MISERE,
    BO_OPEN,
    BO_OPEN_TERM,
    O_ALONE,
    O_BARRED,
    O_CALLED,
    O_CALLING,
    O_CONTRACT,
    O_DEAL,
    O_DEALER,
    O_HAND,
    O_HIST_GIVE,
    O_HIST_HIDDEN,
    O_HIST_WIDTH,
    O_HISTORY,
    O_IMPOSED,
    O_LEADER,
    O_MAKER,
    O_NAMED,
    O_PARTNER,
    O_PHASE,
    O_PLAYED,
    O_PROPOSED,
    O_RESTING,
    O_SCORES,
    O_SHOWN,
    O_SITTING_OUT,
    O_TERMS,
    O_TO_MOVE,
    O_TRICK,
    O_TRICKS_WON,
    O_TRUMP,
    O_TURNED,
    O_WIDOW,
    PLAY,
    PROPOSE,
    PV_OUT,
    PV_PLAYED,
    PV_ROWS,
    PV_TRICK,
    PV_WON,
    S_ALONE,
    S_B,
    S_BARRED,
    S_CALLED,
    S_DEALER,
    S_DEF_ALONE,
    S_HN,
    S_IMPOSED,
    S_J,
    S_LEADER,
    S_MAKER,
    S_NAMED,
    S_PHASE,
    S_PLAYED,
    S_RESTING,
    S_SEAT,
    S_TI,
    S_TOOK,
    S_TRICKS,
    S_TS,
    S_TURNED,
    SUIT,
)


@jitcache.bare
def weight(p: Any, c: int) -> float:
    """One over the copies of card ``c`` in the pack (``pack.copies`` of each suited card, one
    Joker): the observation counts a card's copies as a fraction of them."""
    if c == p[t.JOKER] or not p[t.COPIES]:
        return 1.0
    jokers = 1 if p[t.JOKER] >= 0 else 0
    return float((p[t.C] - jokers) / (p[t.DECK] - jokers))


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
    if not (p[t.TJ_BLIND] and ph == PROPOSE and me == s[g, S_DEALER]):  # a dealer naming blind sees none
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
    if at[O_CALLED] >= 0 and s[g, S_CALLED] >= 0:
        o[at[O_CALLED] + s[g, S_CALLED]] = 1
    if at[O_PARTNER] >= 0:
        known = known_partners(g, s, me)  # itself, shown by play, or named
        for q in range(n):
            if known >> q & 1:
                o[at[O_PARTNER] + (q - me) % n] = 1
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
        o[at[O_SCORES] + rel] = min(4.0, max(-4.0, scores[g, side] / float(p[t.SCALE])))
    if at[O_DEAL] >= 0:  # the game's hands played, this one counted (none more, once it is over)
        o[at[O_DEAL]] = min(1.0, (s[g, S_PLAYED] + (0 if final else 1)) / p[t.DEALS])
    if at[O_BARRED] >= 0:  # the suits barred for the game after failed contracts
        for x in range(p[t.NS]):
            if (s[g, S_BARRED] >> x) & 1:
                o[at[O_BARRED] + x] = 1
    if at[O_IMPOSED] >= 0 and s[g, S_IMPOSED] > 0:  # the only trump this hand may make
        o[at[O_IMPOSED] + s[g, S_IMPOSED] - 1] = 1
    if at[O_RESTING] >= 0 and s[g, S_RESTING] > 0:  # the last hand's maker, who only passes
        o[at[O_RESTING] + (s[g, S_RESTING] - 1 - me) % n] = 1


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
