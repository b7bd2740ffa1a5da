"""The one-seat Gymnasium environment: Gymnasium's checker on every built-in, rewards worked by
hand from the hands' results, side play, refusals and seeding."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.rl.seat import ENV_ID, SeatEnv
from hasenpfeffer.rules.actions import IllegalActionError


def play(env: SeatEnv, seed: int) -> tuple[list[float], list[dict[str, Any]], bool, bool]:
    """One episode with masked random ids: the rewards, the infos, terminated, truncated."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    rewards, infos = [], [info]
    while True:
        assert obs["action_mask"][info["legal_ids"]].all() and obs["action_mask"].sum() == len(
            info["legal_ids"]
        )
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(info["legal_ids"])))
        rewards.append(reward)
        infos.append(info)
        if terminated or truncated:
            assert env.observation_space.contains(obs) and not obs["action_mask"].any()
            return rewards, infos, terminated, truncated


@pytest.mark.parametrize("name", builtin_names())
@pytest.mark.parametrize("episode", ["game", "hand"])
def test_gymnasium_checker_passes(name: str, episode: str) -> None:
    check_env(SeatEnv(name, episode=episode, illegal="random"), skip_render_check=True)


@pytest.mark.parametrize("reward", ["hand", "margin", "game"])
def test_checker_passes_with_each_reward(reward: str) -> None:
    check_env(SeatEnv("euchre", opponents="random", reward=reward, illegal="random"), skip_render_check=True)


@pytest.mark.parametrize("name", ["euchre", "hasenpfeffer", "three-handed-euchre", "five-hundred"])
def test_hand_rewards_are_the_sides_score_change(name: str) -> None:
    env = SeatEnv(name, seat=1, opponents="random", episode="game", max_hands=6)
    rewards, infos, _, _ = play(env, seed=4)
    game = env.game
    assert game is not None
    hands = [r for info in infos for r in info["hands"]]
    assert hands == game.hand_results[env.first_hand : env.first_hand + len(hands)]
    worked = [r.score_change[env.variant.side_in_hand(1, r.maker)] for r in hands]
    assert sum(rewards) == sum(worked)
    for reward, info in zip(rewards, infos[1:], strict=True):
        assert reward == sum(r.score_change[env.variant.side_in_hand(1, r.maker)] for r in info["hands"])


def test_a_hand_worked_by_hand() -> None:
    env = SeatEnv("euchre", opponents="greedy", episode="hand")
    rewards, infos, terminated, truncated = play(env, seed=11)
    (result,) = infos[-1]["hands"]
    assert terminated and not truncated and rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == result.score_change[0]
    assert result.score_change in {(0, 0), (1, 0), (2, 0), (4, 0), (0, 1), (0, 2), (0, 4)}
    margin = SeatEnv("euchre", opponents="greedy", episode="hand", reward="margin")
    rewards, _, _, _ = play(margin, seed=11)
    assert rewards[-1] == result.score_change[0] - result.score_change[1]


def test_game_reward_is_the_result() -> None:
    env = SeatEnv("euchre", opponents="random", reward="game")
    rewards, infos, terminated, _ = play(env, seed=2)
    game = env.game
    assert game is not None and terminated and game.is_over
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == (1.0 if game.winner == 0 else -1.0) and infos[-1]["winner"] == game.winner


def test_truncated_after_max_hands() -> None:
    env = SeatEnv("hasenpfeffer", opponents="random", max_hands=2)
    _, infos, terminated, truncated = play(env, seed=5)
    assert truncated and not terminated
    assert sum(len(info["hands"]) for info in infos) == 2


def test_side_play_decides_for_both_partners() -> None:
    env = SeatEnv("euchre", seat=1, side=True, opponents="greedy", max_hands=3)
    _, infos, _, _ = play(env, seed=3)
    seats = {info["seat"] for info in infos[:-1]}
    assert seats == {1, 3}
    alone = SeatEnv("euchre", seat=1, opponents="greedy", partner="random", episode="hand")
    _, infos, _, _ = play(alone, seed=3)
    assert {info["seat"] for info in infos[:-1]} == {1}
    assert type(alone.bots[3]).__name__ == "RandomBot" and type(alone.bots[0]).__name__ == "GreedyBot"


def test_illegal_id_raises_and_changes_nothing() -> None:
    env = SeatEnv("euchre", opponents="greedy")
    obs, info = env.reset(seed=1)
    game = env.game
    assert game is not None
    before = game.snapshot()
    bad = next(i for i in range(env.action_space.n) if i not in info["legal_ids"])
    with pytest.raises(IllegalActionError) as caught:
        env.step(bad)
    assert sorted(env.space.ids(caught.value.legal)) == info["legal_ids"]
    assert "legal:" in str(caught.value)
    assert game.snapshot() == before
    again = env.observe()
    assert (again["observation"] == obs["observation"]).all() and (
        again["action_mask"] == obs["action_mask"]
    ).all()
    env.step(info["legal_ids"][0])


def test_seeded_episodes_repeat_bots_included() -> None:
    def run(env: SeatEnv) -> list[Any]:
        out = []
        for seed in (7, None):
            rewards, infos, _, _ = play(env, seed) if seed is not None else play_on(env)
            out.append((rewards, [i["legal_ids"] for i in infos], env.game.events if env.game else None))
        return out

    def play_on(env: SeatEnv) -> tuple[list[float], list[dict[str, Any]], bool, bool]:
        _, info = env.reset()
        rewards, infos = [], [info]
        while info["legal_ids"]:
            _, reward, _, _, info = env.step(info["legal_ids"][-1])
            rewards.append(reward)
            infos.append(info)
        return rewards, infos, True, False

    make = lambda: SeatEnv("hasenpfeffer", opponents="mc:samples=2", partner="greedy", max_hands=2)  # noqa: E731
    assert run(make()) == run(make())


def test_refusals() -> None:
    with pytest.raises(ValueError, match="seat must be"):
        SeatEnv("euchre", seat=4)
    with pytest.raises(ValueError, match="reward must be"):
        SeatEnv("euchre", reward="points")
    with pytest.raises(ValueError, match="max_hands"):
        SeatEnv("euchre", episode="hand", max_hands=3)
    with pytest.raises(ValueError, match="unknown bot"):
        SeatEnv("euchre", opponents="nope")
    with pytest.raises(RuntimeError, match="reset"):
        SeatEnv("euchre").step(0)


def test_registered_with_gymnasium() -> None:
    env = gymnasium.make(ENV_ID, variant=load_variant("pepper"), opponents="random", render_mode="ansi")
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == env.observation_space["observation"].shape
    text = env.render()
    assert isinstance(text, str) and text
    env.close()


class _Table(gymnasium.vector.VectorEnv):  # type: ignore[type-arg]
    """Two games of four seats: each step pays seat ``q`` of game ``i`` ``q + i``; a game ends every 3 steps."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self) -> None:
        self.num_envs, self.t = 2, 0
        self.single_action_space = gymnasium.spaces.Discrete(3)
        self.action_space = gymnasium.spaces.MultiDiscrete([3, 3])
        self.single_observation_space = gymnasium.spaces.Box(0, 1, (1,))
        self.observation_space = gymnasium.spaces.Box(0, 1, (2, 1))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        self.t = 0
        return np.zeros((2, 1), np.float32), {}

    def step(self, actions: Any) -> Any:
        self.t += 1
        done = np.full(2, self.t % 3 == 0)
        rewards = np.add.outer(np.arange(2), np.arange(4)).astype(np.float32)
        return np.zeros((2, 1), np.float32), rewards, done, np.zeros(2, bool), {}


def test_seat_rewards_feed_gymnasium_vector_wrappers() -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    from hasenpfeffer.rl.vector import SeatRewards

    with pytest.raises(ValueError, match="broadcast"):
        plain = RecordEpisodeStatistics(_Table())
        plain.reset(seed=0)
        plain.step(np.zeros(2, np.int64))
    env = RecordEpisodeStatistics(SeatRewards(_Table(), seat=2))
    env.reset(seed=0)
    for _ in range(3):
        _, rewards, _, _, infos = env.step(np.zeros(2, np.int64))
    assert rewards.tolist() == [2.0, 3.0]
    assert infos["episode"]["r"].tolist() == [6.0, 9.0] and infos["episode"]["l"].tolist() == [3, 3]
