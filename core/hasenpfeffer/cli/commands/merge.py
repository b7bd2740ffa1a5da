"""``hasenpfeffer merge``: the JSON output of a whole run from those of its shards."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..common import error

MAX_BYTES = 256 * 1024 * 1024
"""Largest file read."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``merge``."""
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE.json",
        help="the --json outputs of every shard of one simulate or sweep run (--shard i/n)",
    )
    parser.add_argument(
        "--output", "-o", metavar="FILE", help="write the merged JSON here (default: print it)"
    )


def read(path: str) -> dict[str, Any]:
    """One JSON object from a file; ValueError saying what is wrong."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise ValueError(f"{path}: larger than {MAX_BYTES // 2**20} MiB")
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"{path}: not JSON: {str(exc)[:80]}") from None
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: not a JSON object")
    return doc


def run(args: argparse.Namespace) -> int:
    """Merge the shards and print (or write) the whole run's JSON."""
    from ..report.figures import merge_reports

    try:
        merged = merge_reports([read(path) for path in args.files])
    except ValueError as exc:
        error(f"merge: {exc}")
        return 1
    text = json.dumps(merged) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    from ...output import WriteError, write_file

    try:
        write_file(args.output, text)
    except WriteError as exc:
        error(str(exc))
        return 1
    return 0
