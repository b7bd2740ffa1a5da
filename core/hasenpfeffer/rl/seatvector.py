"""One seat against compiled bots in N games at once: the vector twin of :class:`~.seat.SeatEnv`.

``SeatVectorEnv(variant, num_envs=256, seat=0, side=False, opponents="greedy", partner=None,
reward="hand", episode="game", max_hands=None, observation="box", autoreset_mode=NEXT_STEP)``
steps ``num_envs`` games of a variant the multi-seat :class:`~.vector.VectorEnv` plays
(:func:`~.vector.refusal`), in compiled code: the learner plays ``seat`` (``side=True``: every
seat of its side) and the compiled ``random``, ``greedy`` or ``learned:FILE`` bot the others
(:mod:`hasenpfeffer.batch.steppolicy_compiled`, the twins of the Python bots: the same seed,
the same games; a learned opponent is a policy file, a frozen copy of a learner, say), ``partner`` the learner's partners (the opponents' bot unless given). Each
``step`` takes one id per game for the learner, and the bots play on in the kernel until the
learner is to decide again (:mod:`hasenpfeffer.batch.seatstep_compiled`). ``seat``, ``side``,
``reward`` (``hand``, ``margin``, ``game``), ``episode`` (``game``, ``hand``) and ``max_hands``
mean what they mean for :class:`~.seat.SeatEnv`; a one-hand episode is a hand of a game that
goes on (the scores carry from hand to hand).

The observation is the adapters' vector, seen from the seat to decide (the learner's):
``observation="box"`` gives ``[N, size]`` float32 (a ``Box``), the legal ids in
``infos["action_mask"]`` and :meth:`~SeatVectorEnv.action_masks`; ``"dict"`` gives
SeatEnv's ``{"observation", "action_mask"}`` (and the same ``infos``). Rewards ``[N]`` float32. A game whose episode
ends starts the next as ``autoreset_mode`` says (``metadata["autoreset_mode"]``): with
Gymnasium's ``NEXT_STEP`` the step returns the last observation (the learner's view of its
last hand, every id allowed) and the next step takes no action for that game but plays on to
the next episode's first decision; with ``SAME_STEP`` it plays on at once, the last
observation in ``infos["final_obs"]``. Both give the episode's ``scores``, ``winner`` (-1:
none) and ``hands`` in ``infos["final_info"]``. Needs numba (the ``fast`` extra). See docs/rl.md.

>>> env = SeatVectorEnv("euchre", num_envs=4, opponents="greedy")
>>> obs, infos = env.reset(seed=1)
>>> obs.shape, infos["action_mask"].shape, env.action_masks().dtype, infos["seat"].tolist()
((4, 636), (4, 59), dtype('bool'), [0, 0, 0, 0])
>>> obs, rewards, terminated, truncated, infos = env.step(env.random_actions())
>>> rewards.shape, rewards.dtype, terminated.shape
((4,), dtype('float32'), (4,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from ..batch import coverage
from ..bots.registry import is_learned
from ..format.loader import load_variant
from ..format.variant import HAND_CAP, Variant
from .defaults import DEFAULT_MAX_HANDS, DEFAULT_VARIANT, EPISODES
from .seat import REWARDS, VECTOR_ID
from .vector import VectorEnv, refusal

BOTS = ("random", "greedy")
"""The built-in bots the kernel plays the other seats with (and learned ones, ``learned:FILE``)."""
OBSERVATIONS = ("box", "dict")
ENV_ID = VECTOR_ID
"""The Gymnasium id: ``gymnasium.make_vec("hasenpfeffer/SeatVector-v0", num_envs=64, variant="euchre")``
(registered by :mod:`.seat`)."""
RECORDED = 4096
"""Decisions a game keeps in its log per step with ``record=True`` (:meth:`SeatVectorEnv.decisions`)."""


class SeatVectorEnv(GymVectorEnv):
    """``num_envs`` games of ``variant``: the learner at ``seat`` (or its side), compiled bots elsewhere."""

    def __init__(
        self,
        variant: str | Variant = DEFAULT_VARIANT,
        num_envs: int = 256,
        seat: int = 0,
        side: bool = False,
        opponents: str = "greedy",
        partner: str | None = None,
        reward: str = "hand",
        episode: str = "game",
        max_hands: int | None = None,
        observation: str = "box",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        record: bool = False,
    ) -> None:
        v = variant if isinstance(variant, Variant) else load_variant(variant)
        why = refusal(v)
        if why is not None:
            raise ValueError(why)
        if not 0 <= seat < v.players:
            raise ValueError(f"seat must be 0 to {v.players - 1}, read {seat}")
        if reward not in REWARDS or episode not in EPISODES:
            raise ValueError(f"reward must be one of {REWARDS} and episode one of {EPISODES}")
        if max_hands is not None and (max_hands < 1 or episode == "hand"):
            raise ValueError("max_hands must be 1 or more, and is for episode='game'")
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {OBSERVATIONS}, read {observation!r}")
        mode = AutoresetMode(autoreset_mode)
        if mode == AutoresetMode.DISABLED:
            raise ValueError("autoreset_mode must be NEXT_STEP or SAME_STEP: a game that ends starts again")
        names = [b.strip() for b in (opponents, opponents if partner is None else partner)]
        other = sorted({b for b in names if b not in BOTS and not is_learned(b)})
        if other:
            raise ValueError(
                "the seat vector environment plays only random, greedy and learned:FILE bots,"
                f" not {', '.join(other)}"
            )
        cap = (max_hands or DEFAULT_MAX_HANDS) if episode == "game" else HAND_CAP
        self.games = games = VectorEnv(v, num_envs=num_envs, max_hands=cap)  # the kernel's arrays and tables
        from ..batch import draws_compiled as dc
        from ..batch import seatstep_compiled as sk
        from ..batch import step_compiled as sc
        from ..batch import steppolicy_compiled as sp
        from ..batch.greedytables import build_greedy
        from ..batch.learnedtables import learned_tables
        from ..batch.phases import layout as ly

        self._sk, self._sp, self._sc, self._dc = sk, sp, sc, dc
        self.variant, self.num_envs, self.seat, self.max_hands = v, num_envs, seat, cap
        self.reward_kind, self.episode, self.observation = reward, episode, observation
        self.metadata = {"autoreset_mode": mode}
        partners = [q for q in range(v.players) if q != seat and v.team_of(q) == v.team_of(seat)]
        self.learner = frozenset([seat, *partners] if side else [seat])
        self.bots = tuple(
            None if q in self.learner else names[1] if q in partners else names[0] for q in range(v.players)
        )
        why = coverage.refusal(v, [b for b in self.bots if b is not None], "the vector environment")
        if why is not None:
            raise ValueError(why)
        tb, a = games.tables, games.a
        a["fobs"] = games.fobs
        self.kt, self.ko, self.ka = ly.tuples(tb, cap, games.at, games.phase_at, games.bid_obs, games.hcol, a)
        self.b = sp.arrays(tb.params, num_envs, games.space.size, RECORDED if record else 0)
        self.b["pol"][:] = [
            sp.GREEDY if b == "greedy" else sp.LEARNED if b is not None and is_learned(b) else sp.RANDOM
            for b in self.bots
        ]
        greedy = build_greedy(v).arrays if "greedy" in self.bots else None
        self.pa = sp.bots(self.b, greedy, learned_tables(v, [b or "random" for b in self.bots]))
        self.e = sk.arrays(num_envs, v.players, games.sides, games.layout.size)
        self.e["cfg"][[sk.C_SEAT, sk.C_HAND, sk.C_REWARD, sk.C_NEXT]] = (
            seat, episode == "hand", REWARDS.index(reward), mode == AutoresetMode.NEXT_STEP
        )  # fmt: skip
        self.e["learner"][sorted(self.learner)] = 1
        self.sv = tuple(self.e[name] for name in sk.EPISODES)
        self.actions = actions = games.space.size
        low, high = games.layout.bounds()
        box = spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32)
        mask = spaces.Box(0, 1, (actions,), dtype=np.int8)
        self.single_observation_space = (
            box if observation == "box" else spaces.Dict({"observation": box, "action_mask": mask})
        )
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(actions)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.seeds = np.zeros(num_envs, dtype=np.uint64)
        self.started = False

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start every game anew (game ``i`` from seed ``(seed << 32) + i``, or from ``seed[i]``
        given one per game; no seed: a random one) and let the bots play to the learner's first
        decision: the observations and ``infos``."""
        n = self.num_envs
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0].item())
        if isinstance(seed, int | np.integer):
            keys = [((int(seed) << 32) + i) % (1 << 64) for i in range(n)]
        else:
            keys = [int(x) % (1 << 64) for x in seed]
            if len(keys) != n:
                raise ValueError(f"reset needs one seed or {n}, one per game, read {len(keys)}")
        self.seeds = np.array(keys, dtype=np.uint64)
        self._sc.seed(self.games.rng_state, (keys[0] + 0x5EED) % (1 << 64))
        self._sk.reset(self.kt, self.ko, self.ka, self.pa, self.sv, self.seeds)
        self.started = True
        obs, infos = self._observe()
        return obs, infos

    def step(
        self, actions: Any
    ) -> tuple[Any, NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """Apply the learner's id in each game (all games unchanged and
        :class:`~hasenpfeffer.rules.actions.IllegalActionError` when one is not legal; ignored in a game whose episode's
        end the last step returned, ``NEXT_STEP``), then the bots' moves up to its next decision."""
        if not self.started:
            raise ValueError("call reset() before step()")
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape[0] != self.num_envs:
            raise ValueError(f"step needs {self.num_envs} action ids, one per game, read {acts.shape[0]}")
        self.games.check_ids(acts, skip=self.e["ep"][:, self._sk.E_WAIT] == 1)
        self._sk.step(self.kt, self.ko, self.ka, self.pa, self.sv, acts)
        obs, infos = self._observe()
        e = self.e
        done = e["done"]
        if done.any():
            ended = done.copy()
            infos["final_info"] = {
                "scores": np.where(ended[:, None], e["fsc"], 0),
                "winner": np.where(ended, e["fwin"], -1),
                "hands": np.where(ended, e["fhands"], 0),
                "_scores": ended,
                "_winner": ended,
                "_hands": ended,
            }
            infos["_final_info"] = ended
            if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP:
                final = np.full(self.num_envs, None, dtype=object)
                none = np.zeros(self.actions, dtype=np.int8)
                for i in np.flatnonzero(ended).tolist():
                    row = e["fo"][i].copy()
                    final[i] = (
                        row if self.observation == "box" else {"observation": row, "action_mask": none.copy()}
                    )
                infos["final_obs"], infos["_final_obs"] = final, ended
        return obs, e["rw"].copy(), e["tm"].copy(), e["tr"].copy(), infos

    def _observe(self) -> tuple[Any, dict[str, Any]]:
        """The observations and the ``infos`` of every game (``seat``: the seat to decide, -1
        where the episode's end is returned)."""
        g = self.games
        self._sk.observe(self.kt, self.ko, self.ka, self.sv, g.obs, g.mask)
        ones = np.ones(self.num_envs, dtype=np.bool_)
        wait = self.e["ep"][:, self._sk.E_WAIT] == 1
        infos: dict[str, Any] = {"seat": np.where(wait, -1, g.to_move), "_seat": ones}
        infos["action_mask"], infos["_action_mask"] = g.mask.copy(), ones.copy()
        if self.observation == "box":
            return g.obs.copy(), infos
        return {"observation": g.obs.copy(), "action_mask": g.mask.copy()}, infos

    def action_masks(self) -> NDArray[np.bool_]:
        """Each game's legal ids as a ``[N, actions]`` boolean mask (sb3-contrib's ``MaskablePPO``
        asks for it)."""
        return np.asarray(self.games.mask == 1)

    def random_actions(self) -> NDArray[np.int64]:
        """A uniformly random legal id for each game (seeded by :meth:`reset`)."""
        return self.games.random_actions()

    def greedy_actions(self) -> NDArray[np.int64]:
        """The id the greedy bot would choose at each game's decision (the learner's), from what
        the learner's seat knows, as :class:`~hasenpfeffer.bots.greedy.GreedyBot` would choose
        from its view: a teacher for the learner. Needs a greedy bot at some seat (``opponents``
        or ``partner``)."""
        if "greedy" not in self.bots:
            raise ValueError("greedy_actions needs a greedy bot at the table: opponents or partner 'greedy'")
        out = np.zeros(self.num_envs, dtype=np.int64)
        self._sp.advise(self.kt, self.ka, self.pa, out)
        return out

    @property
    def scores(self) -> NDArray[np.int64]:
        """Each game's scores by side."""
        return self.games.scores

    @property
    def game_counts(self) -> NDArray[np.int64]:
        """How many games each of the ``num_envs`` has started since the reset (1: its first)."""
        return np.asarray(self.games.a["st"][:, self._dc.V_GAMES].astype(np.int64))

    def decisions(self, game: int) -> list[tuple[int, int, int]]:
        """The decisions game ``game`` took in the last :meth:`reset` or :meth:`step`, every
        seat's, in order: (seat, id, how many games it had started); a row of seat -1 marks the
        end of the learner's episode (id 1 terminated, 0 truncated). Kept with ``record=True``."""
        log, count = self.b["log"], int(self.b["ln"][game])
        if count > log.shape[1]:
            raise ValueError(
                f"game {game} took {count} decisions, more than the {log.shape[1]} kept (record=True)"
            )
        return [(int(s), int(x), int(c)) for s, x, c in log[game, :count].tolist()]
