"""The PettingZoo environment: PettingZoo's own API and seed tests, rewards, episodes, render.

PettingZoo's ``api_test`` and ``seed_test`` run on every built-in variant (one hand an
episode, and whole games) and on three example house rules.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.rl.pettingzoo import env, raw_env
from hasenpfeffer.rules.actions import IllegalActionError
from support import paths

HOUSE_RULES = [
    str(paths.HOUSE_RULES / f)
    for f in (
        "euchre-lone-defence.yaml",
        "pepper-stick-the-dealer.yaml",
        "double-hasenpfeffer-open-auction.yaml",
        "euchre-nines-and-tens.yaml",
        "euchre-going-under.yaml",
        "euchre-jamboree.yaml",
        "buck-euchre-25.yaml",
        "two-handed-euchre-dummy.yaml",
        "three-handed-euchre-dummy.yaml",
    )
]
CASES = [(name, episode) for name in [*builtin_names(), *HOUSE_RULES] for episode in ("hand", "game")]


@pytest.mark.parametrize("name, episode", CASES)
def test_pettingzoo_api_and_seed_tests(name: str, episode: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for non-dict observations
        api_test(env(name, episode=episode), num_cycles=200)
        seed_test(lambda: env(name, episode=episode), num_cycles=200)


def random_episode(e: raw_env, seed: int) -> tuple[dict[str, float], int]:
    """Masked random actions to the end; (each agent's rewards added up, decisions)."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    decisions = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    return total, decisions


@pytest.mark.parametrize("name", ["euchre", "three-handed-euchre", "hasenpfeffer-pepper", "five-hundred"])
def test_rewards_are_each_sides_score_change(name: str) -> None:
    e = raw_env(name)
    variant = e.variant
    for seed in range(20):
        total, _ = random_episode(e, seed)
        assert e.game is not None
        result = e.game.hand_results[e.first_hand]
        for seat, agent in enumerate(e.possible_agents):
            assert total[agent] == result.score_change[variant.team_of(seat)]


def test_a_game_episode_ends_with_the_game_or_is_truncated() -> None:
    e = raw_env("euchre", episode="game")
    total, decisions = random_episode(e, 3)
    assert e.game is not None and e.game.is_over and decisions > 20
    assert total["seat_0"] == e.game.scores[0] == total["seat_2"] and total["seat_1"] == e.game.scores[1]
    short = raw_env("hasenpfeffer", episode="game", max_hands=2)
    short.reset(seed=5)
    for _ in short.agent_iter():
        obs, _, terminated, truncated, info = short.last()
        if terminated or truncated:
            assert truncated and not terminated and info["scores"] == short.game.hand_results[1].scores  # type: ignore[union-attr]
            short.step(None)
        else:
            short.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert short.game is not None and len(short.game.hand_results) >= 2


def test_final_observation_shows_the_hand_that_ended() -> None:
    e = raw_env("euchre")
    e.reset(seed=9)
    while not any(e.terminations.values()):
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))  # order up alone, discard, play
    lay = e.encoder.layout
    final = e.observe("seat_1")
    assert not final["action_mask"].any()
    won = final["observation"][lay["tricks_won"].start : lay["tricks_won"].stop]
    assert won.sum() == 1.0  # all five tricks of the hand, not the next deal's none
    assert not final["observation"][lay["hand"].start : lay["hand"].stop].any()


def test_observation_and_mask_of_an_agent_not_to_move() -> None:
    e = raw_env("hasenpfeffer")
    e.reset(seed=2)
    waiting = next(a for a in e.possible_agents if a != e.agent_selection)
    obs = e.observe(waiting)
    assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    assert not obs["action_mask"].any() and e.observation_space(waiting).contains(obs)
    lay = e.encoder.layout
    assert obs["observation"][lay["hand"].start : lay["hand"].stop].sum() == 6


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env("euchre")
    e.reset(seed=1)
    before = e.game.snapshot()  # type: ignore[union-attr]
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.game.snapshot() == before  # type: ignore[union-attr]


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="episode"):
        raw_env("euchre", episode="set")
    with pytest.raises(ValueError, match="max_hands"):
        raw_env("euchre", episode="hand", max_hands=3)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("euchre", render_mode="rgb_array")
    assert raw_env(load_variant("pepper")).variant.name == "pepper"


def test_render_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("euchre", render_mode="ansi")
    e.reset(seed=3)  # seat 3 deals
    text = e.render()
    assert text is not None and text.startswith("euchre, hand 1: order-up, seat 0 to move")
    assert "  seat 1: " in text and "* seat 0: " in text
    human = raw_env("euchre", render_mode="human")
    human.reset(seed=1)
    human.step(int(np.flatnonzero(human.observe(human.agent_selection)["action_mask"])[0]))
    assert "euchre, hand 1" in capsys.readouterr().out
