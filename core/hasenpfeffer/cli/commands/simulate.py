"""``hasenpfeffer simulate``: play many games with bots and print what happened."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..common import (
    add_common,
    add_run_options,
    bots_label,
    check_common,
    load_or_report,
    progress_bar,
    shard_label,
    stopped,
    unreachable,
    where,
)

if TYPE_CHECKING:
    from ...format.variant import Variant
    from ...sim.stats import Stats


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``simulate``."""
    parser.add_argument("variant", metavar="VARIANT", help="a built-in variant name or a variant file")
    add_common(parser)
    add_run_options(parser)
    parser.add_argument("--records", metavar="DIR", help="write one game record per game into DIR")


def sides_label(variant: Variant, side: int) -> str:
    """``team 0 (seats 0, 2)`` or ``player 1``."""
    seats = variant.teams[side]
    if len(seats) == 1:
        return f"player {seats[0]}"
    return f"team {side} (seats {', '.join(map(str, seats))})"


def pct(value: float) -> str:
    """A proportion as a percentage."""
    return f"{100 * value:.1f}%"


def render(variant: Variant, stats: Stats, header: str, console: Console) -> None:
    """The statistics as rich tables."""
    ladder = [b.name for b in variant.making.auction.ladder]
    summary = stats.summary(ladder)
    console.print(header, highlight=False)
    sides = Table(title="Games and points", title_justify="left")
    for col in ("side", "wins", "win rate (95% CI)", "points per hand (95% CI)"):
        sides.add_column(col, justify="left" if col == "side" else "right")
    for side in range(stats.sides):
        w = summary["win_rate"][side]
        p = summary["points_per_hand"][side]
        sides.add_row(
            sides_label(variant, side),
            str(stats.wins[side]),
            f"{pct(w['mean'])} ({pct(w['low'])}-{pct(w['high'])})",
            f"{p['mean']:+.3f} ({p['low']:+.3f}..{p['high']:+.3f})",
        )
    console.print(sides)
    bids = Table(title="Contracts", title_justify="left")
    for col in ("bid", "played", "made", "failed", "made % (95% CI)"):
        bids.add_column(col, justify="left" if col == "bid" else "right")
    rows: list[tuple[str, dict[str, Any]]] = list(summary["bids"].items())
    rows += [("all", summary["contracts"]), ("lone hands", summary["lone"])]
    if variant.alone.lone_defence:
        rows.append(("lone defence (set)", summary["lone_defence"]))
    for name, o in rows:
        tried = o["made"] + o["failed"]
        ci = f"{pct(o['rate'])} ({pct(o['low'])}-{pct(o['high'])})" if tried else "-"
        bids.add_row(name, str(tried), str(o["made"]), str(o["failed"]), ci)
    console.print(bids)
    h = summary["hands_per_game"]
    other = Table(title="Hands", title_justify="left", show_header=False)
    other.add_column("what")
    other.add_column("value", justify="right")
    other.add_row("hands", f"{stats.hands:,}")
    other.add_row("hands per game (95% CI)", f"{h['mean']:.2f} ({h['low']:.2f}-{h['high']:.2f})")
    other.add_row("thrown in", f"{stats.throw_ins:,} ({pct(stats.throw_ins / max(1, stats.hands))} of hands)")
    other.add_row("forced bids", f"{stats.forced:,}")
    if stats.unfinished:
        other.add_row("unfinished games", f"{stats.unfinished:,}")
    console.print(other)


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the statistics."""
    from ...sim.cluster import ClusterError
    from ...sim.execute import shard_range
    from ...sim.report import simulate_report
    from ...sim.simulate import Interrupted, default_workers, simulate

    out, err = Console(), Console(stderr=True, soft_wrap=True)
    variant = load_or_report(args.variant, args.allow_path)
    if variant is None:
        return 1
    bots = check_common(args, variant.players, err)
    if bots is None:
        return 2
    if args.records is not None and args.dask is not None and not args.dask.startswith("local:"):
        err.print(
            "--records with a remote --dask cluster would be written on the workers' machines:"
            " use local:N, or no --records",
            markup=False,
            highlight=False,
        )
        return 2
    if args.records is not None:
        try:
            Path(args.records).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            err.print(f"--records {args.records}: {exc.strerror or exc}", markup=False, highlight=False)
            return 1
    workers = args.workers or default_workers()
    first, stop = shard_range(args.games, args.shard)
    start = time.perf_counter()
    try:
        with progress_bar(stop - first, variant.name, err) as advance:
            stats = simulate(
                variant,
                args.games,
                bots,
                args.seed,
                workers,
                args.records,
                advance,
                shard=args.shard,
                cluster=args.dask,
            )
    except Interrupted as exc:
        return stopped(exc.stats.games, exc.games, exc, args.records)
    except ClusterError as exc:
        return unreachable(exc)
    elapsed = time.perf_counter() - start
    if args.json:
        data = simulate_report(variant, bots, args.seed, args.games, args.shard, stats)
        sys.stdout.write(json.dumps(data) + "\n")
        return 0
    header = (
        f"[bold]{escape(variant.name)}[/]: {stats.games:,} games{shard_label(args.shard, first, stop)},"
        f" bots {escape(bots_label(bots))}, seed {args.seed}\n{elapsed:.1f} s on {where(args.dask, workers)},"
        f" {stats.hands / max(elapsed, 1e-9):,.0f} hands/s"
    )
    render(variant, stats, header, out)
    return 0
