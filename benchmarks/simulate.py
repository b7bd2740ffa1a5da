"""Simulation figures: speed of greedy self-play, and the strength of the bots against each other.

    python benchmarks/simulate.py --games 1000         # games/s: 1 and 2 local workers, 2-worker Dask
    python benchmarks/simulate.py --strength           # greedy vs random, mc vs greedy (seat-balanced)

Speed is wall time and processor time (this process, its worker processes and, on Dask, the
workers' own count), with the machine's load average before and after: on a shared machine
the processor time is the steadier figure. Every way of playing must give the same figures.

Strength matches are seat-balanced: every seed is played twice with the teams swapped.
These are measurements, not tests: they print figures and assert nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from typing import Any

from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.sim.simulate import default_workers, simulate
from hasenpfeffer.sim.stats import Stats


def cpu() -> float:
    """Processor seconds of this process and of its children that have ended."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def load() -> str:
    """The load average over one minute, and the cores."""
    return f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def line(label: str, games: int, hands: int, wall: float, used: float) -> tuple[float, float]:
    """Print one measurement; (wall, processor) seconds."""
    print(
        f"  {label:<34} {wall:6.1f} s wall, {games / wall:6.1f} games/s, {hands / wall:6.0f} hands/s;"
        f" {used:6.1f} s processor, {games / used:6.1f} games per processor-second"
    )
    return wall, used


def speed(variant: Variant, games: int, workers: int) -> tuple[Stats, tuple[float, float]]:
    """Greedy self-play on local workers: the statistics, and (wall, processor) seconds."""
    start, before = time.perf_counter(), cpu()
    stats = simulate(variant, games, ["greedy"] * variant.players, seed=0, workers=workers)
    wall, used = time.perf_counter() - start, cpu() - before
    label = f"local, {workers} worker{'s' if workers > 1 else ''}"
    return stats, line(label, games, stats.hands, wall, used)


def on_dask(variant: Variant, games: int, workers: int) -> list[tuple[Stats, tuple[float, float]]]:
    """The same on a LocalCluster of ``workers`` processes: warm (started before), then with its start-up."""
    import distributed

    def worker_cpu(client: Any) -> float:
        return float(sum(client.run(time.process_time).values()))

    bots = ["greedy"] * variant.players
    out = []
    kwargs = {"n_workers": workers, "threads_per_worker": 1, "processes": True, "dashboard_address": None}
    with distributed.LocalCluster(**kwargs) as cluster, distributed.Client(cluster) as client:
        start, before, remote = time.perf_counter(), cpu(), worker_cpu(client)
        stats = simulate(variant, games, bots, seed=0, cluster=client)
        used = cpu() - before + worker_cpu(client) - remote
        wall = time.perf_counter() - start
        out.append((stats, line(f"Dask LocalCluster, {workers} workers", games, stats.hands, wall, used)))
    start, before = time.perf_counter(), cpu()
    stats = simulate(variant, games, bots, seed=0, cluster=f"local:{workers}")
    wall, used = time.perf_counter() - start, cpu() - before
    out.append((stats, line("  the same, with its start-up", games, stats.hands, wall, used)))
    return out


def speeds(variant: Variant, games: int) -> None:
    """1 and 2 local workers and a 2-worker LocalCluster; Dask's overhead over the local pool."""
    print(f"{variant.name}: {games} games with greedy bots; {load()}")
    runs = [speed(variant, games, 1), speed(variant, games, 2)]
    try:
        runs += on_dask(variant, games, 2)
    except ImportError:
        print("  (Dask: install the dask extra)")
    print(f"  after: {load()}")
    same = all(s.raw() == runs[0][0].raw() for s, _ in runs)
    print(f"  the same figures every way: {'yes' if same else 'NO'}")
    if len(runs) > 2:
        (_, (pool_wall, pool_cpu)), (_, (dask_wall, dask_cpu)) = runs[1], runs[2]
        print(
            f"  Dask over the 2-worker pool: {100 * (dask_wall / pool_wall - 1):+.1f}% wall,"
            f" {100 * (dask_cpu / pool_cpu - 1):+.1f}% processor"
        )


def main() -> None:
    """Parse the options and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="hasenpfeffer-pepper")
    parser.add_argument("--games", type=int, default=200, help="games per measurement (default 200)")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--strength", action="store_true", help="measure bot strength instead of speed")
    parser.add_argument(
        "--mc-games", type=int, default=200, help="seeds for mc vs greedy (each played twice)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variant = load_variant(args.variant)
    if args.strength:
        from bots import match  # the seat-balanced match of benchmarks/bots.py

        match(variant, "greedy", "random", args.games, args.workers, args.seed)
        match(variant, "mc", "greedy", args.mc_games, args.workers, args.seed)
        return
    speeds(variant, args.games)


if __name__ == "__main__":
    main()
