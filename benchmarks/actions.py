"""Integer actions: random playouts through actions vs through action ids (figures, not tests).

Three loops play random games for a fixed time and count decisions:

- ``actions``: ``game.apply(rng.choice(game.legal_actions()))``;
- ``ids``: ``ids = space.ids(game.legal_actions())``, then
  ``game.apply(space.decode(rng.choice(ids), game.to_move))``;
- ``ids+mask``: the same, also computing ``space.mask(legal)`` at every decision (what an RL
  environment hands its policy).

Runs of the loops alternate, so that a change in the machine's load touches them alike; the
figure printed for each is the median of the runs.

```sh
python benchmarks/actions.py                       # euchre and hasenpfeffer, 5 runs of 1 s
python benchmarks/actions.py pepper --seconds 2 --runs 7
```
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from hasenpfeffer import Game, Variant, action_space
from hasenpfeffer.format.loader import load_variant

Step = Callable[[Game, random.Random], None]


def by_action(game: Game, rng: random.Random) -> None:
    game.apply(rng.choice(game.legal_actions()))


def by_id(variant: Variant, mask: bool) -> Step:
    space = action_space(variant)
    ids_of, decode, masked = space.ids, space.decode, space.mask

    def step(game: Game, rng: random.Random) -> None:
        legal = game.legal_actions()
        ids = ids_of(legal)
        if mask:
            masked(legal)
        game.apply(decode(rng.choice(ids), game.to_move))

    return step


def run(variant: Variant, step: Step, seconds: float, seed: int) -> float:
    """Decisions a second of random games through ``step`` for about ``seconds``."""
    rng = random.Random(seed)
    game, decisions = Game(variant, seed=seed), 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(256):
            if game.is_over:
                game = Game(variant, seed=rng.randrange(1 << 30))
            step(game, rng)
        decisions += 256
    return decisions / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["euchre", "hasenpfeffer"])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each loop (default 5)")
    args = parser.parse_args(argv)
    print(f"decisions per second, median of {args.runs} runs of {args.seconds:g} s")
    for name in args.variants:
        variant = load_variant(name)
        loops = {"actions": by_action, "ids": by_id(variant, False), "ids+mask": by_id(variant, True)}
        figures: dict[str, list[float]] = {k: [] for k in loops}
        for r in range(args.runs):
            for label, step in loops.items():
                figures[label].append(run(variant, step, args.seconds, seed=r))
        base = statistics.median(figures["actions"])
        size = action_space(variant).size
        print(f"{name} ({size} ids)")
        for label, values in figures.items():
            med = statistics.median(values)
            print(f"  {label:9} {med:>10,.0f}/s  {med / base:5.2f} x actions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
