"""Decisions to learn from, gathered in compiled games: each with the margin its hand ended
with, or (``reward="game"``) the result of its game.

Two sources feed one :class:`Buffer`, both stepping N games at once in the kernel:

- :class:`SelfPlay` (:class:`~.vector.VectorEnv`): the policy plays every seat, and each seat's
  decisions are credited with its side's score change in the hand less the mean of the other
  sides' (the margin);
- :class:`Versus` (:class:`~.seatvector.SeatVectorEnv`): the policy plays one side against a
  compiled bot (``greedy`` or ``random``), each hand an episode rewarded by that margin.

With ``reward="game"`` every decision is credited instead with its game's end: 1 where its
side won, -1 where another side did, 0 for a game stopped at the cap of hands (the objective
a race to a target rewards; the margin rewards points, which a house rule may price apart).

A decision's return is known only when its hand (or game) ends, so the buffer keeps each game's
open decisions aside and releases them, a margin scaled by the variant's largest hand score,
once it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode

from ..format.variant import Variant
from ..observe.bounds import hand_points
from .seatvector import SeatVectorEnv
from .vector import VectorEnv

Act = Callable[[Any, Any], tuple[Any, Any, Any]]
"""The policy's move for a batch: ``(obs, mask) -> (ids, log-probabilities, values)``."""


def scale_of(variant: Variant) -> float:
    """The largest score change of one side in a hand: margins are divided by it."""
    low, high = hand_points(variant)
    return float(max(1, -low, high))


class Buffer:
    """Finished decisions, ready to learn from: arrays grown as they come."""

    def __init__(self) -> None:
        self.parts: list[tuple[Any, ...]] = []
        self.count = 0

    def add(self, obs: Any, mask: Any, ids: Any, logp: Any, value: Any, ret: Any) -> None:
        """Finished decisions, row by row."""
        if len(ids):
            self.parts.append((obs, mask, ids, logp, value, ret))
            self.count += len(ids)

    def take(self) -> tuple[Any, ...]:
        """Every decision gathered (and an empty buffer)."""
        cols = tuple(np.concatenate([p[i] for p in self.parts]) for i in range(6))
        self.parts, self.count = [], 0
        return cols


class _Open:
    """The decisions of hands not yet ended, per game."""

    def __init__(self, games: int, size: int, actions: int, cap: int) -> None:
        self.obs = np.zeros((cap, size), np.float32)
        self.mask = np.zeros((cap, actions), np.int8)
        self.cols = np.zeros((cap, 4), np.float32)  # id, logp, value, seat
        self.game = np.full(cap, -1, np.int64)
        self.n = 0

    def push(self, obs: Any, mask: Any, ids: Any, logp: Any, value: Any, seat: Any, live: Any) -> None:
        rows = np.flatnonzero(live)
        k = len(rows)
        if self.n + k > len(self.game):
            self._grow(self.n + k)
        s = slice(self.n, self.n + k)
        self.obs[s], self.mask[s] = obs[rows], mask[rows]
        self.cols[s, 0], self.cols[s, 1], self.cols[s, 2], self.cols[s, 3] = (
            ids[rows],
            logp[rows],
            value[rows],
            seat[rows],
        )
        self.game[s] = rows
        self.n += k

    def close(self, ended: Any, margin: Callable[[Any, Any], Any], buffer: Buffer) -> None:
        """Release the decisions of games whose hand ended, with their margins."""
        n = self.n
        done = ended[self.game[:n]]
        if not done.any():
            return
        idx = np.flatnonzero(done)
        g, seat = self.game[idx], self.cols[idx, 3].astype(np.int64)
        ret = margin(g, seat).astype(np.float32)
        buffer.add(
            self.obs[idx],
            self.mask[idx],
            self.cols[idx, 0].astype(np.int64),
            self.cols[idx, 1],
            self.cols[idx, 2],
            ret,
        )
        keep = np.flatnonzero(~done)
        k = len(keep)
        self.obs[:k], self.mask[:k], self.cols[:k], self.game[:k] = (
            self.obs[keep],
            self.mask[keep],
            self.cols[keep],
            self.game[keep],
        )
        self.n = k

    def _grow(self, need: int) -> None:
        cap = max(need, 2 * len(self.game))
        for name in ("obs", "mask", "cols", "game"):
            old = getattr(self, name)
            new = np.zeros((cap, *old.shape[1:]), old.dtype) if name != "game" else np.full(cap, -1, np.int64)
            new[: self.n] = old[: self.n]
            setattr(self, name, new)


REWARDS = ("hand", "game")
"""What a decision is credited with: its hand's margin, or its game's result."""


class SelfPlay:
    """The policy at every seat of ``games`` games."""

    def __init__(
        self, variant: Variant, games: int, seed: int, max_hands: int = 100, reward: str = "hand"
    ) -> None:
        self.env = VectorEnv(variant, num_envs=games, max_hands=max_hands)
        self.reward = reward
        self.side = np.array([variant.team_of(s) for s in range(variant.players)], np.int64)
        self.scale = scale_of(variant)
        n = variant.players
        reps = [team[0] for team in variant.teams]
        side = [variant.team_of(s) for s in range(n)]
        # margin[:, s] = (reward of s) - (mean reward of the other sides), one matrix product
        m = np.zeros((n, n), np.float32)
        for s in range(n):
            m[s, s] += 1.0
            others = [r for r in reps if side[r] != side[s]]
            for r in others:
                m[r, s] -= 1.0 / len(others)
        self.matrix = m
        size, actions = self.env.layout.size, self.env.space.size
        self.open = _Open(games, size, actions, games * 8)
        obs, info = self.env.reset(seed=seed)
        self.obs, self.seat = obs, info["to_move"]
        self.games = 0

    def step(self, act: Act, buffer: Buffer, teacher: bool = False) -> None:
        """One decision in every game, the policy's at every seat (``teacher`` is for
        :class:`Versus`)."""
        o, m = self.obs["observation"], self.obs["action_mask"]
        ids, logp, value = act(o, m)
        self.open.push(o, m, ids, logp, value, self.seat, np.ones(len(ids), bool))
        self.obs, rewards, term, trunc, info = self.env.step(ids)
        self.seat = info["to_move"]
        ended = term | trunc
        self.games += int(ended.sum())
        if self.reward == "game":
            if ended.any():
                winner = info["final_info"]["winner"]
                self.open.close(ended, lambda g, s: result(winner[g], self.side[s]), buffer)
            return
        margins = rewards @ self.matrix / self.scale
        self.open.close(info["hands_ended"] > 0, lambda g, s: margins[g, s], buffer)


def result(winner: Any, side: Any) -> Any:
    """A game's end for a side: 1 won, -1 lost, 0 with no winner (``winner`` -1), by row.

    >>> result(np.array([0, 1, -1]), np.array([0, 0, 0])).tolist()
    [1.0, -1.0, 0.0]
    """
    return np.where(winner < 0, 0.0, np.where(winner == side, 1.0, -1.0))


class Versus:
    """The policy at one side of ``games`` games against a compiled bot, a hand an episode (a
    game, with ``reward="game"``)."""

    def __init__(
        self, variant: Variant, games: int, seed: int, opponents: str, seat: int = 0, reward: str = "hand"
    ) -> None:
        game = reward == "game"
        self.env = SeatVectorEnv(
            variant, num_envs=games, seat=seat, side=True, opponents=opponents,
            reward="game" if game else "margin", episode="game" if game else "hand",
            autoreset_mode=AutoresetMode.SAME_STEP,
        )  # fmt: skip
        self.scale = 1.0 if game else scale_of(variant)
        games_env = self.env.games  # the multi-seat environment beneath: its layout and actions
        self.open = _Open(games, games_env.layout.size, games_env.space.size, games * 8)
        self.obs, info = self.env.reset(seed=seed)
        self.mask = info["action_mask"]
        self.games = 0

    def step(self, act: Act, buffer: Buffer, teacher: bool = False) -> None:
        """One decision in every game: the policy's, or with ``teacher`` the greedy bot's."""
        o, m = self.obs, self.mask
        ids, logp, value = act(o, m)
        if teacher:
            ids = self.env.greedy_actions()
        n = len(ids)
        self.open.push(o, m, ids, logp, value, np.zeros(n), np.ones(n, bool))
        self.obs, rewards, term, trunc, info = self.env.step(ids)
        self.mask = info["action_mask"]
        ended = term | trunc
        self.games += int(ended.sum())
        r = rewards / self.scale
        self.open.close(ended, lambda g, s: r[g], buffer)


def sources(
    variant: Variant, opponents: list[str], games: int, seed: int, reward: str = "hand"
) -> list[SelfPlay | Versus]:
    """One source per opponent named (``self``, ``greedy``, ``random``, ``learned:FILE``;
    ``teacher``: the greedy bot at every seat, the learner's side choosing as it advises), ``games`` games each, the
    sides of the bots' games alternating between sources, each decision credited as ``reward``
    says (:data:`REWARDS`)."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, read {reward!r}")
    out: list[SelfPlay | Versus] = []
    for i, who in enumerate(opponents):
        sub = (seed << 8) + i
        if who == "self":
            out.append(SelfPlay(variant, games, sub, reward=reward))
        else:
            bot = "greedy" if who == "teacher" else who
            out.append(Versus(variant, games, sub, bot, seat=i % len(variant.teams), reward=reward))
    return out
