"""Masked PPO (CleanRL's recipe, in JAX) on one side of a variant against the greedy bot.

    python examples/rl/seat_ppo.py                 # euchre, about 3 minutes on a CPU
    python examples/rl/seat_ppo.py --quick         # seconds: a smoke test

The learner plays both partners of side 0 (``SeatEnv(side=True)``) against ``greedy`` at the
other two seats; each episode is a hand, rewarded by the side's points less the other side's
(``reward="margin"``). A small MLP gives masked logits (illegal ids at -1e9) and a value;
PPO with GAE, clipped ratio and entropy bonus, Adam from optax. Before and after training it
plays whole games (``episode="game"``) with the policy's most likely legal id and prints the
share the learner's side won. Needs the ``rl`` and ``learn`` extras
(``pip install '.[rl,learn]'``: jax for the CPU and optax).
"""

from __future__ import annotations

import argparse
import time

import jax
import jax.numpy as jnp
import numpy as np
import optax

from hasenpfeffer.rl.seat import SeatEnv


def init(key, sizes):
    """An MLP's weights: orthogonal-ish normal init scaled by fan-in."""
    params = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (a, b)) * np.sqrt(2.0 / a), jnp.zeros(b)))
    return params


def mlp(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def forward(params, obs, mask):
    """Masked logits and values."""
    logits = mlp(params["pi"], obs)
    return jnp.where(mask > 0, logits, -1e9), mlp(params["v"], obs)[..., 0]


@jax.jit
def act(params, obs, mask, key):
    logits, value = forward(params, obs, mask)
    action = jax.random.categorical(key, logits)
    logp = jax.nn.log_softmax(logits)[jnp.arange(action.shape[0]), action]
    return action, logp, value


@jax.jit
def best(params, obs, mask):
    return jnp.argmax(forward(params, obs, mask)[0], axis=-1)


def loss(params, obs, mask, actions, old_logp, adv, returns, clip=0.2, vf=0.5, ent=0.01):
    logits, value = forward(params, obs, mask)
    logall = jax.nn.log_softmax(logits)
    logp = logall[jnp.arange(actions.shape[0]), actions]
    ratio = jnp.exp(logp - old_logp)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - clip, 1 + clip) * adv).mean()
    probs = jnp.exp(logall)
    entropy = -jnp.sum(jnp.where(mask > 0, probs * logall, 0.0), axis=-1).mean()
    return pg + vf * ((value - returns) ** 2).mean() - ent * entropy


def win_rate(params, variant, games, seed):
    """Whole games of the policy's side (its most likely legal id) against greedy: the share won."""
    env = SeatEnv(variant, side=True, opponents="greedy", episode="game", reward="game")
    won = 0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        while True:
            a = int(best(params, obs["observation"][None], obs["action_mask"][None])[0])
            obs, reward, terminated, truncated, info = env.step(a)
            if terminated or truncated:
                won += reward > 0
                break
    return won / games


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant", nargs="?", default="euchre")
    p.add_argument("--envs", type=int, default=16)
    p.add_argument("--steps", type=int, default=64, help="steps per env per update")
    p.add_argument("--updates", type=int, default=300)
    p.add_argument("--games", type=int, default=200, help="games to measure the win rate")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="4 updates, 10 games: seconds")
    args = p.parse_args()
    if args.quick:
        args.envs, args.steps, args.updates, args.games = 4, 16, 4, 10
    envs = [SeatEnv(args.variant, side=True, opponents="greedy", episode="hand", reward="margin") for _ in range(args.envs)]
    size = envs[0].observation_space["observation"].shape[0]
    n_actions = int(envs[0].action_space.n)
    key = jax.random.PRNGKey(args.seed)
    k1, k2, key = jax.random.split(key, 3)
    params = {"pi": init(k1, [size, 128, 128, n_actions]), "v": init(k2, [size, 128, 128, 1])}
    params["pi"][-1] = (params["pi"][-1][0] * 0.01, params["pi"][-1][1])
    opt = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(2.5e-4, eps=1e-5))
    state = opt.init(params)

    @jax.jit
    def update(params, state, batch):
        value, g = jax.value_and_grad(loss)(params, *batch)
        changes, state = opt.update(g, state, params)
        return optax.apply_updates(params, changes), state, value

    eval_seed = 10_000 + args.seed
    t0 = time.process_time()
    before = win_rate(params, args.variant, args.games, eval_seed)
    print(f"{args.variant}: before training, the learner's side won {before:.1%} of {args.games} games against greedy")

    obs = [e.reset(seed=args.seed * 1000 + i)[0] for i, e in enumerate(envs)]
    gamma, lam, epochs, minibatches = 1.0, 0.95, 4, 4
    steps_done, start = 0, time.process_time()
    for u in range(args.updates):
        O = np.zeros((args.steps, args.envs, size), np.float32)
        M = np.zeros((args.steps, args.envs, n_actions), np.int8)
        A = np.zeros((args.steps, args.envs), np.int64)
        L = np.zeros((args.steps, args.envs), np.float32)
        V = np.zeros((args.steps + 1, args.envs), np.float32)
        R = np.zeros((args.steps, args.envs), np.float32)
        D = np.zeros((args.steps, args.envs), np.float32)
        for t in range(args.steps):
            O[t] = np.stack([o["observation"] for o in obs])
            M[t] = np.stack([o["action_mask"] for o in obs])
            key, sub = jax.random.split(key)
            a, logp, v = act(params, O[t], M[t], sub)
            A[t], L[t], V[t] = np.asarray(a), np.asarray(logp), np.asarray(v)
            for i, e in enumerate(envs):
                o, r, term, trunc, _ = e.step(int(A[t, i]))
                R[t, i], D[t, i] = r, float(term or trunc)
                obs[i] = e.reset()[0] if term or trunc else o
        last = np.stack([o["observation"] for o in obs]), np.stack([o["action_mask"] for o in obs])
        V[-1] = np.asarray(forward(params, *last)[1])
        adv = np.zeros_like(R)
        gae = np.zeros(args.envs, np.float32)
        for t in reversed(range(args.steps)):
            nonterminal = 1.0 - D[t]
            delta = R[t] + gamma * V[t + 1] * nonterminal - V[t]
            gae = delta + gamma * lam * nonterminal * gae
            adv[t] = gae
        returns = adv + V[:-1]
        flat = lambda x: x.reshape(args.steps * args.envs, *x.shape[2:])
        data = [flat(O), flat(M), flat(A), flat(L), flat(adv), flat(returns)]
        n = len(data[0])
        for _ in range(epochs):
            order = np.random.default_rng(u).permutation(n)
            for chunk in np.array_split(order, minibatches):
                params, state, value = update(params, state, [x[chunk] for x in data])
        steps_done += n
        if (u + 1) % max(1, args.updates // 10) == 0:
            rate = steps_done / (time.process_time() - start)
            print(f"update {u + 1}/{args.updates}: {steps_done} steps, mean reward a step {R.mean():+.3f}, {rate:.0f} steps/s")
    after = win_rate(params, args.variant, args.games, eval_seed)
    print(
        f"{args.variant}: the learner's side won {before:.1%} of {args.games} games against greedy before "
        f"training and {after:.1%} after {steps_done} steps ({time.process_time() - t0:.0f} s)"
    )


if __name__ == "__main__":
    main()
