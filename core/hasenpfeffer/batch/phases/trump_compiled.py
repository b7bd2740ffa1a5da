"""Naming trump after an auction in compiled code (numba), as the Python ``trump`` phase plays
it (:mod:`hasenpfeffer.engine.phases.trump`): the maker of a contract that names no trump names
one (or no-trump, where the variant has it), alone too where lone play is open to the bid."""

from __future__ import annotations

from typing import Any

from ... import jitcache
from .. import tables as t
from .base_compiled import sit_out
from .layout import LEAVE, S_ALONE, S_LONE_CONTRACT, S_MAKER, S_PHASE, S_SEAT, S_TI, TRUMP


@jitcache.inline
def enter(p: Any, g: int, s: Any) -> bool:
    """Wanted where an auction's maker has a contract that names no trump."""
    if not p[t.AUCTION] or s[g, S_MAKER] < 0 or s[g, S_TI] >= 0:
        return False
    s[g, S_PHASE], s[g, S_SEAT] = TRUMP, s[g, S_MAKER]
    return True


@jitcache.inline
def legal(p: Any, trump_ids: Any, g: int, s: Any, row: Any) -> int:
    """Each suit (and no-trump where the variant has it), alone too where it is open."""
    n, ns, m = p[t.N], p[t.NS], 0
    last = ns + 1 if p[t.NO_TRUMP] else ns
    for o in range(last):
        row[m] = trump_ids[o, 0]
        m += 1
        if p[t.MAY_ALONE] and n > 2 and not s[g, S_LONE_CONTRACT]:
            row[m] = trump_ids[o, 1]
            m += 1
    return m


@jitcache.inline
def apply(p: Any, trump_ids: Any, g: int, x: int, s: Any, pv: Any) -> int:
    """Trump named (alone, or by a contract played alone: the partners sit out); the phase is over."""
    for o in range(p[t.NS] + 1):
        if x == trump_ids[o, 0] or x == trump_ids[o, 1]:
            s[g, S_TI] = o
            s[g, S_ALONE] = x == trump_ids[o, 1] or s[g, S_LONE_CONTRACT] == 1
    if s[g, S_ALONE]:
        sit_out(p, g, pv, s[g, S_MAKER])
    return LEAVE
