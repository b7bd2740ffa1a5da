"""The raw sums of a run read from a file (:meth:`.Stats.raw`, :meth:`.RunSet.raw`), checked.

A shard's report carries the integer sums its figures come from, and a file may say anything.
:func:`check_stats` holds the sums of a shard of ``games`` games to what games give: every key,
whole numbers (``true`` is none), none negative but points, none past :data:`BIG`; the wins and
the unfinished games make the games; each game plays 1 to the cap of hands (hands thrown in by
themselves may pass it); the histograms of side 0's points per hand and of the margins count
the hands and the games, and add up to side 0's points; contracts, lone hands, slams and kinds
fit in the hands and the contracts played; and each figure's sums (:mod:`.figures`) are those
the counts give, with the squares and products their values allow. :func:`check_runset` adds
the cross sums of a sweep. A problem is a ValueError of one line naming the field.

>>> from hasenpfeffer.sim.stats import Stats
>>> check_stats(Stats(sides=2).raw(), "raw", games=0, cap=1000, players=4)
Shape(sides=2, variable=frozenset())
>>> check_stats(Stats(sides=2).raw() | {"unfinished": 10**30}, "raw", games=0, cap=1000, players=4)
Traceback (most recent call last):
...
ValueError: raw.unfinished: 10^30 is more than the shard's 0 games
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..format.errors import quote
from .figures import (
    CONTRACTS,
    HANDS,
    LONE,
    LONE_DEFENCE,
    LONE_MADE,
    MISERE,
    MISERES,
    PLAYED_OUT,
    SLAMS,
    THROW_INS,
    bid_made,
    is_share,
    kind_made,
    points,
    win_rate,
)
from .happenings import KEYS
from .stats import Stats

BIG = 10**36
"""Largest size of any number read: far beyond the sums of 10 million games of 1,000 hands."""
HAND_POINTS = 10**12
"""Most points a side wins or loses in one hand: far past any scoring the format allows (1,000
points at most a field, 100 tricks, multipliers of 100)."""
CALLS = frozenset(f"{how} {end}" for how in ("partner", "unheld", "alone") for end in ("made", "failed"))
"""The keys of ``calls``."""
VARIABLE = (PLAYED_OUT, MISERES)
"""Figures the variant decides, not the counts: kept for every game where the variant plays a
hand without a maker, or reads contracts (then, absent, their counts are nought)."""
_INTEGER = re.compile(r"-?[1-9][0-9]{0,17}|0")
Fail = Callable[[str, str], ValueError]
"""Makes the error of a field of the sums checked: ``fail("hands", "what is wrong")``."""


class Shape(NamedTuple):
    """What shards of one run share: the sides, and the :data:`VARIABLE` figures present."""

    sides: int
    variable: frozenset[str]


def number(n: int) -> str:
    """A whole number as a message says it: with commas, or a power of ten when long.

    >>> number(1500), number(10**30), number(-(10**30) - 7)
    ('1,500', '10^30', 'about -10^30')
    """
    if abs(n) < 10**18:
        return f"{n:,}"
    digits = str(abs(n))
    about = "" if digits.rstrip("0") == "1" else "about "
    return f"{about}{'-' * (n < 0)}10^{len(digits) - 1}"


def kind(value: Any) -> str:
    """What a JSON value is, for a message.

    >>> kind(True), kind(1.5), kind(None), kind("7")
    ('true', 'a fraction', 'null', 'text')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    names = {float: "a fraction", str: "text", list: "a list", dict: "a mapping", int: "a whole number"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def mapping(value: Any, where: str) -> dict[str, Any]:
    """``value`` when it is a JSON object."""
    if not isinstance(value, dict):
        raise ValueError(f"{where}: {kind(value)}, not a mapping")
    return value


def field(data: Mapping[str, Any], key: str, where: str) -> Any:
    """``data[key]``; a ValueError naming the field when it is missing."""
    if key not in data:
        raise ValueError(f"{where}.{key}: missing" if where else f"{key}: missing")
    return data[key]


def whole(value: Any, where: str, low: int = 0, high: int = BIG) -> int:
    """``value`` when it is a whole number from ``low`` to ``high`` (``true`` is none)."""
    if type(value) is not int:
        raise ValueError(f"{where}: {kind(value)}, not a whole number")
    if value < low:
        raise ValueError(f"{where}: {number(value)} is {'negative' if low == 0 else f'below {number(low)}'}")
    if value > high:
        raise ValueError(f"{where}: {number(value)} is more than {number(high)}")
    return value


def wholes(value: Any, where: str, length: int, low: int = 0) -> list[int]:
    """``value`` when it is a list of ``length`` whole numbers of at least ``low``."""
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{where}: {kind(value)}, not a list of {length} whole numbers")
    return [whole(v, f"{where}[{i}]", low, BIG) for i, v in enumerate(value)]


def key(name: str) -> str:
    """A key read from a file, as a field's path shows it: quoted and short."""
    return f"[{quote(repr(name), 40)}]"


def _counts(value: Any, where: str, low: int = 1) -> dict[str, int]:
    return {k: whole(v, f"{where}{key(k)}", low) for k, v in mapping(value, where).items()}


def _outcomes(value: Any, where: str) -> dict[str, list[int]]:
    found = {k: wholes(v, f"{where}{key(k)}", 2) for k, v in mapping(value, where).items()}
    for k, (made, failed) in found.items():
        if made + failed == 0:
            raise ValueError(f"{where}{key(k)}: no contract played, so none is counted")
    return found


def _histogram(value: Any, where: str) -> None:
    for k, v in mapping(value, where).items():
        if not _INTEGER.fullmatch(k):
            raise ValueError(f"{where}{key(k)}: not a whole number of at most 18 digits")
        whole(v, f"{where}{key(k)}", 1)


def _typed(d: dict[str, Any], where: str, players: int) -> None:
    """Every key of :meth:`.Stats.raw` there, each of its type: a ValueError naming the first not."""
    sides = whole(field(d, "sides", where), f"{where}.sides", 1, players)
    for name in ("games", "unfinished", "hands", "hands_sq", "throw_ins", "played_out", "forced"):
        whole(field(d, name, where), f"{where}.{name}")
    for name in ("drop_outs", "bucks", "short_hands", "short_sides", "dummies"):
        whole(field(d, name, where), f"{where}.{name}")
    wholes(field(d, "wins", where), f"{where}.wins", sides)
    wholes(field(d, "points", where), f"{where}.points", sides, -BIG)
    wholes(field(d, "points_sq", where), f"{where}.points_sq", sides)
    wholes(field(d, "lone", where), f"{where}.lone", 2)
    wholes(field(d, "lone_defence", where), f"{where}.lone_defence", 2)
    _outcomes(field(d, "bids", where), f"{where}.bids")
    _outcomes(field(d, "kinds", where), f"{where}.kinds")
    _histogram(field(d, "hand_points", where), f"{where}.hand_points")
    _histogram(field(d, "margins", where), f"{where}.margins")
    for name in ("slams", "weak_hands", "declarations", "calls"):
        _counts(field(d, name, where), f"{where}.{name}")
    _counts(field(d, "happened", where), f"{where}.happened", 0)  # a rule seen acting: zeros kept
    for name, known in (("happened", KEYS), ("calls", CALLS)):
        unknown = next((k for k in d[name] if k not in known), None)
        if unknown is not None:
            raise ValueError(f"{where}.{name}{key(unknown)}: no such count")
    for name, v in mapping(field(d, "sums", where), f"{where}.sums").items():
        wholes(v, f"{where}.sums{key(name)}", 5, -BIG)


def check_stats(data: Any, where: str, games: int, cap: int, players: int) -> Shape:
    """Check the raw sums of a shard of ``games`` games of at most ``cap`` hands, by ``players``
    players; its :class:`Shape` (a ValueError, in one line naming the field, at the first fault)."""
    _typed(mapping(data, where), where, players)
    s = Stats.from_raw(data)

    def fail(name: str, text: str) -> ValueError:  # a Fail
        return ValueError(f"{where}.{name}: {text}")

    if s.games != games:
        raise fail("games", f"{number(s.games)}, but the shard plays {games:,}")
    if s.unfinished > s.games:
        raise fail("unfinished", f"{number(s.unfinished)} is more than the shard's {s.games:,} games")
    if sum(s.wins) + s.unfinished != s.games:
        raise fail(
            "wins", f"{number(sum(s.wins))} won and {s.unfinished:,} unfinished, not {s.games:,} games"
        )
    if not s.games <= s.hands <= s.games * cap + s.throw_ins:
        most = s.games * cap + s.throw_ins
        raise fail(
            "hands",
            f"{number(s.hands)}, not {s.games:,} to {most:,} for {s.games:,} games of {cap:,} hands at most",
        )
    cap += s.throw_ins  # a game's hands, counting those thrown in by themselves after the cap
    if not (s.hands <= s.hands_sq <= s.hands * cap and s.hands**2 <= s.games * s.hands_sq):
        raise fail("hands_sq", f"{number(s.hands_sq)} is no sum of squares of {s.games:,} games' hands")
    for side, (p, q) in enumerate(zip(s.points, s.points_sq, strict=True)):
        if abs(p) > q or p * p > q * s.hands or q > s.hands * HAND_POINTS**2:
            text = f"{number(q)} is no sum of squares of {s.hands:,} hands' points summing to {number(p)}"
            raise fail(f"points_sq[{side}]", f"{text} (points[{side}])")
    _contracts(s, fail)
    _histograms(s, fail)
    _others(s, fail, players)
    return _sums(s, where, cap)


def _contracts(s: Stats, fail: Fail) -> None:
    """Contracts, lone hands, kinds and slams within the hands and the contracts played."""
    c = s.contracts
    if s.throw_ins + s.played_out + c.tried > s.hands:
        n = s.throw_ins + s.played_out + c.tried
        raise fail(
            "bids", f"{number(n)} hands played on a contract, thrown in or played out: more than {s.hands:,}"
        )
    if s.forced > s.hands:
        raise fail("forced", f"{number(s.forced)} is more than the {s.hands:,} hands")
    for name, o in (("lone", s.lone), ("lone_defence", s.lone_defence)):
        if o.tried > c.tried:
            raise fail(name, f"{number(o.tried)} is more than the {c.tried:,} contracts played")
    tried, made = sum(o.tried for o in s.kinds.values()), sum(o.made for o in s.kinds.values())
    if s.kinds and (tried, made) != (c.tried, c.made):
        raise fail("kinds", f"{number(made)} of {number(tried)} made, but the bids {c.made:,} of {c.tried:,}")
    for bid, n in s.slams.items():
        if n > (s.bids[bid].tried if bid in s.bids else 0):
            raise fail(f"slams{key(bid)}", f"{number(n)} is more than the contracts at that bid")
    if sum(s.slams.values()) > s.of_tricks:
        raise fail("slams", f"more than the {s.of_tricks:,} contracts of tricks")


def _histograms(s: Stats, fail: Fail) -> None:
    """Side 0's points per hand count the hands and add up to its points; the margins count the games."""
    counted = s.hand_points
    if any(abs(k) > HAND_POINTS for k in counted):
        raise fail("hand_points", f"a hand's points past {number(HAND_POINTS)}")
    if sum(counted.values()) != s.hands:
        raise fail("hand_points", f"{number(sum(counted.values()))} hands counted, not {s.hands:,}")
    totals = (sum(k * n for k, n in counted.items()), sum(k * k * n for k, n in counted.items()))
    if totals != (s.points[0], s.points_sq[0]):
        raise fail("hand_points", "side 0's points per hand do not add up to points[0] and points_sq[0]")
    if sum(s.margins.values()) != s.games:
        raise fail("margins", f"{number(sum(s.margins.values()))} games counted, not {s.games:,}")


def _others(s: Stats, fail: Fail, players: int) -> None:
    """Calls, drop-outs, bucks, short sides and dummies within the hands and the seats."""
    checks = (
        ("calls", sum(s.calls.values()), s.hands, "hands"),
        ("drop_outs", s.drop_outs, s.hands * players, "seats of the hands"),
        ("bucks", s.bucks, s.hands * s.sides, "sides of the hands"),
        ("short_hands", s.short_hands, s.played_out, "hands played out"),
        ("short_sides", s.short_sides, s.short_hands * s.sides, "sides of the short hands"),
        ("dummies", s.dummies, s.hands * players, "seats of the hands"),
    )
    for name, n, most, what in checks:
        if n > most:
            raise fail(name, f"{number(n)} is more than the {most:,} {what}")
    if s.short_sides < s.short_hands:
        raise fail("short_sides", f"{number(s.short_sides)} is fewer than the {s.short_hands:,} short hands")


def expected(s: Stats) -> dict[str, tuple[int, int]]:
    """Each figure's sums of ``x`` and ``y`` as the counts give them, the :data:`VARIABLE` ones
    too (for every figure a game can add to; see :func:`.figures.game_values`)."""
    found: dict[str, tuple[int, int]] = {}
    if s.games:
        for side in range(s.sides):
            found[win_rate(side)] = (s.wins[side], s.games)
            found[points(side)] = (s.points[side], s.hands)
        found |= {HANDS: (s.hands, s.games), LONE: (s.lone.tried, s.hands), THROW_INS: (s.throw_ins, s.hands)}
        misere = sum(o.tried for k, o in s.kinds.items() if k.endswith(MISERE))
        found |= {PLAYED_OUT: (s.played_out, s.hands), MISERES: (misere, s.hands)}
    pairs = [(CONTRACTS, s.contracts), (LONE_MADE, s.lone), (LONE_DEFENCE, s.lone_defence)]
    pairs += [(bid_made(b), o) for b, o in s.bids.items()] + [(kind_made(k), o) for k, o in s.kinds.items()]
    for name, o in pairs:
        if o.tried:
            found[name] = (o.made, o.tried)
    if s.of_tricks:
        found[SLAMS] = (sum(s.slams.values()), s.of_tricks)
    return found


def _sums(s: Stats, where: str, cap: int) -> Shape:
    """Each figure's sums: those the counts give, with squares and products its values allow."""
    at = f"{where}.sums"
    want = expected(s)
    for name, (x, y) in want.items():
        if name not in s.sums and (name not in VARIABLE or x):
            raise ValueError(f"{at}: no {quote(name, 40)}, which the counts give as {x:,} of {y:,}")
    if MISERES in want and MISERES not in s.sums and s.kinds:
        raise ValueError(f"{at}: no {MISERES}, yet contracts are counted by kind")
    for name, v in s.sums.items():
        if name not in want:
            raise ValueError(f"{at}{key(name)}: no figure of these counts")
        if (v[0], v[1]) != want[name]:
            x, y = want[name]
            raise ValueError(
                f"{at}{key(name)}: {number(v[0])} of {number(v[1])}, but the counts give {x:,} of {y:,}"
            )
        if not _fits(s, name, v, cap):
            raise ValueError(f"{at}{key(name)}: its squares and products are none its games can give")
    return Shape(s.sides, frozenset(n for n in VARIABLE if n in s.sums))


def _fits(s: Stats, name: str, v: list[int], cap: int) -> bool:
    """Whether a figure's ``[x, y, x², y², xy]`` can come from games of at most ``cap`` hands."""
    if name == HANDS:
        return v == [s.hands, s.games, s.hands_sq, s.games, s.hands]
    if name in (win_rate(side) for side in range(s.sides)):
        return v == [v[0], s.games, v[0], s.games, v[0]]
    if name in _per_hand(s) and v[3] != s.hands_sq:  # y: the game's hands
        return False
    side = next((i for i in range(s.sides) if name == points(i)), None)
    if side is not None:  # x: the side's points in a game
        x, _, xx, yy, xy = v
        return abs(x) <= xx <= cap * s.points_sq[side] and x * x <= s.games * xx and xy * xy <= xx * yy
    return is_share(name) and 0 <= v[0] <= v[2] <= v[4] <= v[3] <= cap * v[1] and v[0] <= v[1] <= v[3]


def _per_hand(s: Stats) -> tuple[str, ...]:
    """The figures whose ``y`` is a game's hands."""
    return (*(points(side) for side in range(s.sides)), LONE, THROW_INS, PLAYED_OUT, MISERES)


def check_runset(data: Any, where: str, games: int, cap: int, players: int, variants: int) -> list[Shape]:
    """Check the raw sums of a sweep's shard (:meth:`.RunSet.raw`) of ``variants`` variants, each
    as :func:`check_stats`, and their cross sums with the first's; each variant's :class:`Shape`."""
    d = mapping(data, where)
    found = [field(d, name, where) for name in ("stats", "cross")]
    for name, value in zip(("stats", "cross"), found, strict=True):
        if not isinstance(value, list) or len(value) != variants:
            raise ValueError(f"{where}.{name}: {kind(value)}, not a list of {variants} (one per point)")
    shapes = [check_stats(v, f"{where}.stats[{n}]", games, cap, players) for n, v in enumerate(found[0])]
    if any(shape.sides != shapes[0].sides for shape in shapes):
        raise ValueError(f"{where}.stats: the points have different numbers of sides")
    stats = [Stats.from_raw(v) for v in found[0]]
    for n, value in enumerate(found[1]):
        _cross(stats[0], stats[n], mapping(value, f"{where}.cross[{n}]"), f"{where}.cross[{n}]", n)
    return shapes


def _cross(a: Stats, b: Stats, cross: dict[str, Any], where: str, n: int) -> None:
    """A point's cross sums ``[xa·xb, xa·yb, ya·xb, ya·yb]`` with the base's games."""
    if n == 0 and cross:
        raise ValueError(f"{where}: the base has no cross sums with itself")
    for name, value in cross.items():
        c = wholes(value, f"{where}{key(name)}", 4, -BIG)
        if name not in a.sums or name not in b.sums:
            raise ValueError(f"{where}{key(name)}: a figure the base and the point do not both have")
        sa, sb = a.sums[name], b.sums[name]
        squares = [(sa[2], sb[2]), (sa[2], sb[3]), (sa[3], sb[2]), (sa[3], sb[3])]
        ordered = 0 <= c[0] <= min(c[1], c[2]) and max(c[1], c[2]) <= c[3]
        if any(v * v > p * q for v, (p, q) in zip(c, squares, strict=True)) or (
            is_share(name) and not ordered
        ):
            raise ValueError(f"{where}{key(name)}: more than the two runs' own sums allow")
    if n == 0 or not a.games:
        return
    for name in [HANDS, *(win_rate(side) for side in range(a.sides))]:  # y is 1 in every game
        got = cross.get(name)
        if got is None or got[1:] != [a.sums[name][0], b.sums[name][0], a.games]:
            raise ValueError(f"{where}{key(name)}: not the cross sums of the two runs' {a.games:,} games")
    for name in _per_hand(a):  # y is the game's hands: ya·yb sums as the hands' product does
        if name in a.sums and name in b.sums and cross.get(name, [0] * 4)[3] != cross[HANDS][0]:
            raise ValueError(f"{where}{key(name)}: its product of hands differs from {HANDS}'s")
