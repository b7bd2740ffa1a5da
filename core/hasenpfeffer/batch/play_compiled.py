"""The first leader of a hand's tricks in compiled code (numba), as the Python ``play`` phase
chooses it (:mod:`hasenpfeffer.engine.phases.play`); the tricks are played by
:mod:`.step_compiled`."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from . import tables as t


@jitcache.bare
def first_leader(p: Any, maker: int, dealer: int, alone: bool, def_alone: int, out: Any) -> int:
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
