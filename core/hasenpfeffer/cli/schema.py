"""``hasenpfeffer schema [--record]``: print the JSON Schema (draft 2020-12) of a variant file or a record."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--record`` for the schema of game records; the schema goes to standard output."""
    parser.add_argument(
        "--record", action="store_true", help="the schema of a game record instead of a variant file"
    )
    parser.epilog = (
        "The output is what schemas/variant.schema.json (with --record: schemas/record.schema.json) holds."
    )


def run(args: argparse.Namespace) -> int:
    """Print the schema."""
    from ..schema import render

    if args.record:
        from ..recordformat import record_schema

        sys.stdout.write(render(record_schema()))
    else:
        sys.stdout.write(render())
    return 0
