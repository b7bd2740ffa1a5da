"""The reports of a run's shards, checked before :func:`.figures.merge_reports` adds them up.

A report read from a file may say anything. Each must be the ``simulate --json`` or ``sweep
--json`` report of one shard, with every key a merge reads, each of its type; the shards must be
of one run, agreeing on every setting that makes the games (variant rules, bots, seed, games,
hand cap, shard count, but not the engine, both playing the same games; and, unless every seat is random, greedy or mc, whether the compiled
twins ran, which pimc's default worlds follow), each given once and none missing; and
each shard's raw sums must fit the games it plays (:mod:`hasenpfeffer.sim.rawcheck`). A refusal
is a ValueError of one line naming the file and the field.

>>> check([{"format": 3, "command": "compare"}], ["a.json"], 3)
Traceback (most recent call last):
...
ValueError: a.json: command: 'compare', not simulate or sweep
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...format.errors import quote
from ...format.variant import HAND_CAP
from ...sim.chunking import shard_range
from ...sim.rawcheck import Shape, check_runset, check_stats, field, kind, mapping, number, whole
from ..common import MAX_GAMES, MAX_SEED

SHARDS = 100_000
"""Most shards of a run (``--shard i/n``)."""
SAME_BUILD = frozenset({"random", "greedy", "mc"})
"""Bots that choose alike whichever build of the compiled twins runs (:mod:`hasenpfeffer.accel`)."""
DEPTH = 32
"""Deepest nesting of a point's values and of ``accel``."""


@dataclass(frozen=True)
class Report:
    """What a shard's report says of its run, checked: its command and shard, and the settings
    shards of one run share, by field."""

    command: str
    index: int
    count: int
    settings: dict[str, Any]


def check(docs: Sequence[Any], names: Sequence[str], version: int) -> str:
    """The command of the reports (``simulate`` or ``sweep``), once they are shown to be every
    shard of one run, each once; else a ValueError naming the file (``names``) and the field."""
    first: tuple[str, Report, list[Shape]] | None = None
    played: tuple[str, list[Shape]] | None = None
    seen: dict[int, str] = {}
    for doc, name in zip(docs, names, strict=True):
        try:
            report = _report(doc, version)
            for what, value in report.settings.items():
                theirs = value if first is None else first[1].settings.get(what)
                if not same(value, theirs):
                    raise ValueError(
                        f"{what}: {_shown(value)}, where {first and first[0]} has {_shown(theirs)}:"
                        " not shards of one run"
                    )
            if report.index in seen:
                raise ValueError(
                    f"run.shard.index: shard {report.index}/{report.count} given twice (also {seen[report.index]})"
                )
            seen[report.index] = name
            shapes, games = _raw(doc, report)
            first = first or (name, report, shapes)
            _same_shapes(first[0], first[2], shapes, variable=False)
            played = played or ((name, shapes) if games else None)
            if games and played is not None:
                _same_shapes(*played, shapes, variable=True)
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
    if first is None:
        raise ValueError("nothing to merge")
    count = first[1].count
    missing = sorted(set(range(1, count + 1)) - set(seen))
    if missing:
        listed = ", ".join(map(str, missing[:10])) + (
            f" and {len(missing) - 10:,} more" if len(missing) > 10 else ""
        )
        raise ValueError(f"shard{'s' * (len(missing) > 1)} {listed} of {count} missing")
    return first[1].command


def same(a: Any, b: Any) -> bool:
    """Whether two values read from JSON (and shown :func:`_shallow`) are the same JSON: ``1``,
    ``1.0`` and ``true`` differ, as do mappings in another order.

    >>> same({"a": 1}, {"a": 1}), same(1, True), same({"a": 1, "b": 2}, {"b": 2, "a": 1})
    (True, False, False)
    """
    return json.dumps(a) == json.dumps(b)


def _shown(value: Any) -> str:
    return "none" if value is None else quote(json.dumps(value, ensure_ascii=True), 60)


def _same_shapes(name: str, theirs: list[Shape], mine: list[Shape], variable: bool) -> None:
    """The sides of each variant as in file ``name`` (``variable``: and the figures the variant decides)."""
    for n, (a, b) in enumerate(zip(theirs, mine, strict=True)):
        where = "raw" if len(mine) == 1 else f"raw.stats[{n}]"
        if a.sides != b.sides:
            raise ValueError(f"{where}.sides: {b.sides}, where {name} has {a.sides}: not shards of one run")
        if variable and a.variable != b.variable:
            what = ", ".join(sorted(a.variable ^ b.variable))
            raise ValueError(
                f"{where}.sums: {what} in one of this file and {name}, figures the variant decides"
            )


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where}: {kind(value)}, not text")
    return value


def _texts(value: Any, where: str, low: int = 0, high: int = 10**6) -> list[str]:
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise ValueError(f"{where}: {kind(value)}, not a list of {low} to {high:,} names")
    return [_text(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _shallow(value: Any, where: str) -> None:
    """Refuse a value nested deeper than :data:`DEPTH` (compared, and written out again, by recursion)."""
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if depth > DEPTH:
            raise ValueError(f"{where}: nested deeper than {DEPTH}")
        children = v.values() if isinstance(v, dict) else v if isinstance(v, list) else ()
        stack.extend((c, depth + 1) for c in children)


def _engine(doc: Mapping[str, Any]) -> str | None:
    """The engine that played: ``compiled`` or ``python`` (None in a report that does not say)."""
    if "engine" not in doc:
        return None
    label = doc["engine"]
    name, bracket, _ = label.partition(" (") if isinstance(label, str) else ("", "", "")
    if name not in ("compiled", "python") or not bracket or not label.endswith(")"):
        raise ValueError(f"engine: {_shown(label)}, not an engine's label (compiled (numba), python (why))")
    return name


def _build(value: Any) -> bool:
    """Whether the compiled twins ran (``accel.compiled``); the rest of ``accel`` is kept as it is."""
    _shallow(value, "accel")
    compiled = field(mapping(value, "accel"), "compiled", "accel")
    if not isinstance(compiled, bool):
        raise ValueError(f"accel.compiled: {kind(compiled)}, not true or false")
    return compiled


def _report(doc: Any, version: int) -> Report:
    """A shard's report, checked but for its raw sums."""
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    fmt = field(doc, "format", "")
    if type(fmt) is not int or fmt != version:
        raise ValueError(f"format: {_shown(fmt)}, not {version}: write the file again with this version")
    command = field(doc, "command", "")
    if command not in ("simulate", "sweep"):
        raise ValueError(f"command: {quote(repr(command), 40)}, not simulate or sweep")
    run = mapping(field(doc, "run", ""), "run")
    if field(run, "shard", "run") is None:
        raise ValueError(
            "run.shard: null: the file holds a whole run, not a shard: there is nothing to merge it with"
        )
    shard = mapping(run["shard"], "run.shard")
    count = whole(field(shard, "count", "run.shard"), "run.shard.count", 1, SHARDS)
    index = whole(field(shard, "index", "run.shard"), "run.shard.index", 0)
    if not 1 <= index <= count:
        raise ValueError(f"run.shard.index: {number(index)}, not from 1 to {count:,}")
    bots = _texts(field(doc, "bots", ""), "bots", 2, 8)
    settings: dict[str, Any] = {
        "command": command,
        "bots": bots,
        "seed": whole(field(doc, "seed", ""), "seed", 0, MAX_SEED),
        "run.games": whole(field(run, "games", "run"), "run.games", 1, MAX_GAMES),
        "run.shard.count": count,
        "run.variant_keys": _texts(field(run, "variant_keys", "run"), "run.variant_keys", 1),
        "run.ladder": _texts(field(run, "ladder", "run"), "run.ladder"),
        "run.max_hands": whole(run.get("max_hands", HAND_CAP), "run.max_hands", 1, HAND_CAP),
    }
    _engine(doc)  # either engine plays the same games: shards may differ in it, as a cold cache makes them
    compiled = _build(field(doc, "accel", ""))
    if not {b.split(":")[0].strip() for b in bots} <= SAME_BUILD:
        settings["accel.compiled"] = compiled
    if command == "simulate":
        settings["variant"] = _text(field(doc, "variant", ""), "variant")
    else:
        settings["base"] = _text(field(doc, "base", ""), "base")
        settings["keys"] = _texts(field(doc, "keys", ""), "keys")
        points = _points(field(doc, "points", ""))
        settings["points"] = len(points)  # first: then each point's name and values, one by one
        settings |= {f"points[{n}]": point for n, point in enumerate(points)}
    variants, keys = settings.get("points", 1), settings["run.variant_keys"]
    if len(keys) != variants:
        raise ValueError(f"run.variant_keys: {len(keys):,}, not one for each of {variants:,} variants")
    return Report(command, index, count, settings)


def _points(value: Any) -> list[tuple[str, dict[str, Any]]]:
    """A sweep's points: each one's name and values set."""
    if not isinstance(value, list) or not value:
        raise ValueError(f"points: {kind(value)}, not a list of points")
    found = []
    for n, point in enumerate(value):
        where = f"points[{n}]"
        p = mapping(point, where)
        setting = mapping(field(p, "set", where), f"{where}.set")
        _shallow(setting, f"{where}.set")
        found.append((_text(field(p, "name", where), f"{where}.name"), setting))
    return found


def _raw(doc: Mapping[str, Any], report: Report) -> tuple[list[Shape], int]:
    """The shape of each variant's raw sums, once they are shown to fit the shard's games; and those games."""
    settings = report.settings
    first, stop = shard_range(settings["run.games"], (report.index, report.count))
    games, cap, players = stop - first, settings["run.max_hands"], len(settings["bots"])
    raw = field(doc, "raw", "")
    if report.command == "simulate":
        return [check_stats(raw, "raw", games, cap, players)], games
    return check_runset(raw, "raw", games, cap, players, settings["points"]), games
