"""N games stepped together in compiled code: a Gymnasium vector environment.

:class:`VectorEnv` keeps ``num_envs`` games of a variant the compiled engine covers (every
built-in and every house rule: docs/rl.md) in
numpy arrays and steps them all at once with the numba kernel
:mod:`hasenpfeffer.batch.step_compiled`: one action id per game, for the seat to move in it.
Observations are the single-game adapters' vector (:mod:`.layout`), written in compiled code,
seen from the seat to move; rewards are, per seat, the score change of its side in the hand
that ended at that step (0 otherwise); a game that ends (won: terminated; at ``max_hands``
hands: truncated) starts again in the same step (Gymnasium's ``SAME_STEP`` autoreset), its
last observation and scores in ``infos``. Needs numba (the
``fast`` extra) and Gymnasium (the ``rl`` extra). See docs/rl.md.

>>> env = VectorEnv("euchre", num_envs=4)
>>> obs, infos = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, infos["to_move"].shape
((4, 636), (4, 59), (4,))
>>> obs, rewards, terminated, truncated, infos = env.step(env.random_actions())
>>> rewards.shape, terminated.shape
((4, 4), (4,))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorRewardWrapper
from gymnasium.vector import VectorEnv as GymVectorEnv
from numpy.typing import NDArray

from .. import accel
from ..batch import coverage
from ..batch.tables import build
from ..batch.viewtables import view_tables
from ..format.loader import load_variant
from ..format.variant import HAND_CAP, Variant
from ..observe.layout import layout
from ..rules.actions import IllegalActionError
from ..rules.actionspace import action_space
from ..rules.ruleset import compile_variant


def refusal(variant: Variant) -> str | None:
    """One line saying why :class:`VectorEnv` does not play ``variant``, or None (what the
    stepped kernel plays is declared in :data:`hasenpfeffer.batch.coverage.MECHANISMS`).

    >>> refusal(load_variant("euchre")) is None
    True
    >>> refusal(load_variant("examples/house-rules/two-handed-euchre-dummy.yaml")) is None
    True
    >>> refusal(load_variant("examples/house-rules/five-handed-call-your-partner.yaml")) is None
    True
    >>> refusal(Variant(name="x", pack={"jokers": 2}, deal={"kitty": {"size": 6}}))
    'the vector environment does not cover pack.jokers'
    """
    return coverage.refusal(variant, who="the vector environment")


class VectorEnv(GymVectorEnv):
    """``num_envs`` games of ``variant`` (a built-in name, a path or a :class:`Variant`)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self, variant: str | Variant = "euchre", num_envs: int = 256, max_hands: int = HAND_CAP
    ) -> None:
        self.variant = variant if isinstance(variant, Variant) else load_variant(variant)
        why = refusal(self.variant)
        if why is not None:
            raise ValueError(why)
        if num_envs < 1 or max_hands < 1:
            raise ValueError("num_envs and max_hands must be 1 or more")
        accel.require("the vector environment")
        from ..batch import freshcache

        freshcache.once()  # before numba loads the kernel from its cache
        from ..batch import step_compiled as kernel
        from ..batch import view_compiled as view
        from ..batch.phases import layout as ly

        self._k, self._view, self._ly = kernel, view, ly
        self.num_envs, self.max_hands = num_envs, max_hands
        self.tables = tb = build(self.variant)
        self.space = action_space(self.variant)
        self.layout = lay = layout(self.variant)
        self.seats, self.sides = self.variant.players, len(self.variant.teams)
        size, actions = lay.size, self.space.size
        vt = view_tables(self.variant)
        self.at, self.phase_at, self.bid_obs, self.hcol = vt.at, vt.phase_at, vt.bid_obs, vt.hcol
        self.a = ly.arrays(tb.params, num_envs, actions, vt.slots)
        self.fobs = np.zeros((num_envs, size), dtype=np.float32)
        self.obs = np.zeros((num_envs, size), dtype=np.float32)
        self.mask = np.zeros((num_envs, actions), dtype=np.int8)
        self.names = compile_variant(self.variant).names
        low, high = lay.bounds()
        box = spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32)
        self.single_observation_space = spaces.Dict(
            {"observation": box, "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8)}
        )
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    np.tile(box.low, (num_envs, 1)), np.tile(box.high, (num_envs, 1)), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (num_envs, actions), dtype=np.int8),
            }
        )
        self.action_space = spaces.MultiDiscrete([actions] * num_envs)
        self.rng_state = np.zeros(2, dtype=np.uint64)
        self.started = False

    def _tables(self) -> tuple[Any, ...]:
        tb = self.tables
        return (
            tb.params,
            tb.failure_multiplier,
            tb.deck,
            tb.eff,
            tb.key,
            tb.suit_of,
            tb.trump_ids,
            tb.bids,
            tb.points,
        )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        """Start every game anew (game ``i`` from seed ``(seed << 32) + i``; no seed: a random
        one); the first observations and ``infos`` (``to_move``)."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        seeds = np.array([((seed << 32) + i) % (1 << 64) for i in range(self.num_envs)], dtype=np.uint64)
        self._k.seed(self.rng_state, (seed + 0x5EED) % (1 << 64))
        a, tb = self.a, self.tables
        self._k.reset(
            tb.params, tb.deck, tb.suit_of, tb.eff, tb.trump_ids, seeds, a["s"], a["st"], a["hand"], a["cnt"],
            a["kitty"], a["pv"], a["scores"], a["legal"], a["k"], a["dbuf"], a["dn"], a["rew"], a["term"],
            a["trunc"], a["fin"], tb.failure_multiplier, tb.bids, tb.points, self.max_hands, self.at,
            self.phase_at, self.fobs, a["hend"], self.bid_obs, self.hcol, a["hist"],
        )  # fmt: skip
        self.started = True
        return self._observations(), {"to_move": a["s"][:, self._ly.S_SEAT].copy()}

    def step(
        self, actions: Any
    ) -> tuple[
        dict[str, NDArray[Any]], NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
    ]:
        """Apply one action id per game for its seat to move (all games unchanged and
        :class:`IllegalActionError` when one is not legal): observations, rewards by seat,
        terminations, truncations, ``infos``."""
        if not self.started:
            raise ValueError("call reset() before step()")
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape[0] != self.num_envs:
            raise ValueError(f"step needs {self.num_envs} action ids, one per game, read {acts.shape[0]}")
        self.check_ids(acts)
        a, k = self.a, self._k
        p, fmult, deck, eff, key, suit_of, trump_ids, bids, points = self._tables()
        k.step(
            p, fmult, deck, eff, key, suit_of, trump_ids, bids, points, self.max_hands, acts, a["s"], a["st"],
            a["hand"], a["cnt"], a["kitty"], a["pv"], a["scores"], a["legal"], a["k"], a["dbuf"], a["dn"],
            a["rew"], a["term"], a["trunc"], a["fin"], self.at, self.phase_at, self.fobs, a["hend"],
            self.bid_obs, self.hcol, a["hist"],
        )  # fmt: skip
        obs = self._observations()
        term, trunc = a["term"].copy(), a["trunc"].copy()
        infos: dict[str, Any] = {
            "to_move": a["s"][:, self._ly.S_SEAT].copy(),
            "hands_ended": a["hend"].copy(),
        }
        ended = term | trunc
        if ended.any():
            fin = a["fin"]
            infos["_final_obs"] = infos["_final_info"] = ended
            infos["final_obs"] = {"observation": np.where(ended[:, None], self.fobs, 0)}
            infos["final_info"] = {
                "scores": np.where(ended[:, None], fin[:, 2:], 0),
                "winner": np.where(ended, fin[:, 0], -1),
                "hands": np.where(ended, fin[:, 1], 0),
            }
        return obs, a["rew"].copy(), term, trunc, infos

    def check_ids(self, acts: NDArray[np.int64], skip: NDArray[np.bool_] | None = None) -> None:
        """Raise :class:`IllegalActionError`, naming the legal actions, for the first game whose id
        in ``acts`` is not legal for its seat to move (games where ``skip`` is set are not looked at)."""
        inside = (acts >= 0) & (acts < self.space.size)
        if skip is not None:
            inside &= ~skip
        ok = inside.copy()
        ok[inside] = self.mask[np.flatnonzero(inside), acts[inside]] == 1
        if skip is not None:
            ok |= skip
        if not ok.all():
            g = int(np.flatnonzero(~ok)[0])
            seat = int(self.a["s"][g, self._ly.S_SEAT])
            legal = [self.space.decode(int(i), seat) for i in np.flatnonzero(self.mask[g])]
            raise IllegalActionError(f"action id {int(acts[g])}", seat, legal, f"game {g}: not a legal id")

    def _observations(self) -> dict[str, NDArray[Any]]:
        a = self.a
        self._view.observe(
            self.tables.params, self.at, self.phase_at, self.bid_obs, self.hcol, a["hist"], a["s"], a["hand"],
            a["cnt"], a["kitty"], a["pv"], a["scores"], a["legal"], a["k"], self.obs, self.mask,
        )  # fmt: skip
        return {"observation": self.obs.copy(), "action_mask": self.mask.copy()}

    def random_actions(self) -> NDArray[np.int64]:
        """A uniformly random legal id for each game (seeded by :meth:`reset`)."""
        out = np.zeros(self.num_envs, dtype=np.int64)
        self._k.sample(self.rng_state, self.a["legal"], self.a["k"], out)
        return out

    @property
    def to_move(self) -> NDArray[np.int64]:
        """The seat to move in each game."""
        return np.asarray(self.a["s"][:, self._ly.S_SEAT].copy())

    @property
    def scores(self) -> NDArray[np.int64]:
        """Each game's scores by side."""
        return np.asarray(self.a["scores"].copy())

    def deals(self, game: int) -> list[dict[str, Any]]:
        """The deals game ``game`` was dealt in the last :meth:`reset` or :meth:`step`, in order
        (``dealer``, ``hands`` by seat, ``widow`` with the turned card first, ``new``: the first
        hand of a game), as ``Game(deal=...)`` takes them (the last ones kept)."""
        a, ly = self.a, self._ly
        sizes, ks = self.variant.dealt_sizes, self.variant.deal.kitty.size  # a dummy's own hand size
        count = int(a["dn"][game])
        kept = a["dbuf"].shape[1]
        out = []
        for i in range(max(0, count - kept), count):
            row = a["dbuf"][game, i % kept]
            at = ly.D_CARDS
            hands = []
            for size in sizes:
                hands.append([self.names[int(c)] for c in sorted(row[at : at + size])])
                at += size
            widow = [self.names[int(c)] for c in row[at : at + ks]]
            out.append(
                {"dealer": int(row[ly.D_DEALER]), "hands": hands, "widow": widow, "new": bool(row[ly.D_NEW])}
            )
        return out


class SeatRewards(VectorRewardWrapper):
    """One seat's column of a multi-seat vector environment's rewards: ``[N]`` instead of
    ``[N, seats]``, for the wrappers that want a reward per game (``RecordEpisodeStatistics``,
    ``NormalizeReward``). Nothing else changes: each step still takes one id per game for the
    seat to move in it, whichever it is (``infos["to_move"]``), so the caller plays the other
    seats too, and an episode is a game, every seat's decisions counted in its length.

    >>> from gymnasium.wrappers.vector import RecordEpisodeStatistics
    >>> env = RecordEpisodeStatistics(SeatRewards(VectorEnv("euchre", num_envs=4), seat=0))
    >>> _ = env.reset(seed=1)
    >>> env.step(env.unwrapped.random_actions())[1].shape
    (4,)
    """

    def __init__(self, env: GymVectorEnv, seat: int) -> None:
        super().__init__(env)
        self.seat = seat

    def rewards(self, rewards: Any) -> Any:
        """The seat's column."""
        return rewards[:, self.seat]
