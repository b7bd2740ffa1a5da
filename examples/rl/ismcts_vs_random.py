"""OpenSpiel's information-set MCTS against our random bot, hand after hand.

The game is `python_hasenpfeffer` (any variant: a built-in name or a path), one hand an
episode. OpenSpiel's `ISMCTSBot` plays one side (seats 0, 2, ... in a partnership game; seat 0
alone without partnerships), our `random` bot every other seat. ISMCTS samples the unseen
cards with the state's `resample_from_infostate`; it values a leaf with OpenSpiel's random
rollouts, or (`--rollout greedy`) by playing the hand out with our `greedy` bot. A hand counts
as won when the ISMCTS side's return (its points minus the other side's) is above zero.

Every source of chance is seeded from `--seed`: the deals, ISMCTS's own choices and random
rollouts (one numpy generator), our bots, and the unseen cards ISMCTS draws (by default it
would draw them with an unseeded `pyspiel.UniformProbabilitySampler`, so the same seed gave
different results from run to run): the same command prints the same figures.

    python examples/rl/ismcts_vs_random.py                   # hasenpfeffer, 200 hands, 200 simulations
    python examples/rl/ismcts_vs_random.py euchre --hands 100
    python examples/rl/ismcts_vs_random.py pepper --simulations 100 --rollout greedy --uct-c 6
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import hasenpfeffer.rl.openspiel  # noqa: F401  (registers python_hasenpfeffer)
from hasenpfeffer import load_bot


class GreedyRollouts(mcts.Evaluator):
    """Values a state by playing its hand out with our `greedy` bot at every seat (the prior is uniform)."""

    def __init__(self, seed):
        self.bots = {}
        self.seed = seed

    def evaluate(self, state):
        table = state.table
        game = table.game.copy()
        done = len(game.hand_results)
        while len(game.hand_results) == done:
            seat = game.to_move
            bot = self.bots.get(seat) or self.bots.setdefault(seat, load_bot("greedy", seed=self.seed + seat))
            view = game.view(seat)
            game.apply(bot.choose(view, view.legal))
        change = game.hand_results[done].score_change
        own = [change[side] for side in table.side_of]
        if table.zero_sum:
            return np.array([2 * x - sum(change) for x in own], dtype=float)
        return np.array(own, dtype=float)

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play_hand(game, state, searcher, bots, ours, rng):
    """Play one hand from a fresh state; return the ISMCTS side's return."""
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() in ours:
            state.apply_action(int(searcher.step(state)))
        else:
            seat = state.current_player()
            table = state.table  # the hasenpfeffer side of the state: its game and the seat's view
            view = table.game.view(seat)
            action = bots[seat].choose(view, view.legal)
            state.apply_action(table.space.encode(action))
    return state.returns()[min(ours)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="hasenpfeffer")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=200, help="ISMCTS simulations a decision")
    parser.add_argument(
        "--rollout",
        choices=["random", "greedy"],
        default="random",
        help="who plays a leaf's hand out: random actions (OpenSpiel's evaluator) or our greedy bot",
    )
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts to evaluate a leaf")
    parser.add_argument(
        "--uct-c", type=float, default=None, help="exploration (default: 2 x the largest return)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_hasenpfeffer", {"variant": args.variant})
    n = game.num_players()
    variant = game.new_initial_state().table.variant
    ours = set(variant.teams[0]) if variant.partnerships != "none" else {0}
    rng = np.random.RandomState(args.seed)
    if args.rollout == "random":
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=rng)
    else:
        evaluator = GreedyRollouts(seed=args.seed)
    uct_c = args.uct_c if args.uct_c is not None else 2.0 * game.max_utility()
    searcher = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=uct_c,
        max_simulations=args.simulations,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    sampler = pyspiel.UniformProbabilitySampler(args.seed, 0.0, 1.0)  # seeds each draw of the unseen cards
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    bots = {seat: load_bot("random", seed=args.seed * 100 + seat) for seat in range(n) if seat not in ours}
    won = lost = 0
    total = 0.0
    start = time.process_time()
    for hand in range(1, args.hands + 1):
        result = play_hand(game, game.new_initial_state(), searcher, bots, ours, rng)
        total += result
        won += result > 0
        lost += result < 0
        if hand % 20 == 0 or hand == args.hands:
            print(
                f"{hand} hands: ISMCTS won {won} ({100 * won / hand:.1f}%), lost {lost}, points {total:+.0f}"
                f" ({time.process_time() - start:.0f} s)",
                flush=True,
            )
    share = won / args.hands
    print(
        f"{args.variant}: ISMCTS ({args.simulations} simulations, {args.rollout} rollouts, uct_c {uct_c:g})"
        f" beat random in {won} of {args.hands} hands ({100 * share:.1f}%);"
        f" {lost} lost, {args.hands - won - lost} with no points either way"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
