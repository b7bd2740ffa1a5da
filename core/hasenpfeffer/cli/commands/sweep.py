"""``hasenpfeffer sweep``: a grid of house rules of one variant over the same seeds, and what each changes."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ...sim.sweep import flow
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
    shard_label,
    where,
    writable,
)
from ..report.figures import (
    LEGEND,
    count,
    csv_rows,
    difference_text,
    from_entry,
    study_report,
    text,
    warning_lines,
)

if TYPE_CHECKING:
    from ...sim.execute import Progress
    from ...sim.runset import RunSet
    from ...sim.sweep import Setting

EXAMPLE = (
    "hasenpfeffer sweep hasenpfeffer --set game.target=10,15,21\n"
    "  hasenpfeffer sweep hasenpfeffer --set 'scoring.failed={per_trick: 1, per_bid_trick: 0},"
    "{per_trick: 0, per_bid_trick: 1}'\n"
    "    (a mapping sets several keys together: a set loses the tricks taken, or the amount bid)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``sweep``."""
    parser.epilog = f"examples:\n  {EXAMPLE}"
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "base", metavar="BASE", help="the variant the house rules change (a built-in or a file)"
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        required=True,
        metavar="KEY=V1,V2,..",
        dest="settings",
        help="a dotted key of the variant file and its values, read as YAML; a value may be a mapping"
        " in braces, which sets several keys of that section together (repeatable: the grid is every"
        " combination)",
    )
    add_common(parser, json_flag=False)
    add_run_options(parser)
    parser.add_argument("--csv", metavar="FILE", help="write every figure of every point as CSV")
    parser.add_argument("--json", metavar="FILE", help="write the figures and raw sums as JSON (mergeable)")
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw each figure across the grid: lines for one key, heat maps for two (needs the plot extra)",
    )


def table(report: dict[str, Any]) -> Table:
    """Every figure of every point: its count, value, and difference from the base, with 95% intervals."""
    keys: list[str] = report["keys"]
    out = Table(
        title="95% intervals in brackets; the difference is paired game by game over the shared seeds",
        title_justify="left",
    )
    out.add_column("figure", ratio=1)
    for key in keys:
        out.add_column(key, justify="right", overflow="fold")
    for column in ("n", "value", "- base"):
        out.add_column(column, justify="right", no_wrap=True)
    points = report["points"]
    for figure in report["figures"]:
        for n, point in enumerate(points):
            f = point["figures"][figure]
            cells = [flow(point["set"][k]) if n else "base" if i == 0 else "" for i, k in enumerate(keys)]
            value, diff = from_entry(f), difference_text(figure, from_entry(f["difference"]))
            out.add_row(
                figure if n == 0 else "",
                *cells,
                count(value.n),
                text(figure, value),
                diff if n else "",
                end_section=n == len(points) - 1,
            )
    return out


def csv_text(report: dict[str, Any]) -> str:
    """One row per point and figure: the set values, the figure, its interval, count and difference."""
    text = io.StringIO(newline="")
    csv.writer(text).writerows(csv_rows(report))
    return text.getvalue()


def outputs(args: argparse.Namespace) -> list[str]:
    """The files ``--json``, ``--csv`` and ``--plot`` name."""
    return [path for path in (args.json, args.csv, args.plot) if path is not None]


def write(args: argparse.Namespace, report: dict[str, Any]) -> None:
    """Write the files asked for (:class:`~hasenpfeffer.output.WriteError` for one that cannot be)."""
    from ...output import write_file

    if args.json is not None:
        write_file(args.json, json.dumps(report) + "\n")
    if args.csv is not None:
        write_file(args.csv, csv_text(report))
    if args.plot is not None:
        from ..report.sweepplot import plot

        plot(args.plot, report)


def parse(texts: Sequence[str]) -> list[Setting] | str:
    """The ``--set`` arguments, or the problem with them."""
    from ...sim.sweep import grid, parse_setting

    try:
        settings = [parse_setting(text, n) for n, text in enumerate(texts, 1)]
        grid(settings)
    except ValueError as exc:
        return str(exc)
    return settings


def run(args: argparse.Namespace) -> int:
    """Play the grid and print, write or draw the figures."""
    from ...format.errors import VariantError
    from ...output import WriteError
    from ...sim.engines import workers_for
    from ...sim.execute import shard_range
    from ...sim.runset import play_set
    from ...sim.sweep import Sweep, build_points, describe

    out, err = Console(width=None if sys.stdout.isatty() else WIDE), Console(stderr=True, soft_wrap=True)
    settings = parse(args.settings)
    if isinstance(settings, str):
        error(settings)
        return 2
    if args.plot is not None and len(settings) > 2:
        error("--plot draws one or two swept keys (lines or a heat map); use --csv for more")
        return 2
    if (extra := needed_extra(args)) is not None:
        error(extra)
        return 2
    if args.base == "-":
        error("sweep needs BASE as a built-in name or a file: its house rules extend it")
        return 2
    base = load_or_report(args.base, args.allow_path)
    if base is None:
        return 1
    try:
        base, points, variants = build_points(args.base, settings, args.allow_path)
    except VariantError as exc:
        error("\n".join(describe(p) for p in exc.problems))
        return 1
    bots = check_common(args, base.players, err, [base, *variants])
    if bots is None:
        return 2
    everything = [base, *variants]
    engine = engine_or_report(args, everything, bots)
    if engine is None:
        return 2
    if not writable(outputs(args)):
        return 1
    first, stop = shard_range(args.games, args.shard)
    workers = workers_for(engine, len(everything) * (stop - first), args.workers)
    start = time.perf_counter()

    def play(advance: Progress) -> RunSet:
        return play_set(
            everything,
            args.games,
            bots,
            args.seed,
            workers,
            advance,
            shard=args.shard,
            cluster=args.dask,
            max_hands=args.max_hands,
            engine=engine.name,
        )

    try:
        runs = run_games(play, len(everything) * (stop - first), f"{base.name} sweep", err)
    except ValueError as exc:  # variants that do not share players and sides
        error(str(exc))
        return 2
    if isinstance(runs, int):
        return runs
    elapsed = time.perf_counter() - start
    keys = [s.key for s in settings]
    report = study_report(
        Sweep(keys, everything, [{}, *points], runs, bots, args.seed, args.games, args.shard, args.max_hands)
    ) | {"engine": engine.label}
    try:
        write(args, report)
    except WriteError as exc:
        error(str(exc))
        return 1
    out.print(
        f"[bold]{escape(base.name)}[/] and {len(variants)} house rules: {stop - first:,} games each"
        f"{shard_label(args.shard, first, stop)}, same seeds, bots {escape(bots_label(bots))},"
        f" seed {args.seed}; {elapsed:.1f} s on {where(args.dask, workers)}\n{accel_line()}\n{engine}",
        highlight=False,
    )
    out.print(table(report))
    out.print(LEGEND, highlight=False)
    for flag, what in ((args.json, "JSON"), (args.csv, "CSV"), (args.plot, "picture")):
        if flag is not None:
            out.print(f"{what} written to {escape(flag)}", highlight=False)
    for line in warning_lines(report):
        out.print(line, markup=False, highlight=False, soft_wrap=True)
    return 0
