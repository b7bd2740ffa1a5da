"""Any variant as a PettingZoo AEC environment: ``env(variant=..., episode=..., max_hands=...)``.

The variant is ``hasenpfeffer`` unless given (:data:`~hasenpfeffer.rl.DEFAULT_VARIANT`, as for
the OpenSpiel game).

Agents are ``seat_0`` ... ``seat_{n-1}``; the agent to act is the seat to move. An action is
an id of the variant's action space (docs/actions.md); an observation is a dict of
``observation`` (float32, the layout of :mod:`~hasenpfeffer.observe.layout`: only what the seat may
know) and ``action_mask`` (int8, 1 at each legal id, all 0 when it is not the agent's turn).
A reward is the score change of the agent's side (of the agent itself without partnerships)
at the end of each hand. ``episode="hand"`` plays one hand (one that needs a decision: a hand
thrown in at the deal is skipped) and terminates; ``episode="game"`` plays to the end of the
game (terminated) or ``max_hands`` hands (truncated). An illegal action raises
:class:`~hasenpfeffer.rules.actions.IllegalActionError` and changes nothing.

>>> e = env(variant="euchre")
>>> e.reset(seed=3)
>>> e.agent_selection, e.action_space("seat_0"), e.observation_space("seat_0")["observation"].shape
('seat_0', Discrete(59), (636,))
>>> obs, reward, terminated, truncated, info = e.last()
>>> [int(i) for i in obs["action_mask"].nonzero()[0]]
[48, 57, 58]
>>> e.step(48)
>>> e.agent_selection
'seat_1'
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.events import HandScored
from ..engine.game import Game
from ..format.loader import load_variant
from ..format.variant import Variant
from ..observe.layout import layout
from ..observe.observation import Vector, encoder
from ..rules.actionspace import action_space
from . import DEFAULT_MAX_HANDS, DEFAULT_VARIANT, EPISODES
from .handend import hand_end_view
from .render import render
from .tracker import Tracker

Observation = dict[str, npt.NDArray[Any]]
"""``{"observation": float32 array, "action_mask": int8 array}``."""


def env(
    variant: str | Variant = DEFAULT_VARIANT,
    episode: str = "hand",
    max_hands: int | None = None,
    render_mode: str | None = None,
) -> Any:
    """The environment of a variant (a built-in name, a path, or a :class:`Variant`), order-checked."""
    return wrappers.OrderEnforcingWrapper(raw_env(variant, episode, max_hands, render_mode))


class raw_env(AECEnv):  # type: ignore[misc]
    """The environment without PettingZoo's order-enforcing wrapper (a little faster)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "hasenpfeffer_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = DEFAULT_VARIANT,
        episode: str = "hand",
        max_hands: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'hand' or 'game', read {episode!r}")
        if max_hands is not None and (max_hands < 1 or (episode == "hand" and max_hands != 1)):
            raise ValueError("max_hands must be 1 or more (and 1 for episode='hand')")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'human', 'ansi' or None, read {render_mode!r}")
        self.variant = variant if isinstance(variant, Variant) else load_variant(variant)
        self.episode = episode
        self.max_hands = 1 if episode == "hand" else max_hands or DEFAULT_MAX_HANDS
        self.render_mode = render_mode
        n = self.variant.players
        self.possible_agents = [f"seat_{i}" for i in range(n)]
        self.seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.side_of = [self.variant.team_of(i) for i in range(n)]
        self.space = action_space(self.variant)
        self.encoder = encoder(self.variant)
        low, high = layout(self.variant).bounds()
        box = spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32)
        mask = spaces.Box(0, 1, (self.space.size,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.rng = random.Random()
        self.game: Game | None = None
        self.tracker = Tracker(self.variant)
        self.final: list[Vector] | None = None
        self.first_hand = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same :class:`gymnasium.spaces.Dict` for every call."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(size)`` of the variant's action space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode; ``seed`` fixes it and every later one until the next seeded reset."""
        if seed is not None:
            self.rng = random.Random(seed)
        game = self.game = Game(self.variant, seed=self.rng.getrandbits(63))
        self.first_hand = len(game.hand_results)  # hands thrown in at the deal, before any decision
        self.tracker.start(game)  # from the deal on: the tracker starts afresh
        self.final = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.to_move(game)]

    @staticmethod
    def to_move(game: Game) -> int:
        """The seat to move in a game that is not over."""
        seat = game.to_move
        assert seat is not None
        return seat

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now, and its legal actions."""
        seat = self.seat_of[agent]
        mask = np.zeros(self.space.size, np.int8)
        if self.final is not None:
            return {"observation": self.final[seat].copy(), "action_mask": mask}
        game = self.game
        assert game is not None, "reset() first"
        if game.to_move == seat:
            mask[game.legal_action_ids()] = 1
        return {"observation": self.tracker.observe(game, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take the action (an id) of the agent to move; None for an agent whose episode is over."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None and action is not None
        events = game.apply_id(int(action))
        self.tracker.feed(events)
        self._cumulative_rewards[agent] = 0.0
        rewards = dict.fromkeys(self.agents, 0.0)
        scored = [e.result for e in events if isinstance(e, HandScored)]
        if scored:
            counted = scored[:1] if self.episode == "hand" else scored
            for a in self.agents:
                seat = self.seat_of[a]
                sides = [self.variant.side_in_hand(seat, r.maker) for r in counted]
                rewards[a] = float(sum(r.score_change[side] for r, side in zip(counted, sides, strict=True)))
            hands = len(game.hand_results) - self.first_hand
            if self.episode == "hand" or game.is_over or hands >= self.max_hands:
                self.end(
                    game,
                    len(game.hand_results) - len(scored),
                    truncated=not game.is_over and self.episode == "game",
                )
        self.rewards = rewards
        if self.final is None:
            self.agent_selection = self.possible_agents[self.to_move(game)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def end(self, game: Game, hand: int, truncated: bool) -> None:
        """End the episode after hand ``hand`` (an index of ``game.hand_results``)."""
        self.final = [
            self.encoder.encode(hand_end_view(game, s, hand)) for s in range(len(self.possible_agents))
        ]
        for a in self.agents:
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"scores": game.hand_results[hand].scores}

    def render(self) -> str | None:
        """The table as text (``ansi``: returned; ``human``: printed)."""
        return render(self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
