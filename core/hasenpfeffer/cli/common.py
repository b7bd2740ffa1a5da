"""What the sub-commands share: loading a variant and reporting its problems, their options and labels.

Problems go to standard error one per line, unwrapped and with control characters escaped,
so that they read the same in a terminal, a log and a CI annotation.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from ..bots import DEFAULT_BOT
from ..format.variant import HAND_CAP

if TYPE_CHECKING:
    from rich.console import Console

    from ..format.variant import Variant
    from ..sim.engines import Engine
    from ..sim.execute import Progress

T = TypeVar("T")

ALLOW_HELP = (
    "also let `extends` (and a record's variant path) reach into DIR; by default a path named in a"
    " file may only lead into that file's folder and its subfolders (repeatable)"
)


def add_allow_path(parser: argparse.ArgumentParser) -> None:
    """The ``--allow-path DIR`` option."""
    parser.add_argument(
        "--allow-path", action="append", default=[], metavar="DIR", dest="allow_path", help=ALLOW_HELP
    )


def error(text: str) -> None:
    """Print an error message as it is: one or more lines, control characters escaped."""
    from ..format.errors import clean

    print(clean(text, lines=True), file=sys.stderr)


def writable(paths: Iterable[str]) -> bool:
    """Whether every file a command is to write can be (:func:`~hasenpfeffer.output.check_target`),
    checked before a long run; False after saying why one cannot, in one line."""
    from ..output import WriteError, check_target

    try:
        for path in paths:
            check_target(path)
    except WriteError as exc:
        error(str(exc))
        return False
    return True


def load_or_report(name: str, allow: list[str] | None = None) -> Variant | None:
    """The variant ``name`` (a built-in, a file, or ``-``), or None after printing its problems."""
    from ..format.errors import VariantError
    from ..format.loader import load_variant

    try:
        return load_variant(name, allow or ())
    except VariantError as exc:
        error(str(exc))
    return None


WIDE = 120
"""Columns of the tables of ``compare`` and ``sweep`` when the output is not a terminal."""
MAX_GAMES = 10_000_000
"""Most games one run plays."""
MAX_SEED = 2**63 - 1
"""Largest seed (a record keeps it, and reads seeds up to this size)."""


def bounded(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``.

    >>> games = bounded(1, MAX_GAMES, "games")
    >>> games("200")
    200
    >>> games("99999999999999999999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give a number of games from 1 to 10,000,000, not 99999999999999999999
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"give a whole number of {what}, not {text[:40]!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"give a number of {what} from {low:,} to {high:,}, not {text[:40]}"
            )
        return value

    parse.__name__ = what
    return parse


games_type = bounded(1, MAX_GAMES, "games")
seed_type = bounded(0, MAX_SEED, "seed")
max_hands_type = bounded(1, HAND_CAP, "hands")
workers_type = bounded(1, 1024, "workers")


def shard_type(text: str) -> tuple[int, int]:
    """An argparse type: ``i/n``, the i-th of n shares of a run's games (i from 1).

    >>> shard_type("2/4")
    (2, 4)
    >>> shard_type("5/4")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give i/n with 1 <= i <= n <= 100,000, such as 1/4; read '5/4'
    """
    index, slash, count = text.partition("/")
    if slash and index.isdigit() and count.isdigit() and 1 <= int(index) <= int(count) <= 100_000:
        return int(index), int(count)
    raise argparse.ArgumentTypeError(f"give i/n with 1 <= i <= n <= 100,000, such as 1/4; read {text[:40]!r}")


def dask_type(text: str) -> str:
    """An argparse type: a Dask scheduler's address or ``local:N``.

    >>> dask_type("tcp://127.0.0.1:8786")
    'tcp://127.0.0.1:8786'
    """
    from ..sim.cluster import parse_address

    try:
        return parse_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_run_options(parser: argparse.ArgumentParser, shard: bool = True) -> None:
    """``--max-hands N``, ``--dask ADDRESS`` (and ``--shard i/n``)."""
    parser.add_argument(
        "--max-hands",
        type=max_hands_type,
        default=HAND_CAP,
        metavar="N",
        help=f"stop a game still running after N hands, unfinished (default and most {HAND_CAP:,});"
        " a run whose games stop so ends with a warning",
    )
    parser.add_argument(
        "--dask",
        type=dask_type,
        metavar="ADDRESS",
        help="play on a Dask cluster: a scheduler's address (tcp://HOST:8786) or local:N for N local"
        " worker processes (needs the dask extra)",
    )
    if shard:
        parser.add_argument(
            "--shard",
            type=shard_type,
            metavar="i/n",
            help="play only the i-th of n shares of the games (seeds as in the whole run);"
            " merge the --json outputs with `hasenpfeffer merge`",
        )


def add_common(parser: argparse.ArgumentParser, json_flag: bool = True) -> None:
    """Options shared by ``simulate``, ``compare`` and ``sweep``."""
    parser.add_argument(
        "--games", type=games_type, default=100, metavar="N", help="games to play (default 100)"
    )
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        metavar="NAME | A,B,..",
        help="bot for every seat, or a list repeated round the table from seat 0 (mc,greedy: mc in seats"
        " 0 and 2, greedy in 1 and 3; its length must divide the players); built-ins: random, greedy,"
        " mc, pimc, with parameters as pimc:worlds=32; or module:Class, found in the current folder"
        f" too (default {DEFAULT_BOT})",
    )
    parser.add_argument("--seed", type=seed_type, default=0, metavar="S", help="seed of the run (default 0)")
    parser.add_argument(
        "--workers",
        type=workers_type,
        default=None,
        metavar="K",
        help="worker processes (default: all cores; one where the compiled engine plays the run in about a second)",
    )
    if json_flag:
        parser.add_argument("--json", action="store_true", help="print the statistics as one JSON object")
    parser.add_argument(
        "--engine",
        choices=("auto", "python", "compiled"),
        default="auto",
        help="who plays the games: compiled, the compiled batch engine (numba; random and greedy bots,"
        " covered variants only, docs/batch.md); python, the Python engine; auto (default): compiled"
        " where it can run, else python",
    )
    add_allow_path(parser)


def check_common(
    args: argparse.Namespace, players: int, err: Console, variants: Sequence[Variant] = ()
) -> list[str] | None:
    """Bots per seat, or None after printing a usage problem (a learned bot's policy that does
    not play one of ``variants`` among them)."""
    from ..bots.registry import check_fits, load_bot
    from ..sim.simulate import parse_bots

    if args.games < 1:
        err.print("--games must be at least 1")
        return None
    if args.workers is not None and args.workers < 1:
        err.print("--workers must be at least 1")
        return None
    try:
        bots = parse_bots(args.bots, players)
        find_bots_here(bots)
        for spec in dict.fromkeys(bots):
            bot = load_bot(spec, 0)
            for variant in variants:
                check_fits(bot, variant)
    except (ValueError, ImportError, AttributeError, TypeError) as exc:
        err.print(f"--bots: {exc}", markup=False, highlight=False)
        return None
    return bots


def engine_or_report(
    args: argparse.Namespace, variants: Sequence[Variant], bots: Sequence[str]
) -> Engine | None:
    """The engine that plays a run (``--engine``), or None after printing why ``compiled`` cannot."""
    from ..sim.chunking import default_workers
    from ..sim.engines import BUILDING, choose
    from ..sim.happenings import needs_turned

    record = getattr(args, "records", None) is not None or any(needs_turned(v) for v in variants)
    games = getattr(args, "games", None)
    try:
        engine = choose(
            variants,
            bots,
            getattr(args, "engine", "auto"),
            games=None if games is None else games * len(variants),
            workers=getattr(args, "workers", None) or default_workers(),
            record=record,
        )
    except ValueError as exc:
        error(str(exc))
        return None
    if engine.reason == BUILDING:
        from .. import accel
        from ..batch import build

        os.environ[accel.BUILDING] = "1"  # this run and its workers compile nothing either
        if build.start([build.run_kind(record, bots)]):
            print(build.STARTED, file=sys.stderr, flush=True)
    elif engine.name == "compiled" and getattr(args, "dask", None) is None:
        warm_engine(variants, bots, record)
    return engine


COMPILING = (
    "compiling the batch engine for this machine: once, about two minutes (numba keeps it in its cache;"
    " --engine python plays without it)"
)
"""What the commands say on the error stream when the compiled engine's kernel is compiled."""


def warm_engine(variants: Sequence[Variant], bots: Sequence[str], records: bool) -> None:
    """Load the compiled engine's kernel (or compile it, saying so) before the workers start,
    so that they load it from the cache rather than each compiling it."""
    from ..batch.run import warm
    from ..jitcache import cacheable
    from ..sim.happenings import needs_turned

    said: list[bool] = [] if cacheable() else [True]  # without a cache, jitcache has said so

    def say() -> None:
        if not said:
            print(COMPILING, file=sys.stderr, flush=True)
            said.append(True)

    from ..batch.build import note

    for v in variants:
        kept = records or needs_turned(v)
        warm(v, bots, kept, say)
        note(kept, bots)


def find_bots_here(specs: Iterable[str]) -> None:
    """Let bots named by module (``mybots:Mine``) load from the current folder, as ``python -m`` does.

    The current folder is searched after the installed packages, so a file there never hides
    one of them; a module found nowhere raises ValueError saying where it was looked for.
    Worker processes inherit the path.
    """
    from ..bots.registry import BUILTIN, LEARNED
    from ..sim.extras import importable

    custom = [s for s in specs if s.split(":")[0] not in BUILTIN and ":" in s and not s.startswith(LEARNED)]
    here = os.getcwd()
    if custom and here not in sys.path and "" not in sys.path:
        sys.path.append(here)
    for spec in custom:
        module = spec.partition(":")[0]
        if module and not importable(module):
            raise ValueError(
                f"bot {spec!r}: no module {module!r} in the current folder ({here}) or the installed"
                f" packages; run from the folder that holds {module.split('.')[0]}, or add its folder to"
                " PYTHONPATH"
            )


def needed_extra(args: argparse.Namespace) -> str | None:
    """The line saying what to install when an option given (``--dask``, ``--plot``) lacks its
    extra, or that ``--plot`` names a picture format matplotlib does not draw (said before any
    game is played)."""
    from ..sim.extras import missing

    for option, extra, module in (("dask", "dask", "distributed"), ("plot", "plot", "matplotlib")):
        if getattr(args, option, None) is not None:
            line = missing(f"--{option}", extra, module)
            if line is not None:
                return line
    if getattr(args, "plot", None) is not None:
        from .report.picture import unknown_format

        return unknown_format(args.plot)
    return None


@contextmanager
def progress_bar(total: int, label: str, err: Console) -> Iterator[Progress]:
    """A progress callback drawing a rich bar on a terminal, silent otherwise."""
    if not err.is_terminal:
        yield lambda games, hands: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    start = time.perf_counter()
    hands_done = 0
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games  {task.fields[speed]} hands/s"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task(label, total=total, speed="-")

        def advance(games: int, hands: int) -> None:
            nonlocal hands_done
            hands_done += hands
            speed = hands_done / max(1e-9, time.perf_counter() - start)
            bar.update(task, advance=games, speed=f"{speed:,.0f}")

        yield advance


def bots_label(bots: list[str]) -> str:
    """``greedy`` for one kind of bot, else the bots by seat.

    >>> bots_label(["greedy"] * 4), bots_label(["mc", "greedy", "mc", "greedy"])
    ('greedy', 'mc, greedy, mc, greedy')
    """
    return bots[0] if len(set(bots)) == 1 else ", ".join(bots)


def shard_label(shard: tuple[int, int] | None, first: int, stop: int) -> str:
    """`` (shard 2/4: games 250 to 499)`` or nothing.

    >>> shard_label((2, 4), 250, 500)
    ' (shard 2/4: games 250 to 499)'
    """
    if shard is None:
        return ""
    return f" (shard {shard[0]}/{shard[1]}: games {first} to {stop - 1})"


def accel_line() -> str:
    """The header line saying which build of the compiled twins runs (:mod:`hasenpfeffer.accel`)."""
    from .. import accel

    return f"accel: {accel.status().label}"


def where(dask: str | None, workers: int) -> str:
    """``2 workers`` or ``Dask local:2``."""
    if dask is not None:
        return f"Dask {dask}"
    return f"{workers} worker{'s' if workers > 1 else ''}"


def stopped(done: int, asked: int, exc: BaseException, records: str | None = None) -> int:
    """Say on stderr how far an interrupted run got (one line); the exit code for the signal.

    >>> stopped(37, 1000, KeyboardInterrupt(), "runs/")
    130
    """
    from ..sim.interrupt import exit_code

    where = "" if records is None else f"; their records are in {records}"
    sys.stderr.write(f"interrupted: {done:,} of {asked:,} games completed{where}\n")
    return exit_code(exc)


def run_games(
    play: Callable[[Progress], T], total: int, label: str, err: Console, records: str | None = None
) -> T | int:
    """``play(progress)`` under a progress bar of ``total`` games; on Ctrl-C, SIGTERM or a Dask
    cluster that cannot be used, the exit code after one line on stderr instead."""
    from ..sim.cluster import ClusterError
    from ..sim.simulate import Interrupted

    try:
        with progress_bar(total, label, err) as advance:
            return play(advance)
    except Interrupted as exc:
        return stopped(exc.stats.games, exc.games, exc, records)
    except ClusterError as exc:
        return unreachable(exc)


def unreachable(exc: Exception) -> int:
    """Report a Dask cluster that cannot be used (exit 1)."""
    error(f"--dask: {exc}")
    return 1
