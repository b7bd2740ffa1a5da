"""What one hand can score at best and at worst, read from the rules alone.

Every result the rules allow is listed with the change it makes to one side's score: each
bid (or the order-up) made or set with each number of tricks, alone or not, forced or not,
with the defenders' own points where they score (a maker whose called partner is nobody plays alone),
a hand played without a maker (when all pass,
or after a turned trump that nobody makes: each side's tricks, less a charge for each it is short),
and each declaration's points (``scoring.declarations``), a side bucked (stayed in, took no trick) and
one dropped out (nothing). No play is looked at, so the bounds hold
for every game: a target that ``best`` times the cap of hands cannot reach is never reached
(the checks of :mod:`.checks` say so). The bounds are loose where the play would rule a
result out (a lone march for a side that never gets the cards); they never claim too little.

>>> from hasenpfeffer.format.variant import Variant
>>> v = Variant(name="x")
>>> best(v)
Outcome(points=12, what='bid `1` made alone with 6 tricks')
>>> worst(v)
Outcome(points=-10, what="bid `6` set alone with 5 tricks, the makers' loss")
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from .variant import Bid, Failed, Variant


@dataclass(frozen=True)
class Outcome:
    """One result of a hand: the change to one side's score, and the result in words."""

    points: int
    what: str


def _tricks(n: int) -> str:
    return f"{n} trick{'s' * (n != 1)}"


def _up(x: float) -> int:
    """Rounded half away from zero, as the engine rounds a multiplied loss."""
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


def _contracts(v: Variant) -> Iterator[tuple[str, Bid | None, int, int]]:
    """(label, contract, tricks required, multiplier) of every contract a hand can be played on."""
    if v.making.method == "order-up":
        if v.making.order_up.tricks_required <= v.tricks_per_hand:
            yield "the order-up", None, v.making.order_up.tricks_required, 1
        return
    for bid in v.making.auction.ladder:
        if bid.tricks <= v.tricks_per_hand:
            yield f"bid `{bid.name}`", bid, bid.tricks, bid.multiplier


def _defence(v: Variant, bid: Bid | None, required: int, left: int) -> tuple[int, int]:
    """The least and most one defending side scores of its own, taking 0 to ``left`` tricks."""
    if bid is not None and not bid.defenders_score:
        return 0, 0
    values = [v.scoring.defenders.value(d, required) for d in range(left + 1)]
    return min(values), max(values)


def outcomes(v: Variant) -> Iterator[Outcome]:
    """Every change one hand can make to one side's score (see the module)."""
    s, tricks = v.scoring, v.tricks_per_hand
    lone = [False, True] if v.alone.allowed != "nobody" or v.calling is not None else [False]
    forced = sorted({1.0, v.making.all_pass.failure_multiplier})
    for label, bid, required, mult in _contracts(v):
        none = bid is not None and bid.objective == "none"
        fixed = None if bid is None else bid.points
        made = [0] if none else list(range(required, tricks + 1))
        for taken in made:
            for alone in lone:
                pts = s.made_points(taken, required, mult, alone, fixed, not none and taken == tricks)
                yield Outcome(pts, f"{label} made{' alone' * alone} with {_tricks(taken)}")
            for own in _defence(v, bid, required, tricks - taken):
                yield Outcome(own, f"the defenders of {label} made with {_tricks(taken)}")
        sets = range(1, tricks + 1) if none else range(required)
        rules = [r for r in (s.failed, s.failed_alone_defence) if r is not None]
        for taken, alone, rule, factor in (
            (t, a, r, f) for t in sets for a in lone for r in rules for f in forced
        ):
            yield from _set(v, (label, bid, required, mult), taken, alone, rule, factor)
    yield from _no_maker(v)
    for d in s.declarations:  # a set shown: its points, the tricks not played where it ends the hand
        yield Outcome(d.points, f"declaration `{d.name}` shown")
    if s.bucked is not None:
        yield Outcome(s.bucked, "bucked: stayed in and took no trick")
    if v.alone.drop_out.allowed:
        yield Outcome(0, "dropped out")


def without_maker(v: Variant) -> str | None:
    """How a hand is played without a maker, in words (None: never).

    >>> without_maker(Variant(name="x", making={"all_pass": {"rule": "play"}}))
    'a hand played when all pass'
    """
    m, ou = v.making, v.making.order_up
    turned = m.method == "order-up" and bool(ou.turned_trump) and ou.turned_trump_maker == "nobody"
    passed = m.all_pass.rule == "play"
    if turned and passed:
        return "a turned trump, or a hand all passed, played without a maker"
    if turned:
        return "a turned trump played without a maker"
    return "a hand played when all pass" if passed else None


def _no_maker(v: Variant) -> Iterator[Outcome]:
    """A hand played without a maker: a side's tricks, less a charge for each short of the minimum."""
    label = without_maker(v)
    if label is None:
        return
    nm = v.scoring.no_maker
    per = v.making.all_pass.per_trick if nm.per_trick is None else nm.per_trick
    for taken in range(v.tricks_per_hand + 1):
        short = max(0, nm.minimum - taken)
        yield Outcome(nm.points(per, taken), f"{label}, {_tricks(taken)}{f', {short} short' * (short > 0)}")


def _set(
    v: Variant,
    contract: tuple[str, Bid | None, int, int],
    taken: int,
    alone: bool,
    rule: Failed,
    factor: float,
) -> Iterator[Outcome]:
    """The changes of a contract set with ``taken`` tricks: the makers' loss, or the defenders' gain."""
    s = v.scoring
    label, bid, required, mult = contract
    if bid is not None and bid.points is not None:
        pts = bid.points if bid.failed_points is None else bid.failed_points
    else:
        raw: float = rule.value(taken, required) * mult * factor
        if alone and s.multiply_failed_alone:
            raw *= s.alone_multiplier
        pts = _up(raw)
    to = rule.to if bid is None or bid.failed_to is None else bid.failed_to
    what = f"{label} set{' alone' * alone}{' when forced' * (factor != 1)} with {_tricks(taken)}"
    if to == "makers":
        yield Outcome(-pts, f"{what}, the makers' loss")
        pts = 0
    for own in _defence(v, bid, required, v.tricks_per_hand - taken):
        yield Outcome(pts + own, f"{what}, the defenders' gain")


def best(v: Variant) -> Outcome | None:
    """The most one side can gain in one hand (the first result that gives it); None without contracts."""
    return max(outcomes(v), key=lambda o: o.points, default=None)


def worst(v: Variant) -> Outcome | None:
    """The most one side can lose in one hand (the first result that gives it); None without contracts."""
    return min(outcomes(v), key=lambda o: o.points, default=None)
