"""The JSON reports of ``simulate`` and ``sweep``: figures, run parameters and raw sums; merging shards.

A report carries the integer sums it was computed from (``raw``) and what identifies its run
(``run``), so the reports of the shards of a run merge into exactly the report of the whole
run (:func:`merge_reports`).

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.sim.simulate import simulate
>>> v = load_variant("euchre")
>>> parts = [simulate(v, 6, ["greedy"] * 4, 1, 1, shard=(i, 2)) for i in (1, 2)]
>>> docs = [simulate_report(v, ["greedy"] * 4, 1, 6, (i, 2), p) for i, p in zip((1, 2), parts)]
>>> merge_reports(docs) == simulate_report(v, ["greedy"] * 4, 1, 6, None, simulate(v, 6, ["greedy"] * 4, 1, 1))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from ..format.variant import Variant
from .execute import Shard
from .figures import HANDS, Estimate, ordered, points
from .intervals import Z95, mean_ci, wilson
from .runset import RunSet
from .stats import Stats

FORMAT = 1
"""Version of the reports (``docs/outputs.md``)."""


def digest(variant: Variant) -> str:
    """A short fingerprint of a variant's full rules (equal rules, equal digests)."""
    return hashlib.blake2b(variant.key.encode(), digest_size=8).hexdigest()


def ladder(variant: Variant) -> list[str]:
    """The names of a variant's bids, lowest first."""
    return [b.name for b in variant.making.auction.ladder]


def _shard(shard: Shard | None) -> dict[str, int] | None:
    return None if shard is None else {"index": shard[0], "count": shard[1]}


def estimate(stats: Stats, name: str) -> Estimate:
    """A figure of one run as ``simulate`` shows it: Wilson intervals for shares, normal for means."""
    side = next((s for s in range(stats.sides) if name == points(s)), None)
    if side is not None:
        m, low, high = mean_ci(stats.points[side], stats.points_sq[side], stats.hands)
    elif name == HANDS:
        m, low, high = mean_ci(stats.hands, stats.hands_sq, stats.games)
    else:
        x, y = stats.sums.get(name, [0, 0])[:2]
        m = x / y if y else 0.0
        low, high = wilson(x, y)
        return Estimate(m, low, high, (m * (1 - m) / y) ** 0.5 if y else 0.0)
    return Estimate(m, low, high, (high - m) / Z95)


def simulate_report(
    variant: Variant, bots: Sequence[str], seed: int, asked: int, shard: Shard | None, stats: Stats
) -> dict[str, Any]:
    """``simulate --json``: the summary, the run's parameters and its raw sums."""
    return _simulate_doc(
        variant.name, list(bots), seed, _run(asked, shard, [digest(variant)], ladder(variant)), stats
    )


def _run(asked: int, shard: Shard | None, keys: list[str], bids: list[str]) -> dict[str, Any]:
    return {"games": asked, "shard": _shard(shard), "variant_keys": keys, "ladder": bids}


def _simulate_doc(name: str, bots: list[str], seed: int, run: dict[str, Any], stats: Stats) -> dict[str, Any]:
    head = {"format": FORMAT, "command": "simulate", "variant": name, "bots": bots, "seed": seed}
    return head | stats.summary(run["ladder"]) | {"run": run, "raw": stats.raw()}


def sweep_report(
    names: Sequence[str],
    settings: Sequence[Mapping[str, Any]],
    keys: Sequence[str],
    bots: Sequence[str],
    seed: int,
    run: dict[str, Any],
    runs: RunSet,
) -> dict[str, Any]:
    """``sweep --json``: per point (the base first) every figure and its paired difference from the base."""
    stats = runs.stats
    sides = stats[0].sides
    names_seen = {n for s in stats for n in s.sums}
    figures = ordered(names_seen, run["ladder"], sides)
    points_out = []
    for index, (name, setting) in enumerate(zip(names, settings, strict=True)):
        out = {}
        for figure in figures:
            value = estimate(stats[index], figure).as_dict()
            zero = Estimate(0.0, 0.0, 0.0, 0.0)
            diff = runs.difference(index, figure) if index else zero
            count = stats[index].sums.get(figure, [0, 0])[1]
            out[figure] = value | {"count": count, "difference": diff.as_dict()}
        points_out.append({"name": name, "set": dict(setting), "figures": out})
    return {
        "format": FORMAT,
        "command": "sweep",
        "base": names[0],
        "keys": list(keys),
        "games": runs.seeds,
        "bots": list(bots),
        "seed": seed,
        "figures": figures,
        "points": points_out,
        "run": run,
        "raw": runs.raw(),
    }


def sweep_run(asked: int, shard: Shard | None, variants: Sequence[Variant]) -> dict[str, Any]:
    """The ``run`` entry of a sweep: games asked, shard, the digests of its variants, the base's ladder."""
    return _run(asked, shard, [digest(v) for v in variants], ladder(variants[0]))


_SAME = {
    "simulate": ("format", "variant", "bots", "seed"),
    "sweep": ("format", "base", "keys", "bots", "seed"),
}


def _identity(doc: Mapping[str, Any]) -> tuple[Any, ...]:
    run = doc["run"]
    shard = run["shard"]
    return (
        *(doc[k] for k in _SAME[doc["command"]]),
        run["games"],
        run["variant_keys"],
        run["ladder"],
        None if shard is None else shard["count"],
        [(p["name"], p["set"]) for p in doc.get("points", [])],
    )


def merge_reports(docs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The report of a whole run from the reports of all its shards; ValueError when they do not fit."""
    if not docs:
        raise ValueError("nothing to merge")
    try:
        command = docs[0]["command"]
        if command not in _SAME or any(d["command"] != command for d in docs):
            raise ValueError("the files are not all simulate reports or all sweep reports")
        first = _identity(docs[0])
        for n, doc in enumerate(docs[1:], 2):
            if _identity(doc) != first:
                raise ValueError(f"file {n} is of another run (variant, bots, seed, games or shards differ)")
        shards = [d["run"]["shard"] for d in docs]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a report of simulate --json or sweep --json: missing {exc}") from None
    if None in shards:
        raise ValueError("a file holds a whole run, not a shard: there is nothing to merge it with")
    count = shards[0]["count"]
    have = sorted(s["index"] for s in shards)
    if len(set(have)) < len(have):
        raise ValueError(f"shard {next(i for i in have if have.count(i) > 1)}/{count} given twice")
    missing = sorted(set(range(1, count + 1)) - set(have))
    if missing:
        raise ValueError(
            f"shard{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))} of {count} missing"
        )
    run = dict(docs[0]["run"]) | {"shard": None}
    if command == "simulate":
        total = Stats.from_raw(docs[0]["raw"])
        for doc in docs[1:]:
            total.merge(Stats.from_raw(doc["raw"]))
        d = docs[0]
        return _simulate_doc(d["variant"], d["bots"], d["seed"], run, total)
    runs = RunSet.from_raw(docs[0]["raw"])
    for doc in docs[1:]:
        runs.merge(RunSet.from_raw(doc["raw"]))
    d = docs[0]
    names = [p["name"] for p in d["points"]]
    settings = [p["set"] for p in d["points"]]
    return sweep_report(names, settings, d["keys"], d["bots"], d["seed"], run, runs)
