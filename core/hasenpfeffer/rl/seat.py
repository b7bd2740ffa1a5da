"""One seat of any variant against bots, as a plain Gymnasium environment.

``SeatEnv(variant, seat=0, side=False, opponents="greedy", partner=None, reward="hand",
episode="game", max_hands=None, render_mode=None)``: the learner plays ``seat`` (with
``side=True`` every seat of its side: both partners), bots of the registry
(:func:`~hasenpfeffer.bots.registry.load_bot`: ``random``, ``greedy``, ``mc``, ``pimc``, or
``package.module:Class``) the others; ``partner`` is the bot of the learner's partners, the
opponents' by default. Between two of the learner's decisions the bots play.

An observation is ``{"observation": float32, "action_mask": int8}``, the adapters' own
(:mod:`~hasenpfeffer.observe.layout`), seen by the seat to decide (a dummy the learner plays from
its own seat, as bots see it). Actions are the variant's ids (``Discrete``). The reward is a
float: ``hand``, the learner's side's score change when a hand ends; ``margin``, that less
the mean of the other sides' changes; ``game``, +1 when the learner's side wins the game, -1
when another does, 0 otherwise. ``episode="game"`` plays a game (truncated after
``max_hands`` hands, 100 by default); ``episode="hand"`` one hand in which the learner
decides. ``info`` holds ``seat`` (the seat to decide), ``legal_ids``, ``hands`` (the
:class:`~hasenpfeffer.engine.events.HandResult` of the hands the step finished), ``scores``
and ``winner``. An illegal id raises :class:`~hasenpfeffer.rules.actions.IllegalActionError`
naming the legal actions, and changes nothing; with ``illegal="random"`` a legal id drawn at
random (from the seeded ``np_random``) is taken instead, which is what Gymnasium's
``check_env`` needs: it steps ``action_space.sample()``, drawn before the reset it follows.

>>> env = SeatEnv("euchre", opponents="random", episode="hand")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, env.action_space, info["seat"], info["legal_ids"]
((636,), Discrete(59), 0, [48, 57, 58])
>>> done = False
>>> while not done:
...     obs, reward, terminated, truncated, info = env.step(info["legal_ids"][0])
...     done = terminated or truncated
>>> reward == info["hands"][0].score_change[0], info["seat"], int(obs["action_mask"].sum())
(True, None, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots.registry import Bot, load_bot
from ..engine.events import HandResult, HandScored
from ..engine.game import Game
from ..format.loader import load_variant
from ..format.variant import Variant
from ..observe.layout import layout
from ..observe.observation import encoder
from ..rules.actionspace import action_space
from .defaults import DEFAULT_MAX_HANDS, DEFAULT_VARIANT, EPISODES
from .handend import hand_end_view
from .render import render
from .tracker import Tracker

Observation = dict[str, npt.NDArray[Any]]
"""``{"observation": float32 array, "action_mask": int8 array}``."""
REWARDS = ("hand", "margin", "game")
ILLEGAL = ("raise", "random")
ENV_ID = "hasenpfeffer/Seat-v0"
"""The Gymnasium id: ``gymnasium.make("hasenpfeffer/Seat-v0", variant="euchre")``."""
VECTOR_ID = "hasenpfeffer/SeatVector-v0"
"""The id of its vector twin (:mod:`.seatvector`): ``gymnasium.make_vec(VECTOR_ID, num_envs=64)``."""


class SeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner at ``seat`` (or its whole side) of ``variant``, bots at the other seats."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        variant: str | Variant = DEFAULT_VARIANT,
        seat: int = 0,
        side: bool = False,
        opponents: str | Bot = "greedy",
        partner: str | Bot | None = None,
        reward: str = "hand",
        episode: str = "game",
        max_hands: int | None = None,
        render_mode: str | None = None,
        illegal: str = "raise",
    ) -> None:
        self.variant = v = variant if isinstance(variant, Variant) else load_variant(variant)
        if not 0 <= seat < v.players:
            raise ValueError(f"seat must be 0 to {v.players - 1}, read {seat}")
        if reward not in REWARDS or episode not in EPISODES:
            raise ValueError(f"reward must be one of {REWARDS} and episode one of {EPISODES}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, read {illegal!r}")
        if max_hands is not None and (max_hands < 1 or episode == "hand"):
            raise ValueError("max_hands must be 1 or more, and is for episode='game'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'human', 'ansi' or None, read {render_mode!r}")
        self.seat, self.reward_kind, self.episode, self.render_mode = seat, reward, episode, render_mode
        self.illegal = illegal
        self.max_hands = 1 if episode == "hand" else max_hands or DEFAULT_MAX_HANDS
        partners = [q for q in range(v.players) if q != seat and v.partnerships == "alternate"]
        partners = [q for q in partners if v.team_of(q) == v.team_of(seat)]
        self.learner = frozenset([seat, *partners] if side else [seat])
        self.specs: list[str | Bot | None] = [
            None if q in self.learner else partner if partner is not None and q in partners else opponents
            for q in range(v.players)
        ]
        self.space = action_space(v)
        self.encoder = encoder(v)
        low, high = layout(v).bounds()
        box = spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32)
        mask = spaces.Box(0, 1, (self.space.size,), dtype=np.int8)
        self.observation_space = spaces.Dict({"observation": box, "action_mask": mask})
        self.action_space = spaces.Discrete(self.space.size)
        self.rng = random.Random()
        self.bots: list[Bot | None] = self.make_bots()
        self.tracker = Tracker(v)
        self.game: Game | None = None
        self.first_hand = 0
        self.pending = 0.0
        self.over = False

    def make_bots(self) -> list[Bot | None]:
        """A bot for each seat the learner does not play, seeded from the episode's draws."""
        return [
            spec if not isinstance(spec, str) else load_bot(spec, self.rng.getrandbits(63))
            for spec in self.specs
        ]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new episode; ``seed`` fixes it, the bots' draws and every later one until the next seeded reset."""
        super().reset(seed=seed)
        if seed is not None:
            self.rng = random.Random(seed)
            self.bots = self.make_bots()
        while True:
            game = self.game = Game(self.variant, seed=self.rng.getrandbits(63))
            self.tracker.start(game)
            self.first_hand, self.pending, self.over = len(game.hand_results), 0.0, False
            hands = self.play_bots(skip=self.episode == "hand")
            if not game.is_over:
                break
        self.pending = self.points(hands)  # hands before the learner's first decision: with the next reward
        return self.observe(), self.info([])

    def step(self, action: int | np.int64) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner's action (an id), then the bots' until the learner decides again or the episode ends."""
        game = self.game
        if game is None or self.over:
            raise RuntimeError("reset() first: the episode is over")
        if self.illegal == "random" and int(action) not in (legal := game.legal_action_ids()):
            action = legal[int(self.np_random.integers(len(legal)))]
        events = game.apply_id(int(action))  # IllegalActionError, and nothing changed
        self.tracker.feed(events)
        hands = [e.result for e in events if isinstance(e, HandScored)]
        if not self.ends(game, hands):
            hands += self.play_bots()
        if self.episode == "hand":
            hands = hands[:1]
        played = len(game.hand_results) - self.first_hand
        terminated = game.is_over or (self.episode == "hand" and played >= 1)
        truncated = not terminated and played >= self.max_hands
        if truncated:
            hands = hands[: len(hands) - (played - self.max_hands)]
        reward, self.pending = self.pending + self.points(hands), 0.0
        if self.reward_kind == "game" and game.is_over:
            reward = 1.0 if game.winner == self.variant.team_of(self.seat) else -1.0
        self.over = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self.observe(), reward, terminated, truncated, self.info(hands)

    def ends(self, game: Game, hands: Sequence[HandResult]) -> bool:
        """True when the episode is over (the game, its hand, or ``max_hands`` hands)."""
        played = len(game.hand_results) - self.first_hand
        return game.is_over or (bool(hands) and (self.episode == "hand" or played >= self.max_hands))

    def play_bots(self, skip: bool = False) -> list[HandResult]:
        """The bots' moves until the learner is to decide or the episode ends; the hands they
        finished (with ``skip``, hands ended before the learner's first decision start the
        episode anew: a one-hand episode is a hand the learner plays)."""
        game, hands = self.game, []
        assert game is not None
        while not game.is_over and game.actor not in self.learner:
            seat, actor = game.to_move, game.actor
            assert seat is not None and actor is not None
            bot = self.bots[actor]
            assert bot is not None
            view = game.view(seat)
            events = game.apply(bot.choose(view, view.legal))
            self.tracker.feed(events)
            ended = [e.result for e in events if isinstance(e, HandScored)]
            if ended and skip:
                self.first_hand = len(game.hand_results)
                continue
            hands += ended
            if self.ends(game, hands):
                break
        return hands

    def points(self, hands: Sequence[HandResult]) -> float:
        """The reward of finished hands: the learner's side's score change (``hand``), less the
        other sides' mean (``margin``); 0 for ``game``."""
        total = 0.0
        for r in hands:
            side = self.variant.side_in_hand(self.seat, r.maker)
            own = r.score_change[side]
            others = [x for i, x in enumerate(r.score_change) if i != side]
            total += own - (sum(others) / len(others) if self.reward_kind == "margin" and others else 0)
        return 0.0 if self.reward_kind == "game" else total

    def observe(self) -> Observation:
        """What the seat to decide sees now and its legal ids; once the episode is over, the
        learner's seat's view of the last hand counted, after its last card, and no legal id."""
        game = self.game
        assert game is not None
        mask = np.zeros(self.space.size, np.int8)
        if self.over:
            last = min(len(game.hand_results), self.first_hand + self.max_hands) - 1
            obs = self.encoder.encode(hand_end_view(game, self.seat, last))
            return {"observation": obs, "action_mask": mask}
        seat = game.to_move
        assert seat is not None
        mask[game.legal_action_ids()] = 1
        return {"observation": self.tracker.observe(game, seat), "action_mask": mask}

    def info(self, hands: list[HandResult]) -> dict[str, Any]:
        """The seat to decide (None at the end), its legal ids, the hands just finished, the
        scores by side and the winning side (None until the game is over)."""
        game = self.game
        assert game is not None
        live = not self.over
        return {
            "seat": game.to_move if live else None,
            "legal_ids": sorted(game.legal_action_ids()) if live else [],
            "hands": hands,
            "scores": game.scores,
            "winner": game.winner,
        }

    def render(self) -> str | None:
        """The table as text (``ansi``: returned; ``human``: printed)."""
        return render(self.game, self.render_mode)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="hasenpfeffer.rl.seat:SeatEnv")
if VECTOR_ID not in gymnasium.registry:  # its vector twin, compiled (the fast extra)
    gymnasium.register(id=VECTOR_ID, vector_entry_point="hasenpfeffer.rl.seatvector:SeatVectorEnv")
