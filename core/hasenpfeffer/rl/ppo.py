"""The learning step of ``hasenpfeffer train``: masked PPO in JAX (the ``learn`` extra).

Two tanh networks read the observation: the *policy* scores every action id (illegal ids are
set to -1e9 before the softmax), the *value* estimates the hand's margin. A batch of decisions,
each with the margin its hand ended with (scaled to about [-1, 1]), updates both with the clipped
PPO objective (CleanRL's recipe: advantages normalised per minibatch, an entropy bonus, the
gradient's norm clipped, Adam from optax). The weights go to and from a
:class:`~hasenpfeffer.bots.learned.Policy`, which plays them in numpy without JAX.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from ..bots.learned import Policy

Params = dict[str, list[tuple[Any, Any]]]
"""The networks' weights: ``{"policy": [(w, b), ...], "value": [...]}``."""


@dataclass(frozen=True)
class Hyper:
    """PPO's settings."""

    lr: float = 3e-4
    clip: float = 0.2
    value_coef: float = 0.5
    entropy: float = 0.01
    max_grad_norm: float = 0.5


def params_of(policy: Policy) -> Params:
    """A policy's weights as JAX arrays."""
    return {
        net: [(jnp.asarray(w), jnp.asarray(b)) for w, b in getattr(policy, net)]
        for net in ("policy", "value")
    }


def policy_of(params: Params, header: dict[str, Any], extra: dict[str, Any] | None = None) -> Policy:
    """JAX weights back into a :class:`Policy`."""

    def layers(net: str) -> tuple[tuple[Any, Any], ...]:
        return tuple((np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in params[net])

    return Policy(header, layers("policy"), layers("value"), dict(extra or {}))


def _mlp(layers: list[tuple[Any, Any]], x: Any) -> Any:
    for w, b in layers[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = layers[-1]
    return x @ w + b


def masked_logits(params: Params, obs: Any, mask: Any) -> Any:
    """The policy's scores of a batch, illegal ids at -1e9."""
    return jnp.where(mask > 0, _mlp(params["policy"], obs), -1e9)


def forward(params: Params, obs: Any, mask: Any) -> tuple[Any, Any]:
    """Masked logits and values of a batch."""
    return masked_logits(params, obs, mask), _mlp(params["value"], obs)[..., 0]


@jax.jit
def act(params: Params, obs: Any, mask: Any, key: Any) -> tuple[Any, Any, Any]:
    """A sampled legal id per row, its log-probability and the value."""
    logits, value = forward(params, obs, mask)
    action = jax.random.categorical(key, logits)
    logp = jax.nn.log_softmax(logits)[jnp.arange(action.shape[0]), action]
    return action, logp, value


@jax.jit
def best(params: Params, obs: Any, mask: Any) -> Any:
    """The legal id of highest score per row (the learned bot's choice)."""
    return jnp.argmax(masked_logits(params, obs, mask), axis=-1)


def loss(params: Params, batch: tuple[Any, ...], hyper: Hyper) -> Any:
    """PPO's clipped objective, the value's squared error and the entropy bonus."""
    obs, mask, actions, old_logp, old_value, returns = batch
    logits, value = forward(params, obs, mask)
    logall = jax.nn.log_softmax(logits)
    logp = logall[jnp.arange(actions.shape[0]), actions]
    ratio = jnp.exp(logp - old_logp)
    adv = returns - old_value
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - hyper.clip, 1 + hyper.clip) * adv).mean()
    probs = jnp.exp(logall)
    entropy = -jnp.sum(jnp.where(mask > 0, probs * logall, 0.0), axis=-1).mean()
    return pg + hyper.value_coef * ((value - returns) ** 2).mean() - hyper.entropy * entropy


def imitation_loss(params: Params, batch: tuple[Any, ...], hyper: Hyper) -> Any:
    """The teacher's ids' negative log-likelihood and the value's squared error (the
    ``actions`` of the batch are the teacher's)."""
    obs, mask, actions, _, _, returns = batch
    logits, value = forward(params, obs, mask)
    logp = jax.nn.log_softmax(logits)[jnp.arange(actions.shape[0]), actions]
    return -logp.mean() + hyper.value_coef * ((value - returns) ** 2).mean()


class Learner:
    """The networks, Adam's state and a jitted update."""

    def __init__(self, policy: Policy, hyper: Hyper) -> None:
        self.hyper = hyper
        self.params = params_of(policy)
        self.opt = optax.chain(optax.clip_by_global_norm(hyper.max_grad_norm), optax.adam(hyper.lr, eps=1e-5))
        self.state = self.opt.init(self.params)
        saved = [policy.extra[k] for k in sorted(policy.extra, key=_order) if k.startswith("opt.")]
        if saved:  # resume: Adam's moments and count, saved leaf by leaf
            leaves, tree = jax.tree_util.tree_flatten(self.state)
            if len(saved) != len(leaves) or any(
                s.shape != np.shape(x) for s, x in zip(saved, leaves, strict=True)
            ):
                raise ValueError("the saved optimizer state does not fit these networks")
            self.state = jax.tree_util.tree_unflatten(tree, [jnp.asarray(s) for s in saved])

        def step(objective: Any) -> Any:
            def update(params: Params, state: Any, batch: tuple[Any, ...]) -> tuple[Params, Any, Any]:
                value, grads = jax.value_and_grad(objective)(params, batch, hyper)
                changes, state = self.opt.update(grads, state, params)
                return optax.apply_updates(params, changes), state, value

            return jax.jit(update)

        self._updates = {"ppo": step(loss), "imitate": step(imitation_loss)}

    def update(self, batch: tuple[Any, ...], kind: str = "ppo") -> float:
        """One gradient step on a minibatch (``kind``: ``ppo``, or ``imitate`` the batch's ids);
        the loss before it."""
        self.params, self.state, value = self._updates[kind](self.params, self.state, batch)
        return float(value)

    def optimizer_arrays(self) -> dict[str, Any]:
        """Adam's state as named arrays, to save beside the weights."""
        leaves = jax.tree_util.tree_leaves(self.state)
        return {f"opt.{i}": np.asarray(x) for i, x in enumerate(leaves)}


def _order(name: str) -> tuple[str, int]:
    head, _, tail = name.rpartition(".")
    return (head, int(tail)) if tail.isdigit() else (name, -1)
