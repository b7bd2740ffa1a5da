"""The reports of a small ``simulate`` and ``sweep`` run, whole and in shards (played once per
process, by the Python engine), and ``merge`` run on reports written to files."""

from __future__ import annotations

import copy
import functools
import io
import json
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from hasenpfeffer.cli import main

RUN = ["--seed", "4", "--engine", "python", "--workers", "1"]
SIMULATE = ["simulate", "euchre", "--games", "6", "--bots", "greedy,random", *RUN]
SWEEP = ["sweep", "euchre", "--set", "game.target=5,7", "--games", "4", *RUN]
SHARDS = {"simulate": 3, "sweep": 2}


def _quiet(argv: list[str]) -> str:
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    return out.getvalue()


def _report(argv: list[str]) -> dict[str, Any]:
    if argv[0] == "simulate":
        data: dict[str, Any] = json.loads(_quiet([*argv, "--json"]))
        return data
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "report.json"
        _quiet([*argv, "--json", str(path)])
        data = json.loads(path.read_text(encoding="utf-8"))
    return data


@functools.cache
def _played(command: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    argv = SIMULATE if command == "simulate" else SWEEP
    count = SHARDS[command]
    shards = [_report([*argv, "--shard", f"{i}/{count}"]) for i in range(1, count + 1)]
    return shards, _report(argv)


def reports(command: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Fresh copies of the shards' reports of a ``simulate`` or ``sweep`` run, and the whole run's."""
    return copy.deepcopy(_played(command))


def merge(folder: Path, docs: list[Any], raw: dict[int, bytes] | None = None) -> tuple[int, str, str]:
    """``hasenpfeffer merge`` on the reports written as ``part-N.json`` in ``folder`` (``raw``:
    the bytes of some files as they are): its exit code, output and errors."""
    paths = []
    for n, doc in enumerate(docs, 1):
        path = folder / f"part-{n}.json"
        path.write_bytes((raw or {}).get(n) or json.dumps(doc).encode())
        paths.append(str(path))
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["merge", *paths])
    return code, out.getvalue(), err.getvalue()


def refusal(code: int, out: str, err: str) -> str:
    """The one line of a refusal (exit 1, nothing printed but the line)."""
    assert (code, out) == (1, ""), (code, out[:200], err)
    assert err.startswith("merge: ") and err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    return err
