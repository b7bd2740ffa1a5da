"""``hasenpfeffer train``: tiny runs that write, resume, repeat and learn (the learn extra)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

pytest.importorskip("numba", exc_type=ImportError)
pytest.importorskip("gymnasium")
pytest.importorskip("jax")
pytest.importorskip("optax")

import numpy as np

from hasenpfeffer import load_variant
from hasenpfeffer.bots.learned import load_policy
from hasenpfeffer.cli import main
from hasenpfeffer.rl.ppo import Hyper, best, params_of
from hasenpfeffer.rl.seatvector import SeatVectorEnv
from hasenpfeffer.rl.train import Progress, Settings, train


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


TINY = ["--games", "16", "--steps", "4", "--hidden", "16", "--eval-games", "8", "--eval-every", "2"]
EUCHRE = load_variant("euchre")


def test_a_run_writes_a_policy_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "e.policy"
    assert main(["train", "euchre", "--out", str(out), "--updates", "4", "--imitate", "2", *TINY]) == 0
    said = capsys.readouterr().out
    assert "update 2/4 (imitating greedy)" in said and "update 4/4 (self-play)" in said
    assert f"wrote {out}: 4 updates" in said and f"--bots learned:{out}" in said
    header = load_policy(out).header
    t = header["training"]
    assert (t["updates_done"], t["imitate"], t["games"] > 0, t["seed"]) == (4, 2, True, 1)
    assert t["command"].startswith("hasenpfeffer train euchre --seed 1 --updates 4 --opponents self,greedy")
    curve = header["evaluation"]["curve"]
    assert [len(row) for row in curve] == [3, 3] and header["evaluation"]["games"] == 8
    assert all(0 <= row[2] <= 1 for row in curve)
    played = load_policy(out)
    assert not played.extra and played.value == ()  # the policy's weights only: what playing needs
    assert len(load_policy(f"{out}.state").value) == 2  # and beside them what resuming needs
    adam = load_policy(f"{out}.state").extra
    assert adam and all(k.startswith("opt.") for k in adam)
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~current_umask())

    assert main(["train", "euchre", "--out", str(out), "--updates", "6", *TINY]) == 2
    assert "exists: give --resume" in capsys.readouterr().err
    assert main(["train", "euchre", "--out", str(out), "--updates", "6", "--resume"]) == 0
    header = load_policy(out).header
    assert header["training"]["updates_done"] == 6 and len(header["evaluation"]["curve"]) == 3
    assert header["training"]["games"] > t["games"]
    Path(f"{out}.state").unlink()  # without it: the value and Adam start afresh
    assert main(["train", "euchre", "--out", str(out), "--updates", "7", "--resume"]) == 0
    assert load_policy(out).header["training"]["updates_done"] == 7
    assert main(["train", "hasenpfeffer", "--out", str(out), "--resume"]) == 1
    assert "trained on euchre, not hasenpfeffer" in capsys.readouterr().err
    assert main(["train", "euchre", "--out", str(tmp_path / "none.policy"), "--resume"]) == 2
    assert main(["train", "euchre", "--out", str(tmp_path / "x.policy"), "--opponents", "mc"]) == 2
    assert "opponents must be among self, greedy, random" in capsys.readouterr().err


def small(**kw: object) -> Settings:
    base = dict(
        updates=3, imitate=1, games=16, steps=4, hidden=(16,), eval_games=8, eval_every=3, minibatch=256
    )
    return Settings(**{**base, **kw})  # type: ignore[arg-type]


def test_the_same_seed_trains_the_same_weights(tmp_path: Path) -> None:
    a = train(EUCHRE, str(tmp_path / "a.policy"), small(seed=4))
    b = train(EUCHRE, str(tmp_path / "b.policy"), small(seed=4))
    c = train(EUCHRE, str(tmp_path / "c.policy"), small(seed=5))
    for (w1, b1), (w2, b2) in zip(a.policy, b.policy, strict=True):
        assert np.array_equal(w1, w2) and np.array_equal(b1, b2)
    assert not np.array_equal(a.policy[0][0], c.policy[0][0])


def test_ctrl_c_stops_after_the_update_and_saves(tmp_path: Path) -> None:
    out = tmp_path / "stopped.policy"

    def report(progress: Progress, settings: Settings, won: float | None) -> None:
        if progress.updates == 2:
            os.kill(os.getpid(), signal.SIGINT)

    policy = train(EUCHRE, str(out), small(updates=50), report=report)
    t = policy.header["training"]
    assert t["updates_done"] == 2 and t["interrupted"] is True
    assert load_policy(out).header["training"]["updates_done"] == 2


def test_the_trainer_and_the_learned_bot_choose_alike(tmp_path: Path) -> None:
    """The evaluation's choice (JAX, ``best``) is the learned bot's (numpy): the legal id of
    highest score, at every decision of games against greedy."""
    policy = train(EUCHRE, str(tmp_path / "p.policy"), small(updates=1, imitate=0, hidden=(32,)))
    params = params_of(policy)
    env = SeatVectorEnv(EUCHRE, num_envs=32, side=True, opponents="greedy")
    obs, info = env.reset(seed=3)
    checked = 0
    for _ in range(40):
        mask = info["action_mask"]
        ids = np.asarray(best(params, obs, mask))
        scores = np.where(mask > 0, policy.logits(obs), -np.inf)
        assert np.array_equal(ids, scores.argmax(axis=1))
        checked += int((mask.sum(axis=1) > 1).sum())
        obs, _, _, _, info = env.step(ids)
    assert checked > 500


def test_imitation_learns_the_greedy_bots_choices(tmp_path: Path) -> None:
    """Sixty small updates of imitation: the policy chooses as greedy at 68% of the decisions
    with a choice, where the untrained policy agreed at 38%."""

    def agreement(policy_path: Path) -> float:
        params = params_of(load_policy(policy_path))
        env = SeatVectorEnv(EUCHRE, num_envs=64, side=True, opponents="greedy")
        obs, info = env.reset(seed=99)
        same = total = 0
        for _ in range(30):
            mask = info["action_mask"]
            teacher = env.greedy_actions()
            mine = np.asarray(best(params, obs, mask))
            choice = mask.sum(axis=1) > 1
            same += int((mine == teacher)[choice].sum())
            total += int(choice.sum())
            obs, _, _, _, info = env.step(teacher)
        return same / total

    before = tmp_path / "before.policy"
    train(EUCHRE, str(before), small(updates=1, imitate=0, hidden=(64,), steps=1))
    after = tmp_path / "after.policy"
    train(
        EUCHRE,
        str(after),
        small(updates=60, imitate=60, hidden=(64,), games=64, steps=8, eval_every=60, hyper=Hyper(lr=1e-3)),
    )
    assert agreement(before) < 0.45 and agreement(after) > 0.6


def test_a_game_reward_credits_each_decision_with_its_games_end(tmp_path: Path) -> None:
    """``reward="game"``: decisions leave the buffer only when their game ends, each credited 1
    (its side won) or -1 (lost), the same for every decision of a side in a game."""
    from hasenpfeffer.rl.rollout import Buffer, sources

    feeds = sources(EUCHRE, ["self", "greedy"], 8, seed=3, reward="game")
    rng = np.random.default_rng(0)

    def act(obs: object, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        ids = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        return ids, np.zeros(len(ids), np.float32), np.zeros(len(ids), np.float32)

    buffer = Buffer()
    for _ in range(400):
        for feed in feeds:
            feed.step(act, buffer)
    assert sum(f.games for f in feeds) >= 4 and buffer.count > 100
    returns = buffer.take()[5]
    assert set(np.unique(returns).tolist()) == {-1.0, 1.0}
    with pytest.raises(ValueError, match="reward must be one of hand, game"):
        sources(EUCHRE, ["self"], 8, seed=3, reward="points")


def test_the_game_reward_is_a_setting_of_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.policy"
    args = [
        "train",
        "euchre",
        "--out",
        str(out),
        "--updates",
        "3",
        "--imitate",
        "1",
        "--reward",
        "game",
        *TINY,
    ]
    assert main(args) == 0
    t = load_policy(out).header["training"]
    assert t["reward"] == "game" and t["command"].endswith("--reward game")
    assert main(["train", "euchre", "--out", str(out), "--updates", "4", "--resume"]) == 0
    t = load_policy(out).header["training"]
    assert t["reward"] == "game" and t["stages"] == []  # a resumed run keeps its own settings
    argv = ["train", "euchre", "--out", str(out), "--updates", "5", "--resume", "--reward", "hand"]
    assert main([*argv, "--opponents", "self"]) == 0
    t = load_policy(out).header["training"]
    assert (t["reward"], t["opponents"], t["batch_games"]) == ("hand", ["self"], 16)
    assert len(t["stages"]) == 1 and t["stages"][0].endswith("--updates 4 --opponents self,greedy --imitate 1"
        " --games 16 --steps 4 --hidden 16 --reward game")  # fmt: skip
    assert main(["train", "euchre", "--out", str(out), "--updates", "6", "--resume", "--hidden", "32"]) == 2
    assert "--resume: the file's network has hidden layers 16" in capsys.readouterr().err
