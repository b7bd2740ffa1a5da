"""The bots' strength and speed: seat-balanced matches with 95% intervals, and hands per
processor-second.

    python benchmarks/bots.py --games 400                       # every match below, both variants
    python benchmarks/bots.py --games 100 --variant euchre --match pimc,greedy
    python benchmarks/bots.py --speed --games 20                # hands per processor-second

A match plays every seed twice, the teams swapped (``a,b,a,b`` then ``b,a,b,a``), so both
sides get the same cards; the share of games ``a`` wins comes with a Wilson 95% interval.
Speed is measured in one process: the bot in seats 0 and 2 against greedy, timing only the
bot's own choices, as hands per processor-second of the bot, after one hand of it in every seat
to warm up (what a process pays once, printed beside the figure). These are
measurements, not tests: they print figures and assert nothing.
"""

from __future__ import annotations

import argparse
import os
import time

from hasenpfeffer import accel
from hasenpfeffer.bots.handeval import evaluator_for
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.sim.simulate import default_workers, play_game, simulate
from hasenpfeffer.sim.stats import wilson
from simulate import cpu  # benchmarks/simulate.py, beside this file

VARIANTS = ("hasenpfeffer-pepper", "euchre")
MATCHES = ("pimc,mc", "pimc,greedy", "mc,greedy", "greedy,random")
SPEED = ("random", "greedy", "mc", "pimc")


def match(variant: Variant, a: str, b: str, games: int, workers: int, seed: int) -> None:
    """``a`` against ``b`` over ``games`` seeds, each played with ``a`` on either team."""
    if len(variant.teams) != 2:
        raise SystemExit("strength matches need a two-team variant")
    n = variant.players
    start, before = time.perf_counter(), cpu()
    first = simulate(variant, games, [a if s % 2 == 0 else b for s in range(n)], seed, workers)
    second = simulate(variant, games, [b if s % 2 == 0 else a for s in range(n)], seed, workers)
    wall, used = time.perf_counter() - start, cpu() - before
    wins, played = first.wins[0] + second.wins[1], 2 * games
    low, high = wilson(wins, played)
    hands = first.hands + second.hands
    print(
        f"  {a:>6} vs {b:<6} {a} won {wins:4d}/{played} = {wins / played:6.1%} (95% CI {low:.1%}-{high:.1%});"
        f" {hands} hands, {wall:6.0f} s wall, {used:6.0f} processor-s"
    )


def hands_per_second(variant: Variant, spec: str, games: int, seed: int) -> tuple[float, int]:
    """Processor seconds ``spec`` spends in seats 0 and 2 against greedy, and the hands played."""
    spent, hands = 0.0, 0
    for g_seed in range(seed, seed + games):
        bots = [load_bot(spec if s % 2 == 0 else "greedy", g_seed * 10 + s) for s in range(variant.players)]
        game = Game(variant, seed=g_seed)
        while not game.is_over:
            s = game.to_move
            assert s is not None
            view = game.view(s)
            t = time.process_time()
            action = bots[s].choose(view, view.legal)
            if s % 2 == 0:
                spent += time.process_time() - t
            game.apply(action)
        hands += len(game.hand_results)
    return spent, hands


def warm_up(variant: Variant, spec: str, seed: int) -> float:
    """Processor seconds of one hand of ``spec`` in every seat, untimed by :func:`hands_per_second`:
    what a process pays once (the variant's tables, the equity table, loading the compiled
    solver), which a long run spreads over all its hands."""
    t = time.process_time()
    play_game(variant, [spec] * variant.players, seed, max_hands=1)
    return time.process_time() - t


def speeds(variant: Variant, specs: list[str], games: int, seed: int) -> None:
    """Hands per processor-second of each bot in two seats, after a hand to warm up. Greedy's
    compiled estimates (numba) load first: a long run loads them after its first 5,000
    distributions, and every bot but random leans on greedy."""
    if accel.enabled():
        evaluator_for(variant).compile()
    for spec in specs:
        warm = warm_up(variant, spec, seed - 1)
        spent, hands = hands_per_second(variant, spec, games, seed)
        print(
            f"  {spec:<24} {hands:5d} hands, {spent:7.1f} processor-s in two seats: {hands / spent:8.1f} hands/s"
            f" (a hand to warm up first: {warm:.1f} s)"
        )


def main() -> None:
    """Parse the options and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant", action="append", help=f"variant (repeatable; default {', '.join(VARIANTS)})"
    )
    parser.add_argument("--match", action="append", help=f"A,B (repeatable; default {' '.join(MATCHES)})")
    parser.add_argument(
        "--games", type=int, default=200, help="seeds per match, each played twice (default 200)"
    )
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", action="store_true", help="measure speed instead of strength")
    parser.add_argument(
        "--bot", action="append", help=f"bot for --speed (repeatable; default {' '.join(SPEED)})"
    )
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; seed {args.seed}; {accel.status()}")
    for name in args.variant or VARIANTS:
        variant = load_variant(name)
        print(f"{name}:")
        if args.speed:
            speeds(variant, args.bot or list(SPEED), args.games, args.seed)
            continue
        for pair in args.match or MATCHES:
            a, b = pair.split(",")
            match(variant, a, b, args.games, args.workers, args.seed)
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
