"""One seat (or side) of N stepped games learning against compiled bots (numba): the episodes
of :class:`hasenpfeffer.rl.seatvector.SeatVectorEnv`.

Every game waits at a decision of a learner seat (``learner``, a flag by seat). :func:`step`
applies the learner's id in each game and lets the bots play
(:func:`.steppolicy_compiled.play_until`) until a learner seat is to move again, keeping the
learner's episodes as :class:`hasenpfeffer.rl.seat.SeatEnv` keeps them:

- an episode is a game, or with ``cfg[C_HAND]`` a hand in which the learner decides (the
  games go on beneath: scores carry from hand to hand until a game ends);
- its rewards are the learner's side's score change at each hand's end (``REWARD_MARGIN``:
  less the mean of the other sides'; ``REWARD_GAME``: none, but +1 or -1 when the game is won);
  a game episode's hands the bots finish before the learner's first decision come with its
  first reward, and a game (or hand) that ends before that decision is no episode: the bots
  play on into the next;
- an episode that ends keeps its final view (the learner's seat's, of its last hand), scores,
  winner and hands; then the game plays on at once into the next (Gymnasium's ``SAME_STEP``
  autoreset) or, with ``cfg[C_NEXT]``, waits: its next step takes no action and plays on
  (``NEXT_STEP``).

The arrays of the episodes are the tuple ``sv`` (:func:`arrays`, :data:`EPISODES`); ``kt``,
``ko``, ``ka`` and ``pa`` are :mod:`.steppolicy_compiled`'s.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from . import step_compiled as sc
from . import steppolicy_compiled as sp
from . import tables as t
from .phases import layout as ly
from .view_compiled import observe_seat

C_SEAT, C_HAND, C_REWARD, C_NEXT, C_COLS = range(5)
"""``cfg``: the learner's seat (its side's, its view's), episodes of a hand (1) or a game (0),
the reward (``REWARD_*``), and 1 for ``NEXT_STEP`` autoreset."""
REWARD_HAND, REWARD_MARGIN, REWARD_GAME = range(3)
E_LIVE, E_WAIT, E_COLS = range(3)
"""``ep``, by game: 1 when the learner has decided in the episode, 1 when its end was returned
and its next step starts the next (``NEXT_STEP``)."""
EPISODES = ("cfg", "learner", "ep", "pend", "rw", "tm", "tr", "done", "fsc", "fwin", "fhands", "fo")
"""The order of ``sv``: the configuration, the learner's seats, the episodes, the points
pending for the next reward; the step's rewards, terminations, truncations and ends; each
ended episode's scores by side, winner (-1: none), hands and final view."""
MARK_END = -1
"""The seat of a log row (:func:`.steppolicy_compiled.note`) marking the end of an episode (its
id: 1 terminated, 0 truncated)."""


def arrays(games: int, seats: int, sides: int, size: int) -> dict[str, Any]:
    """The zeroed episode arrays of ``games`` games (``size``: an observation's)."""
    return {
        "cfg": np.zeros(C_COLS, dtype=np.int64),
        "learner": np.zeros(seats, dtype=np.int64),
        "ep": np.zeros((games, E_COLS), dtype=np.int64),
        "pend": np.zeros(games, dtype=np.float64),
        "rw": np.zeros(games, dtype=np.float32),
        "tm": np.zeros(games, dtype=np.bool_),
        "tr": np.zeros(games, dtype=np.bool_),
        "done": np.zeros(games, dtype=np.bool_),
        "fsc": np.zeros((games, sides), dtype=np.int64),
        "fwin": np.zeros(games, dtype=np.int64),
        "fhands": np.zeros(games, dtype=np.int64),
        "fo": np.zeros((games, size), dtype=np.float32),
    }


@jitcache.bare
def _hand_end(kt: Any, ka: Any, pa: Any, sv: Any, g: int) -> bool:
    """Count the hand game ``g`` just ended (the kernel's ``rew``, ``term``, ``trunc``, read and
    cleared) into the learner's episode; whether that episode ended."""
    p = kt[0]
    s, scores, rew, term, trunc, fin, fobs = ka[0], ka[6], ka[11], ka[12], ka[13], ka[14], ka[15]
    cfg, ep, pend, rw, tm, tr, done = sv[0], sv[2], sv[3], sv[4], sv[5], sv[6], sv[7]
    fsc, fwin, fhands, fo = sv[8], sv[9], sv[10], sv[11]
    sides, seat = p[t.SIDES], cfg[C_SEAT]
    own = seat % sides
    points = 0.0
    if cfg[C_REWARD] != REWARD_GAME:
        points = float(rew[g, seat])
        if cfg[C_REWARD] == REWARD_MARGIN and sides > 1:
            others = 0.0
            for x in range(sides):
                if x != own:
                    others += rew[g, x]  # seat x plays for side x
            points -= others / (sides - 1)
    won, ended, game = term[g], term[g] or trunc[g], np.int64(fin[g, 0])
    rew[g, :] = 0
    term[g], trunc[g] = False, False
    if not ep[g, E_LIVE]:  # before the learner's first decision
        if not cfg[C_HAND]:
            pend[g] = 0.0 if ended else pend[g] + points
        return False
    rw[g] += points
    if cfg[C_REWARD] == REWARD_GAME and won:
        rw[g] += 1.0 if game == own else -1.0
    if not (cfg[C_HAND] or ended):
        return False
    ep[g, E_LIVE] = 0
    tm[g] = cfg[C_HAND] == 1 or won
    tr[g] = not tm[g]
    done[g] = True
    for x in range(sides):  # element by element: copying a slice would allocate
        fsc[g, x] = fin[g, 2 + x] if ended else scores[g, x]
    fwin[g], fhands[g] = (game, fin[g, 1]) if ended else (-1, s[g, ly.S_HANDS])
    if cfg[C_HAND]:
        fhands[g] = 1
    for i in range(fo.shape[1]):
        fo[g, i] = fobs[g, i]
    sp.note(pa[7], pa[8], g, MARK_END, 1 if tm[g] else 0, -1)
    return True


@jitcache.counted
def step(kt: Any, ko: Any, ka: Any, pa: Any, sv: Any, actions: Any) -> None:
    """Apply the learner's id in each game (legal: checked by the caller; ignored in a game whose
    episode's end was returned), then the bots' until the learner decides again: the loop of
    :func:`.steppolicy_compiled.play_until`, its tuples bound once for every game."""
    _outputs(ka, pa, sv)
    cfg, learner, ep, pend, rw = sv[0], sv[1], sv[2], sv[3], sv[4]
    for g in range(actions.shape[0]):
        x = -1
        if ep[g, E_WAIT]:
            ep[g, E_WAIT] = 0
        else:
            rw[g], pend[g] = pend[g], 0.0
            ep[g, E_LIVE] = 1
            x = actions[g]
        while True:  # the learner's id, then the bots' to the learner's next decision
            how = sp.to_stop(kt, ko, ka, pa, g, learner, x)
            x = -1
            if how == 0:
                break
            sp.after_hand(kt, ko, ka, pa, g, how, cfg[C_SEAT], cfg[C_HAND] == 1 and ep[g, E_LIVE] == 1)
            if _hand_end(kt, ka, pa, sv, g) and cfg[C_NEXT]:
                ep[g, E_WAIT] = 1
                break


@jitcache.counted
def reset(kt: Any, ko: Any, ka: Any, pa: Any, sv: Any, seeds: Any) -> None:
    """Key every game by ``seeds``, deal, and let the bots play until a learner seat is to move."""
    p, fmult, deck, eff, _key, suit_of, trump_ids, bids, points, max_hands = kt
    at, phase_at, bid_obs, hcol = ko
    s, st, hand, cnt, kitty, pv, scores, legal, k, dbuf, dn, rew, term, trunc, fin, fobs, hend, hist = ka
    sc.reset(p, deck, suit_of, eff, trump_ids, seeds, s, st, hand, cnt, kitty, pv, scores, legal, k, dbuf, dn, rew,
             term, trunc, fin, fmult, bids, points, max_hands, at, phase_at, fobs, hend, bid_obs, hcol, hist)  # fmt: skip
    kn, streams, gen = pa[2], pa[3], pa[4]
    ep, pend = sv[2], sv[3]
    kn[:] = 0
    gen[:] = -1
    ep[:] = 0
    pend[:] = 0.0
    _outputs(ka, pa, sv)
    cfg, learner = sv[0], sv[1]
    for g in range(seeds.shape[0]):
        sp.rekey(st, streams, gen, g)
        while sp.play_until(kt, ko, ka, pa, g, learner, cfg[C_SEAT], False, -1):
            _hand_end(kt, ka, pa, sv, g)  # no episode yet: none ends


@jitcache.bare
def _outputs(ka: Any, pa: Any, sv: Any) -> None:
    """Zero a step's outputs, the log and the kernel's counts of the step."""
    ka[10][:] = 0  # dn: deals
    ka[16][:] = 0  # hend: hands ended
    pa[8][:] = 0  # ln: the log's rows
    sv[4][:] = 0.0
    sv[5][:] = False
    sv[6][:] = False
    sv[7][:] = False


@jitcache.bare
def observe(kt: Any, ko: Any, ka: Any, sv: Any, obs: Any, mask: Any) -> None:
    """Each game's observation (from its seat to move, the learner's) and action mask; where an
    episode's end was returned (``NEXT_STEP``), its final view, and every id (the next step
    takes none)."""
    p = kt[0]
    at, phase_at, bid_obs, hcol = ko
    s, hand, cnt, kitty, pv, scores, legal, k, hist = (
        ka[0],
        ka[2],
        ka[3],
        ka[4],
        ka[5],
        ka[6],
        ka[7],
        ka[8],
        ka[17],
    )
    ep, fo = sv[2], sv[11]
    for g in range(obs.shape[0]):
        obs[g, :] = 0
        mask[g, :] = 0
        if ep[g, E_WAIT]:
            for i in range(obs.shape[1]):
                obs[g, i] = fo[g, i]
            mask[g, :] = 1
            continue
        observe_seat(p, at, phase_at, bid_obs, hcol, hist, g, s[g, ly.S_SEAT], False, s, hand, cnt, kitty, pv,
                        scores, obs[g])  # fmt: skip
        for i in range(k[g]):
            mask[g, legal[g, i]] = 1
