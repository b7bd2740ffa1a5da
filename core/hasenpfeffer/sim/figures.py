"""Figures as ratios of per-game totals, their integer sums, and paired differences.

Every figure of a run is ``sum(x) / sum(y)`` over its games: a side's win rate has ``x`` = 1
for a win and ``y`` = 1 per game; points per hand has ``x`` = the side's points in the game and
``y`` = its hands. A run keeps, per figure, the sums of ``x``, ``y``, ``x²``, ``y²`` and ``xy``
(:data:`Sums`); two runs over the same seeds (game ``i`` of both has the same seed) also keep
the cross sums of their games (:data:`Cross`). All are integers, so shards merge exactly, and
they give the difference of two runs with the standard error of the mean of per-game
differences (:func:`paired`).

>>> a = {"hands per game": (4, 1)}
>>> b = {"hands per game": (6, 1)}
>>> sa, sb, cross = {}, {}, {}
>>> add_sums(sa, a); add_sums(sb, b); add_cross(cross, a, b)
>>> sa, cross
({'hands per game': [4, 1, 16, 1, 4]}, {'hands per game': [24, 4, 6, 1]})
>>> add_sums(sa, {"hands per game": (5, 1)}); add_sums(sb, {"hands per game": (9, 1)})
>>> add_cross(cross, {"hands per game": (5, 1)}, {"hands per game": (9, 1)})
>>> d = paired(2, sa["hands per game"], sb["hands per game"], cross["hands per game"])
>>> d.value, d.se  # per-game differences 2 and 4: mean 3, standard error 1
(3.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .intervals import Z95, rounded

if TYPE_CHECKING:
    from ..engine.view import HandResult
    from ..format.variant import Bid, Variant

Values = dict[str, tuple[int, int]]
"""One game's ``(x, y)`` per figure."""
Sums = list[int]
"""A figure's sums over games: ``[x, y, x², y², xy]``."""
Cross = list[int]
"""Cross sums of two runs' games: ``[xa·xb, xa·yb, ya·xb, ya·yb]``."""

HANDS = "hands per game"
CONTRACTS = "contracts made"
LONE = "lone hands/hand"
LONE_MADE = "lone hands made"
THROW_INS = "throw-ins/hand"
PLAYED_OUT = "played out/hand"
"""The share of hands played without a maker: when all pass (``making.all_pass.rule: play``), or
after a turned trump that nobody makes (``making.order_up.turned_trump_maker: nobody``)."""
LONE_DEFENCE = "lone defences won"
"""The share of lone defences that set the makers."""
SLAMS = "slams/contract"
"""The share of contracts of tricks in which the makers took every trick (where contracts or a
slam score are read: :func:`reads_contracts`)."""
MISERES = "misere hands/hand"
"""The share of hands played on a contract to take no trick (where contracts are read)."""
MISERE = "misere"
"""The kind of a contract to take no trick."""
OPEN = "open "
"""What the kind of a contract played with the maker's hand open begins with."""


def win_rate(side: int) -> str:
    """The name of a side's win rate."""
    return f"side {side} win rate"


def points(side: int) -> str:
    """The name of a side's points per hand."""
    return f"side {side} points/hand"


def bid_made(bid: str) -> str:
    """The name of the make rate of contracts at one bid."""
    return f"bid {bid} made"


def kind_made(kind: str) -> str:
    """The name of the make rate of contracts of one kind (:func:`contract_kind`).

    >>> kind_made("NT"), kind_made("open misere")
    ('NT contracts made', 'open misere contracts made')
    """
    return f"{kind} contracts made"


def reads_contracts(variant: Variant) -> bool:
    """Whether a run of the variant counts contracts by kind and slams: some bid carries a
    contract (a trump, its own points, no trick to take, an open hand...), or taking every trick
    scores on its own (``scoring.slam``). Other variants' outputs show none of these figures.

    >>> from hasenpfeffer import load_variant
    >>> reads_contracts(load_variant("five-hundred")), reads_contracts(load_variant("euchre"))
    (True, False)
    """
    ladder = variant.making.auction.ladder if variant.making.method == "auction" else ()
    return any(b.contract for b in ladder) or variant.scoring.slam is not None


def contract_kind(variant: Variant, result: HandResult) -> str | None:
    """The kind of contract a hand was played on: its trump (a suit or ``NT``) or ``misere``
    (no trick to take), after ``open`` when the maker's hand was open; None for a hand
    thrown in.

    >>> from hasenpfeffer import load_variant
    >>> from hasenpfeffer.engine.events import HandResult
    >>> def hand(bid, trump):
    ...     return HandResult(0, 1, bid, trump, False, False, False, False, (3, 7), True, (0, 0), (0, 0), 1)
    >>> v = load_variant("five-hundred")
    >>> contract_kind(v, hand("7H", "H")), contract_kind(v, hand("open-misere", "NT"))
    ('H', 'open misere')
    """
    if result.thrown_in or result.made is None:
        return None
    bid = _bid(variant, result.bid)
    kind = MISERE if bid is not None and bid.objective == "none" else (result.trump or "?")
    return OPEN + kind if bid is not None and bid.open else kind


def _bid(variant: Variant, name: str | None) -> Bid | None:
    if variant.making.method != "auction" or name is None:
        return None
    try:
        return variant.bid(name)
    except KeyError:
        return None


def is_slam(result: HandResult, kind: str | None) -> bool:
    """Whether the makers of a contract of tricks took every trick of the hand."""
    if kind is None or kind.endswith(MISERE) or result.maker_side is None:
        return False
    return result.tricks[result.maker_side] == sum(result.tricks)


def game_values(
    results: Sequence[HandResult],
    winner: int | None,
    sides: int,
    kinds: Sequence[str | None] | None = None,
    played_out: bool = False,
) -> Values:
    """Every figure's ``(x, y)`` for one game from its hands and its winner (``kinds``: each
    hand's :func:`contract_kind`, where the variant's contracts are read; ``played_out``: the
    variant plays a hand without a maker, and the share of such hands is a figure).

    >>> game_values([], None, 2)[HANDS], game_values([], 1, 2)[win_rate(1)]
    ((0, 1), (1, 1))
    """
    hands = len(results)
    values: Values = {win_rate(s): (int(winner == s), 1) for s in range(sides)}
    for s in range(sides):
        values[points(s)] = (sum(int(r.score_change[s]) for r in results), hands)
    values[HANDS] = (hands, 1)
    made = tried = lone = lone_made = thrown = defences = sets = 0
    bids: dict[str, list[int]] = {}
    for r in results:
        if r.thrown_in:
            thrown += 1
        elif r.made is not None:
            tried += 1
            made += bool(r.made)
            count = bids.setdefault(r.bid if r.bid is not None else "?", [0, 0])
            count[0] += bool(r.made)
            count[1] += 1
            if r.alone:
                lone += 1
                lone_made += bool(r.made)
            if r.defender_alone:
                defences += 1
                sets += not r.made
    values[CONTRACTS] = (made, tried)
    for bid, (m, t) in bids.items():
        values[bid_made(bid)] = (m, t)
    values[LONE] = (lone, hands)
    values[LONE_MADE] = (lone_made, lone)
    values[THROW_INS] = (thrown, hands)
    if played_out:
        values[PLAYED_OUT] = (sum(not r.thrown_in and r.maker is None for r in results), hands)
    if defences:
        values[LONE_DEFENCE] = (sets, defences)
    if kinds is not None:
        _kind_values(values, results, kinds)
    return values


def _kind_values(values: Values, results: Sequence[HandResult], kinds: Sequence[str | None]) -> None:
    """The figures of contracts by kind, slams and misères, added to a game's ``values``."""
    counts: dict[str, list[int]] = {}
    slams = of_tricks = miseres = 0
    for r, kind in zip(results, kinds, strict=True):
        if kind is None:
            continue
        count = counts.setdefault(kind, [0, 0])
        count[0] += bool(r.made)
        count[1] += 1
        if kind.endswith(MISERE):
            miseres += 1
        else:
            of_tricks += 1
            slams += is_slam(r, kind)
    for kind, (m, t) in counts.items():
        values[kind_made(kind)] = (m, t)
    values[SLAMS] = (slams, of_tricks)
    values[MISERES] = (miseres, len(results))


def add_sums(sums: dict[str, Sums], values: Values) -> None:
    """Add one game's values to a run's sums (figures all zero in the game add nothing)."""
    for name, (x, y) in values.items():
        if x or y:
            s = sums.setdefault(name, [0, 0, 0, 0, 0])
            s[0] += x
            s[1] += y
            s[2] += x * x
            s[3] += y * y
            s[4] += x * y


def add_cross(cross: dict[str, Cross], a: Values, b: Values) -> None:
    """Add the cross sums of game ``i`` of run A and game ``i`` of run B."""
    for name in a.keys() & b.keys():
        (xa, ya), (xb, yb) = a[name], b[name]
        if (xa or ya) and (xb or yb):
            c = cross.setdefault(name, [0, 0, 0, 0])
            c[0] += xa * xb
            c[1] += xa * yb
            c[2] += ya * xb
            c[3] += ya * yb


def merge_sums(into: dict[str, list[int]], other: Mapping[str, Sequence[int]]) -> None:
    """Add sums (or cross sums) of another part of the run, element by element."""
    for name, values in other.items():
        mine = into.setdefault(name, [0] * len(values))
        for i, v in enumerate(values):
            mine[i] += v


@dataclass(frozen=True)
class Estimate:
    """A figure or a difference: its value and 95% interval, standard error, and observations.

    ``n`` is what the figure is a share or a mean of (games, hands, contracts: its
    denominator); for a difference, the games paired. Without observations there is no
    value: ``value``, ``low`` and ``high`` are None.
    """

    value: float | None
    low: float | None
    high: float | None
    se: float = 0.0
    n: int = 0

    @classmethod
    def none(cls, n: int = 0) -> Estimate:
        """No value: nothing observed (or, for a difference, nothing on a side).

        >>> Estimate.none().as_dict(), Estimate.none().excludes_zero()
        ({'value': None, 'low': None, 'high': None}, False)
        """
        return cls(None, None, None, 0.0, n)

    def as_dict(self) -> dict[str, float | None]:
        """JSON-ready, rounded as every output (None without a value)."""
        return {"value": _round(self.value), "low": _round(self.low), "high": _round(self.high)}

    def excludes_zero(self) -> bool:
        """Whether there is a value and its interval lies wholly on one side of 0."""
        if self.low is None or self.high is None:
            return False
        return not self.low <= 0 <= self.high

    def clipped(self, low: float, high: float) -> Estimate:
        """The same, its interval kept within ``[low, high]`` (a bound the figure cannot pass).

        >>> Estimate(1.2, 0.9, 1.5, 0.1, 5).clipped(1, 10).low
        1
        """
        if self.low is None or self.high is None:
            return self
        return Estimate(self.value, max(low, self.low), min(high, self.high), self.se, self.n)


def _round(x: float | None) -> float | None:
    return None if x is None else rounded(x)


def _weights(games: int, s: Sequence[int]) -> tuple[Fraction, Fraction]:
    """Coefficients ``(k, -k·R)`` of a run's linearised ratio on its ``(x, y)`` (zero without data)."""
    if not s[1]:
        return Fraction(0), Fraction(0)
    k = Fraction(games, s[1])
    return k, -k * Fraction(s[0], s[1])


def _interval(value: float, square_sum: Fraction, games: int) -> Estimate:
    var = float(square_sum) / (games - 1) if games > 1 else 0.0
    se = math.sqrt(max(0.0, var) / games) if games else 0.0
    return Estimate(value, value - Z95 * se, value + Z95 * se, se, games)


def ratio(s: Sequence[int]) -> float:
    """``sum(x) / sum(y)``, 0 when ``y`` sums to 0."""
    return s[0] / s[1] if s[1] else 0.0


def single(games: int, s: Sequence[int]) -> Estimate:
    """A ratio with its interval over games (the delta method; the usual one for ``y`` = 1).

    >>> e = single(3, [6, 3, 14, 3, 6])  # values 1, 2, 3
    >>> e.value, round(e.se, 6)
    (2.0, 0.57735)
    """
    kx, ky = _weights(games, s)
    square = kx * kx * s[2] + ky * ky * s[3] + 2 * kx * ky * s[4]
    return _interval(ratio(s), square, games)


def paired(games: int, a: Sequence[int], b: Sequence[int], cross: Sequence[int]) -> Estimate:
    """``B - A`` of a figure from two runs over the same seeds, with the paired standard error.

    Each game's difference is linearised (``(xb - Rb·yb)/ȳb - (xa - Ra·ya)/ȳa``, exactly the
    per-game difference when ``y`` = 1); their mean is 0 and their spread gives the error.
    """
    ax, ay = _weights(games, a)
    bx, by = _weights(games, b)
    ax, ay = -ax, -ay
    own = ax * ax * a[2] + ay * ay * a[3] + 2 * ax * ay * a[4]
    own += bx * bx * b[2] + by * by * b[3] + 2 * bx * by * b[4]
    mixed = ax * bx * cross[0] + ax * by * cross[1] + ay * bx * cross[2] + ay * by * cross[3]
    return _interval(ratio(b) - ratio(a), own + 2 * mixed, games)


ZERO_SUMS: Sums = [0, 0, 0, 0, 0]
ZERO_CROSS: Cross = [0, 0, 0, 0]


def is_share(name: str) -> bool:
    """Whether a figure is a share (a proportion, from 0 to 1) rather than a mean.

    >>> is_share(win_rate(0)), is_share(bid_made("4")), is_share(HANDS), is_share(points(1))
    (True, True, False, False)
    """
    return not (name == HANDS or name.endswith("points/hand"))


def kind_order(kind: str) -> tuple[bool, bool, bool, str]:
    """Kinds of contract in reading order: each trump suit, no-trump, misère; open ones after.

    >>> sorted(["misere", "open misere", "NT", "S", "H"], key=kind_order)
    ['H', 'S', 'NT', 'misere', 'open misere']
    """
    return (kind.startswith(OPEN), kind.endswith(MISERE), kind.endswith("NT"), kind)


def ordered(names: Iterable[str], ladder: Sequence[str] = (), sides: int = 2) -> list[str]:
    """Figure names in reading order: win rates, points, hands, contracts, bids by ladder,
    contracts by kind, slams and misères (where read), lone hands.

    Every figure but the bids, the kinds, slams, misères and lone defences is listed even when
    nothing was seen of it.

    >>> ordered(["bid 5 made", "hands per game", "side 0 win rate", "bid 4 made"], ["4", "5"], 1)
    ['side 0 win rate', 'side 0 points/hand', 'hands per game', 'contracts made', 'bid 4 made', \
'bid 5 made', 'lone hands/hand', 'lone hands made', 'throw-ins/hand']
    """
    seen = set(names)
    first = [win_rate(s) for s in range(sides)] + [points(s) for s in range(sides)] + [HANDS, CONTRACTS]
    bids = [bid_made(b) for b in ladder] + sorted(n for n in seen if n.startswith("bid "))
    suffix = kind_made("")
    kinds = sorted((n[: -len(suffix)] for n in seen if n.endswith(suffix) and n != CONTRACTS), key=kind_order)
    read = [*(kind_made(k) for k in kinds), *(n for n in (SLAMS, MISERES) if n in seen)]
    last = [LONE, LONE_MADE, LONE_DEFENCE, THROW_INS, PLAYED_OUT]
    listed = [
        *first,
        *(b for b in bids if b in seen),
        *read,
        *(n for n in last if n not in (LONE_DEFENCE, PLAYED_OUT) or n in seen),
    ]
    return list(dict.fromkeys(listed))
