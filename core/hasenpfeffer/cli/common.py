"""What the sub-commands share: loading a variant and reporting its problems, path options.

Problems go to standard error one per line, unwrapped and with control characters escaped,
so that they read the same in a terminal, a log and a CI annotation.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..format.variant import Variant

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


def load_or_report(name: str, allow: list[str] | None = None) -> Variant | None:
    """The variant ``name`` (a built-in, a file, or ``-``), or None after printing its problems."""
    from ..format.errors import VariantError
    from ..format.loader import load_variant

    try:
        return load_variant(name, allow or ())
    except VariantError as exc:
        error(str(exc))
    return None


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
    """``--dask ADDRESS`` (and ``--shard i/n``)."""
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
