"""What the sub-commands share: loading a variant and reporting its problems, path options.

Problems go to standard error one per line, unwrapped and with control characters escaped,
so that they read the same in a terminal, a log and a CI annotation.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..variant import Variant

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
    from ..errors import clean

    print(clean(text, lines=True), file=sys.stderr)


def load_or_report(name: str, allow: list[str] | None = None) -> Variant | None:
    """The variant ``name`` (a built-in, a file, or ``-``), or None after printing its problems."""
    from ..errors import VariantError
    from ..loader import load_variant

    try:
        return load_variant(name, allow or ())
    except VariantError as exc:
        error(str(exc))
    return None
