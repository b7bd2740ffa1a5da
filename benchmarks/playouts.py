"""Engine work in instructions: random hands from a fixed seed, for a count under callgrind.

Wall-clock figures on a shared machine are noisy; the instructions of a fixed run are not. This
plays ``hands`` random hands (one ``Game`` per hand, uniformly random legal actions, seed 12345)
and prints the decisions taken, so that two checkouts (or two commits) play exactly the same
hands, each with its own ``python``. Run it twice, with ``hands`` and with 0, and subtract: the
difference is the hands' own cost, without starting Python and importing the package.

```sh
valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/playouts.py euchre 1000
valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/playouts.py euchre 0
python benchmarks/playouts.py hasenpfeffer 200 --create   # only Game(variant), no decision
```
"""

from __future__ import annotations

import argparse
import random

from hasenpfeffer import Game
from hasenpfeffer.format.loader import load_variant

SEED = 12345
"""The seed of every run: the same hands in any checkout."""


def playouts(variant_name: str, hands: int, create_only: bool = False) -> int:
    """Play ``hands`` random hands of a variant, one ``Game`` each; the decisions taken.

    >>> playouts("euchre", 3) == playouts("euchre", 3)
    True
    """
    variant = load_variant(variant_name)
    Game(variant, seed=0)  # compiled before the hands, in both runs alike
    rng = random.Random(SEED)
    decisions = 0
    for _ in range(hands):
        g = Game(variant, seed=rng.randrange(1 << 30))
        results = g.hand_results
        while not create_only and not results:
            g.apply(rng.choice(g.legal_actions()))
            decisions += 1
    return decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="euchre", help="built-in name or path (default euchre)")
    parser.add_argument("hands", nargs="?", type=int, default=200, help="hands to play (default 200)")
    parser.add_argument("--create", action="store_true", help="only create a Game per hand, no decision")
    args = parser.parse_args(argv)
    print(f"{args.variant}: {args.hands} hands, {playouts(args.variant, args.hands, args.create)} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
