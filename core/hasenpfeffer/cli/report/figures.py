"""The figures of ``simulate``, ``compare`` and ``sweep``: as text, as JSON and CSV, and shards merged.

One rule for all three. A share is a percentage with one decimal and its 95% interval in
brackets, a mean has two decimals; a difference is signed, a difference of shares in
percentage points (pp); a figure without observations reads ``no data`` and has no
difference (``—``); ``*`` marks a difference whose interval excludes 0.

>>> from hasenpfeffer.sim.figures import Estimate
>>> text("side 0 win rate", Estimate(0.487, 0.456, 0.518, 0.0, 1000))
'48.7% (45.6..51.8)'
>>> difference_text("contracts made", Estimate(0.042, 0.010, 0.074, 0.0, 500))
'+4.2pp (+1.0..+7.4) *'
>>> text("hands per game", Estimate(4.29, 4.12, 4.46, 0.0, 1000)), text("lone hands made", Estimate.none())
('4.29 (4.12..4.46)', 'no data')

In JSON every figure is ``{value, low, high, n}`` (``null`` without observations) and every
difference ``{value, low, high}``; the three reports share one version, :data:`FORMAT`. A
report of ``simulate`` or ``sweep`` carries the integer sums it was computed from (``raw``) and
what identifies its run (``run``), so the reports of the shards of a run merge into exactly
the report of the whole run (:func:`merge_reports`). Each report also says which build of the
compiled twins its process chose (``accel``); a merge keeps the shards' when they agree.

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.sim.simulate import simulate
>>> v = load_variant("euchre")
>>> parts = [simulate(v, 6, ["greedy"] * 4, 1, 1, shard=(i, 2)) for i in (1, 2)]
>>> docs = [simulate_report(v, ["greedy"] * 4, 1, 6, (i, 2), p) for i, p in zip((1, 2), parts)]
>>> merge_reports(docs) == simulate_report(v, ["greedy"] * 4, 1, 6, None, simulate(v, 6, ["greedy"] * 4, 1, 1))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich.table import Table

from ... import accel
from ...bots.learned import fingerprint
from ...format.variant import Variant
from ...sim.estimates import estimate, figures
from ...sim.execute import Shard
from ...sim.figures import MISERE, MISERES, SLAMS, Estimate, is_share, kind_made, ordered
from ...sim.limits import MAX_HANDS, cap_warning
from ...sim.runset import RunSet
from ...sim.stats import Stats
from ...sim.sweep import Sweep
from . import shards

FORMAT = 3
"""Version of the JSON of ``simulate``, ``compare`` and ``sweep`` (``docs/outputs.md``).

3: one version for the three; figures ``{value, low, high, n}``, ``null`` without observations.
"""
NO_DATA = "no data"
NO_DIFFERENCE = "—"
LEGEND = (
    "n: the games, hands or contracts a figure is a share or a mean of\n"
    "* the interval of the difference excludes 0; pp: percentage points"
)
"""What the tables of ``compare`` and ``sweep`` say of their columns and marks."""


# ---------------------------------------------------------------------------- text


def _number(x: float, digits: int, sign: str) -> str:
    return f"{round(x, digits) + 0.0:{sign}.{digits}f}"  # + 0.0: never "-0.0"


def text(name: str, e: Estimate, signed: bool = False) -> str:
    """A figure (or, ``signed``, a difference) and its interval, as every table shows it."""
    if e.value is None or e.low is None or e.high is None:
        return NO_DIFFERENCE if signed else NO_DATA
    sign = "+" if signed else ""
    if is_share(name):
        v, lo, hi = (_number(100 * x, 1, sign) for x in (e.value, e.low, e.high))
        return f"{v}{'pp' if signed else '%'} ({lo}..{hi})"
    v, lo, hi = (_number(x, 2, sign) for x in (e.value, e.low, e.high))
    return f"{v} ({lo}..{hi})"


def difference_text(name: str, d: Estimate) -> str:
    """A difference and its interval, ``*`` when the interval excludes 0.

    >>> difference_text("hands per game", Estimate(-0.004, -0.3, 0.29, 0.0, 8))
    '+0.00 (-0.30..+0.29)'
    """
    return text(name, d, signed=True) + (" *" if d.excludes_zero() else "")


def count(n: int) -> str:
    """A count as the tables show it.

    >>> count(4286)
    '4,286'
    """
    return f"{n:,}"


def kinds_table(stats: Stats) -> Table:
    """``simulate``'s table of contracts by kind (each trump, no-trump, misère, open hands):
    played, made, failed and the made rate."""
    table = Table(title="Contracts by kind", title_justify="left")
    for col in ("kind", "played", "made", "failed", "made % (95% CI)"):
        table.add_column(col, justify="left" if col == "kind" else "right")
    for kind in stats.kind_names():
        o = stats.kinds[kind]
        made = text(kind_made(kind), estimate(stats, kind_made(kind)))
        table.add_row(kind, count(o.tried), count(o.made), count(o.failed), made)
    return table


def contract_lines(stats: Stats) -> list[tuple[str, str]]:
    """``simulate``'s lines of slams and misères, for its table of hands."""
    slams = sum(stats.slams.values())
    slam_line = f"{count(slams)} of {count(stats.of_tricks)} contracts of tricks: {text(SLAMS, estimate(stats, SLAMS))}"
    misere = sum(o.tried for k, o in stats.kinds.items() if k.endswith(MISERE))
    misere_line = f"{count(misere)} of {count(stats.hands)} hands: {text(MISERES, estimate(stats, MISERES))}"
    return [
        ("slams (95% CI)", slam_line),
        ("misère hands (95% CI)", misere_line),
    ]


# ---------------------------------------------------------------------------- JSON


def entry(e: Estimate) -> dict[str, Any]:
    """A figure in JSON: ``{value, low, high, n}``."""
    return e.as_dict() | {"n": e.n}


def from_entry(data: Mapping[str, Any]) -> Estimate:
    """A figure or a difference back from its JSON (the standard error is not kept).

    >>> from_entry({"value": None, "low": None, "high": None, "n": 0}) == Estimate.none()
    True
    """
    return Estimate(data["value"], data["low"], data["high"], 0.0, data.get("n", 0))


def digest(variant: Variant) -> str:
    """A short fingerprint of a variant's full rules (equal rules, equal digests): the one a
    policy file records (:func:`~hasenpfeffer.bots.learned.fingerprint`)."""
    return fingerprint(variant)


def ladder(variant: Variant) -> list[str]:
    """The names of a variant's bids, lowest first."""
    return [b.name for b in variant.making.auction.ladder]


def run_entry(
    asked: int, shard: Shard | None, variants: Sequence[Variant], max_hands: int = MAX_HANDS
) -> dict[str, Any]:
    """What identifies a run: games asked, shard, the digests of its variants, the (base's) ladder,
    the cap of hands per game."""
    where = None if shard is None else {"index": shard[0], "count": shard[1]}
    keys = [digest(v) for v in variants]
    head = {"games": asked, "shard": where, "variant_keys": keys, "ladder": ladder(variants[0])}
    return head | {"max_hands": max_hands}


def capped(stats: Stats, run: Mapping[str, Any]) -> dict[str, Any]:
    """A run's (or a point's) ``unfinished`` games and its ``warning`` when games reached the cap."""
    return {
        "unfinished": stats.unfinished,
        "warning": cap_warning(stats.unfinished, stats.games, run.get("max_hands", MAX_HANDS)),
    }


def warning_lines(report: Mapping[str, Any]) -> list[str]:
    """The ``warning:`` lines that end the text output of a report (none when no game reached the cap).

    >>> warning_lines({"command": "simulate", "warning": "3 of 9 games stopped"})
    ['warning: 3 of 9 games stopped']
    >>> warning_lines({"command": "compare", "warning": {"a": None, "b": "9 of 9 games stopped"}})
    ['warning: B: 9 of 9 games stopped']
    """
    if report["command"] == "simulate":
        found = [("", report["warning"])]
    elif report["command"] == "compare":
        found = [(f"{k.upper()}: ", w) for k, w in report["warning"].items()]
    else:
        found = [(f"{p['name']}: ", p["warning"]) for p in report["points"]]
    return [f"warning: {label}{w}" for label, w in found if w is not None]


def build_entry() -> dict[str, Any]:
    """A report's ``accel``: which build of the compiled twins this process chose (:mod:`hasenpfeffer.accel`)."""
    return accel.status().as_dict()


def simulate_report(
    variant: Variant,
    bots: Sequence[str],
    seed: int,
    asked: int,
    shard: Shard | None,
    stats: Stats,
    max_hands: int = MAX_HANDS,
) -> dict[str, Any]:
    """``simulate --json``: the counts, every figure, the run's parameters and its raw sums."""
    run = run_entry(asked, shard, [variant], max_hands)
    return _simulate_doc(variant.name, list(bots), seed, run, stats)


def _simulate_doc(name: str, bots: list[str], seed: int, run: dict[str, Any], stats: Stats) -> dict[str, Any]:
    head = {"format": FORMAT, "command": "simulate", "variant": name, "bots": bots, "seed": seed}
    head["accel"] = build_entry()
    shown = {k: entry(e) for k, e in figures(stats, run["ladder"]).items()}
    counts = stats.summary(run["ladder"]) | capped(stats, run)
    return head | counts | {"figures": shown, "run": run, "raw": stats.raw()}


def names(runs: RunSet, bids: Sequence[str]) -> list[str]:
    """The figures of several runs, in reading order."""
    return ordered({n for s in runs.stats for n in s.sums}, bids, runs.stats[0].sides)


def compare_report(
    variants: Sequence[Variant], bots: Sequence[str], seed: int, runs: RunSet, max_hands: int = MAX_HANDS
) -> dict[str, Any]:
    """``compare --json``: both runs' figures and B - A, paired game by game."""
    a, b = variants
    bids = ladder(a) + [n for n in ladder(b) if n not in ladder(a)]
    shown = {
        name: {
            "a": entry(estimate(runs.stats[0], name)),
            "b": entry(estimate(runs.stats[1], name)),
            "difference": runs.difference(1, name).as_dict(),
        }
        for name in names(runs, bids)
    }
    head = {"format": FORMAT, "command": "compare", "a": a.name, "b": b.name, "games": runs.seeds}
    wins = {"a": runs.stats[0].wins, "b": runs.stats[1].wins}
    ends = [capped(s, {"max_hands": max_hands}) for s in runs.stats]
    limits = {"max_hands": max_hands} | {
        k: {"a": ends[0][k], "b": ends[1][k]} for k in ("unfinished", "warning")
    }
    body = {"bots": list(bots), "seed": seed, "accel": build_entry(), "wins": wins} | limits
    return head | body | {"figures": shown}


def sweep_report(
    points: Sequence[tuple[str, Mapping[str, Any]]],
    keys: Sequence[str],
    bots: Sequence[str],
    seed: int,
    run: dict[str, Any],
    runs: RunSet,
) -> dict[str, Any]:
    """``sweep --json``: per point (name, values set; the base first) every figure and its difference."""
    shown = names(runs, run["ladder"])
    out = []
    for index, (name, setting) in enumerate(points):
        values = {
            figure: entry(estimate(runs.stats[index], figure))
            | {"difference": runs.difference(index, figure).as_dict()}
            for figure in shown
        }
        point = {"name": name, "set": dict(setting)} | capped(runs.stats[index], run)
        out.append(point | {"figures": values})
    head = {"format": FORMAT, "command": "sweep", "base": points[0][0], "keys": list(keys)}
    body = {"games": runs.seeds, "bots": list(bots), "seed": seed, "accel": build_entry()}
    body |= {"figures": shown, "points": out}
    return head | body | {"run": run, "raw": runs.raw()}


def study_report(study: Sweep) -> dict[str, Any]:
    """The ``sweep --json`` report of a study played from Python (:func:`hasenpfeffer.sweep`)."""
    run = run_entry(study.games, study.shard, study.variants, study.max_hands)
    points = [(v.name, s) for v, s in zip(study.variants, study.settings, strict=True)]
    return sweep_report(points, study.keys, study.bots, study.seed, run, study.runs)


# ---------------------------------------------------------------------------- CSV

DIFFERENCE_COLUMNS = ("difference", "difference_low", "difference_high")


def csv_rows(report: Mapping[str, Any]) -> Iterator[list[Any]]:
    """A sweep's report as CSV rows, the header first: one row per point and figure ("" for null)."""
    keys: list[str] = report["keys"]
    yield ["point", "name", *keys, "figure", "value", "low", "high", "n", *DIFFERENCE_COLUMNS]
    for n, point in enumerate(report["points"]):
        for figure, f in point["figures"].items():
            d = f["difference"]
            values = [point["set"].get(k, "") for k in keys]
            row = [f["value"], f["low"], f["high"], f["n"], d["value"], d["low"], d["high"]]
            yield [n, point["name"], *values, figure, *("" if x is None else x for x in row)]


# ---------------------------------------------------------------------------- merging shards


def merge_reports(docs: Sequence[Any], names: Sequence[str] | None = None) -> dict[str, Any]:
    """The report of a whole run from the reports of all its shards; a ValueError of one line
    naming the file (``names``, else ``file 1``...) and the field when they do not make one run
    (:mod:`.shards`)."""
    if not docs:
        raise ValueError("nothing to merge")
    command = shards.check(docs, names or [f"file {n}" for n in range(1, len(docs) + 1)], FORMAT)
    d = docs[0]
    r = d["run"]
    run = {"games": r["games"], "shard": None, "variant_keys": r["variant_keys"], "ladder": r["ladder"]}
    run["max_hands"] = r.get("max_hands", MAX_HANDS)
    builds = [doc["accel"] for doc in docs]
    shared = {"accel": builds[0] if all(shards.same(b, builds[0]) for b in builds) else None}
    engines = [doc.get("engine") for doc in docs]
    if any(e is not None for e in engines):  # the engine that played, where every shard says the same
        shared["engine"] = engines[0] if all(e == engines[0] for e in engines) else None
    if command == "simulate":
        total = Stats.from_raw(d["raw"])
        for doc in docs[1:]:
            total.merge(Stats.from_raw(doc["raw"]))
        return _simulate_doc(d["variant"], d["bots"], d["seed"], run, total) | shared
    runs = RunSet.from_raw(d["raw"])
    for doc in docs[1:]:
        runs.merge(RunSet.from_raw(doc["raw"]))
    points = [(p["name"], p["set"]) for p in d["points"]]
    return sweep_report(points, d["keys"], d["bots"], d["seed"], run, runs) | shared
