"""The rules seen acting in a batch of compiled games, counted over its columns.

:func:`happened` gives what :func:`~.happenings.from_results` gives summed over a batch's
games: dirty clubs' turned trump (a hand's bid ``turned-trump``), a turned Joker and the suit
its dealer names (each hand's turned card), a match's games, shut-outs and laps, and wins on
a defeated bid. A match's games are found by ``game_winner`` in the hands where a score
reached ``game.target`` or ``game.lose_at`` (the only hands after which a game can end).

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.batch.run import play
>>> from .columns import Columns
>>> found = happened(Columns.of(play(load_variant("examples/house-rules/euchre-match-of-three.yaml"), games=4)))
>>> sorted(found), found["match games"] >= 8
(['match games', 'shut-outs'], True)
"""

from __future__ import annotations

import numpy as np

from ..engine.phases.orderup import DEALER_NAMES, TURNED_TRUMP
from ..engine.scoring import game_winner
from ..format.cards import JOKER
from ..rules.ruleset import compile_variant
from .columns import Columns
from .happenings import needs_turned


def happened(c: Columns) -> dict[str, int]:
    """How often each rule the variant uses acted in the batch's games (zeros kept)."""
    v = c.batch.variant
    found: dict[str, int] = {}
    if v.making.method == "order-up" and v.making.order_up.turned_trump:
        found["turned trump at once"] = int((c.bid == c.bid_keys.index(TURNED_TRUMP)).sum())
    if needs_turned(v):
        jokers = [i for i, name in enumerate(compile_variant(v).names) if name == JOKER]
        found["Joker turned"] = int(np.isin(c.batch.turned(), jokers).sum())
        if v.making.order_up.turned_joker == DEALER_NAMES:
            found["turned Joker, suit named by the dealer"] = found["Joker turned"]
    if v.match is not None:
        found.update(_match(c))
    if v.game.win_by_defeat:
        ended = c.counts > 0
        made, side = c.last(c.made), c.last(c.maker_side)
        defeated = ended & (made == 0) & (side >= 0) & (side != c.winner) & (c.winner >= 0)
        found["won on a defeated bid"] = int(defeated.sum())
    return found


def _match(c: Columns) -> dict[str, int]:
    """A match's games won, shut-outs, and the laps (and points) carried into the next game."""
    v = c.batch.variant
    assert v.match is not None
    found = {"match games": 0, "shut-outs": 0} | (
        {"laps carried": 0, "points carried": 0} if v.match.laps else {}
    )
    reached = c.scores.max(axis=1) >= (v.game.target or 0)  # a match has a target (checks)
    if v.game.lose_at is not None:
        reached |= c.scores.min(axis=1) <= v.game.lose_at
    ends = c.starts[1:] - 1  # each game's last hand row (ending the match where it has a winner)
    last = set(ends[(c.winner >= 0) & (c.counts > 0)].tolist())
    for h in np.flatnonzero(reached & ~c.thrown).tolist():
        scores = tuple(c.scores[h].tolist())
        maker_side, made = int(c.maker_side[h]), int(c.made[h])
        side = game_winner(v, scores, None if maker_side < 0 else maker_side, None if made < 0 else made == 1)
        if side is None:
            continue
        found["match games"] += 1
        found["shut-outs"] += all(score <= 0 for other, score in enumerate(scores) if other != side)
        carry = scores[side] - (v.game.target or 0)
        if v.match.laps and h not in last and carry > 0:
            found["laps carried"] += 1
            found["points carried"] += carry
    return found
