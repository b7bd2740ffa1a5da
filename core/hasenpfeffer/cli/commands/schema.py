"""``hasenpfeffer schema [--record]``: print the JSON Schema (draft 2020-12) of a variant file or a record."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--record`` for the schema of game records; the schema goes to standard output."""
    parser.add_argument(
        "--record", action="store_true", help="the schema of a game record instead of a variant file"
    )
    parser.add_argument(
        "--write",
        metavar="PATH",
        help="write the schema to PATH (e.g. .hasenpfeffer/variant.schema.json in your repository; its"
        " folders are made) and print the line that points a YAML file at it",
    )
    parser.epilog = (
        "The output is what schemas/variant.schema.json (with --record: schemas/record.schema.json) holds."
    )


def run(args: argparse.Namespace) -> int:
    """Print the schema."""
    from ...format.schema import render

    if args.record:
        from ...records.format import record_schema

        text = render(record_schema())
    else:
        text = render()
    if args.write is None:
        sys.stdout.write(text)
        return 0
    from ...output import WriteError, write_file
    from ..common import error

    path = Path(args.write)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"{args.write}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    try:
        write_file(path, text)
    except WriteError as exc:
        error(str(exc))
        return 1
    print(f"wrote {path}; start each file with this line (the path relative to the file):")
    print(f"# yaml-language-server: $schema={os.path.relpath(path)}")
    print('or, in a JSON file: "$schema": "' + os.path.relpath(path) + '"')
    return 0
