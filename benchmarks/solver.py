"""Double-dummy solver speed: a whole hand's play solved from the opening lead (figures, not tests).

For each variant, random deals are played up to the opening lead by random legal choices
(nobody alone, so that every seat plays: a full 6-card Hasenpfeffer or 5-card Euchre play),
then ``solve(game)`` (the tricks of each side and the best cards to lead) runs with an empty
table, by the pure-Python search and by the compiled one (numba) side by side. Time is this
process's processor time, so that a busy machine matters less. The distribution of the times
is printed, with its median beside the target.

```sh
python benchmarks/solver.py                          # hasenpfeffer and euchre, 200 deals each
python benchmarks/solver.py pepper --deals 50 --seed 3
python benchmarks/solver.py double-hasenpfeffer-6 --deals 3 --tricks-played 2
python benchmarks/solver.py --search compiled        # only the numba search (the extra 'fast')
python benchmarks/solver.py --profile hasenpfeffer   # cProfile of the solves
```
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

from hasenpfeffer import Game, accel
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.solver import Solver, solve

CLOCK = time.process_time
TARGETS = {"hasenpfeffer": 20.0, "euchre": 10.0}
"""Median milliseconds a whole play from the opening lead should take."""


def opening_lead(name: str, rng: random.Random, tricks_played: int = 0) -> Game:
    """A random deal of ``name`` at its opening lead (or after ``tricks_played`` random tricks),
    trump made by random choices, nobody alone."""
    v = load_variant(name)
    while True:
        g = Game(v, seed=rng.randrange(2**32))
        while g.phase != "play" and g.hand_number == 1:
            legal = [a for a in g.legal_actions() if not a.alone and a.verb != "alone"]
            g.apply(rng.choice(legal))
        if g.phase == "play" and g.hand_number == 1:
            active = v.players - len(g.view().sitting_out)
            for _ in range(tricks_played * active):
                g.apply(rng.choice(g.legal_actions()))
            return g


def timings(name: str, deals: int, seed: int, tricks_played: int, compiled: bool = False) -> list[float]:
    """Milliseconds of ``solve`` on each deal (by the compiled search, or the pure-Python one)."""
    rng = random.Random(f"{name} {seed}")
    out = []
    if compiled:  # load the compiled code before the clock runs
        solve(opening_lead(name, random.Random(0), tricks_played), Solver(compiled=True))
    for _ in range(deals):
        g = opening_lead(name, rng, tricks_played)
        start = CLOCK()
        solve(g, Solver(compiled=compiled))
        out.append((CLOCK() - start) * 1000)
    return out


BINS = (1, 2, 5, 10, 20, 50, 100, 1000)
"""Upper edges (ms) of the histogram's bins."""


def report(name: str, ms: list[float], search: str = "") -> None:
    """Quantiles and a histogram of the times, and the median against the target."""
    qs = statistics.quantiles(ms, n=20, method="inclusive") if len(ms) > 1 else ms * 19
    cells = [("min", min(ms)), ("p10", qs[1]), ("p25", qs[4]), ("median", statistics.median(ms))]
    cells += [("p75", qs[14]), ("p90", qs[17]), ("max", max(ms))]
    print(f"{name}{search}: {len(ms)} deals, ms " + "  ".join(f"{k} {v:.2f}" for k, v in cells))
    low = 0.0
    for high in (*BINS, float("inf")):
        n = sum(1 for t in ms if low <= t < high)
        if n:
            label = f"{low:g}-{high:g} ms" if high != float("inf") else f">= {low:g} ms"
            print(f"  {label:>13} {n:5}  {'#' * round(60 * n / len(ms))}")
        low = high
    target = TARGETS.get(name)
    verdict = "" if target is None else f" (target: at most {target:g} ms)"
    print(f"  median {statistics.median(ms):.2f} ms{verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["hasenpfeffer", "euchre"], help="built-in names")
    parser.add_argument("--deals", type=int, default=200, help="deals per variant (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--tricks-played", type=int, default=0, help="random tricks played first (default 0)")
    parser.add_argument(
        "--search",
        choices=["both", "compiled", "python"],
        default="both",
        help="the compiled search (numba, the extra 'fast'), the pure-Python one, or both side by side (default)",
    )
    parser.add_argument("--profile", action="store_true", help="profile the solves instead")
    args = parser.parse_args(argv)
    kinds = ["python", "compiled"] if args.search == "both" else [args.search]
    if "compiled" in kinds and not accel.installed():
        print(f"{accel.MISSING}: the pure-Python search only")
        kinds = ["python"]
    if args.profile:
        with cProfile.Profile() as prof:
            for name in args.variants:
                timings(name, args.deals, args.seed, args.tricks_played, kinds[-1] == "compiled")
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        return 0
    for name in args.variants:
        medians = {}
        for kind in kinds:
            ms = timings(name, args.deals, args.seed, args.tricks_played, kind == "compiled")
            report(name, ms, f" ({kind} search)")
            medians[kind] = statistics.median(ms)
        if len(medians) == 2:
            print(f"  compiled {medians['python'] / medians['compiled']:.1f}x faster at the median")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
