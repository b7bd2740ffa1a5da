"""``hasenpfeffer compare``: two variants over the same seeds and bots, and what differs."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

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
    stopped,
    unreachable,
    where,
)
from ..report.figures import figures, fmt, paired

if TYPE_CHECKING:
    from ...format.variant import Variant
    from ...sim.stats import Stats


FORMAT = 2
"""Version of the ``--json`` output (``docs/outputs.md``); 2: differences paired by seed."""


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
    from ...sim.cluster import ClusterError
    from ...sim.runset import play_set
    from ...sim.simulate import Interrupted, default_workers

    out, err = Console(), Console(stderr=True, soft_wrap=True)
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            err.print("--plot needs matplotlib: pip install 'hasenpfeffer[plot]'", markup=False)
            return 2
    loaded = [load_or_report(args.a, args.allow_path), load_or_report(args.b, args.allow_path)]
    variants = [v for v in loaded if v is not None]
    if len(variants) < 2:
        return 1
    if variants[0].players != variants[1].players or len(variants[0].teams) != len(variants[1].teams):
        err.print("the variants must have the same players and sides to be compared")
        return 2
    bots = check_common(args, variants[0].players, err)
    if bots is None:
        return 2
    workers = args.workers or default_workers()
    start = time.perf_counter()
    try:
        with progress_bar(2 * args.games, f"{variants[0].name} / {variants[1].name}", err) as advance:
            both = play_set(variants, args.games, bots, args.seed, workers, advance, cluster=args.dask)
    except Interrupted as exc:
        return stopped(exc.stats.games, exc.games, exc)
    except ClusterError as exc:
        return unreachable(exc)
    elapsed = time.perf_counter() - start
    (va, vb), (sa, sb) = variants, both.stats
    runs: list[tuple[Variant, Stats]] = [(va, sa), (vb, sb)]
    fa, fb = figures(sa), figures(sb)
    diffs = {k: paired(both, k) for k in fa}
    if args.plot is not None:
        from ..report.compareplot import plot

        plot(args.plot, runs, diffs)
    if args.json:
        data = {
            "format": FORMAT,
            "a": va.name,
            "b": vb.name,
            "games": args.games,
            "bots": bots,
            "seed": args.seed,
            "figures": {
                k: {
                    "a": fa[k].as_dict(),
                    "b": fb[k].as_dict(),
                    "difference": diffs[k].as_dict(),
                }
                for k in fa
            },
            "wins": {"a": sa.wins, "b": sb.wins},
        }
        sys.stdout.write(json.dumps(data) + "\n")
        return 0
    out.print(
        f"A = [bold]{escape(va.name)}[/], B = [bold]{escape(vb.name)}[/]\n{args.games:,} games each,"
        f" same seeds, bots {escape(bots_label(bots))}, seed {args.seed}; {elapsed:.1f} s on"
        f" {where(args.dask, workers)}",
        highlight=False,
    )
    table = Table(
        title="95% intervals in brackets; B - A paired game by game over the shared seeds",
        title_justify="left",
    )
    table.add_column("figure")
    table.add_column("A", justify="right")
    table.add_column("B", justify="right")
    table.add_column("B - A", justify="right")
    for name in fa:
        d = diffs[name]
        mark = "" if d.low <= 0 <= d.high else " *"
        table.add_row(name, fmt(name, fa[name]), fmt(name, fb[name]), fmt(name, d, signed=True) + mark)
    out.print(table)
    out.print("* the interval of the difference excludes 0", highlight=False)
    if args.plot is not None:
        out.print(f"score distributions and differences drawn in {escape(args.plot)}", highlight=False)
    return 0
