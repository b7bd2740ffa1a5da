"""Validating 40 variant files: ``hasenpfeffer validate`` against ``check-jsonschema``.

Writes 40 fully resolved variant files (check-jsonschema cannot follow ``extends``)
made from the built-ins and the house-rule examples, then times both commands on
the same files, side by side in one run, and prints the median of several runs
and the ratio. Run from the project folder:

    python benchmarks/validate.py [--runs 7] [--files 40]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hasenpfeffer.cli.commands.show import dump
from hasenpfeffer.format.loader import builtin_names, load_variant

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "schemas" / "variant.schema.json"


def make_files(folder: Path, count: int) -> list[Path]:
    """``count`` resolved variant files: every built-in and example, then variations of them."""
    sources = [*builtin_names(), *sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))]
    variants = [load_variant(s) for s in sources]
    files = []
    for i in range(count):
        base = variants[i % len(variants)]
        variant = base.model_copy(
            update={
                "name": f"{base.name}-{i}",
                "game": base.game.model_copy(update={"target": base.game.target + i}),
            }
        )
        path = folder / f"variant-{i:02d}.yaml"
        path.write_text(dump(variant), encoding="utf-8")
        files.append(path)
    return files


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install the project with its bench extras")
    return found


def timed(argv: list[str]) -> float:
    """Seconds one run takes; the command must succeed."""
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{argv[0]} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (median reported)")
    parser.add_argument("--files", type=int, default=40, help="variant files to validate")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = make_files(Path(tmp), args.files)
        names = [str(f) for f in files]
        commands = {
            "hasenpfeffer validate": [_tool("hasenpfeffer"), "validate", *names],
            "check-jsonschema": [_tool("check-jsonschema"), "--schemafile", str(SCHEMA), *names],
        }
        for argv in commands.values():  # warm the file-system cache and byte code once
            timed(argv)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):  # interleaved, so that both see the same machine load
            for name, argv in commands.items():
                times[name].append(timed(argv))
    ours, theirs = (statistics.median(times[name]) for name in commands)
    print(f"{args.files} resolved variant files, median of {args.runs} runs each")
    for name, runs in times.items():
        print(f"  {name:<22} {statistics.median(runs) * 1000:7.0f} ms   (min {min(runs) * 1000:.0f} ms)")
    print(f"  ratio hasenpfeffer / check-jsonschema: {ours / theirs:.2f} (target: at most 1.00)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
