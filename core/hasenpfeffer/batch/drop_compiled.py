"""The compiled drop-outs (numba), as the Python ``drop-out`` phase plays them
(:mod:`hasenpfeffer.engine.phases.dropout`): once trump is made by a maker (and the dealer has
discarded), each seat other than the maker, from the maker's left, stays in (``pass``) or drops
out (``drop``) for the hand and sits out; nobody where the turned card made trump at once,
unless ``alone.drop_out.when_turned_trump``. A greedy seat chooses as
``GreedyBot.drop_out`` (:func:`drops`), the phase being :mod:`.step_compiled`'s."""

from __future__ import annotations

from typing import Any

from .. import jitcache
from ..bots.handeval_compiled import card_chances
from . import tables as t


@jitcache.counted
def drops(p: Any, g: Any, hand: Any, unseen: Any, ti: int) -> bool:
    """``GreedyBot.drop_out``: drop out when the hand (``hand``, sorted), in trump option ``ti``,
    is worth less than a trick: its cards' chances added up in hand order, times two over the
    players."""
    eff, power, every, _, ruff, _, _, _, _, _ = g[:10]
    ch = card_chances(eff[ti], power[ti], every[ti], ti, p[t.NS], ruff, hand, unseen)
    total = 0.0
    for x in ch:
        total += x
    return bool(total * 2 / p[t.N] < 1)
