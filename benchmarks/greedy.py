"""Speed of the greedy bot: greedy self-play hands per processor-second, this checkout against another.

    python benchmarks/greedy.py --baseline ../old-checkout           # 100 games a run, 5 runs
    python benchmarks/greedy.py --baseline ../old-checkout --games 300 --runs 7
    python benchmarks/greedy.py                                      # this checkout only

This checkout runs twice, with greedy's estimates in pure Python and compiled by numba (the
extra ``fast``; it loads in the warm-up game), when numba is installed, and a third time on
the compiled batch engine (``engine``: the greedy bot compiled, docs/batch.md), which plays
``ENGINE_GAMES`` times as many games (compiling left out: a warm-up game first). Both engines
play the same games from the same seed, but as the compiled engine plays more of them, its
sums are not the others': its statistics are compared with theirs in the last table only,
figure by figure. Each side runs in its
own process with ``PYTHONPATH`` at that checkout's ``core/`` and its own variant files,
playing ``--games`` games of hasenpfeffer, hasenpfeffer-pepper and euchre with seed 0 on one
worker; the runs of the sides alternate, so a change in the machine's load falls on both.
The figures are hands per processor-second (``time.process_time``): the median over the
runs, and the best run of each side, which a busy machine disturbs least. The same seed must
give the same games: the statistics of the sides are compared (hands, points and every other
sum) and the answer printed.

A measurement, not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from importlib.util import find_spec
from pathlib import Path
from typing import Any

Runs = dict[str, dict[str, Any]]
"""One run's figures by variant: processor seconds, hands, points, a digest of every sum."""
VARIANTS = ("hasenpfeffer", "hasenpfeffer-pepper", "euchre")
HERE = Path(__file__).resolve().parent.parent


ENGINE_GAMES = 20
"""How many times as many games the compiled engine plays in a run."""


def measure(root: Path, games: int, pure: bool = False, engine: bool = False) -> Runs:
    """In this process: each variant's greedy self-play once (a warm-up game first). Where the
    checkout has the compiled estimates, they load in the warm-up game, or never (``pure``)."""
    try:
        from hasenpfeffer.format.loader import load_variant
        from hasenpfeffer.sim.simulate import simulate
    except ImportError:  # a checkout from before the layered packages
        from hasenpfeffer.loader import load_variant  # type: ignore[no-redef]
        from hasenpfeffer.simulate import simulate  # type: ignore[no-redef]
    try:
        from hasenpfeffer.bots import handeval

        if hasattr(handeval, "COMPILE_AFTER"):
            handeval.COMPILE_AFTER = 0
            if pure and hasattr(handeval, "available"):  # a checkout from before hasenpfeffer.accel
                handeval.available = lambda: False
    except ImportError:
        pass

    out: Runs = {}
    for name in VARIANTS:
        variant = load_variant(root / "variants" / f"{name}.yaml")
        bots = ["greedy"] * variant.players
        how = {"engine": "compiled"} if engine else {}
        simulate(variant, 1, bots, seed=1, workers=1, **how)
        start = time.process_time()
        stats = simulate(variant, games * (ENGINE_GAMES if engine else 1), bots, seed=0, workers=1, **how)
        used = time.process_time() - start
        sums = stats.raw() if hasattr(stats, "raw") else {"hands": stats.hands, "points": stats.points}
        raw = json.dumps(sums, sort_keys=True, default=str)
        out[name] = {
            "seconds": used,
            "hands": stats.hands,
            "points": stats.points,
            "digest": hashlib.sha256(raw.encode()).hexdigest()[:16],
            "games": stats.games,
            "wins": list(stats.wins),
            "made": sum(b[0] for b in stats.raw().get("bids", {}).values()) if hasattr(stats, "raw") else 0,
            "played": sum(sum(b) for b in stats.raw().get("bids", {}).values())
            if hasattr(stats, "raw")
            else 0,
        }
    return out


def run_side(root: Path, games: int, pure: bool = False, engine: bool = False) -> Runs:
    """One measurement of the checkout at ``root``, in a fresh process importing its code."""
    # the switch of hasenpfeffer.accel; older checkouts are switched in measure()
    env = dict(os.environ, PYTHONPATH=str(root / "core"), HASENPFEFFER_ENGINE="python" if pure else "auto")
    cmd = [sys.executable, __file__, "--measure", str(root), "--games", str(games)]
    cmd += ["--pure"] if pure else []
    cmd += ["--engine-side"] if engine else []
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"measuring {root} failed:\n{done.stderr}")
    result: Runs = json.loads(done.stdout.splitlines()[-1])
    return result


def load() -> str:
    """The load average over one minute, and the cores."""
    return f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def report(sides: dict[str, list[Runs]], games: int) -> None:
    """Hands per processor-second of each side, the ratio, and whether the games match: the
    median of the runs, then the best run of each side (the one the machine's load disturbed
    least, as ``timeit`` takes the best)."""
    names = list(sides)
    head = "".join(f"{n:>14}" for n in names)
    ratios = "".join(f"{'x ' + n[:6]:>9}" for n in names[1:])
    for label, pick in (("median", statistics.median), ("best", max)):
        print(f"{label + ' of the runs':<22}{'hands':>7}{head}{ratios}  same statistics")
        for variant in VARIANTS:
            rates, first = [], []
            for name in names:
                runs = [r[variant] for r in sides[name]]
                rates.append(pick(r["hands"] / r["seconds"] for r in runs))
                first.append({k: runs[0][k] for k in ("hands", "points")})
                first[-1]["stable"] = all(r["digest"] == runs[0]["digest"] for r in runs)
            cells = "".join(f"{r:>10.0f} h/s" for r in rates)
            ratio = "".join(f"{r / rates[0]:>8.2f}x" for r in rates[1:])
            same = all(f == first[0] for f, n in zip(first, names, strict=True) if n != "engine")
            print(f"{variant:<22}{first[0]['hands']:>7}{cells}{ratio}  {'yes' if same else 'NO'}")
    print(f"({games} games a run, seed 0, 1 worker; {len(sides[names[0]])} runs of each side)")
    if "engine" in sides:
        print(
            f"the compiled engine's {ENGINE_GAMES * games} games a run against the others' (its first run):"
        )
        print(f"{'side':<8}{'variant':<22}{'games':>8}{'hands/game':>12}{'win % side 0':>14}{'made %':>9}")
        for variant in VARIANTS:
            for name in names:
                r = sides[name][0][variant]
                made = 100 * r.get("made", 0) / r["played"] if r.get("played") else 0.0
                wins = 100 * r["wins"][0] / r["games"] if r["games"] else 0.0
                print(
                    f"{name:<8}{variant:<22}{r['games']:>8}{r['hands'] / r['games']:>12.2f}{wins:>14.1f}{made:>9.1f}"
                )


def main() -> None:
    """Parse the options, alternate the runs of the two sides, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another checkout (its core/ and variants/)")
    parser.add_argument("--games", type=int, default=100, help="games per variant and run (default 100)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each side (default 5)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--pure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--engine-side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure is not None:
        print(json.dumps(measure(args.measure, args.games, args.pure, args.engine_side)))
        return
    roots = {"python": (HERE, True, False), "numba": (HERE, False, False), "engine": (HERE, False, True)}
    if find_spec("numba") is None:
        roots = {"this": (HERE, True, False)}
    if args.baseline is not None:
        roots = {"baseline": (args.baseline.resolve(), False, False), **roots}
    print(f"before: {load()}")
    sides: dict[str, list[Runs]] = {name: [] for name in roots}
    for _ in range(args.runs):
        for name, (root, pure, engine) in roots.items():
            sides[name].append(run_side(root, args.games, pure, engine))
    print(f"after: {load()}")
    report(sides, args.games)


if __name__ == "__main__":
    main()
