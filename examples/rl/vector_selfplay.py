"""REINFORCE on the vector environment: a linear policy learns euchre against masked random play.

The learner plays seats 0 and 2 of 256 euchre games stepped together
(``hasenpfeffer.rl.vector.VectorEnv``); seats 1 and 3 play uniformly random legal actions.
The policy is linear in numpy: logits ``obs @ W`` over the action ids, the illegal ones masked
out. Each of the learner's decisions is credited with its hand's points (its side's score
change minus the other side's), less a running mean, and ``W`` follows the policy gradient
(REINFORCE). Games won by the learner's side are counted before training (``W = 0``: uniform
random, about half) and after.

```sh
python examples/rl/vector_selfplay.py --quick        # under a minute: 60 updates
python examples/rl/vector_selfplay.py                # a few minutes: 600 updates
```
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from numpy.typing import NDArray

from hasenpfeffer.rl.vector import VectorEnv

Array = NDArray[np.float32]


def policy(w: Array, obs: dict[str, Any], rng: np.random.Generator) -> tuple[NDArray[np.int64], Array]:
    """Sampled ids and their probabilities: a softmax of ``obs @ w`` over the legal ids."""
    logits = obs["observation"] @ w
    logits = np.where(obs["action_mask"] == 1, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    u = rng.random((probs.shape[0], 1))
    actions = (probs.cumsum(axis=1) < u).sum(axis=1)
    actions = np.minimum(actions, probs.shape[1] - 1)
    stuck = obs["action_mask"][np.arange(len(actions)), actions] == 0  # rounding at the top end
    if stuck.any():
        actions[stuck] = probs[stuck].argmax(axis=1)
    return actions.astype(np.int64), probs


def win_rate(w: Array, games: int, steps: int, seed: int) -> tuple[float, int]:
    """The learner's side's share of the games finished in ``steps`` steps of ``games`` games."""
    env = VectorEnv("euchre", num_envs=games)
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    won = ended = 0
    for _ in range(steps):
        mine = infos["to_move"] % 2 == 0
        actions = np.where(mine, policy(w, obs, rng)[0], env.random_actions())
        obs, _, terminated, truncated, infos = env.step(actions)
        done = terminated | truncated
        if done.any():
            ended += int(done.sum())
            won += int((infos["final_info"]["winner"][done] == 0).sum())
    return won / max(1, ended), ended


def train(w: Array, games: int, updates: int, horizon: int, lr: float, seed: int) -> Array:
    """REINFORCE: ``updates`` batches of ``horizon`` steps; each decision of the learner in a hand
    finished within the batch is credited with the hand's points less a running mean."""
    env = VectorEnv("euchre", num_envs=games)
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    baseline = 0.0
    for _ in range(updates):
        rows: list[tuple[Any, ...]] = []
        for _ in range(horizon):
            mine = infos["to_move"] % 2 == 0
            sampled, probs = policy(w, obs, rng)
            actions = np.where(mine, sampled, env.random_actions())
            x = obs["observation"]
            obs, rewards, _, _, infos = env.step(actions)
            points = rewards[:, 0] - rewards[:, 1]  # seat 0's side against seat 1's
            rows.append((x, probs, actions, mine, points, infos["hands_ended"] > 0))
        ret = np.full(games, np.nan)  # the points of the hand each decision belongs to (nan: unfinished)
        xs, gs, advs = [], [], []
        for x, probs, actions, mine, points, over in reversed(rows):
            ret = np.where(over, points, ret)
            use = mine & ~np.isnan(ret)
            if use.any():
                grad = -probs[use].astype(np.float32)
                grad[np.arange(int(use.sum())), actions[use]] += 1.0
                xs.append(x[use])
                gs.append(grad)
                advs.append(ret[use])
        if not xs:
            continue
        adv = np.concatenate(advs)
        mean = float(adv.mean())
        baseline = mean if baseline == 0.0 else 0.9 * baseline + 0.1 * mean
        adv = adv - baseline
        gx, gg = np.concatenate(xs), np.concatenate(gs)
        w += (lr / len(adv)) * (gx.T @ (gg * adv[:, None].astype(np.float32)))
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (60 updates, under a minute)")
    parser.add_argument("--updates", type=int, default=600, help="policy updates (default 600)")
    parser.add_argument("--games", type=int, default=256, help="games stepped together (default 256)")
    parser.add_argument("--lr", type=float, default=0.5, help="learning rate (default 0.5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every draw (default 1)")
    args = parser.parse_args(argv)
    updates, eval_steps = (60, 400) if args.quick else (args.updates, 3000)
    env = VectorEnv("euchre", num_envs=1)
    w = np.zeros((env.single_observation_space["observation"].shape[0], env.single_action_space.n), np.float32)
    before, n0 = win_rate(w, args.games, eval_steps, args.seed + 1000)
    print(f"before: the learner's side won {before:.1%} of {n0} games against masked random")
    start = time.process_time()
    w = train(w, args.games, updates, 32, args.lr, args.seed)
    spent = time.process_time() - start
    after, n1 = win_rate(w, args.games, eval_steps, args.seed + 1000)
    print(f"after {updates} updates ({spent:.0f} s): the learner's side won {after:.1%} of {n1} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
