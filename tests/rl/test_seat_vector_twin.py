"""The seat vector environment against the Python engine and bots, decision by decision.

Games of the compiled seat environment are stepped with masked random learner ids, recording
every seat's decisions (``record=True``); each game is then replayed through a Python ``Game``
seeded with the game's key: at each decision the seat must be the one to move and the id
legal, at each of a bot's seats the Python bot (``GreedyBot``, or ``RandomBot`` on the seat's
stream of the key) must choose the compiled id, at each of the learner's the observation and
mask the step returned must be the Python view's, and at each episode's end its final view
(``hand_end_view``), scores and winner must be Python's. The four built-ins with an auction or
the order-up are checked at length, every other variant file the environment plays more briefly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba", exc_type=ImportError)
pytest.importorskip("gymnasium")

import numpy as np

from hasenpfeffer import Game, load_variant
from hasenpfeffer.bots.base import Bot
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.bots.simple import RandomBot
from hasenpfeffer.engine.draws import BOT, RESTART, stream
from hasenpfeffer.observe.observation import encoder
from hasenpfeffer.rl.handend import hand_end_view
from hasenpfeffer.rl.seatvector import SeatVectorEnv
from hasenpfeffer.rl.vector import refusal
from support.paths import HOUSE_RULES as HOUSE
from support.paths import ROOT

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
COVERED = [f for f in FILES if refusal(load_variant(f)) is None]
AT_LENGTH = ("euchre", "hasenpfeffer", "hasenpfeffer-pepper", "five-hundred")


def record(env: SeatVectorEnv, seed: int, steps: int, teacher: bool = False) -> list[list[tuple[Any, ...]]]:
    """Step ``env`` ``steps`` times with masked random ids (``teacher``: the greedy bot's ids,
    ``greedy_actions``); per game, its decisions and what each step returned, in order."""
    rng = np.random.default_rng(seed)
    out: list[list[tuple[Any, ...]]] = [[] for _ in range(env.num_envs)]
    obs, infos = env.reset(seed=seed)
    rewards = np.zeros(env.num_envs, dtype=np.float32)
    done = np.zeros(env.num_envs, dtype=np.bool_)
    for i in range(steps + 1):
        mask = obs["action_mask"] if isinstance(obs, dict) else infos["action_mask"]
        view = obs["observation"] if isinstance(obs, dict) else obs
        final = infos.get("final_obs")
        for g in range(env.num_envs):
            out[g].extend(("decision", *row) for row in env.decisions(g))
            end = None
            if done[g]:
                row = final[g] if final is not None else view[g]
                info = infos["final_info"]
                end = (
                    row["observation"] if isinstance(row, dict) else row,
                    tuple(int(x) for x in info["scores"][g]),
                    int(info["winner"][g]),
                )
            out[g].append(("returned", int(infos["seat"][g]), view[g], mask[g], float(rewards[g]), end))
        if i == steps:
            break
        actions = env.greedy_actions() if teacher else np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rewards, terminated, truncated, infos = env.step(actions)
        done = terminated | truncated
    return out


def replay(
    env: SeatVectorEnv, game: int, items: list[tuple[Any, ...]], teacher: bool = False
) -> tuple[int, int]:
    """Replay one of ``env``'s games (its items from :func:`record`) through the Python engine,
    checking it; the bots' decisions with a choice, and the learner's, checked (``teacher``: the
    learner's ids must be the Python greedy bot's choices from its seat's view)."""
    variant, enc, seed = env.variant, encoder(env.variant), int(env.seeds[game])
    py: Game | None = None
    count, before, bots_checked, learner_checked = 0, 0, 0, 0
    bots: dict[int, Bot] = {}
    shown: tuple[Any, ...] | None = None
    final: tuple[Any, ...] | None = None
    for item in items:
        if item[0] == "returned":
            _, seat, view, mask, _, end = item
            if seat < 0:  # NEXT_STEP: the episode's last view, every id taken
                assert final is not None and np.array_equal(view, final[0]) and mask.all()
            else:
                shown = (view, mask)
            if end is not None:
                assert final is not None, "an end returned, none marked"
                assert np.array_equal(end[0], final[0]), "the final view"
                assert end[1:] == final[1:], "the final scores and winner"
                final = None
            continue
        _, seat, x, c = item
        if seat < 0:  # the learner's episode ended with the last decision
            assert py is not None
            result = py.hand_results[before]
            won = py.winner if py.is_over else None
            final = (
                enc.encode(hand_end_view(py, env.seat, before)),
                result.scores,
                -1 if won is None else won,
            )
            continue
        if c != count:
            key = seed if c == 1 else stream(seed, RESTART, c - 1)
            py, count = Game(variant, seed=key), c
            bots = {
                q: GreedyBot()
                if b == "greedy"
                else load_bot(b)
                if b.startswith("learned:")
                else RandomBot(stream(key, BOT, q))
                for q, b in enumerate(env.bots)
                if b is not None
            }
        assert py is not None
        where = f"game {game} ({c}) {py!r}"
        assert py.to_move == seat, where
        ids = py.legal_action_ids()
        assert x in ids, where
        if seat in env.learner:
            if shown is not None:
                want = enc.encode(py.view(seat))
                assert np.array_equal(shown[0], want), f"{where}: the observation"
                assert sorted(np.flatnonzero(shown[1]).tolist()) == sorted(ids), f"{where}: the mask"
                learner_checked += 1
            shown = None
            if teacher and len(ids) > 1:
                view = py.view(seat)
                advised = py.action_space.encode(GreedyBot().choose(view, view.legal))
                names = py.action_space.names
                assert advised == x, (
                    f"{where}: greedy_actions {names[x]!r} != Python greedy {names[advised]!r}"
                )
        else:
            bot = bots[seat]
            view = py.view(seat)
            chosen = py.action_space.encode(bot.choose(view, view.legal))
            names = py.action_space.names
            assert chosen == x, f"{where}: compiled {env.bots[seat]} {names[x]!r} != Python {names[chosen]!r}"
            bots_checked += len(ids) > 1
        before = len(py.hand_results)
        py.apply_id(x)
    return bots_checked, learner_checked


def check(
    path: Path | str, bots: str, seed: int, games: int, steps: int, teacher: bool = False, **options: Any
) -> tuple[int, int]:
    env = SeatVectorEnv(load_variant(path), num_envs=games, opponents=bots, record=True, **options)
    items = record(env, seed, steps, teacher)
    totals = [replay(env, g, items[g], teacher) for g in range(games)]
    return sum(b for b, _ in totals), sum(x for _, x in totals)


@pytest.mark.parametrize("name", AT_LENGTH)
@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_the_bots_choose_as_the_python_bots(name: str, bots: str) -> None:
    checked, learner = check(name, bots, seed=3, games=6, steps=60, seat=1)
    assert checked >= 200 and learner >= 200


def test_a_learned_opponent_chooses_as_the_python_bot() -> None:
    """A policy file's bot at the other side (greedy the learner's partner): its compiled twin
    chooses as the Python ``LearnedBot`` from its seat's view."""
    spec = f"learned:{ROOT / 'policies' / 'euchre.policy'}"
    checked, learner = check("euchre", spec, seed=4, games=6, steps=60, seat=1, partner="greedy")
    assert checked >= 150 and learner >= 200


@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_every_file_replays_with_greedy_bots(path: Path) -> None:
    checked, _ = check(path, "greedy", seed=5, games=3, steps=20)
    assert checked > 0


@pytest.mark.parametrize("name", AT_LENGTH)
def test_the_greedy_advice_is_the_python_greedy_choice(name: str) -> None:
    """``greedy_actions`` (the teacher of ``hasenpfeffer train``) chooses at the learner's seats as
    the Python ``GreedyBot`` from their views: the learner's side played by it replays."""
    checked, learner = check(name, "greedy", seed=7, games=6, steps=60, teacher=True, side=True)
    assert checked >= 200 and learner >= 200


@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_every_file_replays_with_greedy_advice(path: Path) -> None:
    _, learner = check(path, "greedy", seed=9, games=2, steps=15, teacher=True)
    assert learner > 0


def test_greedy_advice_needs_a_greedy_bot() -> None:
    env = SeatVectorEnv("euchre", num_envs=2, opponents="random")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="greedy_actions needs a greedy bot"):
        env.greedy_actions()


def test_a_dealer_naming_the_benny_blind_sees_no_hand() -> None:
    """British Euchre's dealer names a turned Benny's suit before looking at the hand: the
    learner's observation then shows no card of it, as the Python view does (each checked by
    :func:`replay`), and greedy opponents name the first suit offered, as the Python bot does."""
    env = SeatVectorEnv(
        load_variant(HOUSE / "british-euchre-turned-benny.yaml"), num_envs=8, opponents="greedy", record=True
    )
    items = record(env, 7, 500)
    enc = encoder(env.variant)
    at = enc.phase["order-up"]
    blind = [
        it
        for game in items
        for it in game
        if it[0] == "returned"
        and it[1] >= 0
        and enc.pieces(it[2])["phase"][at]
        and not enc.pieces(it[2])["hand"].any()
    ]
    assert blind  # seed 7 deals the learner a turned Benny as dealer
    totals = [replay(env, g, items[g]) for g in range(env.num_envs)]
    assert sum(b for b, _ in totals) > 0 and sum(x for _, x in totals) > 0


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("episode", ["hand", "game"])
def test_episodes_and_their_ends_replay(mode: str, episode: str) -> None:
    """Short games and one-hand episodes end often: each end's final view, scores and winner are
    Python's, with either autoreset; the learner plays a side, with the Dict observation."""
    options: dict[str, Any] = {
        "autoreset_mode": mode,
        "episode": episode,
        "side": True,
        "observation": "dict",
    }
    if episode == "game":
        options["max_hands"] = 2
    checked, learner = check("euchre", "greedy", seed=8, games=4, steps=60, seat=2, **options)
    assert checked > 100 and learner > 100


def test_a_bot_choosing_otherwise_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Python bot that takes another legal action once, at its fifth choice among several,
    fails the replay: the check is no formality."""
    calls: list[int] = []

    class Other(GreedyBot):
        def choose(self, view: Any, legal: Any) -> Any:
            chosen = super().choose(view, legal)
            if len(legal) > 1:
                calls.append(1)
                if len(calls) == 5:
                    return next(a for a in legal if a != chosen)
            return chosen

    monkeypatch.setitem(globals(), "GreedyBot", Other)
    with pytest.raises(AssertionError, match="compiled greedy"):
        check("euchre", "greedy", seed=3, games=2, steps=20)
