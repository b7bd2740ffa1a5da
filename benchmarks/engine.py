"""Engine speed: random hands through the public step API, with OpenSpiel's euchre alongside.

Each run plays random legal actions (``legal_actions``, a random choice, ``apply``) for a fixed
time and counts decisions and finished hands; the figure printed is the median of the runs.
With ``pyspiel`` (open-spiel) importable, the same loop runs on OpenSpiel's ``euchre`` in the
same process (chance nodes sampled from ``chance_outcomes``) and the ratio of decisions per
second is printed.

```sh
python benchmarks/engine.py                      # hasenpfeffer, 5 runs of 1 s
python benchmarks/engine.py euchre --seconds 2 --runs 7
python benchmarks/engine.py --profile            # cProfile of the engine loop
```
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from hasenpfeffer import Game
from hasenpfeffer.format.loader import load_variant

Chunk = Callable[[random.Random], tuple[int, int]]
"""Plays a batch of random decisions; returns (decisions, finished hands)."""
Loop = Callable[[float, int], tuple[int, int, float]]


def timed(make_chunk: Callable[[], Chunk]) -> Loop:
    """A run: batches of ``make_chunk()`` until ``seconds`` have passed; (decisions, hands, time)."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng, chunk = random.Random(seed), make_chunk()
        decisions = hands = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            d, h = chunk(rng)
            decisions, hands = decisions + d, hands + h
        return decisions, hands, time.perf_counter() - start

    return run


def engine_loop(variant_name: str) -> Loop:
    variant = load_variant(variant_name)

    def make_chunk() -> Chunk:
        games = [Game(variant, seed=0)]

        def chunk(rng: random.Random) -> tuple[int, int]:
            g, choice, hands = games[0], rng.choice, 0
            done = len(g.hand_results)
            for _ in range(256):
                if g.is_over:
                    hands += len(g.hand_results) - done
                    g = games[0] = Game(variant, seed=rng.randrange(1 << 30))
                    done = 0
                g.apply(choice(g.legal_actions()))
            return 256, hands + len(g.hand_results) - done

        return chunk

    return timed(make_chunk)


def openspiel_loop() -> Loop | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    first = game.new_initial_state()
    assert len({p for _, p in first.chance_outcomes()}) == 1, "euchre's deal is uniform"

    def chunk(rng: random.Random) -> tuple[int, int]:
        choice, decisions = rng.choice, 0
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    # Euchre's chance nodes (the deal) are uniform: any outcome equally.
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
        return decisions, 20

    return timed(lambda: chunk)


def rates(run: tuple[int, int, float]) -> tuple[float, float]:
    decisions, hands, seconds = run
    return decisions / seconds, hands / seconds


def row(name: str, runs: list[tuple[float, float]]) -> str:
    dps = statistics.median(d for d, _ in runs)
    hps = statistics.median(h for _, h in runs)
    return f"{name:<34} {dps:>12,.0f} {hps:>10,.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="hasenpfeffer", help="built-in name or path")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="runs; medians are printed (default 5)")
    parser.add_argument("--profile", action="store_true", help="profile the engine loop instead")
    args = parser.parse_args(argv)
    ours = engine_loop(args.variant)
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(ours, args.seconds, 0)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    spiel = openspiel_loop()
    ours(0.2, 99)  # warm up: compile the ruleset, import everything
    if spiel is not None:
        spiel(0.2, 99)
    # The two loops take turns, so that both see the same load on the machine.
    mine: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for seed in range(args.runs):
        mine.append(rates(ours(args.seconds, seed)))
        if spiel is not None:
            theirs.append(rates(spiel(args.seconds, seed)))
    print(f"{'loop (median of ' + str(args.runs) + ' runs)':<34} {'decisions/s':>12} {'hands/s':>10}")
    print(row(f"hasenpfeffer: {args.variant}", mine))
    if spiel is None:
        print("open-spiel is not installed: no comparison (pip install open-spiel)")
        return 0
    print(row("open_spiel euchre, Python loop", theirs))
    ratio = statistics.median(d for d, _ in mine) / statistics.median(d for d, _ in theirs)
    print(f"ratio of decisions/s: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
