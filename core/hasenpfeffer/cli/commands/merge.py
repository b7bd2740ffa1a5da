"""``hasenpfeffer merge``: the JSON output of a whole run from those of its shards."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from typing import Any

from ..common import error

MAX_BYTES = 32 * 1024 * 1024
"""Largest file read (a shard's report takes a few kilobytes, a sweep's a few more per point)."""


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


def _regular(path: str, mode: int) -> None:
    from ...output import KINDS

    if not stat.S_ISREG(mode):
        what = next((name for test, name in KINDS if test(mode)), "a special file")
        raise ValueError(f"{path}: {what}, not a regular file")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"key {key[:40]!r} given twice")
            seen.add(key)
    return found


def _constant(name: str) -> None:
    raise ValueError(f"{name} is no number")


def read(path: str) -> dict[str, Any]:
    """One JSON object from a regular file; ValueError saying what is wrong. What is not a
    regular file (a FIFO, a device, a directory) is refused before it is read: the file is looked at
    first, then opened without waiting and looked at again."""
    try:
        _regular(path, os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from None
    chunks: list[bytes] = []
    try:
        info = os.fstat(fd)
        _regular(path, info.st_mode)
        size = 0
        while size <= MAX_BYTES and info.st_size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_BYTES or info.st_size > MAX_BYTES:
        raise ValueError(f"{path}: larger than {MAX_BYTES // 2**20} MiB")
    try:
        doc = json.loads(data, object_pairs_hook=_object, parse_constant=_constant)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"{path}: not JSON: {str(exc)[:80]}") from None
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: not a JSON object")
    return doc


def run(args: argparse.Namespace) -> int:
    """Merge the shards and print (or write) the whole run's JSON."""
    from ..report.figures import merge_reports

    try:
        merged = merge_reports([read(path) for path in args.files], args.files)
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
