"""The seat vector environment: rewards worked from the games' scores, the learner always to
move, side play, illegal ids, seeds, both autoresets and both observations, Gymnasium's vector
wrappers as they are, the checks Gymnasium's ``check_env`` makes of a single environment, and
every variant file the vector environment plays, stepped against random and greedy bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba", exc_type=ImportError)
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers import vector as wrappers

from hasenpfeffer import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rl.seatvector import ENV_ID, SeatVectorEnv
from hasenpfeffer.rl.vector import refusal
from hasenpfeffer.rules.actions import IllegalActionError
from support.paths import ROOT

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
COVERED = [f for f in FILES if refusal(load_variant(f)) is None]


def masked(env: Any, rng: np.random.Generator, infos: Any, obs: Any = None) -> Any:
    """A random legal id per game, from the mask of the observation (Dict) or of ``infos``."""
    if isinstance(infos, list):  # DictInfoToList's
        infos = {"action_mask": np.array([info["action_mask"] for info in infos])}
    mask = obs["action_mask"] if isinstance(obs, dict) else infos["action_mask"]
    return np.array([rng.choice(np.flatnonzero(m)) for m in mask])


def episodes(env: SeatVectorEnv, seed: int, steps: int) -> list[tuple[float, dict[str, Any]]]:
    """Step with masked random ids; each finished episode's summed rewards and final info (the
    first episode of each game, and those after, all counted)."""
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    total = np.zeros(env.num_envs)
    out = []
    for _ in range(steps):
        obs, rewards, terminated, truncated, infos = env.step(masked(env, rng, infos, obs))
        assert rewards.dtype == np.float32 and rewards.shape == (env.num_envs,)
        total += rewards
        for g in np.flatnonzero(terminated | truncated):
            info = infos["final_info"]
            out.append((float(total[g]), {k: info[k][g] for k in ("scores", "winner", "hands")}))
            total[g] = 0
    return out


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_game_s_rewards_add_up_to_the_learner_s_final_score(mode: str, bots: str) -> None:
    """A game starts at 0: its hands' rewards (those the bots finish before the learner's first
    decision included) add up to the learner's side's final score, and with ``margin`` to that
    less the other side's; ``game`` gives +1 or -1 for the result, 0 when cut short."""
    for seat in (0, 1):
        env = SeatVectorEnv("euchre", num_envs=16, seat=seat, opponents=bots, autoreset_mode=mode)
        ends = episodes(env, seed=seat + 1, steps=300)
        assert len(ends) > 10
        for total, info in ends:
            assert total == info["scores"][seat % 2]
    margin = SeatVectorEnv(
        "hasenpfeffer", num_envs=16, seat=1, opponents=bots, reward="margin", autoreset_mode=mode
    )
    for total, info in episodes(margin, seed=3, steps=300):
        assert total == info["scores"][1] - info["scores"][0]
    game = SeatVectorEnv(
        "euchre", num_envs=16, seat=1, opponents=bots, reward="game", max_hands=8, autoreset_mode=mode
    )
    ends = episodes(game, seed=4, steps=300)
    assert len({t for t, _ in ends}) >= 2
    for total, info in ends:
        assert total == (0.0 if info["winner"] < 0 else 1.0 if info["winner"] == 1 else -1.0)
        assert info["hands"] <= 8


def test_a_hand_episode_s_reward_is_its_hand_s_score_change() -> None:
    """One hand an episode: no reward until it ends, then the learner's side's score change in
    that hand (the game's scores before it are those of the step before its end)."""
    env = SeatVectorEnv("five-hundred", num_envs=8, seat=3, episode="hand", opponents="greedy")
    rng = np.random.default_rng(2)
    _, infos = env.reset(seed=2)
    ended = 0
    for _ in range(200):
        before = env.scores.copy()
        _, rewards, terminated, truncated, infos = env.step(masked(env, rng, infos))
        assert not truncated.any()
        for g in range(env.num_envs):
            if terminated[g]:
                info = infos["final_info"]
                assert rewards[g] == info["scores"][g][1] - before[g][1] and info["hands"][g] == 1
                ended += 1
            else:
                assert rewards[g] == 0
    assert ended > 20


@pytest.mark.parametrize("side", [False, True])
def test_the_learner_is_always_the_seat_to_move(side: bool) -> None:
    env = SeatVectorEnv("hasenpfeffer", num_envs=8, seat=1, side=side, opponents="greedy")
    rng = np.random.default_rng(5)
    obs, infos = env.reset(seed=5)
    seen = set()
    for _ in range(150):
        seats = infos["seat"]
        live = seats >= 0
        seen |= set(seats[live].tolist())
        assert (infos["action_mask"][live].sum(axis=1) > 0).all()
        assert obs[live, env.games.layout["to_move"].start].all()  # the seat to move sees itself to move
        obs, _, terminated, truncated, infos = env.step(masked(env, rng, infos))
        assert ((infos["seat"] >= 0) | terminated | truncated).all()
    assert seen == ({1, 3} if side else {1})


def test_partners_and_opponents_play_as_asked() -> None:
    env = SeatVectorEnv("euchre", num_envs=2, seat=2, opponents="greedy", partner="random")
    assert env.bots == ("random", "greedy", None, "greedy")
    assert SeatVectorEnv("euchre", num_envs=2, seat=2, side=True, opponents="random").bots == (
        None,
        "random",
        None,
        "random",
    )


def test_an_illegal_id_raises_names_the_legal_ones_and_changes_nothing() -> None:
    env = SeatVectorEnv("euchre", num_envs=3, opponents="greedy")
    _, infos = env.reset(seed=2)
    actions = env.random_actions()
    bad = actions.copy()
    bad[1] = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
    state = [a.copy() for d in (env.games.a, env.b, env.e) for a in d.values()]
    with pytest.raises(IllegalActionError, match="game 1: not a legal id") as caught:
        env.step(bad)
    legal = sorted(env.games.space.ids(caught.value.legal))
    assert legal == np.flatnonzero(infos["action_mask"][1]).tolist() and "legal:" in str(caught.value)
    with pytest.raises(IllegalActionError):
        env.step(np.array([-1, 0, 0]))
    after = [a for d in (env.games.a, env.b, env.e) for a in d.values()]
    assert all(np.array_equal(x, y) for x, y in zip(state, after, strict=True))
    env.step(actions)
    with pytest.raises(ValueError, match="step needs 3 action ids"):
        env.step(actions[:2])


def run(env: SeatVectorEnv, seed: int, steps: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    out = [obs]
    for _ in range(steps):
        obs, rewards, terminated, truncated, infos = env.step(masked(env, rng, infos))
        out += [obs, rewards, terminated, truncated]
    return out


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_the_same_seed_plays_the_same_games(bots: str) -> None:
    a, b = (SeatVectorEnv("hasenpfeffer-pepper", num_envs=6, opponents=bots) for _ in range(2))
    assert data_equivalence(run(a, 7, 80), run(b, 7, 80), exact=True)
    assert not data_equivalence(run(a, 7, 5), run(b, 8, 5))
    per_game = SeatVectorEnv("hasenpfeffer-pepper", num_envs=2, opponents=bots)
    first, _ = per_game.reset(seed=[(7 << 32) + 4, (7 << 32) + 5])
    assert np.array_equal(first, run(a, 7, 0)[0][4:6])


def test_next_step_returns_the_end_then_starts_again() -> None:
    """``NEXT_STEP``: the end's step returns the learner's view of the last hand with every id
    allowed; the next step takes any id there, rewards nothing and is the next episode's start."""
    env = SeatVectorEnv("euchre", num_envs=8, episode="hand", opponents="greedy")
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    rng = np.random.default_rng(1)
    obs, infos = env.reset(seed=1)
    hand = env.games.layout["hand"]
    restarted = 0
    for _ in range(100):
        obs, rewards, terminated, truncated, infos = env.step(masked(env, rng, infos))
        ended = terminated | truncated
        assert (infos["seat"][ended] == -1).all() and infos["action_mask"][ended].all()
        assert not obs[ended, hand.start : hand.stop].any() and "final_obs" not in infos
        if ended.any():
            actions = masked(env, rng, infos)
            actions[ended] = -5  # not even an id: not taken
            obs, rewards, terminated, truncated, infos = env.step(actions)
            assert not rewards[ended].any() and not (terminated | truncated)[ended].any()
            assert (infos["seat"][ended] == 0).all()
            restarted += int(ended.sum())
    assert restarted > 10


def test_same_step_starts_again_in_the_step_and_keeps_the_end() -> None:
    for observation in ("box", "dict"):
        env = SeatVectorEnv(
            "euchre", num_envs=8, episode="hand", observation=observation, autoreset_mode="SameStep"
        )
        rng = np.random.default_rng(1)
        obs, infos = env.reset(seed=1)
        ends = 0
        for _ in range(60):
            obs, _, terminated, truncated, infos = env.step(masked(env, rng, infos, obs))
            ended = terminated | truncated
            assert (infos["seat"] == 0).all()
            if ended.any():
                assert (infos["_final_obs"] == ended).all() and (infos["_final_info"] == ended).all()
                for g in range(env.num_envs):
                    final = infos["final_obs"][g]
                    assert (final is None) != ended[g]
                    if ended[g]:
                        assert env.single_observation_space.contains(final)
                ends += int(ended.sum())
        assert ends > 5


@pytest.mark.parametrize("observation", ["box", "dict"])
@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_what_check_env_checks_of_an_environment(observation: str, mode: str) -> None:
    """``check_env`` takes no vector environment: its checks, made here of the batches. Spaces
    batch the single ones; observations lie in them, are fresh arrays each step, and repeat
    with the seed; ``reset`` takes ``seed`` and ``options``; the action space's samples step."""
    env = SeatVectorEnv("pepper", num_envs=5, observation=observation, autoreset_mode=mode)
    assert env.observation_space == batch_space(env.single_observation_space, 5)
    assert env.action_space == batch_space(env.single_action_space, 5)
    obs, infos = env.reset(seed=11, options={})
    assert env.observation_space.contains(obs) and isinstance(infos, dict)
    again, _ = env.reset(seed=11)
    assert data_equivalence(obs, again, exact=True)
    rng = np.random.default_rng(0)
    for _ in range(40):
        out = env.step(masked(env, rng, infos, obs))
        assert env.observation_space.contains(out[0])
        new, old = (o["observation"] if observation == "dict" else o for o in (out[0], obs))
        assert not np.shares_memory(new, old)
        obs, infos = out[0], out[4]
    env.action_space.seed(1)
    with pytest.raises(IllegalActionError):
        for _ in range(20):  # ids sampled without the mask: illegal somewhere, soon
            env.step(env.action_space.sample())
    env.close()


@pytest.mark.filterwarnings(
    "ignore:overflow encountered in cast:RuntimeWarning"
)  # Box(float32 bounds, float64)
def test_gymnasium_s_vector_wrappers_work_as_they_are() -> None:
    rng = np.random.default_rng(3)

    def drive(env: Any, steps: int = 120) -> tuple[Any, dict[str, Any]]:
        obs, infos = env.reset(seed=3)
        for _ in range(steps):
            obs, _, _, _, infos = env.step(masked(env, rng, infos, obs))
        return obs, infos

    stats = wrappers.RecordEpisodeStatistics(
        SeatVectorEnv("euchre", num_envs=8, max_hands=3), buffer_length=1000
    )
    drive(stats)
    assert len(stats.return_queue) > 5 and min(stats.length_queue) >= 1
    norm = wrappers.NormalizeObservation(SeatVectorEnv("euchre", num_envs=8))
    obs, _ = drive(norm)
    assert obs.dtype == np.float32 and np.isfinite(obs).all() and norm.obs_rms.count > 8 * 100
    reward = wrappers.NormalizeReward(wrappers.ClipReward(SeatVectorEnv("euchre", num_envs=8), -1.0, 1.0))
    drive(reward)
    assert reward.return_rms.count > 8 * 100
    base = SeatVectorEnv("euchre", num_envs=4, episode="hand")
    box = base.single_observation_space
    doubled = gymnasium.spaces.Box(box.low * 2, box.high * 2, dtype=np.float32)
    obs, _ = drive(wrappers.TransformObservation(base, lambda o: o * 2, single_observation_space=doubled), 60)
    assert obs.max() == 2.0
    cast = wrappers.DtypeObservation(SeatVectorEnv("euchre", num_envs=4, episode="hand"), np.float64)
    obs, infos = drive(cast, 60)
    assert obs.dtype == np.float64 and obs.shape == (4, 636)
    flat = wrappers.FlattenObservation(SeatVectorEnv("euchre", num_envs=4, observation="dict"))
    assert flat.observation_space.shape == (4, 59 + 636)
    drive(wrappers.RecordEpisodeStatistics(flat), 60)
    rescaled = wrappers.RescaleObservation(SeatVectorEnv("euchre", num_envs=4), 0.0, 1.0)
    obs, _ = drive(rescaled, 30)
    assert (obs >= 0).all() and (obs <= 1).all()
    for mode in ("NextStep", "SameStep"):  # the reward and info wrappers take either autoreset
        listed = wrappers.DictInfoToList(
            SeatVectorEnv("euchre", num_envs=4, episode="hand", autoreset_mode=mode)
        )
        obs, infos = listed.reset(seed=1)
        assert isinstance(infos, list) and infos[0]["seat"] == 0 and infos[0]["action_mask"].shape == (59,)
        drive(listed, 30)
        scaled = wrappers.TransformReward(
            SeatVectorEnv("euchre", num_envs=4, autoreset_mode=mode), lambda r: r * 10
        )
        drive(wrappers.RecordEpisodeStatistics(wrappers.NormalizeReward(scaled)), 30)
    same = SeatVectorEnv("euchre", num_envs=4, autoreset_mode="SameStep")
    for wrapper in (wrappers.NormalizeObservation, wrappers.FlattenObservation):  # Gymnasium's observation
        with pytest.raises(ValueError, match="NEXT_STEP"):  # wrappers want NEXT_STEP
            wrapper(same)


def test_registered_with_gymnasium() -> None:
    env = gymnasium.make_vec(ENV_ID, num_envs=3, variant="euchre", opponents="random")
    obs, infos = env.reset(seed=1)
    assert isinstance(env.unwrapped, SeatVectorEnv) and obs.shape == (3, 636) and env.unwrapped.seat == 0
    env.step(masked(env, np.random.default_rng(1), infos))
    import hasenpfeffer.rl as rl

    assert rl.SeatVectorEnv is SeatVectorEnv


def test_refusals_in_one_line() -> None:
    with pytest.raises(ValueError, match=r"^the vector environment does not cover pack.jokers$"):
        SeatVectorEnv(Variant(name="x", pack={"jokers": 2}, deal={"kitty": {"size": 6}}), num_envs=1)
    with pytest.raises(
        ValueError,
        match=r"^the seat vector environment plays only random, greedy and learned:FILE bots, not mc$",
    ):
        SeatVectorEnv("euchre", num_envs=1, partner="mc")
    with pytest.raises(ValueError, match="seat must be"):
        SeatVectorEnv("euchre", seat=4)
    with pytest.raises(ValueError, match="max_hands"):
        SeatVectorEnv("euchre", episode="hand", max_hands=3)
    with pytest.raises(ValueError, match="observation must be"):
        SeatVectorEnv("euchre", observation="image")
    with pytest.raises(ValueError, match="autoreset_mode"):
        SeatVectorEnv("euchre", autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(ValueError, match="reset"):
        SeatVectorEnv("euchre", num_envs=1).step([0])


@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_every_file_the_vector_environment_plays_steps(path: Path) -> None:
    """Against random and greedy bots, a few hundred learner decisions of each: the learner is
    to move in every game after every step, with a legal id or more; rewards and ends by game."""
    variant = load_variant(path)
    for bots in ("random", "greedy"):
        env = SeatVectorEnv(variant, num_envs=8, seat=1, opponents=bots, max_hands=4)
        rng = np.random.default_rng(1)
        obs, infos = env.reset(seed=1)
        for _ in range(40):
            live = infos["seat"] >= 0
            assert (infos["seat"][live] == 1).all() and (infos["action_mask"][live].sum(axis=1) > 0).all()
            assert env.observation_space.contains(obs)
            obs, rewards, terminated, truncated, infos = env.step(masked(env, rng, infos))
            assert rewards.shape == terminated.shape == truncated.shape == (8,)
            assert ((infos["seat"] == 1) | terminated | truncated).all()
