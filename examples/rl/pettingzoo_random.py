"""A PettingZoo loop with masked random actions: the shape of any agent's training loop.

Each agent picks uniformly among the ids its action mask allows; rewards (each hand's score
change of the agent's side) are added up per agent. At the end: the episodes, the decisions,
the mean reward per episode of each seat, and the speed.

    python examples/rl/pettingzoo_random.py                        # hasenpfeffer, 200 hands
    python examples/rl/pettingzoo_random.py euchre --episodes 1000
    python examples/rl/pettingzoo_random.py euchre --episode game --episodes 20 --render
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hasenpfeffer.rl.pettingzoo import env


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="hasenpfeffer", help="built-in name or path")
    parser.add_argument("--episode", choices=["hand", "game"], default="hand")
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--render", action="store_true", help="print the table at the end of each episode")
    args = parser.parse_args(argv)
    e = env(args.variant, episode=args.episode, render_mode="ansi" if args.render else None)
    rng = np.random.default_rng(args.seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    decisions = 0
    start = time.process_time()
    for episode in range(args.episodes):
        e.reset(seed=args.seed + episode)
        for agent in e.agent_iter():
            observation, reward, terminated, truncated, info = e.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                decisions += 1
            e.step(action)
        if args.render:
            print(e.render(), end="\n\n")
    seconds = time.process_time() - start
    print(
        f"{args.episodes} episodes ({args.episode}) of {args.variant}, {decisions} decisions"
        f" in {seconds:.1f} s ({decisions / seconds:,.0f} decisions/s)"
    )
    for agent, total in totals.items():
        print(f"  {agent}: mean reward {total / args.episodes:+.3f} an episode")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
