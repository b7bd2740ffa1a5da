"""Rule studies: a grid of house rules of one variant, all played over the same seeds and bots.

Each point of the grid is the base variant with some keys set, built and checked exactly
as a file ``{extends: BASE, name: ..., key: value}`` would be; its figures come with their
paired difference from the base (game ``i`` of every point has the seed of the base's game ``i``).

>>> setting = parse_setting("game.target=10,15", 1)
>>> setting.key, setting.values
('game.target', [10, 15])
>>> [dict(p) for p in grid([setting, parse_setting("game.must_bid_out=yes,no", 2)])]
[{'game.target': 10, 'game.must_bid_out': True}, {'game.target': 10, 'game.must_bid_out': False}, \
{'game.target': 15, 'game.must_bid_out': True}, {'game.target': 15, 'game.must_bid_out': False}]

A value may be a mapping, which sets several keys of a section together, as a file would (the
rest of the section stays as in the base): a set that loses the amount bid instead of the
tricks taken is ``scoring.failed={per_trick: 0, per_bid_trick: 1}``.

>>> parse_setting("scoring.failed={per_trick: 0, per_bid_trick: 1}", 1).texts
['{per_trick: 0, per_bid_trick: 1}']
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from ..format.errors import Problem, VariantError
from ..format.houserule import house_rule
from ..format.loader import load_variant
from ..format.variant import Variant
from ..format.yamldepth import refuse_deep
from .estimates import estimate
from .execute import Progress, Shard
from .figures import Estimate, ordered
from .limits import MAX_HANDS
from .runset import RunSet, play_set

__all__ = ["Setting", "Sweep", "build_points", "grid", "house_rule", "parse_setting", "sweep"]

_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
MAX_POINTS = 1000
"""Most points in one grid."""
RESERVED = frozenset({"name", "extends", "$schema"})
"""Keys a sweep may not set: the point's name and parent are its own."""


@dataclass(frozen=True)
class Setting:
    """One ``--set KEY=V1,V2`` argument: the key, its values, their text, and its position (from 1)."""

    key: str
    values: list[Any]
    texts: list[str]
    position: int

    @property
    def source(self) -> str:
        """How problems name it: ``--set 2``."""
        return f"--set {self.position}"


def values(text: str) -> list[Any]:
    """``V1,V2,..`` as YAML reads a flow sequence: ``10`` a number, ``yes`` true, ``'4'`` text, and
    ``{per_trick: 0, per_bid_trick: 1}`` a mapping, which sets several keys of a section at once.

    >>> values("10,no,'4',big-pepper,~")
    [10, False, '4', 'big-pepper', None]
    >>> values("{per_trick: 1, per_bid_trick: 0}, {per_trick: 0, per_bid_trick: 1}")
    [{'per_trick': 1, 'per_bid_trick': 0}, {'per_trick': 0, 'per_bid_trick': 1}]
    """
    if not text.strip() or text.rstrip().endswith(","):
        raise ValueError(f"an empty value in {text[:60]!r}")
    try:
        refuse_deep(f"[{text}]", "--set")
        read = yaml.safe_load(f"[{text}]")
    except VariantError as exc:
        raise ValueError(f"cannot read {text[:60]!r}: {exc.problems[0].message}") from None
    except yaml.YAMLError:
        raise ValueError(f"cannot read {text[:60]!r} as YAML values V1,V2,.. (an empty value?)") from None
    if not isinstance(read, list) or not read:
        raise ValueError(f"cannot read {text[:60]!r} as YAML values V1,V2,..")
    for value in read:
        if isinstance(value, list):
            raise ValueError(f"{flow(value)[:40]!r} is not a single value or a mapping")
    return read


def flow(value: Any) -> str:
    """A value as written in YAML, on one line.

    >>> flow(True), flow(None), flow(15), flow({"per_trick": 0, "table": {}})
    ('true', 'null', '15', '{per_trick: 0, table: {}}')
    """
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return str(value)


def parse_setting(text: str, position: int) -> Setting:
    """``KEY=V1,V2,..`` (a dotted key of the variant file, YAML values); ValueError when malformed."""
    key, equals, rest = text.partition("=")
    key = key.strip()
    if not equals or not key:
        raise ValueError(f"--set {position}: give KEY=V1,V2,..., read {text[:60]!r}")
    if not _KEY.match(key):
        raise ValueError(f"--set {position}: {key[:60]!r} is not a dotted key such as game.target")
    if key.split(".")[0] in RESERVED:
        raise ValueError(f"--set {position}: {key} cannot be swept")
    try:
        read = values(rest)
    except ValueError as exc:
        raise ValueError(f"--set {position}: {key}: {exc}") from None
    return Setting(key, read, [flow(v) for v in read], position)


def grid(settings: Sequence[Setting]) -> list[dict[str, Any]]:
    """Every combination of the values, the first key varying slowest."""
    keys = [s.key for s in settings]
    if len(set(keys)) < len(keys):
        raise ValueError("a key is set twice: give all its values in one --set")
    inside = next(((a, b) for a in keys for b in keys if b.startswith(f"{a}.")), None)
    if inside is not None:
        raise ValueError(f"{inside[1]} is inside {inside[0]}: set it in the mapping of {inside[0]}")
    points = [
        dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(s.values for s in settings))
    ]
    if len(points) > MAX_POINTS:
        raise ValueError(f"{len(points)} points in the grid: at most {MAX_POINTS}")
    return points


def point_name(base: str, values: Sequence[Any], index: int) -> str:
    """A variant name for a point: the base's and the values, or its number when that will not do.

    >>> point_name("euchre", [0, 15], 3), point_name("euchre", ["two words"], 3)
    ('euchre+0+15', 'euchre+3')
    """
    words = [str(v).lower() if isinstance(v, bool) else str(v) for v in values]
    name = "+".join([base, *words])
    if len(name) <= 64 and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.+\-]*", name):
        return name
    return f"{base[:50]}+{index}"


def describe(problem: Problem) -> str:
    """A problem as printed: ``--set 2: KEY: message`` for a swept value, ``file:line:col: ...`` otherwise."""
    if problem.path.startswith("--set "):
        return f"{problem.path}: {problem.loc}: {problem.message}" if problem.loc else str(problem)
    return str(problem)


def build_points(
    base: str | os.PathLike[str], settings: Sequence[Setting], allow: Sequence[str | os.PathLike[str]] = ()
) -> tuple[Variant, list[dict[str, Any]], list[Variant]]:
    """The base variant, the grid's settings and their variants; VariantError with every distinct problem."""
    variant = load_variant(base, allow)
    points = grid(settings)
    sources = {s.key: s.source for s in settings}
    variants: list[Variant] = []
    problems: dict[str, Problem] = {}
    for index, point in enumerate(points, 1):
        name = point_name(variant.name, list(point.values()), index)
        try:
            variants.append(house_rule(base, point, name, sources, allow))
        except VariantError as exc:
            for p in exc.problems:
                problems.setdefault(describe(p), p)
    if problems:
        raise VariantError(problems.values())
    return variant, points, variants


@dataclass
class Sweep:
    """The result of :func:`sweep`: the base, the points, and the runs of all (the base's first)."""

    keys: list[str]
    variants: list[Variant]
    settings: list[dict[str, Any]]
    runs: RunSet
    bots: list[str]
    seed: int
    games: int
    shard: Shard | None = None
    max_hands: int = MAX_HANDS
    """The cap of hands of each game (see :mod:`hasenpfeffer.sim.limits`)."""

    def figures(self) -> list[str]:
        """The figures measured, in reading order.

        >>> study = sweep("euchre", {"game.target": [5]}, 2, ["greedy"] * 4, seed=1, workers=1)
        >>> study.figures()[:3], study.estimate(0, "side 0 win rate").n
        (['side 0 win rate', 'side 1 win rate', 'side 0 points/hand'], 2)
        """
        seen = {n for s in self.runs.stats for n in s.sums}
        bids = [b.name for b in self.variants[0].making.auction.ladder]
        return ordered(seen, bids, len(self.variants[0].teams))

    def estimate(self, index: int, figure: str) -> Estimate:
        """A figure of point ``index`` (0: the base)."""
        return estimate(self.runs.stats[index], figure)

    def difference(self, index: int, figure: str) -> Estimate:
        """Point ``index`` minus the base in a figure, paired game by game."""
        return self.runs.difference(index, figure)


def sweep(
    base: str | os.PathLike[str],
    settings: Mapping[str, Sequence[Any]] | Sequence[Setting],
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    *,
    shard: Shard | None = None,
    cluster: Any = None,
    allow: Sequence[str | os.PathLike[str]] = (),
    max_hands: int = MAX_HANDS,
    engine: str = "python",
) -> Sweep:
    """Play ``base`` and every point of the grid over the same ``games`` seeds.

    ``settings`` maps dotted keys to their values (or is a list of :class:`Setting`).

    >>> result = sweep("euchre", {"game.target": [5, 10]}, 4, ["greedy"] * 4, seed=1, workers=1)
    >>> [v.name for v in result.variants]
    ['euchre', 'euchre+5', 'euchre+10']
    >>> result.difference(2, "hands per game").value  # 10 is euchre's own target
    0.0
    """
    if isinstance(settings, Mapping):
        settings = [
            Setting(k, list(v), [str(x) for x in v], n) for n, (k, v) in enumerate(settings.items(), 1)
        ]
    variant, points, variants = build_points(base, settings, allow)
    everything = [variant, *variants]
    runs = play_set(
        everything,
        games,
        bots,
        seed,
        workers,
        progress,
        shard=shard,
        cluster=cluster,
        max_hands=max_hands,
        engine=engine,
    )
    keys = [s.key for s in settings]
    return Sweep(keys, everything, [{}, *points], runs, list(bots), seed, games, shard, max_hands)
