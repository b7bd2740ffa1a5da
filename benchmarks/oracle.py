"""The ceiling of pimc's method: pimc given the true deal as its only world (it sees every card)
against a bot, seat-balanced like ``bots.py``'s matches.

    python benchmarks/oracle.py --variant euchre --against mc --games 200
    python benchmarks/oracle.py --variant hasenpfeffer-pepper --against greedy --games 50

Each of ``--games`` seeds is played twice, the oracle on either team; the share of games it won
comes with a Wilson 95% interval. What the oracle wins beyond pimc is what the hidden cards are
worth to the method: the most better inference could give it. A measurement, not a test.
"""

from __future__ import annotations

import argparse

from hasenpfeffer.bots.base import Bot
from hasenpfeffer.bots.pimc import PimcBot
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.engine.game import Game
from hasenpfeffer.engine.view import View
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.sim.simulate import game_seed
from hasenpfeffer.sim.stats import wilson
from hasenpfeffer.solver import Solver


class Oracle(PimcBot):
    """pimc whose only world is the game itself (set :attr:`game` before each choice)."""

    game: Game

    def sample(self, view: View, count: int) -> list[Game]:
        return [self.game.copy()]

    def play_worlds(self, view: View) -> list[tuple[Game, Solver, float]]:
        return [(self.game.copy(), Solver(), 1.0)]


def play(variant: Variant, against: str, seed: int, oracle_side: int) -> int | None:
    """One game, the oracle in the seats of ``oracle_side``; the winning side."""
    game = Game(variant, seed=seed)
    bots: list[Bot] = [
        Oracle(game_seed(seed, s, "bot"))
        if variant.team_of(s) == oracle_side
        else load_bot(against, game_seed(seed, s, "bot"))
        for s in range(variant.players)
    ]
    while not game.is_over and len(game.hand_results) < 200:
        s = game.to_move
        assert s is not None
        bot = bots[s]
        if isinstance(bot, Oracle):
            bot.game = game
        view = game.view(s)
        game.apply(bot.choose(view, view.legal))
    return game.winner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--against", default="mc", help="the other bot's spec (default mc)")
    parser.add_argument("--games", type=int, default=200, help="seeds, each played twice (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variant = load_variant(args.variant)
    if len(variant.teams) != 2:
        raise SystemExit("the oracle's matches need a two-team variant")
    wins = played = 0
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        for side in (0, 1):
            wins += play(variant, args.against, seed, side) == side
            played += 1
    low, high = wilson(wins, played)
    print(
        f"{args.variant}: the oracle (pimc seeing every card) vs {args.against}: won {wins}/{played}"
        f" = {wins / played:.1%} (95% CI {low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
