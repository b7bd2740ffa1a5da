"""Scoring a hand and deciding the end of the game, by the variant's ``scoring`` and ``game``.

>>> from hasenpfeffer.format.variant import Variant
>>> v = Variant(name="x")
>>> score_hand(v, maker_side=0, tricks=(4, 2), required=4, multiplier=1)
(True, (4, 0))
>>> score_hand(v, maker_side=1, tricks=(4, 2), required=3, multiplier=2)
(False, (0, -4))
>>> game_winner(v, (10, 11), maker_side=0, made=True)
0
"""

from __future__ import annotations

import math

from ..format.variant import Points, Variant

_NO_POINTS = Points()


def _round_half_away(x: float) -> int:
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


def score_hand(
    v: Variant,
    maker_side: int,
    tricks: tuple[int, ...],
    required: int,
    multiplier: int = 1,
    alone: bool = False,
    defender_alone: bool = False,
    forced: bool = False,
) -> tuple[bool, tuple[int, ...]]:
    """``(made, score change per side)`` for a hand with ``tricks`` taken per side."""
    s = v.scoring
    taken = tricks[maker_side]
    change = [0] * len(tricks)
    made = taken >= required
    if made:
        if alone and s.made_alone is not None:
            pts = s.made_alone.value(taken, required)
        else:
            pts = s.made.value(taken, required) * (s.alone_multiplier if alone else 1)
        change[maker_side] += pts * multiplier
    else:
        rule = s.failed_alone_defence if defender_alone and s.failed_alone_defence is not None else s.failed
        raw: float = rule.value(taken, required) * multiplier
        if alone and s.multiply_failed_alone:
            raw *= s.alone_multiplier
        if forced:
            raw *= v.making.all_pass.failure_multiplier
        pts = _round_half_away(raw)
        if rule.to == "makers":
            change[maker_side] -= pts
        else:
            for side in range(len(tricks)):
                if side != maker_side:
                    change[side] += pts
    if s.defenders != _NO_POINTS:
        for side in range(len(tricks)):
            if side != maker_side:
                change[side] += s.defenders.value(tricks[side], required)
    return made, tuple(change)


def game_winner(v: Variant, scores: tuple[int, ...], maker_side: int | None, made: bool | None) -> int | None:
    """The winning side after a hand, or None to play on."""
    g = v.game
    reached = [
        side
        for side, score in enumerate(scores)
        if score >= g.target and (not g.must_bid_out or (side == maker_side and made))
    ]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if g.tie == "makers" and maker_side in reached:
        return maker_side
    if g.tie == "play-on":
        return None
    best = max(scores[s] for s in reached)
    top = [s for s in reached if scores[s] == best]
    return top[0] if len(top) == 1 else None
