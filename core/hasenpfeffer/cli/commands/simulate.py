"""``hasenpfeffer simulate``: play many games with bots and print what happened."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..common import (
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
)

if TYPE_CHECKING:
    from ...format.variant import Variant
    from ...sim.execute import Progress
    from ...sim.stats import Stats


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``simulate``."""
    parser.add_argument("variant", metavar="VARIANT", help="a built-in variant name or a variant file")
    add_common(parser)
    add_run_options(parser)
    parser.add_argument(
        "--records",
        metavar="DIR",
        help="write one game record per game into DIR (made if missing), a folder that holds nothing"
        " else: one that holds entries is refused; when the run ends, even stopped, DIR holds the records"
        " of the games it counted",
    )
    parser.add_argument(
        "--records-overwrite",
        action="store_true",
        help="first remove the records of an earlier run from DIR (refused if DIR holds anything else)",
    )


def sides_label(variant: Variant, side: int) -> str:
    """``team 0 (seats 0, 2)`` or ``player 1``."""
    seats = variant.teams[side]
    if len(seats) == 1:
        return f"player {seats[0]}"
    return f"team {side} (seats {', '.join(map(str, seats))})"


def slam_cell(variant: Variant, stats: Stats, label: str, figure: str) -> str:
    """The slams of a row of the table of contracts: those of a bid (— for a bid to take no
    trick) or of all bids; nothing for the other rows."""
    from ...sim.figures import CONTRACTS, bid_made
    from ..report.figures import count

    if figure == CONTRACTS:
        return count(sum(stats.slams.values()))
    if figure != bid_made(label):
        return ""
    none = any(b.name == label and b.objective == "none" for b in variant.making.auction.ladder)
    return "—" if none else count(stats.slams.get(label, 0))


def happened_cell(stats: Stats, name: str, n: int) -> str:
    """A rule seen acting (:mod:`hasenpfeffer.sim.happenings`): its count, of the hands or games
    it is counted in (the games of matches where a match is played)."""
    from ...sim.happenings import HAND_LEVEL
    from ..report.figures import count

    games = stats.happened.get("match games", stats.games)
    if name in HAND_LEVEL:
        return f"{count(n)} of {count(stats.hands)} hands"
    if name == "points carried":
        return count(n)
    if name == "match games":
        return f"{count(n)} in {count(stats.games)} matches"
    return f"{count(n)} of {count(games)} games"


def render(variant: Variant, stats: Stats, header: str, console: Console) -> None:
    """The statistics as rich tables: every rate with its count, its interval, or "no data"."""
    from ...sim.estimates import estimate, figures
    from ...sim.figures import (
        CONTRACTS,
        HANDS,
        LONE_DEFENCE,
        LONE_MADE,
        PLAYED_OUT,
        THROW_INS,
        bid_made,
        points,
        reads_contracts,
        win_rate,
    )
    from ...sim.happenings import KEYS
    from ..report.figures import contract_lines, count, kinds_table, ladder, text

    shown = figures(stats, ladder(variant))
    console.print(header, highlight=False, soft_wrap=True)  # a long engine line stays one line
    n_games, n_hands = count(shown[win_rate(0)].n), count(shown[points(0)].n)
    title = f"Games and points: win rates of {n_games} games, points per hand of {n_hands} hands"
    sides = Table(title=title, title_justify="left")
    for col in ("side", "wins", "win rate (95% CI)", "points per hand (95% CI)"):
        sides.add_column(col, justify="left" if col == "side" else "right")
    for side in range(stats.sides):
        w, p = text(win_rate(side), shown[win_rate(side)]), text(points(side), shown[points(side)])
        sides.add_row(sides_label(variant, side), count(stats.wins[side]), w, p)
    console.print(sides)
    contracts = reads_contracts(variant)
    bids = Table(title="Contracts", title_justify="left")
    for col in ("bid", "played", "made", "failed", "made % (95% CI)", *(["slams"] if contracts else [])):
        bids.add_column(col, justify="left" if col == "bid" else "right")
    rows = [(name, bid_made(name), stats.bids[name]) for name in stats.bid_names(ladder(variant))]
    rows += [("all", CONTRACTS, stats.contracts), ("lone hands", LONE_MADE, stats.lone)]
    if variant.alone.lone_defence:
        rows.append(("lone defence (set)", LONE_DEFENCE, stats.lone_defence))
    for label, figure, o in rows:
        cells = [count(o.tried), count(o.made), count(o.failed), text(figure, estimate(stats, figure))]
        if contracts:
            cells.append(slam_cell(variant, stats, label, figure))
        bids.add_row(label, *cells)
    console.print(bids)
    if contracts:
        console.print(kinds_table(stats))
    other = Table(title="Hands", title_justify="left", show_header=False)
    other.add_column("what")
    other.add_column("value", justify="right")
    other.add_row("hands", count(stats.hands))
    h = shown[HANDS]
    other.add_row("hands per game (95% CI)", f"{text(HANDS, h)} over {count(h.n)} games")
    thrown = f"{count(stats.throw_ins)} of {count(stats.hands)} hands"
    other.add_row("thrown in (95% CI)", f"{thrown}: {text(THROW_INS, shown[THROW_INS])}")
    if PLAYED_OUT in shown:
        out = f"{count(stats.played_out)} of {count(stats.hands)} hands"
        how = "played when all pass" if variant.making.method == "auction" else "played without a maker"
        other.add_row(f"{how} (95% CI)", f"{out}: {text(PLAYED_OUT, shown[PLAYED_OUT])}")
    other.add_row("forced bids", count(stats.forced))
    for name, n in sorted(stats.weak_hands.items()):
        other.add_row(f"weak hand: {name}", f"{count(n)} of {count(stats.hands)} hands")
    for name, n in sorted(stats.declarations.items()):
        other.add_row(f"declared: {name}", f"{count(n)} of {count(stats.hands)} hands")
    if variant.alone.drop_out.allowed:
        other.add_row("drop-outs", f"{count(stats.drop_outs)} in {count(stats.hands)} hands")
    if variant.scoring.bucked is not None:
        other.add_row("bucked (stayed in, no trick)", f"{count(stats.bucks)} in {count(stats.hands)} hands")
    calls = ("partner", "with the called partner"), ("unheld", "alone: nobody held the card")
    for how, words in calls if variant.partnerships == "called" else ():
        made, failed = stats.calls.get(f"{how} made", 0), stats.calls.get(f"{how} failed", 0)
        other.add_row(f"called, {words}", f"{count(made + failed)} hands, {count(made)} made")
    if variant.scoring.no_maker.minimum:
        least = variant.scoring.no_maker.minimum
        other.add_row(
            f"short of {least} trick{'s' * (least != 1)}, no maker",
            f"{count(stats.short_sides)} in {count(stats.short_hands)} hands",
        )
    if variant.deal.dummies.seats:
        slots = (stats.hands - stats.throw_ins) * len(variant.deal.dummies.seats)
        taken = f"{count(stats.dummies)} of {count(slots)} ({100 * stats.dummies / max(slots, 1):.1f}%)"
        other.add_row("dummies taken into hand" if variant.deal.dummies.merged else "dummies played", taken)
    for name in (k for k in KEYS if k in stats.happened):
        other.add_row(name, happened_cell(stats, name, stats.happened[name]))
    if contracts:
        for label, value in contract_lines(stats):
            other.add_row(label, value)
    if stats.unfinished:
        other.add_row("unfinished games", count(stats.unfinished))
    console.print(other)


NOT_EMPTY = (
    "; records of one run go into a folder of their own: give a new or empty one, or --records-overwrite"
)


def ready(folder: str, replace: bool) -> bool:
    """Whether ``--records`` names a folder fit for the run's records (made or emptied of an
    earlier run's records with ``--records-overwrite``); False after saying why not."""
    from ...records.folder import FolderError, NotEmpty, prepare

    try:
        prepare(folder, replace)
    except FolderError as exc:
        error(f"--records {exc}{NOT_EMPTY if isinstance(exc, NotEmpty) else ''}")
        return False
    return True


def keep_records(folder: str | None, stats: Stats | None) -> None:
    """Leave in the records folder those of the games counted in ``stats`` alone (None: a run
    that failed, none), Ctrl-C and SIGTERM waiting meanwhile: the count said is the count kept."""
    from ...records.folder import settle
    from ...sim.interrupt import ignored

    if folder is not None:
        with ignored(signal.SIGINT, signal.SIGTERM):
            settle(folder, [] if stats is None else stats.recorded)


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the statistics."""
    from ...output import WriteError
    from ...sim.engines import workers_for
    from ...sim.execute import shard_range
    from ...sim.limits import cap_warning
    from ...sim.simulate import Interrupted, simulate
    from ..report.figures import simulate_report

    out, err = Console(), Console(stderr=True, soft_wrap=True)
    if (extra := needed_extra(args)) is not None:
        error(extra)
        return 2
    variant = load_or_report(args.variant, args.allow_path)
    if variant is None:
        return 1
    bots = check_common(args, variant.players, err, [variant])
    if bots is None:
        return 2
    engine = engine_or_report(args, [variant], bots)
    if engine is None:
        return 2
    if args.records is not None and args.dask is not None and not args.dask.startswith("local:"):
        err.print(
            "--records with a remote --dask cluster would be written on the workers' machines:"
            " use local:N, or no --records",
            markup=False,
            highlight=False,
        )
        return 2
    if args.records_overwrite and args.records is None:
        error("--records-overwrite replaces the records in --records DIR: give --records too")
        return 2
    if args.records is not None and not ready(args.records, args.records_overwrite):
        return 1
    first, stop = shard_range(args.games, args.shard)
    workers = workers_for(engine, stop - first, args.workers)
    start = time.perf_counter()

    def play(advance: Progress) -> Stats:
        try:
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
                max_hands=args.max_hands,
                engine=engine.name,
            )
        except BaseException as exc:
            keep_records(args.records, exc.stats if isinstance(exc, Interrupted) else None)
            raise
        keep_records(args.records, stats)
        return stats

    try:
        stats = run_games(play, stop - first, variant.name, err, args.records)
    except WriteError as exc:  # a record (the run's are removed)
        error(str(exc))
        return 1
    if isinstance(stats, int):
        return stats
    elapsed = time.perf_counter() - start
    if args.json:
        data = simulate_report(variant, bots, args.seed, args.games, args.shard, stats, args.max_hands)
        data["engine"] = engine.label
        sys.stdout.write(json.dumps(data) + "\n")
        return 0
    header = (
        f"[bold]{escape(variant.name)}[/]: {stats.games:,} games{shard_label(args.shard, first, stop)},"
        f" bots {escape(bots_label(bots))}, seed {args.seed}\n{elapsed:.1f} s on {where(args.dask, workers)},"
        f" {stats.hands / max(elapsed, 1e-9):,.0f} hands/s\n{accel_line()}\n{engine}"
    )
    render(variant, stats, header, out)
    if (warning := cap_warning(stats.unfinished, stats.games, args.max_hands)) is not None:
        out.print(f"warning: {warning}", markup=False, highlight=False, soft_wrap=True)
    return 0
