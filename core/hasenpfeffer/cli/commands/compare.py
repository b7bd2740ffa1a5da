"""``hasenpfeffer compare``: two variants over the same seeds and bots, and what differs."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..common import (
    WIDE,
    accel_line,
    add_common,
    add_run_options,
    bots_label,
    check_common,
    engine_or_report,
    error,
    load_or_report,
    needed_extra,
    run_games,
    where,
    writable,
)
from ..report.figures import (
    LEGEND,
    compare_report,
    count,
    difference_text,
    from_entry,
    text,
    warning_lines,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``compare``."""
    parser.add_argument("a", metavar="A", help="the first variant (a built-in name or a file)")
    parser.add_argument("b", metavar="B", help="the second variant, e.g. A with a house rule")
    add_common(parser)
    add_run_options(parser, shard=False)
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw the score distributions and the differences (needs the plot extra)",
    )


def run(args: argparse.Namespace) -> int:
    """Simulate both variants and print the differences."""
    from ...sim.engines import workers_for
    from ...sim.runset import play_set

    out, err = Console(width=None if sys.stdout.isatty() else WIDE), Console(stderr=True, soft_wrap=True)
    if (extra := needed_extra(args)) is not None:
        error(extra)
        return 2
    loaded = [load_or_report(args.a, args.allow_path), load_or_report(args.b, args.allow_path)]
    variants = [v for v in loaded if v is not None]
    if len(variants) < 2:
        return 1
    if variants[0].players != variants[1].players or len(variants[0].teams) != len(variants[1].teams):
        err.print("the variants must have the same players and sides to be compared")
        return 2
    bots = check_common(args, variants[0].players, err, variants)
    if bots is None:
        return 2
    engine = engine_or_report(args, variants, bots)
    if engine is None:
        return 2
    if not writable([] if args.plot is None else [args.plot]):
        return 1
    workers = workers_for(engine, 2 * args.games, args.workers)
    start = time.perf_counter()
    both = run_games(
        lambda advance: play_set(
            variants,
            args.games,
            bots,
            args.seed,
            workers,
            advance,
            cluster=args.dask,
            max_hands=args.max_hands,
            engine=engine.name,
        ),
        2 * args.games,
        f"{variants[0].name} / {variants[1].name}",
        err,
    )
    if isinstance(both, int):
        return both
    elapsed = time.perf_counter() - start
    report = compare_report(variants, bots, args.seed, both, args.max_hands) | {"engine": engine.label}
    if args.plot is not None:
        from ...output import WriteError
        from ..report.compareplot import plot

        try:
            plot(args.plot, list(zip(variants, both.stats, strict=True)), report)
        except WriteError as exc:
            error(str(exc))
            return 1
    if args.json:
        sys.stdout.write(json.dumps(report) + "\n")
        return 0
    va, vb = variants
    out.print(
        f"A = [bold]{escape(va.name)}[/], B = [bold]{escape(vb.name)}[/]\n{args.games:,} games each,"
        f" same seeds, bots {escape(bots_label(bots))}, seed {args.seed}; {elapsed:.1f} s on"
        f" {where(args.dask, workers)}\n{accel_line()}\n{engine}",
        highlight=False,
    )
    out.print(table(report))
    out.print(LEGEND, highlight=False)
    if args.plot is not None:
        out.print(f"score distributions and differences drawn in {escape(args.plot)}", highlight=False)
    for line in warning_lines(report):
        out.print(line, markup=False, highlight=False, soft_wrap=True)
    return 0


def table(report: dict[str, Any]) -> Table:
    """Every figure of both runs with its count, and B - A, with 95% intervals."""
    out = Table(
        title="95% intervals in brackets; B - A paired game by game over the shared seeds",
        title_justify="left",
    )
    out.add_column("figure")
    for column in ("A", "n", "B", "n", "B - A"):
        out.add_column(column, justify="right")
    for name, f in report["figures"].items():
        a, b = from_entry(f["a"]), from_entry(f["b"])
        d = from_entry(f["difference"])
        out.add_row(name, text(name, a), count(a.n), text(name, b), count(b.n), difference_text(name, d))
    return out
