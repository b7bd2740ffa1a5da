"""Simulation figures: speed of greedy self-play, and the strength of the bots against each other.

    python benchmarks/simulate.py                      # games/s and hands/s, 1 worker and all cores
    python benchmarks/simulate.py --strength           # greedy vs random, mc vs greedy (seat-balanced)

Strength matches are seat-balanced: every seed is played twice with the teams swapped.
These are measurements, not tests: they print figures and assert nothing.
"""

from __future__ import annotations

import argparse
import time

from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.sim.simulate import default_workers, simulate
from hasenpfeffer.sim.stats import wilson


def speed(variant: Variant, games: int, workers: int) -> None:
    """Greedy self-play: games/s and hands/s."""
    start = time.perf_counter()
    stats = simulate(variant, games, ["greedy"] * variant.players, seed=0, workers=workers)
    elapsed = time.perf_counter() - start
    print(
        f"{variant.name}: {games} games, {stats.hands} hands with greedy bots on {workers} worker(s):"
        f" {elapsed:.1f} s, {games / elapsed:.1f} games/s, {stats.hands / elapsed:.0f} hands/s"
    )


def match(variant: Variant, a: str, b: str, games: int, workers: int, seed: int) -> None:
    """``a`` against ``b``: each of ``games`` seeds played with ``a`` on each team."""
    if len(variant.teams) != 2:
        raise SystemExit("strength matches need a two-team variant")
    start = time.perf_counter()
    first = simulate(variant, games, [a if s % 2 == 0 else b for s in range(variant.players)], seed, workers)
    second = simulate(variant, games, [b if s % 2 == 0 else a for s in range(variant.players)], seed, workers)
    elapsed = time.perf_counter() - start
    wins = first.wins[0] + second.wins[1]
    played = 2 * games
    low, high = wilson(wins, played)
    print(
        f"{variant.name}: {a} vs {b}: {a} won {wins}/{played} = {wins / played:.1%}"
        f" (95% CI {low:.1%}-{high:.1%}); seat-balanced, seed {seed}; {elapsed:.0f} s"
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
        match(variant, "greedy", "random", args.games, args.workers, args.seed)
        match(variant, "mc", "greedy", args.mc_games, args.workers, args.seed)
        return
    speed(variant, args.games, 1)
    if args.workers > 1:
        speed(variant, args.games, args.workers)


if __name__ == "__main__":
    main()
